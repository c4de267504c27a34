// What links to a unit, list entry or rules heading (docs/decisions/063, GET
// /api/game-data/{id}/backlinks): one query per target, read afresh each time a "Linked from" panel
// opens, since any save of any text of the campaign may add or drop a link.
import { useQuery } from '@tanstack/react-query';
import type { LinkKind } from '@questkeeper/core/links/links';
import type { backlinksResponse } from '@questkeeper/core/schemas/links';
import { apiRequest } from './api-client';
import { useUserId } from './query-client';

export type { Backlink } from '@questkeeper/core/schemas/links';

export const backlinkKeys = {
  all: (userId: string) => ['backlinks', userId] as const,
  of: (userId: string, campaignId: string, kind: LinkKind, ref: string) =>
    ['backlinks', userId, campaignId, kind, ref] as const,
};

export function getBacklinks(campaignId: string, kind: LinkKind, ref: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ kind, ref });
  return apiRequest<{ response: typeof backlinksResponse }>(
    'GET',
    `/api/game-data/${encodeURIComponent(campaignId)}/backlinks?${query.toString()}`,
    signal ? { signal } : {},
  );
}

/** The sources linking to one target: rules lines first, then units, entries and encounters by name. */
export function useBacklinks(campaignId: string, kind: LinkKind, ref: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: backlinkKeys.of(userId, campaignId, kind, ref),
    queryFn: ({ signal }) => getBacklinks(campaignId, kind, ref, signal),
    staleTime: 0,
  });
}
