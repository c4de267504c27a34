// Monsters that play by their rules (docs/decisions/062), through the API on both databases, with the
// server's dice seeded: counters reset and recharged by the turn change in its own transaction and
// undone with it, lair actions that lose ties, a group's single turn, initiative rolled again each round,
// and saved encounters run in one step — all or nothing, never during a fight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CombatAction, CombatResponse } from '@questkeeper/core/schemas/combat';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import type { UnitCounterInput } from '@questkeeper/core/schemas/units';
import type { Encounter, EncounterBody } from '@questkeeper/core/schemas/encounters';
import { bearer, createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { applied, combatClient, play, setTable, type Table } from '../../../test/support/combat-client';

/** Scripted random sources: initiative draws in [0, 1) and die rolls, used in turn (then 0.5 and 1). */
const draws: number[] = [];
const rolls: number[] = [];
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    dice: { random: () => draws.shift() ?? 0.5, rollDie: () => rolls.shift() ?? 1 },
  });
});
afterAll(async () => ctx?.close());

type Client = ReturnType<typeof combatClient>;
const headersOf = (table: Table) => bearer(table.token, table.campaignId);
const nameOf = (fight: CombatResponse, names: Record<string, string>) =>
  fight.order.map((entry) =>
    entry.unitId ? names[entry.unitId] : `[${fight.hazards.find((h) => h.id === entry.hazardId)?.name}]`,
  );

/** Renames units and gives them counters through the units API. */
async function edit(
  table: Table,
  id: string,
  body: { name?: string; counters?: UnitCounterInput[]; currentHp?: number; isPlayer?: boolean },
) {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/units/${id}`,
    headers: headersOf(table),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ counters: { _id: string; label: string }[] }>();
}

async function refusedUnchanged(
  client: Client,
  action: CombatAction | Record<string, unknown>,
  status = 400,
) {
  const before = await client.get();
  const response = await client.send(before.version, action);
  expect(response.statusCode, response.body).toBe(status);
  expect(await client.get()).toEqual(before);
  return errorOf(response);
}

describe('counters in a fight', () => {
  it('reset at turn start, turn end and round start, recharge on a seeded die, and undo takes it all back', async () => {
    const table = await setTable(ctx, { n: 2 });
    const [hero, dragon] = table.ids as [string, string];
    const client = combatClient(ctx, table);
    const { counters } = await edit(table, dragon, {
      name: 'Dragon',
      counters: [
        { label: 'Legendary actions', max: 3, kind: 'uses', reset: 'turnStart' },
        { label: 'Fire breath', max: 1, kind: 'uses', reset: 'never', recharge: { die: 6, min: 5 } },
        { label: 'Wall of fire', max: 1, kind: 'countdown', reset: 'roundStart' },
        { label: 'Tail', max: 1, kind: 'uses', reset: 'turnEnd' },
      ],
    });
    const [legendary, breath, wall, tail] = counters.map((counter) => counter._id) as [
      string,
      string,
      string,
      string,
    ];
    await play(
      client,
      { type: 'add', unitId: hero, group: 'allies' },
      { type: 'add', unitId: dragon, group: 'enemies' },
    );
    const values = async () => (await client.get()).counters[dragon];
    expect(await values()).toEqual({ [legendary]: 3, [breath]: 1, [wall]: 1, [tail]: 1 });
    await play(
      client,
      { type: 'start', initiatives: { [hero]: 20, [dragon]: 10 } },
      { type: 'useCounter', unitId: dragon, counterId: legendary, amount: 2 },
      { type: 'useCounter', unitId: dragon, counterId: breath },
      { type: 'useCounter', unitId: dragon, counterId: tail },
    );
    const refusal = await refusedUnchanged(client, {
      type: 'useCounter',
      unitId: dragon,
      counterId: legendary,
      amount: 2,
    });
    expect(refusal.fields).toEqual({ amount: expect.stringContaining('1') });
    rolls.push(5);
    const dragonTurn = await play(client, { type: 'nextTurn' });
    expect(dragonTurn.combat.counters[dragon]).toEqual({ [legendary]: 3, [breath]: 1, [wall]: 1, [tail]: 0 });
    expect(
      dragonTurn.entries.map((entry) => [
        entry.type,
        entry.counter?.reason ?? null,
        entry.counter?.roll ?? null,
      ]),
    ).toEqual([
      ['nextTurn', null, null],
      ['counter', 'reset', null],
      ['counter', 'recharge', 5],
    ]);
    const wrap = await play(client, { type: 'nextTurn' });
    expect(wrap.combat.round).toBe(2);
    expect(wrap.combat.counters[dragon]).toEqual({ [legendary]: 3, [breath]: 1, [wall]: 0, [tail]: 1 });
    expect(wrap.entries.find((entry) => entry.counter?.label === 'Wall of fire')?.counter).toMatchObject({
      ranOut: true,
      after: 0,
    });
    // Undo the wrap, then the dragon's turn: every automatic change goes back with its step.
    const back = applied(await client.undoAt(wrap.combat.version));
    expect(back.combat.counters[dragon]).toEqual({ [legendary]: 3, [breath]: 1, [wall]: 1, [tail]: 0 });
    const backAgain = applied(await client.undoAt(back.combat.version));
    expect(backAgain.combat.counters[dragon]).toEqual({ [legendary]: 1, [breath]: 0, [wall]: 1, [tail]: 0 });
    expect(backAgain.entries.every((entry) => entry.undone)).toBe(true);
    // A miss this time: logged, nothing refilled.
    rolls.push(4);
    const miss = await play(client, { type: 'nextTurn' });
    expect(miss.combat.counters[dragon]![breath]).toBe(0);
    expect(miss.entries.find((entry) => entry.counter?.reason === 'recharge')?.counter).toMatchObject({
      roll: 4,
      after: 0,
    });
  });
});

describe('lair actions, groups and rerolls', () => {
  it('a lair action loses ties and takes its turn; players see a visible one by name and nothing of a hidden one', async () => {
    const table = await setTable(ctx, { n: 2 });
    const [hero, dragon] = table.ids as [string, string];
    const client = combatClient(ctx, table);
    const names = { [hero]: 'U0', [dragon]: 'U1' };
    await play(
      client,
      { type: 'add', unitId: hero, group: 'allies' },
      { type: 'add', unitId: dragon, group: 'enemies' },
      { type: 'addHazard', name: 'Cave tremors' },
      { type: 'addHazard', name: 'Secret pit', initiative: 5, hidden: true },
    );
    const started = await play(client, { type: 'start', initiatives: { [hero]: 20, [dragon]: 5 } });
    expect(nameOf(started.combat, names)).toEqual(['U0', '[Cave tremors]', 'U1', '[Secret pit]']);
    const lair = await play(client, { type: 'nextTurn' });
    expect(lair.entries[0]).toMatchObject({
      type: 'nextTurn',
      turnOf: null,
      hazard: { name: 'Cave tremors' },
    });
    const share = await ctx.app.inject({
      method: 'POST',
      url: '/api/combat/share',
      headers: headersOf(table),
    });
    const token = decodeURIComponent(share.json<{ url: string }>().url.split('/').pop()!);
    const read = async () => (await ctx.app.inject({ url: `/api/play/${token}` })).body;
    const onLair = JSON.parse(await read()) as PlayerViewPayload;
    expect(onLair.turn).toEqual({ unitId: null, hazardId: onLair.hazards[0]!.id });
    expect(onLair.hazards.map((hazard) => hazard.name)).toEqual(['Cave tremors']);
    await play(client, { type: 'nextTurn' }, { type: 'nextTurn' });
    const raw = await read();
    expect(raw).not.toContain('Secret pit');
    expect((JSON.parse(raw) as PlayerViewPayload).turn).toEqual({ unitId: null });
    expect((JSON.parse(raw) as PlayerViewPayload).order).toHaveLength(3);
  });

  it('five goblins roll once and act on one turn; fallen members are skipped and a group with none standing too', async () => {
    const table = await setTable(ctx, { n: 6, tier: 'Adventurer' });
    const [hero, ...goblins] = table.ids as [string, ...string[]];
    const client = combatClient(ctx, table);
    for (const [index, id] of goblins.entries()) {
      await edit(table, id, { name: index === 0 ? 'Goblin' : `Goblin ${index + 1}`, isPlayer: false });
    }
    await play(
      client,
      { type: 'add', unitId: hero, group: 'allies' },
      { type: 'add', unitIds: goblins, group: 'enemies' },
    );
    draws.push(0.1, 0.9);
    const started = await play(client, { type: 'start', groups: 'byName' });
    const groupIds = new Set(started.combat.order.map((entry) => entry.groupId));
    expect(started.combat.order.map((entry) => entry.unitId)).toEqual([...goblins, hero]);
    expect(groupIds.size).toBe(2);
    expect(started.entries[0]).toMatchObject({ group: { name: 'Goblin', size: 5 } });
    const heroTurn = await play(client, { type: 'nextTurn' });
    expect(heroTurn.combat.order[heroTurn.combat.turnIndex]!.unitId).toBe(hero);
    await play(client, { type: 'attack', targetId: goblins[0]!, amount: 999, sourceId: hero });
    const wrap = await play(client, { type: 'nextTurn' });
    expect(wrap.combat.order[wrap.combat.turnIndex]!.unitId).toBe(goblins[1]);
    expect(wrap.entries.find((entry) => entry.type === 'nextTurn')).toMatchObject({
      group: { size: 5 },
      turnOf: { id: goblins[1] },
    });
  });

  it('rolls initiative again when the round wraps, and undo puts the old order back exactly', async () => {
    const table = await setTable(ctx, { n: 3 });
    const [a, b, c] = table.ids as [string, string, string];
    const client = combatClient(ctx, table);
    await play(
      client,
      { type: 'add', unitId: a, group: 'allies' },
      { type: 'add', unitIds: [b, c], group: 'enemies' },
    );
    draws.push(0.9, 0.5);
    const started = await play(client, { type: 'start', initiatives: { [a]: 12 }, rerollEachRound: true });
    expect(started.combat.order.map((entry) => entry.unitId)).toEqual([b, a, c]);
    await play(client, { type: 'nextTurn' }, { type: 'nextTurn' });
    const before = await client.get();
    draws.push(0.05, 0.95);
    const wrap = await play(client, { type: 'nextTurn' });
    expect(wrap.combat.order.map((entry) => [entry.unitId, entry.initiative])).toEqual([
      [c, 20],
      [a, 12],
      [b, 2],
    ]);
    expect(wrap.entries.map((entry) => entry.type)).toEqual(['reroll', 'nextTurn']);
    const back = applied(await client.undoAt(wrap.combat.version));
    const {
      version: _v,
      updatedAt: _u,
      log: _l,
      logTotal: _t,
      logUndoneFrom: _f,
      canUndo: _cu,
      canRedo: _cr,
      ...restored
    } = back.combat;
    const {
      version: _v2,
      updatedAt: _u2,
      log: _l2,
      logTotal: _t2,
      logUndoneFrom: _f2,
      canUndo: _cu2,
      canRedo: _cr2,
      ...was
    } = before;
    expect(restored).toEqual(was);
  });
});

describe('saved encounters run in one step', () => {
  async function save(table: Table, body: EncounterBody): Promise<Encounter> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/encounters',
      headers: headersOf(table),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const run = async (table: Table, id: string, version: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/encounters/${id}/run`,
      headers: headersOf(table),
      payload: { version },
    });

  it('sets the fight up with copies, hazards and hidden units as one undoable step', async () => {
    const table = await setTable(ctx, { n: 3, tier: 'Adventurer' });
    const [hero, goblin, spy] = table.ids as [string, string, string];
    const client = combatClient(ctx, table);
    await edit(table, goblin, { name: 'Goblin', currentHp: 3 });
    await edit(table, spy, { name: 'Spy' });
    const encounter = await save(table, {
      name: 'Ambush',
      allies: [{ unitId: hero }],
      enemies: [{ unitId: goblin, count: 3 }, { unitId: spy }],
      hazards: [{ name: 'Rockfall', initiative: 20, hidden: false }],
      hidden: [spy],
      groups: 'byName',
      // Encounter notes are the GM's (decision 081): neither their public words nor a secret block
      // reach the player page.
      notes: 'Brisk ambushnote words.\n:::secret\nThe spy betrays at round 3 secretnote.\n:::\n',
    });
    const { version } = await client.get();
    const response = await run(table, encounter._id, version);
    const ran = applied(response);
    expect(ran.combat.version).toBe(version + 1);
    const units = await client.units();
    const byName = Object.fromEntries(units.map((unit) => [unit.name, unit]));
    expect(Object.keys(byName).sort()).toEqual(['Goblin', 'Goblin 2', 'Goblin 3', 'Spy', 'U0']);
    expect(ran.combat.allies).toEqual([hero]);
    expect(ran.combat.enemies).toEqual([goblin, byName['Goblin 2']!._id, byName['Goblin 3']!._id, spy]);
    expect(ran.combat.hazards.map((hazard) => hazard.name)).toEqual(['Rockfall']);
    expect(ran.combat.grouping).toBe('byName');
    expect(byName.Goblin!.currentHp).toBe(30);
    const settings = await ctx.app.inject({ url: '/api/combat/player-view', headers: headersOf(table) });
    expect(settings.json<{ units: Record<string, { hidden?: boolean }> }>().units[spy]).toEqual({
      hidden: true,
    });
    const share = await ctx.app.inject({
      method: 'POST',
      url: '/api/combat/share',
      headers: headersOf(table),
    });
    const token = decodeURIComponent(share.json<{ url: string }>().url.split('/').pop()!);
    const seen = (await ctx.app.inject({ url: `/api/play/${token}` })).body;
    expect(seen).toContain('Rockfall');
    expect(seen).not.toMatch(/ambushnote|secretnote/);
    // Running it again reuses the copies it made.
    const undone = applied(await client.undoAt(ran.combat.version));
    expect(undone.combat.allies).toEqual([]);
    applied(await run(table, encounter._id, undone.combat.version));
    expect(await client.units()).toHaveLength(5);
  });

  it('is all or nothing at the unit limit, refused during a fight, and 404 for another user', async () => {
    const table = await setTable(ctx, { n: 9 });
    const [hero, goblin] = table.ids as [string, string];
    const client = combatClient(ctx, table);
    const encounter = await save(table, {
      name: 'Too many',
      allies: [{ unitId: hero }],
      enemies: [{ unitId: goblin, count: 3 }],
    });
    const before = await client.get();
    const over = await run(table, encounter._id, before.version);
    expect(over.statusCode, over.body).toBe(403);
    expect(errorOf(over).code).toBe('UNIT_COPIES_OVER_LIMIT');
    expect(await client.units()).toHaveLength(9);
    expect(await client.get()).toEqual(before);

    const small = await save(table, {
      name: 'Duel',
      allies: [{ unitId: hero }],
      enemies: [{ unitId: goblin }],
    });
    const ran = applied(await run(table, small._id, before.version));
    const started = await play(client, { type: 'start' });
    const during = await run(table, small._id, started.combat.version);
    expect(during.statusCode, during.body).toBe(409);
    expect(errorOf(during).code).toBe('COMBAT_IN_PROGRESS');
    expect((await client.get()).version).toBe(started.combat.version);
    expect(ran.combat.version).toBeLessThan(started.combat.version);

    const stranger = await setTable(ctx, { n: 1 });
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/encounters/${small._id}/run`,
      headers: headersOf(stranger),
      payload: { version: 0 },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await combatClient(ctx, stranger).get()).version).toBe(0);
  });
});
