// The saved combat of a campaign (decision 008), and the unit changes a fight makes (HP, status).
// Both are written to the query cache first — the screen never waits for the network — then sent
// through save queues (./save-queue.ts): PUT /api/combat after every change of the fight, PUT
// /api/units/{id} for each blow or heal, in order, newest value winning.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { combatResponse, CombatState, combatState } from '@questkeeper/core/schemas/combat';
import { apiRequest } from './api-client';
import { useUserId } from './query-client';
import { SaveQueues } from './save-queue';
import { campaignHeader, unitKeys, updateUnit, type Unit } from './units';

/** What a fight changes on a unit (spec §4). */
export type FightUnitChanges = Partial<Pick<Unit, 'currentHp' | 'status'>>;

export type { CombatState };

export const combatKeys = {
  all: ['combat'] as const,
  state: (userId: string, campaignId: string) => ['combat', userId, campaignId] as const,
};

function getCombat(campaignId: string, signal: AbortSignal) {
  return apiRequest<{ response: typeof combatResponse }>('GET', '/api/combat', {
    headers: campaignHeader(campaignId),
    signal,
  });
}

function saveCombat(campaignId: string, state: CombatState) {
  return apiRequest<{ body: typeof combatState; response: typeof combatResponse }>('PUT', '/api/combat', {
    headers: campaignHeader(campaignId),
    body: state,
  });
}

const combatSaves = new SaveQueues<CombatState>(saveCombat);

// Keyed by `${campaignId}/${unitId}`: a heal right after a blow merges into one request when the blow
// is still on its way.
const unitSaves = new SaveQueues<FightUnitChanges>(
  (key, changes) => {
    const [campaignId = '', unitId = ''] = key.split('/');
    return updateUnit(campaignId, unitId, changes);
  },
  (waiting, next) => ({ ...waiting, ...next }),
);

/** The combat of a campaign, and `change` to show and save a new state. */
export function useCombat(campaignId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: combatKeys.state(userId, campaignId),
    queryFn: async ({ signal }): Promise<CombatState> => {
      const { updatedAt: _updatedAt, ...state } = await getCombat(campaignId, signal);
      return state;
    },
    // Opening the view always asks the server (another device may have played meanwhile), except
    // while one of our own changes is on its way: the answer would be older than the screen.
    staleTime: 0,
    refetchOnMount: () => (combatSaves.busy(campaignId) ? false : 'always'),
  });

  const change = useCallback(
    (next: CombatState) => {
      const key = combatKeys.state(userId, campaignId);
      void client.cancelQueries({ queryKey: key });
      client.setQueryData<CombatState>(key, next);
      combatSaves.push(campaignId, next);
    },
    [client, userId, campaignId],
  );

  const failure = useSyncExternalStore(combatSaves.subscribe, combatSaves.lastFailure);
  const saveError = failure?.key === campaignId ? failure.error : null;
  // A refused save (a unit deleted on another device, say): show the server's truth again.
  useEffect(() => {
    if (saveError && !combatSaves.busy(campaignId)) {
      void client.invalidateQueries({ queryKey: combatKeys.state(userId, campaignId) });
    }
  }, [saveError, client, userId, campaignId]);
  return {
    query,
    change,
    saveError,
    dismissSaveError: () => combatSaves.dismiss(),
  };
}

/** Changes a unit of the fight at once on screen, then saves it (HP and status, spec §4). */
export function useFightUnitChange(campaignId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  const change = useCallback(
    (unit: Unit, changes: FightUnitChanges) => {
      client.setQueryData<Unit[]>(unitKeys.list(userId, campaignId), (list) =>
        list?.map((item) => (item._id === unit._id ? { ...item, ...changes } : item)),
      );
      unitSaves.push(`${campaignId}/${unit._id}`, changes);
    },
    [client, userId, campaignId],
  );
  const failure = useSyncExternalStore(unitSaves.subscribe, unitSaves.lastFailure);
  const failedUnitId = failure?.key.startsWith(`${campaignId}/`) ? failure.key.split('/')[1] : undefined;
  useEffect(() => {
    if (failedUnitId && !unitSaves.busy(`${campaignId}/${failedUnitId}`)) {
      void client.invalidateQueries({ queryKey: unitKeys.list(userId, campaignId) });
    }
  }, [failedUnitId, client, userId, campaignId]);
  return {
    change,
    saveError: failedUnitId ? { unitId: failedUnitId, error: failure?.error } : null,
    dismissSaveError: () => unitSaves.dismiss(),
  };
}
