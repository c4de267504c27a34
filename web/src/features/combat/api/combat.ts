// The fight of a campaign (decisions 021 and 022): read with GET /api/combat, changed only
// through POST /api/combat/actions and /undo, /redo with the version the last answer gave. Each
// answer replaces the fight in the query cache and patches the units it changed; a 409 shows the
// server's fight and says so. Changes go through one ordered queue (./combat-queue.ts) and may be
// shown before the answer; live sync (./event-stream.ts) reads the fight again when another device
// moves it.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InitiativeModifier, InitiativeRule } from '@questkeeper/core/constants';
import { applyCombatAction } from '@questkeeper/core/combat/actions';
import { isPlainNumber } from '@questkeeper/core/combat/dice';
import type {
  CombatAction,
  combatActionBody,
  combatActionResponse,
  CombatConflictBody,
  combatResponse,
  combatVersionBody,
} from '@questkeeper/core/schemas/combat';
import { ApiError } from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';
import { CombatQueue, type Fight, type Prediction, type QueueFailure } from './combat-queue';
import { readEventStream } from '@/lib/event-stream';
import { playerRequestKeys } from '@/lib/player-requests';
import { useUserId } from '@/lib/query-client';
import { campaignHeader, unitKeys, type Unit } from '@/lib/units';
import { combatKeys } from '@/lib/combat-keys';

export type { CombatAction, Fight, QueueFailure };

export { combatKeys };

function getCombat(campaignId: string, signal?: AbortSignal) {
  return apiRequest<{ response: typeof combatResponse }>('GET', '/api/combat', {
    headers: campaignHeader(campaignId),
    ...(signal ? { signal } : {}),
  });
}

function postAction(campaignId: string, version: number, action: CombatAction) {
  return apiRequest<{ body: typeof combatActionBody; response: typeof combatActionResponse }>(
    'POST',
    '/api/combat/actions',
    { headers: campaignHeader(campaignId), body: { version, action } },
  );
}

function postTravel(campaignId: string, direction: 'undo' | 'redo', version: number) {
  return apiRequest<{ body: typeof combatVersionBody; response: typeof combatActionResponse }>(
    'POST',
    `/api/combat/${direction}`,
    { headers: campaignHeader(campaignId), body: { version } },
  );
}

/** The fight a 409 COMBAT_CONFLICT carries. */
function conflictOf(error: unknown): Fight | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'COMBAT_CONFLICT') return null;
  const body = error.body as Partial<CombatConflictBody> | undefined;
  return body?.combat ?? null;
}

/** What the screen needs to guess an action's outcome before the answer (the campaign's rules). */
export interface PredictionRules {
  statuses: readonly { _id: string; name: string }[];
  initiativeRule: InitiativeRule;
  initiativeCharacteristic: string;
  /** How the characteristic reads: its value, or a d20 modifier (docs/decisions/061-what-a-gm-tracks-every-round.md). */
  initiativeModifier: InitiativeModifier;
}

let predictedIds = 0;

/**
 * The outcome the server will most likely give, from core's own rules; null where only the server
 * can say (initiative at start or mid-fight, dice rolls) or where the rules refuse (the server will
 * say why).
 */
export function predictAction(action: CombatAction, rules: PredictionRules): Prediction {
  return (fight, units) => {
    if (action.type === 'start') return null;
    // A reroll is dice; new lair actions and groups get their ids from the server (docs/decisions/062),
    // and a later action naming a guessed id would be refused.
    if (action.type === 'rerollInitiative' || action.type === 'addHazard' || action.type === 'group') {
      return null;
    }
    // Next turn may wrap into a reroll (dice) when the fight rerolls every round.
    if (action.type === 'nextTurn' && fight.rerollEachRound) return null;
    if (action.type === 'add' && fight.phase === 'fight') return null;
    if ((action.type === 'attack' || action.type === 'heal') && typeof action.amount === 'string') {
      if (!isPlainNumber(action.amount)) return null;
    }
    try {
      const outcome = applyCombatAction({ state: fight, conditions: fight.conditions }, action, {
        units: new Map(units.map((unit) => [unit._id, unit] as const)),
        statuses: rules.statuses,
        initiativeRule: rules.initiativeRule,
        initiativeCharacteristic: rules.initiativeCharacteristic,
        initiativeModifier: rules.initiativeModifier,
        random: () => 0.5,
        rollDie: () => 1,
        newId: () => `predicted-${++predictedIds}`,
      });
      return {
        fight: { ...fight, ...outcome.fight.state, conditions: outcome.fight.conditions, canUndo: true },
        units: units.map((unit) => {
          const change = outcome.units.get(unit._id);
          return change ? { ...unit, ...change } : unit;
        }),
      };
    } catch {
      return null;
    }
  };
}

/**
 * Undo (`back`) or redo of a step that only moved HP (attacks and heals that ended no fight): the
 * log's entries of that step hold each target's HP and status before and after, so the screen can
 * show them at once. Anything else (a turn, a condition, an end, a step outside the log's window)
 * waits for the server. The log's own Undone marks and the target stay the server's to show.
 */
export function predictTravel(back: boolean): Prediction {
  return (fight, units) => {
    const applied = fight.log.filter((entry) => !entry.undone);
    // Undo takes the last applied step, redo the first undone one (the server says which).
    const step = back ? Math.max(-1, ...applied.map((entry) => entry.step)) : (fight.logUndoneFrom ?? -1);
    const entries = fight.log.filter((entry) => entry.step === step);
    if (entries.length === 0) return null;
    const changes = new Map<string, { currentHp: number; status: string | null }>();
    // Undo: the first entry's "before" of each unit wins; redo: the last entry's "after".
    for (const entry of back ? [...entries].reverse() : entries) {
      const { target, hpBefore, hpAfter } = entry;
      const blow = entry.type === 'attack' || entry.type === 'heal';
      // Temp HP moved too (docs/decisions/061-what-a-gm-tracks-every-round.md): the server says.
      if (entry.tempBefore !== null || entry.tempAfter !== null) return null;
      if (!blow || !target || hpBefore === null || hpAfter === null || entry.defeated !== null) return null;
      changes.set(target.id, {
        currentHp: back ? hpBefore : hpAfter,
        status: back ? entry.statusBefore : entry.statusAfter,
      });
    }
    const later = fight.log.some((entry) => entry.undone && entry.step > step);
    const earlier = applied.some((entry) => entry.step < step) || fight.logBefore !== null;
    return {
      fight: { ...fight, canUndo: back ? earlier : true, canRedo: back ? true : later },
      units: units.map((unit) => {
        const change = changes.get(unit._id);
        if (!change) return unit;
        return { ...unit, currentHp: change.currentHp, status: change.status ?? unit.status };
      }),
    };
  };
}

/** Whether a failure is the server out of reach (no answer at all), not a refusal. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NETWORK';
}

/**
 * The fight of a campaign and the calls that change it. `notice` says why a change was not applied
 * (a conflict, a refusal, no connection) until dismissed or the next change, with the action to send
 * again (`retry`); `offline` holds from a request that could not reach the server until
 * one gets through again or the browser says it is back online.
 */
export function useCombat(campaignId: string) {
  const userId = useUserId();
  const client = useQueryClient();
  const fightKey = useMemo(() => combatKeys.state(userId, campaignId), [userId, campaignId]);
  const unitsKey = useMemo(() => unitKeys.list(userId, campaignId), [userId, campaignId]);
  const [notice, setNotice] = useState<QueueFailure | null>(null);
  const [offline, setOffline] = useState(
    () => typeof navigator !== 'undefined' && navigator.onLine === false,
  );

  const queue = useMemo(() => {
    const reread = () => {
      void client.invalidateQueries({ queryKey: fightKey });
      void client.invalidateQueries({ queryKey: unitsKey });
    };
    return new CombatQueue(
      {
        fight: () => client.getQueryData<Fight>(fightKey),
        units: () => client.getQueryData<Unit[]>(unitsKey),
        setFight: (fight) => {
          void client.cancelQueries({ queryKey: fightKey });
          client.setQueryData<Fight>(fightKey, fight);
        },
        setUnits: (units) => {
          void client.cancelQueries({ queryKey: unitsKey });
          client.setQueryData<Unit[]>(unitsKey, [...units]);
        },
        reload: () => void client.invalidateQueries({ queryKey: unitsKey }),
        reloadAll: reread,
      },
      conflictOf,
      (failure) => {
        setNotice(failure);
        if (failure.kind === 'refused' && isUnreachable(failure.error)) setOffline(true);
        else if (failure.kind === 'refused') reread();
      },
      () => setOffline(false),
    );
  }, [client, fightKey, unitsKey]);

  const query = useQuery({
    queryKey: fightKey,
    queryFn: ({ signal }) => getCombat(campaignId, signal),
    // Opening the view always asks the server (another device may have played meanwhile), except
    // while one of our own changes is on its way: the answer would be older than the screen.
    staleTime: 0,
    refetchOnMount: () => (queue.busy() ? false : 'always'),
  });

  const act = useCallback(
    (action: CombatAction, predict?: Prediction) => {
      setNotice(null);
      return queue.push((version) => postAction(campaignId, version, action), predict, action);
    },
    [queue, campaignId],
  );

  // The browser's own word counts both ways (an answer clears it too: the queue's onSuccess).
  useEffect(() => {
    const online = () => setOffline(false);
    const gone = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', gone);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', gone);
    };
  }, []);
  const travel = useCallback(
    (direction: 'undo' | 'redo') => {
      setNotice(null);
      // Only over the server's own fight: behind a change still on its way, the log does not hold
      // the step this one will take.
      const predict = queue.busy() ? undefined : predictTravel(direction === 'undo');
      return queue.push((version) => postTravel(campaignId, direction, version), predict);
    },
    [queue, campaignId],
  );

  // Live sync: another device's change moves the version; read the fight (and units) again.
  useEffect(() => {
    const controller = new AbortController();
    // Players' requests (docs/product.md#players-take-part): the queue reads them again when the server
    // says they changed (a new one, a decision, a start that took typed initiatives, an end that closed
    // the rest), and on a connection after a drop, which may have missed that; not on every blow.
    const readRequests = () =>
      void client.invalidateQueries({ queryKey: playerRequestKeys.queue(userId, campaignId) });
    let opened = false;
    void readEventStream('/api/combat/events', {
      headers: campaignHeader(campaignId),
      signal: controller.signal,
      onOpen: () => {
        if (opened) readRequests();
        opened = true;
      },
      onMessage: (data) => {
        const message = JSON.parse(data) as { version?: unknown; requests?: unknown };
        if (typeof message.version === 'number') queue.announce(message.version);
        if (message.requests === true) readRequests();
      },
    });
    return () => controller.abort();
  }, [campaignId, queue, client, userId]);

  return {
    query,
    act,
    undo: useCallback(() => travel('undo'), [travel]),
    redo: useCallback(() => travel('redo'), [travel]),
    notice,
    offline,
    dismissNotice: useCallback(() => setNotice(null), []),
  };
}
