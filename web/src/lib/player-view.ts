// The live player view (issue #15, decisions 028 and 032): the game master's share link and settings
// (signed in, `X-Campaign-Id`), and the public data of a link that the player page reads. The token
// is the capability: it is only ever in the link's URL.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PlayerViewPayload,
  PlayerViewSettings,
  PlayerViewSettingsInput,
  playerViewPayload,
  playerViewSettings,
  shareLinkResponse,
} from '@questkeeper/core/schemas/player-view';
import { apiRequest } from './api-client';
import { useUserId } from './query-client';
import { campaignHeader } from './units';

export type { PlayerViewPayload, PlayerViewSettings, PlayerViewSettingsInput };

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

/** The token of a link's URL (its last path segment), or null for anything else. */
export function tokenOfLink(url: string): string | null {
  const match = /\/play\/([^/?#]+)\/?$/.exec(url);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

// The last link the game master made on this device, so the QR code can be shown again after a
// reload (the server keeps only the token's hash). Checked against the server before it is shown.
const LINK_KEY = (campaignId: string) => `qk.playerLink.${campaignId}`;

export const savedLink = {
  read(campaignId: string): string | null {
    try {
      return localStorage.getItem(LINK_KEY(campaignId));
    } catch {
      return null;
    }
  },
  write(campaignId: string, url: string | null) {
    try {
      if (url) localStorage.setItem(LINK_KEY(campaignId), url);
      else localStorage.removeItem(LINK_KEY(campaignId));
    } catch {
      // Private mode without storage: the link is only shown until the page is left.
    }
  },
};

export const playerViewKeys = {
  settings: (userId: string, campaignId: string) => ['player-view', userId, campaignId] as const,
};

export function usePlayerViewSettings(campaignId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: playerViewKeys.settings(userId, campaignId),
    queryFn: ({ signal }) =>
      apiRequest<{ response: typeof playerViewSettings }>('GET', '/api/combat/player-view', {
        headers: campaignHeader(campaignId),
        signal,
      }),
  });
}

/** Saves the whole settings; the cache takes the server's answer. */
export function useSavePlayerViewSettings(campaignId: string) {
  const queryClient = useQueryClient();
  const key = playerViewKeys.settings(useUserId(), campaignId);
  return useMutation({
    mutationFn: (settings: PlayerViewSettingsInput) =>
      apiRequest<{ body: typeof playerViewSettings; response: typeof playerViewSettings }>(
        'PUT',
        '/api/combat/player-view',
        { headers: campaignHeader(campaignId), body: settings },
      ),
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
