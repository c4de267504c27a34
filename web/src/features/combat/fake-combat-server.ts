// A fake server for the combat view's component tests: it keeps the fight, the units and a log, and
// applies actions with core's own rules (applyCombatAction), so the view is tested against the
// contract of decision 021 — versions and 409 included — without a database. Dice roll 1s.
import type { vi } from 'vitest';
import { EMPTY_COMBAT, type CombatState } from '@questkeeper/core/rules/combat';
import { applyCombatAction } from '@questkeeper/core/rules/combat-actions';
import type {
  CombatAction,
  CombatActionResponse,
  CombatLogEntry,
  CombatResponse,
  ConditionMap,
} from '@questkeeper/core/schemas/combat';
import { ApiError, type apiRequest } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';

interface Step {
  before: { fight: CombatResponse; units: Unit[] };
  after: { fight: CombatResponse; units: Unit[] };
}

export function fakeCombatServer(
  api: ReturnType<typeof vi.mocked<typeof apiRequest>>,
  campaign: Campaign,
  units: Unit[],
  state: CombatState = EMPTY_COMBAT,
  conditions: ConditionMap = {},
) {
  const server = {
    campaign,
    units: structuredClone(units),
    fight: {
      ...structuredClone(state),
      updatedAt: null,
      version: 1,
      conditions: structuredClone(conditions),
      canUndo: false,
      canRedo: false,
      log: [] as CombatLogEntry[],
    } satisfies CombatResponse as CombatResponse,
    /** Every write the view sent, in order. */
    calls: [] as { method: string; path: string; body: unknown }[],
  };
  const done: Step[] = [];
  const undone: Step[] = [];
  let ids = 0;
  let clock = Date.parse('2026-11-24T10:00:00.000Z');

  const snapshot = () => ({ fight: structuredClone(server.fight), units: structuredClone(server.units) });
  const flags = () => {
    server.fight.canUndo = done.length > 0;
    server.fight.canRedo = undone.length > 0;
  };
  const conflict = () => {
    throw new ApiError(
      409,
      'COMBAT_CONFLICT',
      'This fight changed on another device.',
      {},
      {
        code: 'COMBAT_CONFLICT',
        message: 'This fight changed on another device.',
        combat: structuredClone(server.fight),
      },
    );
  };

  function act(action: CombatAction): CombatActionResponse {
    const before = snapshot();
    const outcome = applyCombatAction({ state: server.fight, conditions: server.fight.conditions }, action, {
      units: new Map(server.units.map((unit) => [unit._id, unit] as const)),
      statuses: server.campaign.statuses,
      initiativeRule: server.campaign.initiativeRule,
      initiativeCharacteristic: server.campaign.initiativeCaracName,
      random: () => 0.5,
      rollDie: () => 1,
      newId: () => `id${++ids}`,
    });
    const step = done.length + 1;
    const entries = outcome.entries.map((draft) => ({
      ...draft,
      id: `log${++ids}`,
      step,
      undone: false,
      at: new Date((clock += 1000)).toISOString(),
    }));
    const changed: Unit[] = [];
    server.units = server.units.map((unit) => {
      const change = outcome.units.get(unit._id);
      if (!change) return unit;
      const next = { ...unit, ...change };
      changed.push(next);
      return next;
    });
    const log = server.fight.log.filter((entry) => !entry.undone);
    server.fight = {
      ...server.fight,
      ...outcome.fight.state,
      conditions: outcome.fight.conditions,
      version: server.fight.version + 1,
      log: [...log, ...entries],
    };
    undone.length = 0;
    done.push({ before, after: snapshot() });
    flags();
    return { combat: structuredClone(server.fight), units: changed, entries };
  }

  function travel(back: boolean): CombatActionResponse {
    const step = back ? done.pop() : undone.pop();
    if (!step) throw new ApiError(400, 'VALIDATION_FAILED', 'Nothing to do');
    (back ? undone : done).push(step);
    const to = back ? step.before : step.after;
    const stepNo = back ? done.length + 1 : done.length;
    server.units = structuredClone(to.units);
    const log = server.fight.log.map((entry) => (entry.step === stepNo ? { ...entry, undone: back } : entry));
    server.fight = { ...structuredClone(to.fight), version: server.fight.version + 1, log };
    flags();
    return { combat: structuredClone(server.fight), units: structuredClone(server.units), entries: [] };
  }

  api.mockImplementation(async (method, path, options) => {
    const body = options?.body as Record<string, unknown> | undefined;
    if (method === 'GET' && path === '/api/combat') return structuredClone(server.fight);
    if (method === 'GET' && path === '/api/units') return structuredClone(server.units);
    server.calls.push({ method, path, body });
    if (method === 'POST' && path.startsWith('/api/combat/')) {
      if (body?.version !== server.fight.version) conflict();
      if (path === '/api/combat/actions') return act(body?.action as CombatAction);
      return travel(path === '/api/combat/undo');
    }
    if (method === 'PUT' && path.startsWith('/api/game-data/')) {
      server.campaign = { ...server.campaign, ...body };
      return server.campaign;
    }
    throw new Error(`unexpected ${method} ${path}`);
  });

  /** Another device plays: the fight moves on without this view knowing. */
  const elsewhere = (action: CombatAction) => act(action);
  return { server, elsewhere };
}
