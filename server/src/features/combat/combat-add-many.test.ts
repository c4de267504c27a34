// Several units joining a fight in one `add` (decision 031): spawned copies or a bulk add
// are one action — one version, one entry per unit, one undo step — and all or nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { combatState, type CombatResponse } from '@questkeeper/core/schemas/combat';
import { units } from '../../db/schema';
import { createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { applied, combatClient, play, setTable, startedFight } from '../../../test/support/combat-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** U0 against U1, started with typed initiatives (U0 20, U1 10); U2…U4 stay out. */
const fightTable = (language: 'en' | 'fr' = 'en') =>
  startedFight(
    ctx,
    [
      { index: 0, group: 'allies', initiative: 20 },
      { index: 1, group: 'enemies', initiative: 10 },
    ],
    language,
  );

/** The fight itself, without the log's bookkeeping. */
const fightOf = (combat: CombatResponse) => ({ ...combatState.parse(combat), conditions: combat.conditions });

describe('add with unitIds', () => {
  it('adds three units mid-fight in one step, each rolled into the order, and undoes and redoes them at once', async () => {
    const { client, ids, started } = await fightTable();
    const newcomers = [ids.c, ids.d, ids.e];
    const joined = await play(client, { type: 'add', unitIds: newcomers, group: 'enemies' });

    expect(joined.combat.version).toBe(started.combat.version + 1);
    expect(joined.combat.enemies).toEqual([ids.b, ...newcomers]);
    expect(joined.entries.map((entry) => [entry.type, entry.target?.id, entry.target?.group])).toEqual(
      newcomers.map((id) => ['add', id, 'enemies']),
    );
    expect(new Set(joined.entries.map((entry) => entry.step)).size).toBe(1);
    const order = joined.combat.order;
    expect(order.map((entry) => entry.unitId).sort()).toEqual([ids.a, ids.b, ...newcomers].sort());
    for (const entry of joined.entries) {
      const placed = order.find((item) => item.unitId === entry.target?.id);
      expect(entry.initiative).toBeTypeOf('number');
      expect(placed?.initiative).toBe(entry.initiative);
    }
    // Still sorted downwards, and the turn stays U0's.
    const initiatives = order.map((entry) => entry.initiative);
    expect(initiatives).toEqual([...initiatives].sort((x, y) => y - x));
    expect(order[joined.combat.turnIndex]?.unitId).toBe(ids.a);

    const undone = applied(await client.undoAt(joined.combat.version));
    expect(undone.combat.version).toBe(joined.combat.version + 1);
    expect(fightOf(undone.combat)).toEqual(fightOf(started.combat));
    expect(undone.entries.map((entry) => [entry.target?.id, entry.undone])).toEqual(
      newcomers.map((id) => [id, true]),
    );
    expect(undone.combat.canUndo).toBe(true); // the start is the step before

    const redone = applied(await client.redoAt(undone.combat.version));
    expect(fightOf(redone.combat)).toEqual(fightOf(joined.combat));
    expect(redone.entries.map((entry) => entry.undone)).toEqual([false, false, false]);
  });

  it('refuses the whole list when one unit has fallen, naming it, and changes nothing', async () => {
    const { client, ids, started } = await fightTable('fr');
    await ctx.app.database.db.update(units).set({ currentHp: 0 }).where(eq(units.id, ids.d));
    const refused = await client.send(started.combat.version, {
      type: 'add',
      unitIds: [ids.c, ids.d, ids.e],
      group: 'allies',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'unitIds.1': 'Une unité à 0 PV ne peut pas rejoindre un combat.' },
    });
    const after = await client.get();
    expect(after.version).toBe(started.combat.version);
    expect(fightOf(after)).toEqual(fightOf(started.combat));
    expect(after.logTotal).toBe(started.combat.logTotal);
  });

  it('refuses a unit already in the fight, a duplicate, an unknown unit and a typed initiative', async () => {
    const { client, ids, started } = await fightTable();
    const { version } = started.combat;
    const send = (action: Record<string, unknown>) =>
      client.send(version, { type: 'add', group: 'allies', ...action });

    const already = await send({ unitIds: [ids.c, ids.b] });
    expect(errorOf(already).fields).toEqual({ 'unitIds.1': 'This unit is already in the fight.' });
    const twice = await send({ unitIds: [ids.c, ids.c] });
    expect(errorOf(twice).fields).toEqual({ 'unitIds.1': 'This unit is already in the list.' });
    const unknown = await send({ unitIds: [ids.c, '00000000-0000-4000-8000-000000000000'] });
    expect(errorOf(unknown)).toMatchObject({
      code: 'UNKNOWN_UNIT',
      fields: { 'unitIds.1': 'This unit is not in the campaign.' },
    });
    const typed = await send({ unitIds: [ids.c], initiative: 12 });
    expect(errorOf(typed).fields).toEqual({
      initiative: 'A typed initiative is for one unit; units joining together each roll their own.',
    });
    const both = await send({ unitId: ids.c, unitIds: [ids.d] });
    expect(Object.keys(errorOf(both).fields ?? {})).toEqual(['unitIds']);
    const neither = await send({});
    expect(errorOf(neither).fields).toEqual({ unitId: 'This field is required.' });
    const empty = await send({ unitIds: [] });
    expect(Object.keys(errorOf(empty).fields ?? {})).toEqual(['action.unitIds']);
    expect((await client.get()).version).toBe(version);
  });

  it('adds them to the group without an order at setup', async () => {
    const table = await setTable(ctx, { n: 3 });
    const client = combatClient(ctx, table);
    const joined = await play(client, { type: 'add', unitIds: table.ids, group: 'allies' });
    expect(joined.combat).toMatchObject({ phase: 'setup', allies: table.ids, enemies: [], order: [] });
    expect(joined.combat.version).toBe(1);
    expect(joined.entries.map((entry) => [entry.target?.id, entry.initiative])).toEqual(
      table.ids.map((id) => [id, null]),
    );
    const undone = applied(await client.undoAt(joined.combat.version));
    expect(undone.combat.allies).toEqual([]);
  });
});
