// Who did it: an attack or a heal names its source — any unit of the fight —
// or none (a trap, a fall). The log, the players' feed and the end-of-fight summary credit the
// source, never whoever's turn it is; a source outside the fight is refused and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import { bearer, createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { applied, combatClient, play, setTable } from '../../../test/support/combat-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** U0 = a (ally, 20) has the turn, then U3 = d (enemy, 15), then U1 = b (ally, 10); U2 = c stays out. */
async function startedFight(language: 'en' | 'fr' = 'en') {
  const table = await setTable(ctx, { n: 4, language });
  const client = combatClient(ctx, table);
  const [a = '', b = '', c = '', d = ''] = table.ids;
  const started = await play(
    client,
    { type: 'add', unitId: a, group: 'allies' },
    { type: 'add', unitId: b, group: 'allies' },
    { type: 'add', unitId: d, group: 'enemies' },
    { type: 'start', initiatives: { [a]: 20, [d]: 15, [b]: 10 } },
  );
  return { client, ids: { a, b, c, d }, started, headers: bearer(table.token, table.campaignId) };
}

describe('sourceId on attack and heal', () => {
  it('credits any unit of the fight, whoever has the turn, and no one when null or absent', async () => {
    const { client, ids, started } = await startedFight();
    const { a, b, d } = ids;
    let version = started.combat.version;
    const act = async (action: Parameters<typeof client.send>[1]) => {
      const answer = applied(await client.send(version, action));
      version = answer.combat.version;
      return answer.entries[0]!;
    };
    // a's turn: d strikes back (a reaction), b heals, a trap hits, something heals d.
    expect(await act({ type: 'attack', targetId: a, amount: 5, sourceId: d })).toMatchObject({
      actor: { id: d, name: 'U3', group: 'enemies' },
      turnOf: { id: a },
      target: { id: a },
    });
    expect(await act({ type: 'heal', targetId: a, amount: 2, sourceId: b })).toMatchObject({
      actor: { id: b },
      turnOf: { id: a },
    });
    expect(await act({ type: 'attack', targetId: d, amount: 7, sourceId: null })).toMatchObject({
      actor: null,
      target: { id: d },
      hpAfter: 23,
    });
    expect(await act({ type: 'heal', targetId: d, amount: 1 })).toMatchObject({ actor: null });
    // The GET shows the same entries.
    const log = (await client.get()).log.filter((entry) => entry.type === 'attack' || entry.type === 'heal');
    expect(log.map((entry) => entry.actor?.id ?? null)).toEqual([d, b, null, null]);
  });

  it.each([
    ['a unit of the campaign outside the fight', 'out'],
    ['an id of no unit', 'random'],
  ] as const)('refuses %s with a localized field error and changes nothing', async (_label, which) => {
    const { client, ids, started } = await startedFight('fr');
    const before = await client.get();
    const unitsBefore = await client.units();
    const sourceId = which === 'out' ? ids.c : crypto.randomUUID();
    for (const type of ['attack', 'heal'] as const) {
      const response = await client.send(started.combat.version, {
        type,
        targetId: ids.a,
        amount: 3,
        sourceId,
      });
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields ?? {})).toEqual(['sourceId']);
      // The French user reads French, never a key.
      expect(error.fields?.sourceId).toBe("L'auteur doit être une unité de ce combat, ou personne.");
    }
    const malformed = await client.send(started.combat.version, {
      type: 'attack',
      targetId: ids.a,
      amount: 3,
      sourceId: 'nope',
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(errorOf(malformed).fields ?? {})).toContain('action.sourceId');
    expect(await client.get()).toEqual(before);
    expect(await client.units()).toEqual(unitsBefore);
  });

  it("shows the players' feed the source, or no actor without one", async () => {
    const { client, ids, started, headers } = await startedFight();
    const share = await ctx.app.inject({ method: 'POST', url: '/api/combat/share', headers });
    expect(share.statusCode).toBe(200);
    const token = decodeURIComponent(share.json<{ url: string }>().url.split('/').pop()!);
    let version = started.combat.version;
    for (const action of [
      { type: 'attack', targetId: ids.a, amount: 4, sourceId: ids.d },
      { type: 'attack', targetId: ids.d, amount: 6, sourceId: null },
    ] as const) {
      version = applied(await client.send(version, action)).combat.version;
    }
    const view = (
      await ctx.app.inject({ url: `/api/play/${encodeURIComponent(token)}` })
    ).json<PlayerViewPayload>();
    const blows = view.log.filter((line) => line.type === 'attack');
    expect(blows.map((line) => [line.actor?.name ?? null, line.target?.name])).toEqual([
      ['U3', 'U0'],
      [null, 'U3'],
    ]);
  });

  it('counts the end-of-fight summary by source', async () => {
    const { client, ids, started } = await startedFight();
    const { a, b, d } = ids;
    let version = started.combat.version;
    for (const action of [
      // All on a's turn: b hits d, d hits a, a trap hits d, d heals itself, then b fells d.
      { type: 'attack', targetId: d, amount: 10, sourceId: b },
      { type: 'attack', targetId: a, amount: 4, sourceId: d },
      { type: 'attack', targetId: d, amount: 5, sourceId: null },
      { type: 'heal', targetId: d, amount: 3, sourceId: d },
      { type: 'attack', targetId: d, amount: 999, sourceId: b },
    ] as const) {
      version = applied(await client.send(version, action)).combat.version;
    }
    const { summary } = await client.get();
    expect(summary).not.toBeNull();
    const byId = new Map(summary!.units.map((unit) => [unit.id, unit]));
    // d had 30: 10 (b) + 5 (trap) → 15, healed 3 → 18, felled by b for 18.
    expect(byId.get(b)).toMatchObject({ damageDealt: 28, healingDone: 0 });
    expect(byId.get(a)).toMatchObject({ damageDealt: 0, damageTaken: 4 });
    expect(byId.get(d)).toMatchObject({ damageDealt: 4, damageTaken: 33, healingDone: 3, falls: 1 });
  });
});
