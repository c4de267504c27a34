import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COMBAT_LOG_WINDOW } from '@questkeeper/core/limits';
import type { CombatAction, CombatResponse } from '@questkeeper/core/schemas/combat';
import type { UnitCounter } from '@questkeeper/core/schemas/units';
import { endsFight } from '@questkeeper/core/combat/action-types';
import { count, eq } from 'drizzle-orm';
import { combatLog } from '../../db/schema';
import { createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import {
  applied,
  combatClient,
  play,
  setTable,
  setupPair,
  statusChanges,
  twoAgainstTwo,
} from '../../../test/support/combat-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Client = ReturnType<typeof combatClient>;

/** What undo must restore exactly: the fight without its bookkeeping, and every unit's HP and status. */
async function snapshot(client: Client) {
  const {
    version: _v,
    updatedAt: _u,
    log: _l,
    logTotal: _lt,
    logBefore: _lb,
    logUndoneFrom: _lu,
    summary: _s,
    canUndo: _cu,
    canRedo: _cr,
    ...fight
  } = await client.get();
  const units = (await client.units()).map((unit) => ({
    id: unit._id,
    hp: unit.currentHp,
    status: unit.status,
  }));
  return { fight, units };
}

/**
 * Every unit carries these counters (docs/decisions/062): one of each reset, a countdown, a recharge —
 * so turn changes reset and roll them and undo has them to restore.
 */
const COUNTER_IDS = [
  '00000000-0000-4000-8000-0000000000c1',
  '00000000-0000-4000-8000-0000000000c2',
  '00000000-0000-4000-8000-0000000000c3',
];
const COUNTERS: UnitCounter[] = [
  { _id: COUNTER_IDS[0]!, label: 'Legendary', max: 3, kind: 'uses', reset: 'turnStart', recharge: null },
  {
    _id: COUNTER_IDS[1]!,
    label: 'Breath',
    max: 1,
    kind: 'uses',
    reset: 'never',
    recharge: { die: 6, min: 4 },
  },
  { _id: COUNTER_IDS[2]!, label: 'Wall', max: 3, kind: 'countdown', reset: 'roundStart', recharge: null },
];

const STATUSES = ['Normal', 'Injured', 'Poisoned', 'Stunned', 'Unconscious', 'Dead'];
const MODIFIERS = ['half', 'double', 'none'] as const;
const intent = fc.record({
  kind: fc.constantFrom(
    ...(['attack', 'attack', 'attack', 'heal', 'nextTurn', 'nextTurn', 'nextTurn'] as const),
    ...(['setStatus', 'addCondition', 'addCondition', 'removeCondition'] as const),
    ...(['add', 'remove', 'start', 'end'] as const),
    // Round tracking (docs/decisions/061): a blow that drops a unit, death saves, temporary HP.
    ...(['drop', 'deathSave', 'deathSave', 'setTempHp'] as const),
    // Monsters (docs/decisions/062): counters, hazards, groups, rerolls.
    ...(['useCounter', 'useCounter', 'setCounter', 'addHazard', 'removeHazard'] as const),
    ...(['group', 'ungroup', 'reroll', 'startMonsters'] as const),
  ),
  pick: fc.nat({ max: 1000 }),
  amount: fc.oneof(fc.integer({ min: 1, max: 25 }), fc.constantFrom('1d6+2', '2d8', '1d4-10', 'd20')),
});
type Intent = typeof intent extends fc.Arbitrary<infer T> ? T : never;

/** Turns a random intent into an action that makes sense for the fight as it is (or may not). */
function toAction(fight: CombatResponse, ids: string[], { kind, pick, amount }: Intent): CombatAction {
  const members = [...fight.allies, ...fight.enemies];
  const member = members[pick % Math.max(members.length, 1)] ?? ids[0]!;
  switch (kind) {
    case 'attack': {
      // Now and then an area blow with a modifier per target: one roll shared out.
      if (pick % 3 !== 0) return { type: 'attack', targetId: member, amount };
      const other = members[(pick >> 3) % Math.max(members.length, 1)] ?? member;
      return {
        type: 'attack',
        targetId: member,
        targetIds: [other],
        amount,
        modifiers: { [member]: MODIFIERS[pick % MODIFIERS.length]!, [other]: MODIFIERS[(pick >> 2) % 3]! },
      };
    }
    case 'heal':
      return { type: kind, targetId: member, amount };
    case 'drop': {
      // Mostly a player character (setTable: every other unit), which then makes death saves.
      const players = members.filter((id) => ids.indexOf(id) % 2 === 0);
      const target = pick % 4 === 0 ? member : (players[pick % Math.max(players.length, 1)] ?? member);
      return { type: 'attack', targetId: target, amount: 999 };
    }
    case 'deathSave': {
      // A unit with saves under way, else the last one hit (a drop may have downed it), so more land.
      const saving =
        Object.keys(fight.deathSaves).find((id) => members.includes(id)) ??
        (fight.targetId !== null && pick % 4 !== 0 ? fight.targetId : member);
      return { type: 'deathSave', unitId: saving, result: pick % 2 === 0 ? 'success' : 'failure' };
    }
    case 'setTempHp':
      return { type: 'setTempHp', unitId: member, value: pick % 5 === 0 ? 0 : (pick % 12) + 1 };
    case 'setStatus':
      return { type: 'setStatus', unitId: member, status: STATUSES[pick % STATUSES.length]! };
    case 'addCondition':
      return {
        type: 'addCondition',
        unitId: member,
        status: STATUSES[pick % STATUSES.length]!,
        ...(pick % 4 === 0 ? {} : { rounds: (pick % 3) + 1 }),
        endsOn: pick % 2 === 0 ? 'start' : 'end',
        ofUnitId: members[(pick >> 2) % Math.max(members.length, 1)] ?? member,
      };
    case 'removeCondition': {
      const [condition] = fight.conditions[member] ?? [];
      return { type: 'removeCondition', unitId: member, conditionId: condition?.id ?? crypto.randomUUID() };
    }
    case 'add': {
      const outside = ids.filter((id) => !members.includes(id));
      return {
        type: 'add',
        unitId: outside[pick % Math.max(outside.length, 1)] ?? ids[0]!,
        group: pick % 2 ? 'allies' : 'enemies',
      };
    }
    case 'remove':
      return { type: 'remove', unitId: member };
    case 'useCounter':
    case 'setCounter': {
      const counterId = COUNTER_IDS[pick % COUNTER_IDS.length]!;
      return kind === 'useCounter'
        ? { type: 'useCounter', unitId: member, counterId, amount: (pick % 2) + 1 }
        : { type: 'setCounter', unitId: member, counterId, value: pick % 3 };
    }
    case 'addHazard':
      return { type: 'addHazard', name: `Hazard ${pick % 7}`, initiative: pick % 25, hidden: pick % 2 === 0 };
    case 'removeHazard':
      return {
        type: 'removeHazard',
        hazardId: fight.hazards[pick % Math.max(fight.hazards.length, 1)]?.id ?? crypto.randomUUID(),
      };
    case 'group': {
      const side = pick % 2 === 0 ? fight.allies : fight.enemies;
      return {
        type: 'group',
        unitIds: side.length >= 2 ? side.slice(0, 2 + (pick % (side.length - 1))) : [member, member],
      };
    }
    case 'ungroup':
      return {
        type: 'ungroup',
        groupId: fight.order.find((entry) => entry.groupId)?.groupId ?? crypto.randomUUID(),
      };
    case 'reroll':
      return { type: 'rerollInitiative' };
    case 'startMonsters':
      return { type: 'start', groups: 'byName', rerollEachRound: true };
    case 'end':
      // Rarely: the fight stops there (see below), so most runs play longer.
      return pick % 4 === 0 ? { type: 'end' } : { type: 'nextTurn' };
    default:
      return { type: kind } as CombatAction;
  }
}

describe('undo and redo', () => {
  // Decision 039: an answer's bookkeeping (the log's count, window and edges, undo and redo, the
  // summary) is built from the head read before the step, and the state is written as a patch. Both
  // must equal what a fresh read of the stored fight says, through undos, redos, actions that drop
  // the redo steps, and a new fight set up after an end.
  it('every answer equals the fight read again, through actions, undos and redos', async () => {
    const move = fc.oneof(
      { weight: 6, arbitrary: intent.map((next) => ({ kind: 'act' as const, next })) },
      { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
      { weight: 2, arbitrary: fc.constant({ kind: 'redo' as const }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 20, maxLength: 45, size: 'max' }), async (moves) => {
        const table = await setTable(ctx, { n: 5, hp: 40, counters: () => COUNTERS });
        const client = combatClient(ctx, table);
        const [a = '', b = '', c = '', d = ''] = table.ids;
        let fight = (await play(client, ...twoAgainstTwo(a, b, c, d))).combat;
        for (const step of moves) {
          const response =
            step.kind === 'act'
              ? await client.send(fight.version, toAction(fight, table.ids, step.next))
              : step.kind === 'undo'
                ? await client.undoAt(fight.version)
                : await client.redoAt(fight.version);
          if (response.statusCode !== 200) {
            expect(response.statusCode).toBe(400);
            continue;
          }
          fight = response.json<{ combat: CombatResponse }>().combat;
          expect(fight).toEqual(await client.get());
          // Decision 041: the count is stored with the fight; it must match the entries.
          const [stored] = await ctx.app.database.db
            .select({ count: count() })
            .from(combatLog)
            .where(eq(combatLog.campaignId, table.campaignId));
          expect(fight.logTotal).toBe(stored?.count);
        }
      }),
      { numRuns: 6 },
    );
  });

  it('N random actions, then N undos give back the start exactly, and N redos the end', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(intent, { minLength: 15, maxLength: 40, size: 'max' }),
        async (started, intents) => {
          const table = await setTable(ctx, { n: 5, hp: 40, counters: () => COUNTERS });
          const client = combatClient(ctx, table);
          const [a = '', b = '', c = '', d = ''] = table.ids;
          await play(client, ...twoAgainstTwo(a, b, c, d), ...(started ? [{ type: 'start' as const }] : []));
          const start = await snapshot(client);
          let fight = await client.get();
          let count = 0;
          for (const next of intents) {
            const response = await client.send(fight.version, toAction(fight, table.ids, next));
            if (response.statusCode === 200) {
              const body = response.json<{ combat: CombatResponse; entries: CombatResponse['log'] }>();
              fight = body.combat;
              count += 1;
              // A new action after the end would set up a new fight (and drop the history): stop there.
              if (body.entries.some(endsFight)) break;
            } else {
              // A refusal changes nothing, not even the version.
              expect(response.statusCode).toBe(400);
              expect((await client.get()).version).toBe(fight.version);
            }
          }
          const end = await snapshot(client);
          let version = fight.version;
          for (let i = 0; i < count; i++) version = applied(await client.undoAt(version)).combat.version;
          expect(await snapshot(client)).toEqual(start);
          expect((await client.get()).canRedo).toBe(count > 0);
          for (let i = 0; i < count; i++) version = applied(await client.redoAt(version)).combat.version;
          expect(await snapshot(client)).toEqual(end);
          expect((await client.get()).version).toBe(fight.version + 2 * count);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('keeps undone entries flagged until a new action replaces them, and refuses an empty history', async () => {
    const table = await setTable(ctx, { n: 2 });
    const client = combatClient(ctx, table);
    const [a = '', b = ''] = table.ids;
    const empty = await client.undoAt(0);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toEqual({ code: 'NOTHING_TO_UNDO', message: 'There is nothing to undo.' });
    expect(errorOf(await client.redoAt(0)).code).toBe('NOTHING_TO_REDO');

    const added = await play(
      client,
      { type: 'add', unitId: a, group: 'allies' },
      { type: 'add', unitId: b, group: 'enemies' },
    );
    const undone = applied(await client.undoAt(added.combat.version));
    expect(undone.combat).toMatchObject({ enemies: [], canUndo: true, canRedo: true, version: 3 });
    expect(undone.entries).toMatchObject([{ type: 'add', target: { id: b }, undone: true }]);
    expect(undone.combat.log.map((entry) => entry.undone)).toEqual([false, true]);

    // A new action drops the redo step.
    const replaced = await play(client, { type: 'add', unitId: b, group: 'allies' });
    expect(replaced.combat.log.map((entry) => [entry.target?.group, entry.undone])).toEqual([
      ['allies', false],
      ['allies', false],
    ]);
    expect(replaced.combat.canRedo).toBe(false);
    expect(errorOf(await client.redoAt(replaced.combat.version)).code).toBe('NOTHING_TO_REDO');
  });

  it('checks the version on undo and redo too', async () => {
    const table = await setTable(ctx, { n: 1 });
    const client = combatClient(ctx, table);
    const added = await play(client, { type: 'add', unitId: table.ids[0]!, group: 'allies' });
    const stale = await client.undoAt(added.combat.version - 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'COMBAT_CONFLICT',
      combat: { version: 1, allies: [table.ids[0]] },
    });
  });

  it('does not offer to undo a step without stored changes (a log brought by an import)', async () => {
    const table = await setTable(ctx, { n: 1 });
    const client = combatClient(ctx, table);
    const added = await play(client, { type: 'add', unitId: table.ids[0]!, group: 'allies' });
    await ctx.app.database.db
      .update(combatLog)
      .set({ undo: null })
      .where(eq(combatLog.campaignId, table.campaignId));
    const fight = await client.get();
    expect(fight).toMatchObject({ canUndo: false, canRedo: false, log: added.combat.log });
    expect(errorOf(await client.undoAt(fight.version)).code).toBe('NOTHING_TO_UNDO');
  });

  it('goes back 500 steps and more within a fight', async () => {
    const pair = await setupPair(ctx);
    const { table, client, user, combat } = pair;
    const start = await snapshot(client);
    const steps = 505;
    let version = await statusChanges(pair, steps, STATUSES, (await client.get()).version);
    for (let i = 0; i < steps; i++)
      version = (await combat.undo(user, table.campaignId, version)).combat.version;
    expect(await snapshot(client)).toEqual(start);
    // The answer carries the newest entries only (decision 030); the first undone step says the rest.
    const after = await client.get();
    expect(after).toMatchObject({ logTotal: steps + 2, logUndoneFrom: 3 });
    expect(after.log).toHaveLength(COMBAT_LOG_WINDOW);
    expect(after.log.every((entry) => entry.undone)).toBe(true);
  }, 120_000);
});
