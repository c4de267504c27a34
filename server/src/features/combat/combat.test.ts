// Reading a fight, starting it with initiatives typed by hand, the rules of docs/product.md#combat the
// server keeps, healing after a unit is deleted, and ownership. Writes go through actions only: the
// whole-state PUT is gone (decision 021).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_COMBAT } from '@questkeeper/core/combat/combat';
import { bearer, createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { combatClient, play, setTable, type Table, twoAgainstTwo } from '../../../test/support/combat-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const getCombat = (token: string, campaignId?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/combat', headers: bearer(token, campaignId) });

const setHp = (table: Table, id: string, currentHp: number) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/units/${id}`,
    headers: bearer(table.token, table.campaignId),
    payload: { currentHp },
  });

/** U0, U1 allies and U2, U3 enemies, started with typed initiatives: U2 19, U0 15, U3 7, U1 2. */
async function startedFight(table: Table) {
  const [a = '', b = '', c = '', d = ''] = table.ids;
  return play(combatClient(ctx, table), ...twoAgainstTwo(a, b, c, d), {
    type: 'start',
    initiatives: { [c]: 19, [a]: 15, [d]: 7, [b]: 2 },
  });
}

describe('GET /api/combat', () => {
  it('answers the empty combat with updatedAt null and version 0 before anything is saved', async () => {
    const { token, campaignId } = await setTable(ctx, { n: 0 });
    const response = await getCombat(token, campaignId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...EMPTY_COMBAT,
      updatedAt: null,
      version: 0,
      conditions: {},
      canUndo: false,
      canRedo: false,
      log: [],
      logTotal: 0,
      logBefore: null,
      logUndoneFrom: null,
      summary: null,
    });
  });

  it('no longer takes a whole fight by PUT (decision 021)', async () => {
    const { token, campaignId } = await setTable(ctx, { n: 0 });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/combat',
      headers: bearer(token, campaignId),
      payload: EMPTY_COMBAT,
    });
    expect(response.statusCode).toBe(404);
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths['/api/combat'])).toEqual(['get']);
  });
});

describe('start with typed initiatives', () => {
  it('plays the typed order, rolls the units left out, and keeps which was typed', async () => {
    const table = await setTable(ctx, { n: 4 });
    const [a = '', b = '', c = '', d = ''] = table.ids;
    const client = combatClient(ctx, table);
    await play(client, ...twoAgainstTwo(a, b, c, d));
    // U0 and U2 type 25 (above any d20), U1 types -1000 (below): the rolled U3 lands in between.
    const started = await play(client, {
      type: 'start',
      initiatives: { [a]: 25, [c]: 25, [b]: -1000 },
    });
    expect(started.combat).toMatchObject({ phase: 'fight', turnIndex: 0, round: 1 });
    // A tie goes to the name: U0 before U2.
    expect(started.combat.order.map((entry) => entry.unitId)).toEqual([a, c, d, b]);
    expect(started.combat.order[0]!.initiative).toBe(25);
    expect(started.combat.order[3]!.initiative).toBe(-1000);
    const rolled = started.combat.order[2]!.initiative;
    expect(rolled).toBeGreaterThanOrEqual(1);
    expect(rolled).toBeLessThanOrEqual(20);
    expect(started.entries).toHaveLength(1);
    // Which were typed is the fight's; the entry does not list the order again (decision 074).
    expect([...started.combat.typed].sort()).toEqual([a, b, c].sort());
    expect(started.entries[0]).toMatchObject({
      type: 'start',
      turnOf: { id: a, name: 'U0', group: 'allies' },
      initiatives: null,
    });
    // What a second device reads is the same entry, and undo takes the start back whole.
    expect((await client.get()).log.at(-1)).toEqual(started.entries[0]);
    const undone = await client.undoAt(started.combat.version);
    expect(undone.json().combat).toMatchObject({ phase: 'setup', order: [] });
  });

  it('refuses a unit not in the fight and initiatives out of bounds, changing nothing', async () => {
    const table = await setTable(ctx, { n: 3 });
    const [a = '', b = '', c = ''] = table.ids;
    const client = combatClient(ctx, table);
    const setup = await play(
      client,
      { type: 'add', unitId: a, group: 'allies' },
      { type: 'add', unitId: b, group: 'enemies' },
    );
    const stranger = crypto.randomUUID();
    for (const [initiatives, field, message] of [
      [{ [c]: 5 }, `initiatives.${c}`, 'This unit is neither an ally nor an enemy in this combat.'],
      [
        { [stranger]: 5 },
        `initiatives.${stranger}`,
        'This unit is neither an ally nor an enemy in this combat.',
      ],
      [{ [a]: 100_001 }, `action.initiatives.${a}`, 'Must be at most 100000.'],
      [{ [a]: -1001 }, `action.initiatives.${a}`, 'Must be at least -1000.'],
      [{ [a]: 2.5 }, `action.initiatives.${a}`, 'Must be a whole number.'],
      [{ 'not-an-id': 3 }, 'action.initiatives.not-an-id', 'This value is not valid.'],
    ] as const) {
      const response = await client.send(setup.combat.version, { type: 'start', initiatives });
      expect(response.statusCode, JSON.stringify(initiatives)).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields?.[field], JSON.stringify(error.fields)).toBe(message);
    }
    const after = await client.get();
    expect(after).toMatchObject({ phase: 'setup', version: setup.combat.version });
  });

  it('takes typed initiatives within the bounds, in French too for refusals', async () => {
    const table = await setTable(ctx, { n: 2, language: 'fr' });
    const [a = '', b = ''] = table.ids;
    const client = combatClient(ctx, table);
    const setup = await play(
      client,
      { type: 'add', unitId: a, group: 'allies' },
      { type: 'add', unitId: b, group: 'enemies' },
    );
    const outside = await client.send(setup.combat.version, {
      type: 'start',
      initiatives: { [crypto.randomUUID()]: 1 },
    });
    expect(Object.values(errorOf(outside).fields ?? {})).toEqual([
      "Cette unité n'est ni alliée ni ennemie dans ce combat.",
    ]);
    const started = await play(client, { type: 'start', initiatives: { [a]: -1000, [b]: 100_000 } });
    expect(started.combat.order).toEqual([
      { unitId: b, initiative: 100_000 },
      { unitId: a, initiative: -1000 },
    ]);
  });
});

describe('rules of docs/product.md#behaviour the server keeps', () => {
  it('refuses a unit with 0 HP joining, but keeps one that fell once in a group', async () => {
    // setTable: U0 and U2 are player characters, U1 and U3 are not.
    const table = await setTable(ctx, { n: 4 });
    const [a = '', b = '', c = '', d = ''] = table.ids;
    const client = combatClient(ctx, table);
    // A player character at 0 HP may not join either (docs/decisions/061 keeps this rule).
    await setHp(table, a, 0);
    const setup = await play(client, { type: 'add', unitId: b, group: 'allies' });
    const refused = await client.send(setup.combat.version, { type: 'add', unitId: a, group: 'allies' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ unitId: 'A unit with 0 HP cannot join a fight.' });

    await play(
      client,
      { type: 'add', unitId: d, group: 'allies' },
      { type: 'add', unitId: c, group: 'enemies' },
    );
    await setHp(table, d, 0);
    expect((await client.get()).allies).toEqual([b, d]);
    // The fallen unit (not a player character, which would keep its turn) keeps its place in the
    // order; the first standing unit plays.
    const started = await play(client, { type: 'start', initiatives: { [d]: 20, [c]: 10, [b]: 5 } });
    expect(started.combat.order.map((entry) => entry.unitId)).toEqual([d, c, b]);
    expect(started.combat.turnIndex).toBe(1);
  });

  it('refuses to start without a standing unit on each side, in the user’s language', async () => {
    // c: U3, not a player character (one at 0 HP would still stand, docs/decisions/061).
    const table = await setTable(ctx, { n: 4 });
    const [a = '', b = '', , c = ''] = table.ids;
    const client = combatClient(ctx, table);
    const alone = await play(
      client,
      { type: 'add', unitId: a, group: 'allies' },
      { type: 'add', unitId: b, group: 'allies' },
    );
    const refused = await client.send(alone.combat.version, { type: 'start', initiatives: { [a]: 5 } });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({
      code: 'FIGHT_NEEDS_BOTH_GROUPS',
      message: 'A fight needs at least one ally and one enemy still standing.',
    });

    // An enemy that fell after joining does not count as a side.
    await play(client, { type: 'add', unitId: c, group: 'enemies' });
    await setHp(table, c, 0);
    const { version } = await client.get();
    expect(errorOf(await client.send(version, { type: 'start' })).code).toBe('FIGHT_NEEDS_BOTH_GROUPS');
    await setHp(table, c, 10);
    const started = await play(client, { type: 'start' });
    expect(started.combat.phase).toBe('fight');

    const french = await setTable(ctx, { n: 0, language: 'fr' });
    const frenchRefusal = await combatClient(ctx, french).send(0, { type: 'start' });
    expect(errorOf(frenchRefusal).message).toBe(
      'Un combat demande au moins un allié et un ennemi encore debout.',
    );
  });
});

describe('self-healing after a unit is deleted', () => {
  it('drops the deleted unit everywhere and keeps the turn on the same unit', async () => {
    const table = await setTable(ctx, { n: 4 });
    const { ids } = table;
    await startedFight(table);
    const client = combatClient(ctx, table);
    // Order U2, U0, U3, U1: two turns on, it is U3's turn; U2 (first in the order) is the target.
    await play(client, { type: 'nextTurn' }, { type: 'nextTurn' });
    await play(client, { type: 'heal', targetId: ids[2]!, amount: 1 });
    expect((await client.get()).turnIndex).toBe(2);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/units/${ids[2]}`,
      headers: bearer(table.token, table.campaignId),
    });
    expect(del.statusCode).toBe(204);
    const healed = await client.get();
    expect(healed).toMatchObject({
      allies: [ids[0], ids[1]],
      enemies: [ids[3]],
      order: [
        { unitId: ids[0], initiative: 15 },
        { unitId: ids[3], initiative: 7 },
        { unitId: ids[1], initiative: 2 },
      ],
      turnIndex: 1,
      targetId: null,
    });
    // The healed fight plays on.
    const next = await play(client, { type: 'nextTurn' });
    expect(next.combat.order[next.combat.turnIndex]!.unitId).toBe(ids[1]);
  });

  it('wraps the turn to the first unit when the last unit of the order is deleted on its turn', async () => {
    const table = await setTable(ctx, { n: 4 });
    const { ids } = table;
    await startedFight(table);
    const client = combatClient(ctx, table);
    await play(client, { type: 'nextTurn' }, { type: 'nextTurn' }, { type: 'nextTurn' });
    await play(client, { type: 'attack', targetId: ids[2]!, amount: 1 });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/units/${ids[1]}`,
      headers: bearer(table.token, table.campaignId),
    });
    const healed = await client.get();
    expect(healed.order).toHaveLength(3);
    expect(healed.turnIndex).toBe(0);
    expect(healed.targetId).toBe(ids[2]);
  });
});

describe('header and ownership', () => {
  it('answers 400 CAMPAIGN_REQUIRED, 404 for malformed or unknown campaigns, 401 without token', async () => {
    const { token } = await setTable(ctx, { n: 0 });
    const start = { version: 0, action: { type: 'start' } };
    const post = (campaignId?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/combat/actions',
        headers: bearer(token, campaignId),
        payload: start,
      });
    expect(errorOf(await getCombat(token)).code).toBe('CAMPAIGN_REQUIRED');
    expect(errorOf(await post()).code).toBe('CAMPAIGN_REQUIRED');
    expect((await getCombat(token, 'abc')).statusCode).toBe(404);
    expect((await post(crypto.randomUUID())).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/combat' })).statusCode).toBe(401);
  });

  it("isolates users: another user's combat answers 404 and stays unchanged", async () => {
    const a = await setTable(ctx, { n: 4 });
    await startedFight(a);
    const saved = (await getCombat(a.token, a.campaignId)).json();
    const b = await setTable(ctx, { n: 0 });
    const read = await getCombat(b.token, a.campaignId);
    expect(read.statusCode).toBe(404);
    expect(errorOf(read).code).toBe('NOT_FOUND');
    const write = await combatClient(ctx, { token: b.token, campaignId: a.campaignId }).send(saved.version, {
      type: 'end',
    });
    expect(write.statusCode).toBe(404);
    expect((await getCombat(a.token, a.campaignId)).json()).toEqual(saved);
    expect((await getCombat(b.token, b.campaignId)).json().updatedAt).toBeNull();
  });
});
