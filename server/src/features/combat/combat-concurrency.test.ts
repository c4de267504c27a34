// Two devices acting at once on one fight (docs/decisions/021): the campaign row lock and the version check
// let exactly one through; the other gets 409 with the fight as the first one left it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CombatConflictBody, CombatActionResponse } from '@questkeeper/core/schemas/combat';
import { createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { combatClient, play, setTable } from '../../../test/support/combat-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('two clients with the same version', () => {
  it('applies one action and answers the other 409 with the current fight, nothing lost', async () => {
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
    const { version } = start.combat;
    for (let round = 0; round < 5; round++) {
      const at = version + round;
      const [one, two] = await Promise.all([
        client.send(at, { type: 'attack', targetId: b, amount: 1 }),
        client.send(at, { type: 'attack', targetId: c, amount: 2 }),
      ]);
      const statuses = [one.statusCode, two.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const winner = (one.statusCode === 200 ? one : two).json<CombatActionResponse>();
      const loser = one.statusCode === 409 ? one : two;
      const conflict = loser.json<CombatConflictBody>();
      expect(errorOf(loser)).toMatchObject({
        code: 'COMBAT_CONFLICT',
        message: 'This fight changed on another device. Here is the current fight: check it and try again.',
      });
      expect(conflict.combat.version).toBe(at + 1);
      expect(conflict.combat).toEqual(winner.combat);
    }
    // Five blows landed, one per round, each logged once.
    const fight = await client.get();
    expect(fight.version).toBe(version + 5);
    const blows = fight.log.filter((entry) => entry.type === 'attack');
    expect(blows).toHaveLength(5);
    const units = await client.units();
    const lost = (id: string) => 30 - units.find((unit) => unit._id === id)!.currentHp;
    expect(lost(b) + lost(c)).toBe(blows.reduce((sum, entry) => sum + entry.amount!, 0));
  });

  it('lets one undo through when two devices undo at once', async () => {
    const table = await setTable(ctx, { n: 2 });
    const client = combatClient(ctx, table);
    const added = await play(
      client,
      { type: 'add', unitId: table.ids[0]!, group: 'allies' },
      { type: 'add', unitId: table.ids[1]!, group: 'enemies' },
    );
    const answers = await Promise.all([
      client.undoAt(added.combat.version),
      client.undoAt(added.combat.version),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await client.get()).log.map((entry) => entry.undone)).toEqual([false, true]);
  });
});
