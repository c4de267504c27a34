// Reveals (issue 34, docs/decisions/064): what the game master shows the table through the campaign's
// share link — a rules section, a unit, a list entry or a handout — listed newest first with the plan's
// limit, revealed again to update a snapshot, hidden again. Every reveal needs a live link (409
// SHARE_LINK_NEEDED otherwise), so the buttons show only while the campaign has one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RevealCreate,
  RevealKind,
  RevealList,
  RevealResponse,
  revealCreate,
  revealList,
  revealResponse,
} from '@questkeeper/core/schemas/reveals';
import type { shareLinkState } from '@questkeeper/core/schemas/player-view';
import { ApiError, apiRequest } from './api-client';
import { playerViewKeys } from './player-view';
import { useUserId } from './query-client';
import { campaignHeader } from './units';

export type { RevealCreate, RevealKind, RevealList, RevealResponse };

export const revealKeys = {
  list: (userId: string, campaignId: string) => ['reveals', userId, campaignId] as const,
};

const revealsPath = (campaignId: string) => `/api/game-data/${encodeURIComponent(campaignId)}/reveals`;

export function getReveals(campaignId: string, signal?: AbortSignal) {
  return apiRequest<{ response: typeof revealList }>(
    'GET',
    revealsPath(campaignId),
    signal ? { signal } : {},
  );
}

/** Reveals `body` (or reveals it again: same kind and ref replace the snapshot and go to the top). */
export function createReveal(campaignId: string, body: RevealCreate) {
  return apiRequest<{ body: typeof revealCreate; response: typeof revealResponse }>(
    'POST',
    revealsPath(campaignId),
    { body },
  );
}

export function deleteReveal(campaignId: string, revealId: string) {
  return apiRequest<{ response: null }>(
    'DELETE',
    `${revealsPath(campaignId)}/${encodeURIComponent(revealId)}`,
  );
}

/**
 * Whether the campaign has a live share link, for the reveal buttons: the share panel's own query
 * (same key, so creating or revoking a link there shows or hides them at once), read without its
 * poll of the watching count.
 */
export function useShareLive(campaignId: string) {
  const userId = useUserId();
  const query = useQuery({
    queryKey: playerViewKeys.link(userId, campaignId),
    queryFn: ({ signal }) =>
      apiRequest<{ response: typeof shareLinkState }>('GET', '/api/combat/share', {
        headers: campaignHeader(campaignId),
        signal,
      }),
    staleTime: 30_000,
  });
  return query.data?.live === true;
}

/** The campaign's reveals, newest first, and the plan's limit; read only while `enabled` (a live link). */
export function useReveals(campaignId: string, enabled = true) {
  const userId = useUserId();
  return useQuery({
    queryKey: revealKeys.list(userId, campaignId),
    queryFn: ({ signal }) => getReveals(campaignId, signal),
    enabled,
    staleTime: 10_000,
  });
}

/**
 * Reveals (or reveals again). A 409 SHARE_LINK_NEEDED means the link was revoked elsewhere: the link
 * state is read again, so the buttons go.
 */
export function useReveal(campaignId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (body: RevealCreate) => createReveal(campaignId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: revealKeys.list(userId, campaignId) }),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'SHARE_LINK_NEEDED') {
        void queryClient.invalidateQueries({ queryKey: playerViewKeys.link(userId, campaignId) });
      }
    },
  });
}

/** Hides a reveal again: players' pages drop it. */
export function useHideReveal(campaignId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const key = revealKeys.list(userId, campaignId);
  return useMutation({
    mutationFn: (revealId: string) => deleteReveal(campaignId, revealId),
    onSuccess: (_answer, revealId) => {
      queryClient.setQueryData<RevealList>(key, (list) =>
        list ? { ...list, reveals: list.reveals.filter((reveal) => reveal._id !== revealId) } : list,
      );
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** The reveal of `kind` and `ref` among `list`, if it is revealed now. */
export function revealOf(list: RevealList | undefined, kind: RevealKind, ref: string) {
  return list?.reveals.find((reveal) => reveal.kind === kind && reveal.ref === ref);
}
