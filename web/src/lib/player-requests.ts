// Players take part (docs/product.md#players-take-part): a player's page sends requests for the
// character it plays (no account: the link's token is the capability, and a random id this phone keeps
// counts its requests), and the game master's combat view reads the queue, approves one at the fight's
// version or rejects it with a reason.
import { useQuery } from '@tanstack/react-query';
import type {
  approveRequestBody,
  approveRequestResponse,
  GmPlayerRequest,
  gmPlayerRequestList,
  playerRequestAnswer,
  playerRequestBody,
  PlayerRequestBody,
  rejectRequestBody,
  rejectRequestResponse,
} from '@questkeeper/core/schemas/player-requests';
import { apiRequest } from './api-client';
import { useUserId } from './query-client';
import { campaignHeader } from './units';

export type { GmPlayerRequest, PlayerRequestBody };

/** A request without the phone id, which `sendPlayerRequest` adds. */
export type PlayerRequestDraft = PlayerRequestBody extends infer B
  ? B extends PlayerRequestBody
    ? Omit<B, 'phoneId'>
    : never
  : never;

const PHONE_KEY = 'qk.phoneId';

/** The random id this phone keeps (rate limits only; it names no one). */
export function phoneId(): string {
  try {
    const kept = localStorage.getItem(PHONE_KEY);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
  } catch {
    // Private mode without storage: a new id for this page.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
  try {
    localStorage.setItem(PHONE_KEY, id);
  } catch {
    // Not kept: the next page gets another one.
  }
  return id;
}

/** Where this phone remembers the character it plays for a link. */
const playAsKey = (token: string) => `qk.playAs.${token}`;

export function readPlayAs(token: string): string | null {
  try {
    return localStorage.getItem(playAsKey(token));
  } catch {
    return null;
  }
}

export function writePlayAs(token: string, id: string | null) {
  try {
    if (id === null) localStorage.removeItem(playAsKey(token));
    else localStorage.setItem(playAsKey(token), id);
  } catch {
    // Remembered for this page only.
  }
}

export function sendPlayerRequest(token: string, draft: PlayerRequestDraft) {
  return apiRequest<{ body: typeof playerRequestBody; response: typeof playerRequestAnswer }>(
    'POST',
    `/api/play/${encodeURIComponent(token)}/requests`,
    { body: { ...draft, phoneId: phoneId() } as PlayerRequestBody },
  );
}

export const playerRequestKeys = {
  queue: (userId: string, campaignId: string) => ['player-requests', userId, campaignId] as const,
};

/** The fight's pending requests (typed initiatives included), read again when the combat stream says so. */
export function usePlayerRequests(campaignId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: playerRequestKeys.queue(userId, campaignId),
    queryFn: ({ signal }) =>
      apiRequest<{ response: typeof gmPlayerRequestList }>('GET', '/api/combat/requests', {
        headers: campaignHeader(campaignId),
        signal,
      }),
    select: (data) => data.requests,
    staleTime: 0,
  });
}

export function approvePlayerRequest(campaignId: string, id: string, version: number) {
  return apiRequest<{ body: typeof approveRequestBody; response: typeof approveRequestResponse }>(
    'POST',
    `/api/combat/requests/${encodeURIComponent(id)}/approve`,
    { headers: campaignHeader(campaignId), body: { version } },
  );
}

export function rejectPlayerRequest(campaignId: string, id: string, reason: string) {
  return apiRequest<{ body: typeof rejectRequestBody; response: typeof rejectRequestResponse }>(
    'POST',
    `/api/combat/requests/${encodeURIComponent(id)}/reject`,
    { headers: campaignHeader(campaignId), body: reason.trim() === '' ? {} : { reason } },
  );
}
