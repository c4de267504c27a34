import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { applied, combatClient, play, setTable } from '../../../test/support/combat-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('POST /api/combat/actions', () => {
  it('plays a fight: each action answers the fight, the units it changed and its log entries', async () => {
    const table = await setTable(ctx);
    const client = combatClient(ctx, table);
    const [a = '', b = '', c = ''] = table.ids;

    const added = applied(await client.send(0, { type: 'add', unitId: a, group: 'allies' }));
    expect(added.combat).toMatchObject({ version: 1, allies: [a], canUndo: true, canRedo: false });
    expect(added.units).toEqual([]);
    expect(added.entries).toMatchObject([
      { type: 'add', step: 1, target: { id: a, name: 'U0', group: 'allies' } },
    ]);
    expect(added.combat.log).toEqual(added.entries);

    await play(
      client,
      { type: 'add', unitId: b, group: 'allies' },
      { type: 'add', unitId: c, group: 'enemies' },
    );
    const start = await play(client, { type: 'start' });
    expect(start.combat).toMatchObject({ phase: 'fight', version: 4, round: 1 });
    expect(start.combat.order.map((entry) => entry.unitId).sort()).toEqual([a, b, c].sort());
    for (const entry of start.combat.order) expect(entry.initiative).toBeGreaterThanOrEqual(1);
    const first = start.combat.order[start.combat.turnIndex]!.unitId;
    expect(start.entries).toMatchObject([{ type: 'start', round: 1, turnOf: { id: first } }]);

    const target = first === c ? a : c;
    const hit = await play(client, { type: 'attack', targetId: target, amount: '2d6+3', sourceId: first });
    const [entry] = hit.entries;
    expect(entry).toMatchObject({
      type: 'attack',
      actor: { id: first },
      target: { id: target },
      input: '2d6+3',
    });
    expect(entry!.breakdown).toMatch(/^2d6\+3 → \[[1-6], [1-6]\] \+ 3 = \d+$/);
    expect(entry!.hpBefore).toBe(30);
    expect(entry!.hpAfter).toBe(30 - entry!.amount!);
    expect(hit.units).toMatchObject([{ _id: target, currentHp: entry!.hpAfter }]);
    expect(hit.combat).toMatchObject({ targetId: target, amount: 0 });
    // The unit itself changed: the units list shows it.
    expect((await client.units()).find((unit) => unit._id === target)?.currentHp).toBe(entry!.hpAfter);

    const healed = await play(client, { type: 'heal', targetId: target, amount: 500 });
    expect(healed.entries[0]).toMatchObject({ amount: 500, breakdown: null, hpAfter: 30, clamped: false });

    const status = await play(client, { type: 'setStatus', unitId: target, status: 'stunned' });
    expect(status.units[0]?.status).toBe('Stunned');
    expect(status.entries[0]).toMatchObject({ statusBefore: 'Normal', statusAfter: 'Stunned' });

    let next = await play(client, { type: 'nextTurn' });
    for (let i = 0; i < 2 && !next.entries[0]!.wrapped; i++) next = await play(client, { type: 'nextTurn' });
    expect(next.entries[0]).toMatchObject({ type: 'nextTurn', wrapped: true, round: 2 });
    expect(next.combat).toMatchObject({ round: 2, turnIndex: 0, targetId: null });

    const ended = await play(client, { type: 'end' });
    expect(ended.combat).toMatchObject({ phase: 'setup', allies: [], enemies: [], amount: 1, canUndo: true });
    // The ended fight's log stays readable (the summary), until a new fight is set up.
    expect(ended.combat.log.length).toBeGreaterThan(8);
    const fresh = await play(client, { type: 'add', unitId: a, group: 'enemies' });
    expect(fresh.combat.log).toMatchObject([{ type: 'add', step: 1 }]);
    expect(fresh.combat.canUndo).toBe(true);
    expect((await client.get()).version).toBe(fresh.combat.version);
  });

  it('ends the fight with the blow that leaves a side with nobody standing', async () => {
    const table = await setTable(ctx, { n: 2, hp: 5 });
    const client = combatClient(ctx, table);
    const [a = '', b = ''] = table.ids;
    const start = await play(
      client,
      { type: 'add', unitId: a, group: 'allies' },
      { type: 'add', unitId: b, group: 'enemies' },
      { type: 'start' },
    );
    expect(start.combat.phase).toBe('fight');
    // b (U1) is not a player character: at 0 HP it falls (a player character would be Down and make
    // death saves, docs/decisions/061), and the enemies have nobody standing.
    const victim = b;
    const blow = await play(client, { type: 'attack', targetId: victim, amount: 9 });
    expect(blow.entries[0]).toMatchObject({ hpAfter: 0, defeated: 'enemies' });
    expect(blow.combat).toMatchObject({ phase: 'setup', allies: [], enemies: [], amount: 1 });
    // Undo brings the fight back, blow and all.
    const back = applied(await client.undoAt(blow.combat.version));
    expect(back.combat).toMatchObject({ phase: 'fight', allies: [a], enemies: [b] });
    expect(back.units).toMatchObject([{ _id: victim, currentHp: 5 }]);
  });

  it('inserts a reinforcement mid-fight by its roll without moving the turn', async () => {
    const table = await setTable(ctx, { n: 3 });
    const client = combatClient(ctx, table);
    const [a = '', b = '', c = ''] = table.ids;
    const start = await play(
      client,
      { type: 'add', unitId: a, group: 'allies' },
      { type: 'add', unitId: b, group: 'enemies' },
      { type: 'start' },
    );
    const current = start.combat.order[start.combat.turnIndex]!.unitId;
    const joined = await play(client, { type: 'add', unitId: c, group: 'allies' });
    expect(joined.combat.order).toHaveLength(3);
    expect(joined.combat.order[joined.combat.turnIndex]!.unitId).toBe(current);
    const initiatives = joined.combat.order.map((entry) => entry.initiative);
    expect(initiatives).toEqual([...initiatives].sort((x, y) => y - x));
    expect(joined.entries[0]).toMatchObject({ type: 'add', target: { id: c, group: 'allies' } });
    expect(joined.entries[0]!.initiative).toBe(joined.combat.order.find((e) => e.unitId === c)!.initiative);
  });

  it("rolls with the campaign's rule, and plays random_d20 for Novice on a characteristic rule", async () => {
    const campaign = { initiativeRule: 'caracteristic' as const, initiativeCaracName: 'Strength' };
    for (const [tier, expectRule] of [
      ['Hero', (value: number) => value === 77],
      ['Novice', (value: number) => value >= 1 && value <= 20],
    ] as const) {
      const table = await setTable(ctx, { n: 2, tier, campaign, characteristics: { Strength: 77 } });
      const client = combatClient(ctx, table);
      const [a = '', b = ''] = table.ids;
      const start = await play(
        client,
        { type: 'add', unitId: a, group: 'allies' },
        { type: 'add', unitId: b, group: 'enemies' },
        { type: 'start' },
      );
      for (const entry of start.combat.order) expect(expectRule(entry.initiative), tier).toBe(true);
    }
  });

  it("refuses actions in the user's language", async () => {
    const table = await setTable(ctx, { n: 1, language: 'fr' });
    const client = combatClient(ctx, table);
    const response = await client.send(0, { type: 'nextTurn' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'FIGHT_NOT_STARTED', message: "Lancez d'abord le combat." });
  });
});
