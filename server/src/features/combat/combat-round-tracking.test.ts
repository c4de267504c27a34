// What a game master tracks every round (docs/decisions/061), through the API on both databases: a
// downed player character keeps its turn for death saves, temporary HP take a blow first, one roll
// shared out as half / double / none, pinned characteristics stay the game master's, and the initiative
// modifier of the rules that add a characteristic to a die.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCampaignData } from '@questkeeper/core/campaigns/default-campaign';
import type { CombatAction, CombatResponse } from '@questkeeper/core/schemas/combat';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import { campaigns, combatLog, combats, units } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  listenOnFreePort,
  type TestContext,
} from '../../../test/support/harness';
import {
  applied,
  combatClient,
  play,
  setTable,
  startedFight,
  twoAgainstTwo,
} from '../../../test/support/combat-client';
import { campaignClient } from '../../../test/support/campaign-client';
import { openPlayerStream } from '../../../test/support/player-stream-client';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  port = await listenOnFreePort(ctx);
});
afterAll(async () => ctx?.close());

type Client = ReturnType<typeof combatClient>;

/** Whose turn it is. */
const turnOf = (fight: CombatResponse) => fight.order[fight.turnIndex]?.unitId;

/** The unit as the units API shows it now. */
async function unitOf(client: Client, id: string) {
  const unit = (await client.units()).find((each) => each._id === id);
  if (!unit) throw new Error(`no unit ${id}`);
  return unit;
}

/** Sends at the current version, expecting a 400 that changed nothing (version, fight, units). */
async function refusedUnchanged(client: Client, action: CombatAction | Record<string, unknown>) {
  const before = await client.get();
  const unitsBefore = await client.units();
  const response = await client.send(before.version, action);
  expect(response.statusCode, response.body).toBe(400);
  expect(await client.get()).toEqual(before);
  expect(await client.units()).toEqual(unitsBefore);
  return errorOf(response);
}

/**
 * U0 (a player character) and U1 (not one) allies, U3 an enemy, at typed initiatives 30, 25, 20; U2
 * (a player character) an ally at 22. The fight starts on U0's turn.
 */
async function downedTable(language: 'en' | 'fr' = 'en') {
  const fight = await startedFight(
    ctx,
    [
      { index: 0, group: 'allies', initiative: 30 },
      { index: 1, group: 'allies', initiative: 25 },
      { index: 2, group: 'allies', initiative: 22 },
      { index: 3, group: 'enemies', initiative: 20 },
    ],
    language,
  );
  expect(turnOf(fight.started.combat)).toBe(fight.ids.a);
  return fight;
}

describe('downed player characters', () => {
  it('keep their turn and take death saves; a unit that is not one is skipped at 0 HP', async () => {
    const { client, ids } = await downedTable();
    const { a, b, c, d } = ids;
    await play(
      client,
      { type: 'attack', targetId: b, amount: 999 },
      { type: 'attack', targetId: a, amount: 999 },
    );
    expect((await unitOf(client, a)).currentHp).toBe(0);

    // a → (b at 0 HP, skipped) → c → d → a again, Down but its saves go on.
    const toC = await play(client, { type: 'nextTurn' });
    expect(toC.entries[0]).toMatchObject({ type: 'nextTurn', turnOf: { id: c } });
    await play(client, { type: 'nextTurn' });
    const back = await play(client, { type: 'nextTurn' });
    expect(turnOf(back.combat)).toBe(a);
    expect(back.entries[0]).toMatchObject({ turnOf: { id: a }, wrapped: true, round: 2 });

    const saved = await play(client, { type: 'deathSave', unitId: a, result: 'failure' });
    expect(saved.entries).toMatchObject([
      { type: 'deathSave', target: { id: a }, deathSave: { result: 'failure', successes: 0, failures: 1 } },
    ]);
    expect(saved.combat.deathSaves).toEqual({ [a]: { successes: 0, failures: 1 } });
    expect(saved.combat.log.at(-1)).toEqual(saved.entries[0]);

    // Not Down: a unit that is not a player character at 0 HP, or one still standing.
    for (const unitId of [b, c, d]) {
      const error = await refusedUnchanged(client, { type: 'deathSave', unitId, result: 'success' });
      expect(error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { unitId: 'Only a player character at 0 HP makes death saves.' },
      });
    }
  });

  it.each([
    ['en', 'Normal', 'Dead'],
    ['fr', 'Normal', 'Mort'],
  ] as const)(
    'three failures write the campaign\'s "dead" status (%s); undo gives back the status and the tally',
    async (language, normal, dead) => {
      const { table, client, ids } = await downedTable(language);
      const { a, c } = ids;
      // The default statuses of a campaign created in that language.
      const { statuses } = defaultCampaignData(language, () => crypto.randomUUID());
      await ctx.app.database.db.update(campaigns).set({ statuses }).where(eq(campaigns.id, table.campaignId));
      await play(client, { type: 'attack', targetId: a, amount: 999 });
      await play(
        client,
        { type: 'deathSave', unitId: a, result: 'failure' },
        { type: 'deathSave', unitId: a, result: 'success' },
        { type: 'deathSave', unitId: a, result: 'failure' },
      );
      const third = await play(client, { type: 'deathSave', unitId: a, result: 'failure' });
      expect(third.entries[0]).toMatchObject({
        type: 'deathSave',
        deathSave: { result: 'failure', successes: 1, failures: 3 },
        statusBefore: normal,
        statusAfter: dead,
        defeated: null,
      });
      expect(third.units).toMatchObject([{ _id: a, status: dead, currentHp: 0 }]);
      expect((await unitOf(client, a)).status).toBe(dead);

      // Over: no more saves, and its turn no longer comes.
      const ended = await refusedUnchanged(client, { type: 'deathSave', unitId: a, result: 'success' });
      expect(Object.keys(ended.fields ?? {})).toEqual(['unitId']);
      expect(ended.fields?.unitId).toBe(
        language === 'en'
          ? "This unit's death saves are over: it is stable or dead."
          : 'Les jets contre la mort de cette unité sont terminés : elle est stable ou morte.',
      );
      let fight = third.combat;
      for (let i = 0; i < 4; i++) {
        fight = (await play(client, { type: 'nextTurn' })).combat;
        expect(turnOf(fight)).not.toBe(a);
      }
      expect(fight.order.map((entry) => entry.unitId)).toContain(c);

      // Undo the turns, then the third failure: the status and the tally come back.
      let version = fight.version;
      for (let i = 0; i < 4; i++) version = applied(await client.undoAt(version)).combat.version;
      const undone = applied(await client.undoAt(version));
      expect(undone.units).toMatchObject([{ _id: a, status: normal }]);
      expect(undone.combat.deathSaves).toEqual({ [a]: { successes: 1, failures: 2 } });
      expect((await unitOf(client, a)).status).toBe(normal);
      const redone = applied(await client.redoAt(undone.combat.version));
      expect(redone.combat.deathSaves).toEqual({ [a]: { successes: 1, failures: 3 } });
      expect((await unitOf(client, a)).status).toBe(dead);
    },
  );

  it('three successes leave the unit stable: the status stays when the campaign has no matching one', async () => {
    const { client, ids } = await downedTable();
    const { a } = ids;
    await play(client, { type: 'attack', targetId: a, amount: 999 });
    await play(
      client,
      { type: 'deathSave', unitId: a, result: 'success' },
      { type: 'deathSave', unitId: a, result: 'success' },
    );
    const third = await play(client, { type: 'deathSave', unitId: a, result: 'success' });
    expect(third.entries[0]).toMatchObject({
      deathSave: { result: 'success', successes: 3, failures: 0 },
      statusBefore: null,
      statusAfter: null,
    });
    expect(third.units).toEqual([]);
    expect(third.combat.deathSaves[a]).toEqual({ successes: 3, failures: 0 });
    expect((await unitOf(client, a)).status).toBe('Normal');
    await refusedUnchanged(client, { type: 'deathSave', unitId: a, result: 'failure' });
  });

  it('the fight ends when the last downed player character of a side dies, not when it drops', async () => {
    const { client, ids } = await startedFight(ctx, [
      { index: 0, group: 'allies', initiative: 30 },
      { index: 3, group: 'enemies', initiative: 20 },
    ]);
    const { a } = ids;
    const dropped = await play(client, { type: 'attack', targetId: a, amount: 999 });
    expect(dropped.entries[0]!.defeated).toBeNull();
    expect(dropped.combat.phase).toBe('fight');
    await play(
      client,
      { type: 'deathSave', unitId: a, result: 'failure' },
      { type: 'deathSave', unitId: a, result: 'failure' },
    );
    const died = await play(client, { type: 'deathSave', unitId: a, result: 'failure' });
    expect(died.entries[0]).toMatchObject({ type: 'deathSave', defeated: 'allies', statusAfter: 'Dead' });
    expect(died.combat).toMatchObject({
      phase: 'setup',
      allies: [],
      enemies: [],
      deathSaves: {},
      tempHp: {},
    });
    expect(died.combat.summary).not.toBeNull();
  });

  it('a heal clears the tally; undo brings it back', async () => {
    const { client, ids } = await downedTable();
    const { a } = ids;
    await play(
      client,
      { type: 'attack', targetId: a, amount: 999 },
      { type: 'deathSave', unitId: a, result: 'success' },
      { type: 'deathSave', unitId: a, result: 'failure' },
    );
    const healed = await play(client, { type: 'heal', targetId: a, amount: 5 });
    expect(healed.entries[0]).toMatchObject({ type: 'heal', hpBefore: 0, hpAfter: 5 });
    expect(healed.combat.deathSaves).toEqual({});
    expect(await refusedUnchanged(client, { type: 'deathSave', unitId: a, result: 'success' })).toMatchObject(
      { fields: { unitId: 'Only a player character at 0 HP makes death saves.' } },
    );

    const undone = applied(await client.undoAt(healed.combat.version));
    expect(undone.combat.deathSaves).toEqual({ [a]: { successes: 1, failures: 1 } });
    expect(undone.units).toMatchObject([{ _id: a, currentHp: 0 }]);
    // The saves go on from there.
    const next = await play(client, { type: 'deathSave', unitId: a, result: 'success' });
    expect(next.entries[0]!.deathSave).toEqual({ result: 'success', successes: 2, failures: 1 });
  });
});

describe('temporary HP', () => {
  it('take a blow first; undo gives back both HP and temporary HP', async () => {
    const { client, ids } = await downedTable();
    const { a } = ids;
    const given = await play(client, { type: 'setTempHp', unitId: a, value: 8 });
    expect(given.entries).toMatchObject([
      { type: 'setTempHp', target: { id: a }, tempBefore: 0, tempAfter: 8 },
    ]);
    expect(given.combat.tempHp).toEqual({ [a]: 8 });
    expect(given.units).toEqual([]);

    // HP 30 → 30, temp 8 → 1.
    const soaked = await play(client, { type: 'attack', targetId: a, amount: 7 });
    expect(soaked.entries[0]).toMatchObject({
      amount: 7,
      hpBefore: 30,
      hpAfter: 30,
      tempBefore: 8,
      tempAfter: 1,
    });
    expect(soaked.combat.tempHp).toEqual({ [a]: 1 });
    expect((await unitOf(client, a)).currentHp).toBe(30);

    // HP 30 → 26, temp 1 → 0: the key goes.
    const through = await play(client, { type: 'attack', targetId: a, amount: 5 });
    expect(through.entries[0]).toMatchObject({ hpBefore: 30, hpAfter: 26, tempBefore: 1, tempAfter: 0 });
    expect(through.combat.tempHp).toEqual({});
    expect(through.units).toMatchObject([{ _id: a, currentHp: 26 }]);

    // A unit without temporary HP: the entry says nothing of them.
    const plain = await play(client, { type: 'attack', targetId: a, amount: 1 });
    expect(plain.entries[0]).toMatchObject({ hpBefore: 26, hpAfter: 25, tempBefore: null, tempAfter: null });

    let version = applied(await client.undoAt(plain.combat.version)).combat.version;
    const back = applied(await client.undoAt(version));
    expect(back.combat.tempHp).toEqual({ [a]: 1 });
    expect(back.units).toMatchObject([{ _id: a, currentHp: 30 }]);
    version = applied(await client.undoAt(back.combat.version)).combat.version;
    const fight = await client.get();
    expect(fight.version).toBe(version);
    expect(fight.tempHp).toEqual({ [a]: 8 });
    expect((await unitOf(client, a)).currentHp).toBe(30);
  });

  it('a new value replaces the old one, 0 removes them, and they may be set before the fight starts', async () => {
    const table = await setTable(ctx, { n: 4 });
    const client = combatClient(ctx, table);
    const [a = '', b = '', c = '', d = ''] = table.ids;
    await play(client, ...twoAgainstTwo(a, b, c, d));
    const setup = await play(client, { type: 'setTempHp', unitId: c, value: 5 });
    expect(setup.combat).toMatchObject({ phase: 'setup', tempHp: { [c]: 5 } });
    const replaced = await play(client, { type: 'setTempHp', unitId: c, value: 3 });
    expect(replaced.entries[0]).toMatchObject({ tempBefore: 5, tempAfter: 3 });
    expect(replaced.combat.tempHp).toEqual({ [c]: 3 });
    const cleared = await play(client, { type: 'setTempHp', unitId: c, value: 0 });
    expect(cleared.entries[0]).toMatchObject({ tempBefore: 3, tempAfter: 0 });
    expect(cleared.combat.tempHp).toEqual({});
  });

  it.each([
    ['en', 1000, 'Must be at most 999.'],
    ['en', -1, 'Must be at least 0.'],
    ['fr', 1000, 'Doit être au plus 999.'],
    ['fr', -1, 'Doit être au moins 0.'],
  ] as const)(
    'refuses %s value %s with a localized message, changing nothing',
    async (language, value, message) => {
      const table = await setTable(ctx, { n: 2, language });
      const client = combatClient(ctx, table);
      const [a = '', b = ''] = table.ids;
      await play(
        client,
        { type: 'add', unitId: a, group: 'allies' },
        { type: 'add', unitId: b, group: 'enemies' },
      );
      const error = await refusedUnchanged(client, { type: 'setTempHp', unitId: a, value });
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'action.value': message } });
    },
  );

  it('refuses a unit outside the fight', async () => {
    const table = await setTable(ctx, { n: 3 });
    const client = combatClient(ctx, table);
    const [a = '', b = '', outside = ''] = table.ids;
    await play(
      client,
      { type: 'add', unitId: a, group: 'allies' },
      { type: 'add', unitId: b, group: 'enemies' },
    );
    const error = await refusedUnchanged(client, { type: 'setTempHp', unitId: outside, value: 4 });
    expect(Object.keys(error.fields ?? {})).toEqual(['unitId']);
  });
});

describe('half, double or none of one roll', () => {
  it('shares one dice roll out on an area blow', async () => {
    const { client, ids } = await downedTable();
    const { a, b, c, d } = ids;
    for (let run = 0; run < 3; run++) {
      const hit = await play(client, {
        type: 'attack',
        targetId: d,
        targetIds: [a, b, c],
        amount: '2d6',
        modifiers: { [a]: 'half', [b]: 'double', [c]: 'none' },
      });
      const byTarget = new Map(hit.entries.map((entry) => [entry.target!.id, entry]));
      const whole = byTarget.get(d)!;
      const roll = whole.amount!;
      expect(roll).toBeGreaterThanOrEqual(2);
      expect(roll).toBeLessThanOrEqual(12);
      expect(whole).toMatchObject({ modifier: null, rolled: null, input: '2d6' });
      expect(byTarget.get(a)).toMatchObject({ modifier: 'half', rolled: roll, amount: Math.floor(roll / 2) });
      expect(byTarget.get(b)).toMatchObject({ modifier: 'double', rolled: roll, amount: roll * 2 });
      // Nothing taken, still logged.
      expect(byTarget.get(c)).toMatchObject({
        modifier: 'none',
        rolled: roll,
        amount: 0,
        hpBefore: 30,
        hpAfter: 30,
      });
      for (const entry of hit.entries) {
        expect(entry.hpAfter).toBe(Math.max(0, entry.hpBefore! - entry.amount!));
        expect(entry.breakdown).toBe(whole.breakdown);
      }
      const current = new Map((await client.units()).map((unit) => [unit._id, unit.currentHp]));
      for (const entry of hit.entries) expect(current.get(entry.target!.id)).toBe(entry.hpAfter);
      // Back to full HP for the next run.
      await play(client, { type: 'heal', targetId: d, targetIds: [a, b, c], amount: 999 });
    }
  });

  it('refuses a modifier naming a unit outside the blow, changing nothing', async () => {
    const { client, ids } = await downedTable();
    const { a, b, c, d } = ids;
    const error = await refusedUnchanged(client, {
      type: 'attack',
      targetId: d,
      targetIds: [a],
      amount: 4,
      modifiers: { [a]: 'half', [c]: 'double' },
    });
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [`modifiers.${c}`]: "A modifier must name one of the blow's targets." },
    });
    const triple: Record<string, unknown> = {
      type: 'attack',
      targetId: b,
      amount: 4,
      modifiers: { [b]: 'triple' },
    };
    const bad = await refusedUnchanged(client, triple);
    expect(bad.code).toBe('VALIDATION_FAILED');
  });
});

describe('pinned characteristics', () => {
  it('never reach players: neither the player JSON nor its stream', async () => {
    const pinned = `Pin${crypto.randomBytes(4).toString('hex')}`;
    const value = 97;
    const table = await setTable(ctx, { n: 4, tier: 'Hero', characteristics: { [pinned]: value } });
    const api = campaignClient(ctx.app);
    const [campaign] = await api.campaigns(table.token);
    const saved = await api.update(table.token, table.campaignId, {
      characteristics: [
        ...campaign!.characteristics.map((item, i) => ({ ...item, pinned: i === 0 })),
        { name: pinned, max: 100, pinned: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await api.campaigns(table.token))[0]!.characteristics.filter((item) => item.pinned).map((c) => c.name),
    ).toEqual(['Strength', pinned]);

    const client = combatClient(ctx, table);
    const [a = '', b = '', c = '', d = ''] = table.ids;
    await play(client, ...twoAgainstTwo(a, b, c, d), {
      type: 'start',
      initiatives: { [a]: 15, [b]: 12, [c]: 9, [d]: 6 },
    });
    const token = await shareToken(bearer(table.token, table.campaignId));
    const stream = openPlayerStream(port, token);
    expect(await stream.status).toBe(200);
    const first = (await stream.until(() => true)) as PlayerViewPayload;
    await play(client, { type: 'attack', targetId: c, amount: 4 }, { type: 'nextTurn' });
    await stream.until(
      (event) => JSON.stringify((event as PlayerViewPayload).turn) !== JSON.stringify(first.turn),
    );
    const response = await ctx.app.inject({ url: `/api/play/${token}` });
    expect(response.statusCode).toBe(200);
    const payload = response.json<PlayerViewPayload>();
    // The view is there (the checks below read a real payload) …
    expect(payload.units.map((unit) => unit.name).sort()).toEqual(['U0', 'U1', 'U2', 'U3']);
    // … and nothing of the pins is in it: not their names, not the word, not the value.
    for (const [where, wire, values] of [
      ['player JSON', response.body, [payload]],
      ['player stream', stream.raw(), stream.events],
    ] as const) {
      expect(wire, where).not.toContain(pinned);
      expect(wire, where).not.toContain('Strength');
      expect(wire, where).not.toMatch(/pinned|characteristic/i);
      expect(numbersIn(values), where).not.toContain(value);
    }
    stream.close();
  });
});

describe('what players see of round tracking', () => {
  it("shows a downed ally's death saves where its side's HP are shown, and sends nothing of them when hidden", async () => {
    const { table, client, ids } = await downedTable();
    const { a } = ids;
    await play(
      client,
      { type: 'attack', targetId: a, amount: 999 },
      { type: 'deathSave', unitId: a, result: 'failure' },
    );
    const headers = bearer(table.token, table.campaignId);
    const token = await shareToken(headers);
    // Allies' HP are exact by default.
    const shown = (await playerView(token)).units.find((unit) => unit.name === 'U0');
    expect(shown?.deathSaves).toMatchObject({ successes: 0, failures: 1 });

    const hide = await ctx.app.inject({
      method: 'PUT',
      url: '/api/combat/player-view',
      headers,
      payload: { hp: { allies: 'hidden', enemies: 'hidden' } },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const hidden = (await playerView(token)).units.find((unit) => unit.name === 'U0');
    expect(hidden).toBeDefined();
    expect(Object.keys(hidden!)).not.toContain('deathSaves');
  });
});

/** Every number in parsed JSON values. */
function numbersIn(value: unknown, into: number[] = []): number[] {
  if (typeof value === 'number') into.push(value);
  else if (value && typeof value === 'object')
    for (const inner of Object.values(value)) numbersIn(inner, into);
  return into;
}

/** Creates the share link of the fight; answers its token. */
async function shareToken(headers: Record<string, string>) {
  const share = await ctx.app.inject({ method: 'POST', url: '/api/combat/share', headers });
  expect(share.statusCode, share.body).toBe(200);
  return decodeURIComponent(share.json<{ url: string }>().url.split('/').pop()!);
}

async function playerView(token: string) {
  const response = await ctx.app.inject({ url: `/api/play/${token}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlayerViewPayload>();
}

describe('fights and log entries stored before round tracking', () => {
  it('read as having no temporary HP, death saves nor new entry fields, and play on', async () => {
    const { table, client, ids } = await downedTable();
    const { a } = ids;
    const { campaignId } = table;
    const headers = bearer(table.token, campaignId);
    await play(client, { type: 'attack', targetId: a, amount: 3 });
    const token = await shareToken(headers);
    // As saved before: the state without the two keys, the log's data without the five fields.
    await ctx.app.database.db
      .update(combats)
      .set({ state: sql`${combats.state} - 'tempHp' - 'deathSaves'` })
      .where(eq(combats.campaignId, campaignId));
    await ctx.app.database.db
      .update(combatLog)
      .set({
        data: sql`${combatLog.data} - 'tempBefore' - 'tempAfter' - 'modifier' - 'rolled' - 'deathSave'`,
      })
      .where(eq(combatLog.campaignId, campaignId));
    const [raw] = await ctx.app.database.db
      .select({ state: combats.state })
      .from(combats)
      .where(eq(combats.campaignId, campaignId));
    expect(Object.keys(raw!.state)).not.toContain('tempHp');

    const fight = await client.get();
    expect(fight).toMatchObject({ tempHp: {}, deathSaves: {} });
    const blank = { tempBefore: null, tempAfter: null, modifier: null, rolled: null, deathSave: null };
    expect(fight.log.find((entry) => entry.type === 'attack')).toMatchObject(blank);
    const page = await ctx.app.inject({ url: '/api/combat/log?limit=50', headers });
    expect(page.statusCode, page.body).toBe(200);
    const entries = page.json<{ entries: CombatResponse['log'] }>().entries;
    expect(entries.length).toBeGreaterThan(1);
    for (const entry of entries) expect(entry).toMatchObject(blank);
    expect((await playerView(token)).units.map((unit) => unit.name).sort()).toEqual(['U0', 'U1', 'U2', 'U3']);

    // It plays on: temporary HP, a drop, a save, and undo back to the old state.
    const temp = await play(client, { type: 'setTempHp', unitId: a, value: 4 });
    expect(temp.combat.tempHp).toEqual({ [a]: 4 });
    expect(await client.get()).toEqual(temp.combat);
    await play(
      client,
      { type: 'attack', targetId: a, amount: 999 },
      { type: 'deathSave', unitId: a, result: 'success' },
    );
    const fresh = await client.get();
    expect(fresh.deathSaves).toEqual({ [a]: { successes: 1, failures: 0 } });
    expect((await playerView(token)).units.find((unit) => unit.name === 'U0')?.deathSaves).toMatchObject({
      successes: 1,
      failures: 0,
    });
    let version = fresh.version;
    for (let i = 0; i < 3; i++) version = applied(await client.undoAt(version)).combat.version;
    expect(await client.get()).toMatchObject({ version, tempHp: {}, deathSaves: {} });
    expect((await unitOf(client, a)).currentHp).toBe(27);
  });
});

describe('the initiative modifier', () => {
  /** Where each unit's initiative must lie, for a score of 40 (modifier +15) and of 9 (modifier -1). */
  const ranges = {
    random_d20: { high: [1, 20], low: [1, 20] },
    random_d100: { high: [1, 100], low: [1, 100] },
    caracteristic: { high: [40, 40], low: [9, 9] },
    d20_plus_carac: { high: [16, 35], low: [0, 19] },
    d100_plus_carac: { high: [16, 115], low: [0, 99] },
  } as const;

  it.each(Object.entries(ranges))(
    '%s with d20Modifier rolls in the right ranges, at the start and for a unit joining later',
    async (rule, range) => {
      const table = await setTable(ctx, { n: 3, tier: 'Hero', characteristics: { Strength: 40 } });
      const [high = '', low = '', late = ''] = table.ids;
      await ctx.app.database.db
        .update(units)
        .set({ characteristics: { Strength: 9 } })
        .where(eq(units.id, low));
      const saved = await campaignClient(ctx.app).update(table.token, table.campaignId, {
        initiativeRule: rule,
        initiativeCaracName: 'Strength',
        initiativeModifier: 'd20Modifier',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ initiativeRule: rule, initiativeModifier: 'd20Modifier' });

      const client = combatClient(ctx, table);
      let fight = (
        await play(
          client,
          { type: 'add', unitId: high, group: 'allies' },
          { type: 'add', unitId: low, group: 'enemies' },
        )
      ).combat;
      const within = (value: number | undefined, [min, max]: readonly [number, number], what: string) => {
        expect(value, what).toBeGreaterThanOrEqual(min);
        expect(value, what).toBeLessThanOrEqual(max);
      };
      for (let run = 0; run < 5; run++) {
        const started = applied(await client.send(fight.version, { type: 'start' }));
        const initiative = (id: string) =>
          started.combat.order.find((entry) => entry.unitId === id)?.initiative;
        within(initiative(high), range.high, `${rule} at 40`);
        within(initiative(low), range.low, `${rule} at 9`);
        fight = applied(await client.undoAt(started.combat.version)).combat;
      }
      await play(client, { type: 'start' });
      const joined = await play(client, { type: 'add', unitId: late, group: 'allies' });
      within(joined.entries[0]!.initiative ?? undefined, range.high, `${rule} joining at 40`);
    },
  );

  it("adds the characteristic's value under the default rule", async () => {
    const table = await setTable(ctx, { n: 2, tier: 'Hero', characteristics: { Strength: 40 } });
    const saved = await campaignClient(ctx.app).update(table.token, table.campaignId, {
      initiativeRule: 'd20_plus_carac',
      initiativeCaracName: 'Strength',
    });
    expect(saved.json()).toMatchObject({ initiativeModifier: 'value' });
    const client = combatClient(ctx, table);
    const [a = '', b = ''] = table.ids;
    const started = await play(
      client,
      { type: 'add', unitId: a, group: 'allies' },
      { type: 'add', unitId: b, group: 'enemies' },
      { type: 'start' },
    );
    for (const entry of started.combat.order) {
      expect(entry.initiative).toBeGreaterThanOrEqual(41);
      expect(entry.initiative).toBeLessThanOrEqual(60);
    }
  });
});
