// Saved encounters of the current campaign (docs/decisions/062): fights prepared before the session
// (sides, the enemies' numbers, lair actions and hazards, hidden units, grouping, notes), listed and
// edited in the Encounters view, saved from the combat setup, and run in one fight step. Every call
// carries the campaign in `X-Campaign-Id`; errors are ApiError with the server's localized message (and
// `fields` for validation errors, keyed like the body: `name`, `enemies.0.count`…).
import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Encounter,
  EncounterBody,
  encounter,
  encounterBody,
  encounterList,
  runEncounterBody,
} from '@questkeeper/core/schemas/encounters';
import type {
  CombatActionResponse,
  combatActionResponse,
  CombatConflictBody,
  CombatResponse,
  combatResponse,
} from '@questkeeper/core/schemas/combat';
import { ApiError, apiRequest } from './api-client';
import { combatKeys } from './combat-keys';
import { playerViewKeys } from './player-view';
import { useUserId } from './query-client';
import { campaignHeader, unitKeys, type Unit } from './units';

export type { Encounter, EncounterBody };

export const encounterKeys = {
  all: ['encounters'] as const,
  list: (userId: string, campaignId: string) => ['encounters', userId, campaignId] as const,
};

const encounterPath = (id: string) => `/api/encounters/${encodeURIComponent(id)}`;

// One typed fetcher per endpoint; the hooks below add the query cache.

export function getEncounters(campaignId: string, signal?: AbortSignal) {
  return apiRequest<{ response: typeof encounterList }>('GET', '/api/encounters', {
    headers: campaignHeader(campaignId),
    ...(signal ? { signal } : {}),
  });
}

export function createEncounter(campaignId: string, body: EncounterBody) {
  return apiRequest<{ body: typeof encounterBody; response: typeof encounter }>('POST', '/api/encounters', {
    headers: campaignHeader(campaignId),
    body,
  });
}

/** PUT replaces the whole encounter. */
export function updateEncounter(campaignId: string, id: string, body: EncounterBody) {
  return apiRequest<{ body: typeof encounterBody; response: typeof encounter }>('PUT', encounterPath(id), {
    headers: campaignHeader(campaignId),
    body,
  });
}

export function deleteEncounter(campaignId: string, id: string) {
  return apiRequest<{ response: null }>('DELETE', encounterPath(id), { headers: campaignHeader(campaignId) });
}

/**
 * Sets the fight up from an encounter in one step, from the fight's `version` (a stale one: 409
 * COMBAT_CONFLICT; a fight in progress: 409 COMBAT_IN_PROGRESS; copies over the unit limit: 403
 * UNIT_COPIES_OVER_LIMIT — nothing changed). Answers like an action.
 */
export function runEncounter(campaignId: string, id: string, version: number) {
  return apiRequest<{ body: typeof runEncounterBody; response: typeof combatActionResponse }>(
    'POST',
    `${encounterPath(id)}/run`,
    { headers: campaignHeader(campaignId), body: { version } },
  );
}

function getFight(campaignId: string, signal?: AbortSignal) {
  return apiRequest<{ response: typeof combatResponse }>('GET', '/api/combat', {
    headers: campaignHeader(campaignId),
    ...(signal ? { signal } : {}),
  });
}

/**
 * The campaign's fight, read under the combat view's own key (the same GET /api/combat answer): the
 * Encounters view asks whether one is going on (no run then) and which version a run is made from.
 */
export function useFight(campaignId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: combatKeys.state(userId, campaignId),
    queryFn: ({ signal }) => getFight(campaignId, signal),
    staleTime: 0,
  });
}

/** The fight a 409 COMBAT_CONFLICT carries (the version sent was not the current one). */
function conflictFight(error: unknown): CombatResponse | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'COMBAT_CONFLICT') return null;
  return (error.body as Partial<CombatConflictBody> | undefined)?.combat ?? null;
}

/**
 * Sends a write made from the fight's version as last read (read now when it never was): an
 * encounter's run, a unit added from the search palette. A version another device moved meanwhile is
 * taken from the 409 into the cache and the write is sent once more when `again` allows it for that
 * fight; the server still refuses what no longer fits (a fight in progress).
 */
export async function sendFromFightVersion<T>(
  queryClient: QueryClient,
  combatKey: QueryKey,
  campaignId: string,
  send: (version: number) => Promise<T>,
  again: (current: CombatResponse) => boolean = () => true,
): Promise<T> {
  const fight = queryClient.getQueryData<CombatResponse>(combatKey) ?? (await getFight(campaignId));
  try {
    return await send(fight.version);
  } catch (error) {
    const current = conflictFight(error);
    if (!current) {
      // COMBAT_IN_PROGRESS and the like: the fight changed under the screen, read it again.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: combatKey, exact: true });
      }
      throw error;
    }
    queryClient.setQueryData(combatKey, current);
    if (!again(current)) throw error;
    return send(current.version);
  }
}

/** The encounters of a campaign, in the server's order. */
export function useEncounters(campaignId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: encounterKeys.list(userId, campaignId),
    queryFn: ({ signal }) => getEncounters(campaignId, signal),
  });
}

function useEncounterCache(campaignId: string) {
  const queryClient = useQueryClient();
  const key = encounterKeys.list(useUserId(), campaignId);
  return {
    add(item: Encounter) {
      queryClient.setQueryData<Encounter[]>(key, (list) => (list ? [...list, item] : list));
      // A list never read yet (saved from the combat setup) is read when the view opens.
      void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
    },
    replace(item: Encounter) {
      queryClient.setQueryData<Encounter[]>(key, (list) =>
        list?.map((old) => (old._id === item._id ? item : old)),
      );
    },
    remove(id: string) {
      queryClient.setQueryData<Encounter[]>(key, (list) => list?.filter((old) => old._id !== id));
    },
  };
}

/**
 * Saves a new encounter (the Encounters view's "New encounter", and the combat setup's "Save this setup
 * as an encounter"): `mutate(body)` with core's encounterBody. Over the tier's limit: 403
 * ENCOUNTER_LIMIT_REACHED.
 */
export function useSaveEncounter(campaignId: string) {
  const cache = useEncounterCache(campaignId);
  return useMutation({
    mutationFn: (body: EncounterBody) => createEncounter(campaignId, body),
    onSuccess: (item) => cache.add(item),
  });
}

/** Replaces an encounter with the edited one. */
export function useUpdateEncounter(campaignId: string) {
  const cache = useEncounterCache(campaignId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EncounterBody }) => updateEncounter(campaignId, id, body),
    onSuccess: (item) => cache.replace(item),
  });
}

export function useDeleteEncounter(campaignId: string) {
  const cache = useEncounterCache(campaignId);
  return useMutation({
    mutationFn: (id: string) => deleteEncounter(campaignId, id),
    onSuccess: (_result, id) => cache.remove(id),
  });
}

/**
 * Runs an encounter: the answer's fight replaces the cached one (as an action's answer does), its units
 * (the sides brought to full HP, the copies it made) join the units list, and the player view's settings
 * (the hidden units) are read again.
 */
export function useRunEncounter(campaignId: string) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  const combatKey = combatKeys.state(userId, campaignId);
  return useMutation({
    /**
     * From the fight's version as last read (read now when it never was); a version another device
     * moved meanwhile is taken from the 409 and the run is sent once more: the server still refuses a
     * fight in progress.
     */
    mutationFn: (id: string) =>
      sendFromFightVersion(queryClient, combatKey, campaignId, (version) =>
        runEncounter(campaignId, id, version),
      ),
    onSuccess: (answer: CombatActionResponse) => {
      void queryClient.cancelQueries({ queryKey: combatKey });
      queryClient.setQueryData(combatKey, answer.combat);
      const unitsKey = unitKeys.list(userId, campaignId);
      queryClient.setQueryData<Unit[]>(unitsKey, (list) => (list ? mergeUnits(list, answer.units) : list));
      void queryClient.invalidateQueries({
        queryKey: playerViewKeys.settings(userId, campaignId),
        exact: true,
      });
    },
  });
}

/** The list with each changed unit replaced and the new ones (copies just made) at its end. */
export function mergeUnits(list: readonly Unit[], changed: readonly Unit[]): Unit[] {
  const byId = new Map(changed.map((unit) => [unit._id, unit] as const));
  const merged = list.map((unit) => {
    const next = byId.get(unit._id);
    byId.delete(unit._id);
    return next ?? unit;
  });
  return [...merged, ...byId.values()];
}

/** The body that saves an encounter as it is (a copy under another name, or an unchanged re-save). */
export function encounterBodyOf(item: Encounter): EncounterBody {
  return {
    name: item.name,
    allies: item.allies.map(({ unitId }) => ({ unitId })),
    enemies: item.enemies.map(({ unitId, count }) => ({ unitId, count })),
    hazards: item.hazards.map(({ name, initiative, hidden }) => ({ name, initiative, hidden })),
    hidden: [...item.hidden],
    groups: item.groups,
    notes: item.notes,
  };
}
