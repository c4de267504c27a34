import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { combatClient, play, setTable } from '../../../test/support/combat-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** A started fight of three units; `order` lists them in turn order (the first one plays now). */
async function fight() {
  const table = await setTable(ctx, { n: 3 });
  const client = combatClient(ctx, table);
  const [a = '', b = '', c = ''] = table.ids;
  const start = await play(
    client,
    { type: 'add', unitId: a, group: 'allies' },
    { type: 'add', unitId: b, group: 'enemies' },
    { type: 'add', unitId: c, group: 'enemies' },
    { type: 'start' },
  );
  const order = start.combat.order.map((entry) => entry.unitId);
  expect(start.combat.turnIndex).toBe(0);
  return { table, client, order };
}

describe('timed conditions', () => {
  it("ends at the start of the chosen unit's turn, logged as part of that next turn", async () => {
    const { client, order } = await fight();
    const [first = '', second = '', third = ''] = order;
    const added = await play(client, {
      type: 'addCondition',
      unitId: third,
      status: 'Stunned',
      rounds: 1,
      endsOn: 'start',
      ofUnitId: second,
    });
    expect(added.entries[0]).toMatchObject({
      type: 'addCondition',
      target: { id: third },
      condition: { status: 'Stunned', rounds: 1, endsOn: 'start', ofUnit: { id: second } },
    });
    const [condition] = added.combat.conditions[third]!;
    expect(condition).toMatchObject({ status: 'Stunned', rounds: 1, elapsed: 0, ofUnitId: second });

    const next = await play(client, { type: 'nextTurn' });
    expect(next.entries.map((entry) => [entry.type, entry.turnOf?.id])).toEqual([
      ['nextTurn', second],
      ['conditionExpired', second],
    ]);
    expect(next.entries[1]).toMatchObject({ target: { id: third }, condition: { id: condition!.id } });
    expect(next.combat.conditions).toEqual({});
    expect(first).not.toBe(second);
  });

  it("ends at the end of the carrier's turn by default, after the given number of its turns", async () => {
    const { client, order } = await fight();
    const [first = ''] = order;
    await play(client, { type: 'addCondition', unitId: first, status: 'Poisoned', rounds: 2 });
    // The first unit's current turn ends: one of two.
    let step = await play(client, { type: 'nextTurn' });
    expect(step.entries.map((entry) => entry.type)).toEqual(['nextTurn']);
    expect(step.combat.conditions[first]?.[0]).toMatchObject({ elapsed: 1, rounds: 2 });
    step = await play(client, { type: 'nextTurn' });
    step = await play(client, { type: 'nextTurn' });
    expect(step.entries[0]).toMatchObject({ type: 'nextTurn', wrapped: true, turnOf: { id: first } });
    expect(step.combat.conditions[first]).toHaveLength(1);
    // Its second turn ends: the condition goes, logged before the turn passes.
    step = await play(client, { type: 'nextTurn' });
    expect(step.entries.map((entry) => [entry.type, entry.turnOf?.id, entry.round])).toEqual([
      ['conditionExpired', first, 2],
      ['nextTurn', order[1], 2],
    ]);
    expect(step.combat.conditions).toEqual({});
  });

  it('keeps a condition without rounds until it is removed, and follows a renamed status', async () => {
    const { table, client, order } = await fight();
    const [first = ''] = order;
    const added = await play(client, { type: 'addCondition', unitId: first, status: 'Injured' });
    const conditionId = added.combat.conditions[first]![0]!.id;
    for (let i = 0; i < 4; i++) await play(client, { type: 'nextTurn' });
    expect((await client.get()).conditions[first]).toMatchObject([{ id: conditionId, rounds: null }]);

    const [row] = await ctx.app.database.db
      .select({ statuses: campaigns.statuses })
      .from(campaigns)
      .where(eq(campaigns.id, table.campaignId));
    const statuses = row!.statuses.map((status) =>
      status.name === 'Injured' ? { ...status, name: 'Hurt' } : status,
    );
    await ctx.app.database.db.update(campaigns).set({ statuses }).where(eq(campaigns.id, table.campaignId));
    expect((await client.get()).conditions[first]![0]!.status).toBe('Hurt');

    const removed = await play(client, { type: 'removeCondition', unitId: first, conditionId });
    expect(removed.entries[0]).toMatchObject({ type: 'removeCondition', condition: { id: conditionId } });
    expect(removed.combat.conditions).toEqual({});
  });
});
