// Reveals (docs/decisions/064): the game master hands the table a rules section, a unit, a list entry or
// a handout through the campaign's share link. Each is a snapshot taken now, secret blocks removed by
// core's one reading (core/src/reveals/snapshot.ts); revealing the same thing again replaces it. The
// plan's revealsPerCampaign is checked under the campaign row's lock, so parallel reveals never pass it.
// Every change wakes the player streams (the player-view service's announce).
import { limitsOf, type Tier } from '@questkeeper/core/tiers';
import { forPlayers, rulesSection } from '@questkeeper/core/reveals/snapshot';
import {
  REVEAL_LISTS,
  type RevealCreate,
  type RevealList,
  type RevealResponse,
} from '@questkeeper/core/schemas/reveals';
import type { Db, Tx } from '../../db/client';
import { ownsCampaign } from '../../db/shared/campaigns';
import { copyImage, deleteImageIfUnreferenced, ownedImage } from '../../db/shared/images';
import { AppError, notFound } from '../../lib/app-error';
import type { PlayerViewService } from '../player-view/service';
import { toRevealResponse } from './presenter';
import * as repo from './repository';

export interface RevealsActor {
  id: string;
  tier: Tier;
}

export type RevealsService = ReturnType<typeof createRevealsService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sourceNotFound = () => new AppError('REVEAL_SOURCE_NOT_FOUND');

type Sources = NonNullable<Awaited<ReturnType<typeof repo.lockCampaignSources>>>;

/** What is stored: the snapshot, and the image it shows (a copy for a unit's portrait). */
interface Snapshot {
  ref: string | null;
  title: string;
  text: string;
  /** A unit's portrait, copied once the limit is checked. */
  portraitId?: string | null;
  imageId?: string;
}

export function createRevealsService(deps: {
  db: Db;
  playerView: Pick<PlayerViewService, 'announce' | 'hasLiveLink' | 'aliasOf'>;
}) {
  const { db, playerView } = deps;

  /** A list entry `<list>:<name>` (names match whatever their case, as the lists keep them unique). */
  function listEntry(sources: Sources, ref: string): Snapshot {
    const cut = ref.indexOf(':');
    const list = ref.slice(0, cut) as (typeof REVEAL_LISTS)[number];
    if (cut < 0 || !REVEAL_LISTS.includes(list)) throw sourceNotFound();
    const name = ref.slice(cut + 1).toLocaleLowerCase();
    const entries: readonly { name: string; note?: string }[] = sources[list];
    const entry = entries.find((item) => item.name.toLocaleLowerCase() === name);
    if (!entry) throw sourceNotFound();
    return { ref: `${list}:${entry.name}`, ...forPlayers(entry.name, entry.note ?? '') };
  }

  async function snapshotOf(
    tx: Tx,
    user: RevealsActor,
    campaignId: string,
    body: RevealCreate,
    sources: Sources,
    alias: string | null,
  ): Promise<Snapshot> {
    const ref = body.ref ?? '';
    switch (body.kind) {
      case 'rules-section': {
        const section = rulesSection(sources.rules, ref);
        if (!section) throw sourceNotFound();
        return { ref, ...section };
      }
      case 'unit': {
        const unit = UUID.test(ref) ? await repo.findUnit(tx, user.id, campaignId, ref) : undefined;
        if (!unit) throw sourceNotFound();
        return {
          ref: ref.toLowerCase(),
          ...forPlayers(alias ?? unit.name, unit.notes),
          portraitId: unit.portraitImageId,
        };
      }
      case 'list-entry':
        return listEntry(sources, ref);
      case 'handout': {
        const { title, text } = forPlayers(body.title ?? '', body.text ?? '');
        const fields: Record<string, { key: 'validation.required' | 'validation.handoutContent' }> = {};
        if (title === '') fields.title = { key: 'validation.required' };
        if (text === '' && body.imageId === undefined) fields.text = { key: 'validation.handoutContent' };
        if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', {}, fields);
        return { ref: null, title, text, ...(body.imageId ? { imageId: body.imageId } : {}) };
      }
    }
  }

  return {
    async list(user: RevealsActor, campaignId: string): Promise<RevealList> {
      if (!(await ownsCampaign(db, user.id, campaignId))) throw notFound();
      const rows = await repo.listReveals(db, user.id, campaignId);
      return { reveals: rows.map(toRevealResponse), limit: limitsOf(user.tier).revealsPerCampaign };
    },

    async reveal(user: RevealsActor, campaignId: string, body: RevealCreate): Promise<RevealResponse> {
      if (!(await ownsCampaign(db, user.id, campaignId))) throw notFound();
      // Read before the transaction (the embedded database runs one at a time): a link revoked in
      // between only leaves a reveal no one sees until the next link.
      if (!(await playerView.hasLiveLink(campaignId))) throw new AppError('SHARE_LINK_NEEDED');
      const alias = body.kind === 'unit' && body.ref ? await playerView.aliasOf(campaignId, body.ref) : null;
      if (body.kind === 'handout' && body.imageId !== undefined) {
        if (!(await ownedImage(db, user.id, campaignId, body.imageId, 'handout'))) {
          throw new AppError('VALIDATION_FAILED', {}, { imageId: { key: 'validation.unknownImage' } });
        }
      }
      const row = await db.transaction(async (tx) => {
        const sources = await repo.lockCampaignSources(tx, user.id, campaignId);
        if (!sources) throw notFound();
        const snapshot = await snapshotOf(tx, user, campaignId, body, sources, alias);
        const existing =
          snapshot.ref === null ? undefined : await repo.findByRef(tx, campaignId, body.kind, snapshot.ref);
        // Revealing the same thing again replaces it: it does not count twice.
        if (!existing) {
          const limit = limitsOf(user.tier).revealsPerCampaign;
          if ((await repo.countReveals(tx, campaignId)) >= limit) {
            throw new AppError('REVEAL_LIMIT', { tier: user.tier, limit });
          }
        }
        // A unit's portrait is copied: the snapshot keeps the face it had, whatever happens to the unit's.
        const imageId = snapshot.portraitId
          ? await copyImage(tx, snapshot.portraitId, campaignId, 'portrait')
          : (snapshot.imageId ?? null);
        const saved = await repo.upsertReveal(tx, {
          userId: user.id,
          campaignId,
          kind: body.kind,
          ref: snapshot.ref,
          title: snapshot.title,
          text: snapshot.text,
          imageId,
        });
        if (body.kind === 'unit' && existing?.imageId && existing.imageId !== imageId) {
          await deleteImageIfUnreferenced(tx, campaignId, existing.imageId);
        }
        return saved;
      });
      playerView.announce(campaignId);
      return toRevealResponse(row);
    },

    /** Hides a reveal again; a unit's copied portrait goes with it. */
    async hide(user: RevealsActor, campaignId: string, revealId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await ownsCampaign(tx, user.id, campaignId, { lock: true }))) throw notFound();
        const removed = await repo.deleteReveal(tx, user.id, campaignId, revealId);
        if (!removed) throw notFound();
        if (removed.kind === 'unit' && removed.imageId)
          await deleteImageIfUnreferenced(tx, campaignId, removed.imageId);
      });
      playerView.announce(campaignId);
    },
  };
}
