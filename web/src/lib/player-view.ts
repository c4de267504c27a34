// The live player view (decisions 028, 032 and 050): the game master's share link (shown
// again from the server on any device) and settings (each change sent at once, version-checked),
// signed in with `X-Campaign-Id`; and the public data of a link that the player page
// reads. The token is the capability: it is only ever in the link's URL.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  PlayerViewChange,
  PlayerViewConflictBody,
  PlayerViewPayload,
  PlayerViewSettings,
  PlayerViewSettingsInput,
  PlayerViewSettingsState,
  ShareLinkState,
  playerViewChange,
  playerViewPayload,
  playerViewSettingsState,
  shareLinkResponse,
  shareLinkState,
} from '@questkeeper/core/schemas/player-view';
import { ApiError, apiRequest } from './api-client';
import { useUserId } from './query-client';
import { campaignHeader } from './units';

export type {
  PlayerViewPayload,
  PlayerViewSettings,
  PlayerViewSettingsInput,
  PlayerViewSettingsState,
  ShareLinkState,
};

/** The JSON of a link; 404 (ApiError) once it is revoked or for an unknown one. */
export function getPlayerView(token: string, signal?: AbortSignal) {
  return apiRequest<{ response: typeof playerViewPayload }>(
    'GET',
    `/api/play/${encodeURIComponent(token)}`,
    signal ? { signal } : {},
  );
}

/** Where the stream of a link is read (Server-Sent Events, no session: EventSource can read it). */
export const playerEventsPath = (token: string) => `/api/play/${encodeURIComponent(token)}/events`;

export function createShareLink(campaignId: string) {
  return apiRequest<{ response: typeof shareLinkResponse }>('POST', '/api/combat/share', {
    headers: campaignHeader(campaignId),
  });
}

export function revokeShareLink(campaignId: string) {
  return apiRequest<{ response: null }>('DELETE', '/api/combat/share', {
    headers: campaignHeader(campaignId),
  });
}

export const playerViewKeys = {
  settings: (userId: string, campaignId: string) => ['player-view', userId, campaignId] as const,
  link: (userId: string, campaignId: string) => ['player-view', userId, campaignId, 'link'] as const,
};

/** How often the open share panel reads the number of player pages watching. */
export const WATCHING_POLL_MS = 3_000;

/**
 * The campaign's live link, shown again on any device after a reload (the server keeps it sealed,
 * decision 050), and how many player pages watch it; read again every few seconds while `live`.
 */
export function useShareLink(campaignId: string, live: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: playerViewKeys.link(userId, campaignId),
    queryFn: ({ signal }) =>
      apiRequest<{ response: typeof shareLinkState }>('GET', '/api/combat/share', {
        headers: campaignHeader(campaignId),
        signal,
      }),
    enabled: live,
    staleTime: 0,
    refetchInterval: live ? WATCHING_POLL_MS : false,
  });
}

export function usePlayerViewSettings(campaignId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: playerViewKeys.settings(userId, campaignId),
    queryFn: ({ signal }) =>
      apiRequest<{ response: typeof playerViewSettingsState }>('GET', '/api/combat/player-view', {
        headers: campaignHeader(campaignId),
        signal,
      }),
  });
}

export type PlayerViewEdit = Omit<PlayerViewChange, 'expectedVersion'>;

/** The answer of one change: applied, or refused because the settings changed elsewhere first. */
export type PlayerViewEditResult =
  | { ok: true; settings: PlayerViewSettingsState }
  | { ok: false; conflict: PlayerViewSettingsState | null; error: unknown };

// Changes of one campaign go one after another, each with the version the previous one left, so
// quick toggles on this device never refuse each other. The chain lives outside React: a change
// begun as the game master leaves the view still completes (leaving never drops edits).
const chains = new Map<string, Promise<unknown>>();

export function sendPlayerViewEdit(
  queryClient: QueryClient,
  key: readonly unknown[],
  campaignId: string,
  edit: PlayerViewEdit,
): Promise<PlayerViewEditResult> {
  const previous = chains.get(campaignId) ?? Promise.resolve();
  const run = previous.then(async (): Promise<PlayerViewEditResult> => {
    const known = queryClient.getQueryData<PlayerViewSettingsState>(key);
    try {
      const settings = await apiRequest<{
        body: typeof playerViewChange;
        response: typeof playerViewSettingsState;
      }>('PATCH', '/api/combat/player-view', {
        headers: campaignHeader(campaignId),
        body: { expectedVersion: known?.version ?? 0, ...edit },
      });
      queryClient.setQueryData(key, settings);
      return { ok: true, settings };
    } catch (error) {
      const conflict =
        error instanceof ApiError && error.code === 'PLAYER_VIEW_CONFLICT'
          ? ((error.body as PlayerViewConflictBody | undefined)?.settings ?? null)
          : null;
      if (conflict) queryClient.setQueryData(key, conflict);
      else void queryClient.invalidateQueries({ queryKey: key });
      return { ok: false, conflict, error };
    }
  });
  chains.set(campaignId, run);
  void run.finally(() => {
    if (chains.get(campaignId) === run) chains.delete(campaignId);
  });
  return run;
}

/** Sends one change at once (PATCH with the version check); see sendPlayerViewEdit. */
export function usePlayerViewEdit(campaignId: string) {
  const queryClient = useQueryClient();
  const key = playerViewKeys.settings(useUserId(), campaignId);
  return (edit: PlayerViewEdit) => sendPlayerViewEdit(queryClient, key, campaignId, edit);
}
