// A fake server for the combat view's component tests: it keeps the fight, the units and a log, and
// applies actions with core's own rules (applyCombatAction), so the view is tested against the
// contract of decisions 021 and 030 — versions and 409 included, the log's newest entries in every
// answer and older ones by page (GET /api/combat/log), the summary with an ended fight — without a
// database. Dice roll 1s.
import type { vi } from 'vitest';
import { EMPTY_COMBAT, type CombatState } from '@questkeeper/core/combat/combat';
import { endsFight } from '@questkeeper/core/combat/action-types';
import { applyCombatAction } from '@questkeeper/core/combat/actions';
import { copyNames } from '@questkeeper/core/units/copies';
import { summarizeFight } from '@questkeeper/core/combat/summary';
import { COMBAT_LOG_WINDOW } from '@questkeeper/core/limits';
import type {
  CombatAction,
  CombatActionResponse,
  CombatLogEntry,
  CombatLogPage,
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
      logTotal: 0,
      logBefore: null,
      logUndoneFrom: null,
      summary: null,
    } satisfies CombatResponse as CombatResponse,
    /** The whole log, oldest first (`fight.log` is its newest COMBAT_LOG_WINDOW entries). */
    log: [] as CombatLogEntry[],
    /** Every write the view sent, in order. */
    calls: [] as { method: string; path: string; body: unknown }[],
    /** How many of the next writes never reach the server (no connection). */
    unreachable: 0,
  };
  const done: Step[] = [];
  const undone: Step[] = [];
  let ids = 0;
  let clock = Date.parse('2026-11-24T10:00:00.000Z');

  const snapshot = () => ({ fight: structuredClone(server.fight), units: structuredClone(server.units) });
  // The cursor before an entry: its index in the whole log (the real server's is opaque too).
  const cursorAt = (index: number) => (index > 0 ? `${index}.0` : null);
  /** The fight's bookkeeping after a change: undo/redo, the log's window, the summary. */
  const flags = () => {
    server.fight.canUndo = done.length > 0;
    server.fight.canRedo = undone.length > 0;
    const from = Math.max(0, server.log.length - COMBAT_LOG_WINDOW);
    server.fight.log = structuredClone(server.log.slice(from));
    server.fight.logTotal = server.log.length;
    server.fight.logBefore = cursorAt(from);
    server.fight.logUndoneFrom = server.log.find((entry) => entry.undone)?.step ?? null;
    const applied = server.log.filter((entry) => !entry.undone);
    const lastStep = applied.at(-1)?.step;
    const ended = applied.some((entry) => entry.step === lastStep && endsFight(entry));
    server.fight.summary = ended ? summarizeFight(server.log) : null;
  };
  /** GET /api/combat/log: the `limit` entries before the cursor, oldest first. */
  const page = (query: URLSearchParams): CombatLogPage => {
    const before = query.get('before');
    const end = before === null ? server.log.length : Number(before.split('.')[0]);
    const start = Math.max(0, end - Number(query.get('limit') ?? COMBAT_LOG_WINDOW));
    return { entries: structuredClone(server.log.slice(start, end)), before: cursorAt(start) };
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
      initiativeModifier: server.campaign.initiativeModifier,
      random: () => 0.5,
      rollDie: () => 1,
      newId: () => `id${++ids}`,
    });
    // The first action after an ended fight sets up a new one: the old history goes.
    const over = server.fight.summary !== null;
    if (over) done.length = 0;
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
    // A new action drops the undone entries; the first one after an ended fight, the whole log.
    const kept = server.log.filter((entry) => !entry.undone);
    server.log = [...(over ? [] : kept), ...entries];
    server.fight = {
      ...server.fight,
      ...outcome.fight.state,
      conditions: outcome.fight.conditions,
      version: server.fight.version + 1,
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
    server.log = server.log.map((entry) => (entry.step === stepNo ? { ...entry, undone: back } : entry));
    server.fight = { ...structuredClone(to.fight), version: server.fight.version + 1 };
    flags();
    const entries = server.log.filter((entry) => entry.step === stepNo);
    return { combat: structuredClone(server.fight), units: structuredClone(server.units), entries };
  }

  api.mockImplementation(async (method, path, options) => {
    const body = options?.body as Record<string, unknown> | undefined;
    if (method === 'GET' && path === '/api/combat') return structuredClone(server.fight);
    if (method === 'GET' && path.startsWith('/api/combat/log')) {
      return page(new URL(path, 'http://fake.test').searchParams);
    }
    if (method === 'GET' && path === '/api/units') return structuredClone(server.units);
    // The rows' player-view markers read the settings: none set here.
    if (method === 'GET' && path === '/api/combat/player-view') {
      return { hp: { allies: 'exact', enemies: 'bands' }, units: {}, version: 0 };
    }
    // Players' requests (docs/product.md#players-take-part): none waiting here.
    if (method === 'GET' && path === '/api/combat/requests') return { requests: [] };
    if (server.unreachable > 0) {
      server.unreachable -= 1;
      throw new ApiError(0, 'NETWORK', 'Something went wrong. Please try again.');
    }
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
    // Copies of a unit: numbered after the campaign's names, at full HP; the limit is the
    // server's (its tests: server/src/features/units/unit-copies.test.ts).
    const copies = method === 'POST' ? /^\/api\/units\/([^/]+)\/copies$/.exec(path) : null;
    if (copies) {
      const source = server.units.find((item) => item._id === decodeURIComponent(copies[1]!));
      if (!source) throw new ApiError(404, 'NOT_FOUND', 'Not found.');
      const names = copyNames(
        source.name,
        server.units.map((item) => item.name),
        Number(body?.count),
      );
      const created = names.map((name) => ({ ...source, _id: `copy${++ids}`, name, currentHp: source.hp }));
      server.units = [...server.units, ...created];
      return { units: structuredClone(created) };
    }
    throw new Error(`unexpected ${method} ${path}`);
  });

  /** Another device plays: the fight moves on without this view knowing. */
  const elsewhere = (action: CombatAction) => act(action);
  return { server, elsewhere };
}
