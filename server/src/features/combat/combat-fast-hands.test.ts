// The combat actions through the API (decision 031): area damage in one step, a typed
// initiative for reinforcements, the order fixed by hand; each one undone exactly, bad input refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combatState } from '@questkeeper/core/schemas/combat';
import { createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { applied, combatClient, play, setTable, startedFight } from '../../../test/support/combat-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** U0 and U1 against U2 and U3, typed initiatives: U0 20, U2 15, U1 10, U3 5; U4 stays out. */
const fightTable = (language: 'en' | 'fr' = 'en') =>
  startedFight(
    ctx,
    [
      { index: 0, group: 'allies', initiative: 20 },
      { index: 1, group: 'allies', initiative: 10 },
      { index: 2, group: 'enemies', initiative: 15 },
      { index: 3, group: 'enemies', initiative: 5 },
    ],
    language,
  );

describe('area damage', () => {
  it('hits every target with one amount, one entry each, and one undo takes it all back', async () => {
    const { client, ids, started } = await fightTable();
    const hit = await play(client, { type: 'attack', targetId: ids.c, targetIds: [ids.d], amount: 7 });
    expect(hit.entries).toMatchObject([
      { type: 'attack', target: { id: ids.c }, amount: 7, hpBefore: 30, hpAfter: 23 },
      { type: 'attack', target: { id: ids.d }, amount: 7, hpBefore: 30, hpAfter: 23 },
    ]);
    expect(new Set(hit.entries.map((entry) => entry.step)).size).toBe(1);
    expect(hit.units.map((unit) => [unit._id, unit.currentHp]).sort()).toEqual(
      [
        [ids.c, 23],
        [ids.d, 23],
      ].sort(),
    );
    const undone = applied(await client.undoAt(hit.combat.version));
    // The fight itself (the log's bookkeeping aside) is back where it was.
    const fightOf = (combat: typeof started.combat) => ({
      ...combatState.parse(combat),
      conditions: combat.conditions,
    });
    expect(fightOf(undone.combat)).toEqual(fightOf(started.combat));
    const hp = (await client.units()).filter((unit) => [ids.c, ids.d].includes(unit._id));
    expect(hp.map((unit) => unit.currentHp)).toEqual([30, 30]);
  });

  it('refuses a target out of the campaign or out of the fight, changing nothing', async () => {
    const { client, ids, started } = await fightTable();
    const { version } = started.combat;
    const outside = await client.send(version, {
      type: 'attack',
      targetId: ids.c,
      targetIds: [ids.e],
      amount: 3,
    });
    expect(outside.statusCode).toBe(400);
    expect(errorOf(outside).fields).toEqual({
      targetIds: 'This unit is neither an ally nor an enemy in this combat.',
    });
    const unknown = await client.send(version, {
      type: 'heal',
      targetId: ids.a,
      targetIds: ['00000000-0000-4000-8000-000000000000'],
      amount: 3,
    });
    expect(errorOf(unknown).code).toBe('UNKNOWN_UNIT');
    const empty = await client.send(version, { type: 'attack', targetId: ids.c, targetIds: [], amount: 3 });
    expect(Object.keys(errorOf(empty).fields ?? {})).toEqual(['action.targetIds']);
    expect((await client.get()).version).toBe(version);
  });
});

describe('reinforcements', () => {
  it('adds a unit mid-fight at its typed initiative, logged, and refuses a typed one at setup', async () => {
    const { client, ids } = await fightTable();
    const joined = await play(client, { type: 'add', unitId: ids.e, group: 'enemies', initiative: 12 });
    expect(joined.combat.order.map((entry) => entry.unitId)).toEqual([ids.a, ids.c, ids.e, ids.b, ids.d]);
    expect(joined.combat.enemies).toEqual([ids.c, ids.d, ids.e]);
    expect(joined.entries).toMatchObject([{ type: 'add', initiative: 12, target: { id: ids.e } }]);

    const table = await setTable(ctx, { n: 2, language: 'fr' });
    const setupClient = combatClient(ctx, table);
    const refused = await setupClient.send(0, {
      type: 'add',
      unitId: table.ids[0] ?? '',
      group: 'allies',
      initiative: 4,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({
      initiative:
        'Une initiative saisie ne vaut que pour une unité qui rejoint un combat en cours ; avant le début, saisissez-la au lancement du combat.',
    });
  });
});

describe('reorder', () => {
  it('moves a unit in the order, keeps the turn, logs it, and undoes exactly', async () => {
    const { client, ids } = await fightTable();
    const before = await client.get();
    const moved = await play(client, { type: 'reorder', unitId: ids.d, toIndex: 0 });
    expect(moved.combat.order).toEqual([
      { unitId: ids.d, initiative: 20 },
      { unitId: ids.a, initiative: 20 },
      { unitId: ids.c, initiative: 15 },
      { unitId: ids.b, initiative: 10 },
    ]);
    expect(moved.combat.order[moved.combat.turnIndex]?.unitId).toBe(ids.a);
    expect(moved.entries).toMatchObject([{ type: 'reorder', target: { id: ids.d }, initiative: 20 }]);
    const undone = applied(await client.undoAt(moved.combat.version));
    expect(undone.combat.order).toEqual(before.order);
    expect(undone.combat.turnIndex).toBe(before.turnIndex);
  });

  it('refuses a place past the end and a unit out of the fight', async () => {
    const { client, ids, started } = await fightTable();
    const far = await client.send(started.combat.version, { type: 'reorder', unitId: ids.a, toIndex: 4 });
    expect(errorOf(far)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { toIndex: 'Must be at most 3.' },
    });
    const out = await client.send(started.combat.version, { type: 'reorder', unitId: ids.e, toIndex: 0 });
    expect(errorOf(out).fields).toEqual({
      unitId: 'This unit is neither an ally nor an enemy in this combat.',
    });
  });
});
