// Backlinks and the campaign search (docs/product.md#links, #campaign-search, decision 063): each
// request brings the campaign's index up to date with the versions of its rows (campaign-index.ts),
// then answers from it. Ownership is part of the versions read: another user's campaign is not found.
import type { LinkKind } from '@questkeeper/core/links/links';
import type { Backlink } from '@questkeeper/core/schemas/links';
import { searchCampaign, type SearchResult } from '@questkeeper/core/search/campaign-search';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { backlinksOf } from './backlinks';
import {
  createIndexCache,
  refreshIndex,
  rulesOf,
  searchEntries,
  type CampaignIndex,
  type IndexCache,
} from './campaign-index';
import * as repo from './repository';

export type LinksService = ReturnType<typeof createLinksService>;

export function createLinksService(deps: { db: Db; cache?: IndexCache }) {
  const { db } = deps;
  const cache = deps.cache ?? createIndexCache();

  async function indexOf(userId: string, campaignId: string): Promise<CampaignIndex> {
    const versions = await repo.campaignVersions(db, userId, campaignId);
    if (!versions) throw notFound();
    const previous = cache.get(campaignId);
    const index = await refreshIndex(previous, versions, {
      campaign: () => repo.campaignTexts(db, userId, campaignId),
      units: (ids) => repo.unitTexts(db, userId, campaignId, ids),
      encounters: (ids) => repo.encounterTexts(db, userId, campaignId, ids),
    });
    // Deleted between the two reads.
    if (!index) throw notFound();
    if (index !== previous) cache.put(campaignId, index);
    return index;
  }

  return {
    async backlinks(
      user: { id: string },
      campaignId: string,
      kind: LinkKind,
      ref: string,
    ): Promise<Backlink[]> {
      return backlinksOf(await indexOf(user.id, campaignId), kind, ref);
    },

    async search(
      user: { id: string },
      campaignId: string,
      query: string,
      limit: number,
    ): Promise<SearchResult[]> {
      const index = await indexOf(user.id, campaignId);
      return searchCampaign({ rules: rulesOf(index), entries: searchEntries(index) }, query, limit);
    },

    /** What the indexes hold (tests). */
    get cached() {
      return cache.size;
    },
  };
}
