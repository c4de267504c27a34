// The combat log's window (decision 030): every answer about a fight carries its newest entries only,
// whatever the fight's length; older ones are read page by page with GET /api/combat/log; undo and
// redo report every entry they flag, in the window or not; the end-of-fight summary comes with the
// ended fight, computed from the whole log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeFight } from '@questkeeper/core/combat/summary';
import { COMBAT_LOG_PAGE_MAX, COMBAT_LOG_WINDOW } from '@questkeeper/core/limits';
import type { CombatConflictBody, CombatLogEntry, CombatLogPage } from '@questkeeper/core/schemas/combat';
import { translate } from '@questkeeper/core/i18n';
import { asc, eq } from 'drizzle-orm';
import { combatLog } from '../../db/schema';
import { bearer, createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import {
  applied,
  combatClient,
  play,
  setTable,
  setupPair,
  statusChanges,
  type Table,
  twoAgainstTwo,
} from '../../../test/support/combat-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const STATUSES = ['Stunned', 'Normal'];

function logPage(table: Pick<Table, 'token' | 'campaignId'>, query = '') {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/combat/log${query}`,
    headers: bearer(table.token, table.campaignId),
  });
}

/** Every entry older than the fight's window, following the cursors from `before`. */
async function olderThan(table: Table, before: string | null, limit: number) {
  const pages: CombatLogEntry[][] = [];
  let cursor = before;
  while (cursor !== null) {
    const response = await logPage(table, `?before=${encodeURIComponent(cursor)}&limit=${limit}`);
    expect(response.statusCode).toBe(200);
    const page = response.json<CombatLogPage>();
    expect(page.entries.length).toBeGreaterThan(0);
    expect(page.entries.length).toBeLessThanOrEqual(limit);
    pages.unshift(page.entries);
    cursor = page.before;
  }
  return pages.flat();
}

/** The log as stored, oldest first: ids and undone flags. */
async function storedLog(campaignId: string) {
  return ctx.app.database.db
    .select({ id: combatLog.id, step: combatLog.step, undone: combatLog.undone })
    .from(combatLog)
    .where(eq(combatLog.campaignId, campaignId))
    .orderBy(asc(combatLog.step), asc(combatLog.position));
}

/** Two units in a setup fight, then `count` status changes through the service (fast). */
async function longSetup(count: number) {
  const pair = await setupPair(ctx);
  const version = await statusChanges(pair, count, STATUSES, (await pair.client.get()).version);
  return { ...pair, version };
}

describe('the window every answer carries', () => {
  it('stays COMBAT_LOG_WINDOW entries long after 120 actions, on every answer', async () => {
    const { table, client, version, a } = await longSetup(118);
    const action = applied(await client.send(version, { type: 'setStatus', unitId: a, status: 'Stunned' }));
    expect(action.combat.log).toHaveLength(COMBAT_LOG_WINDOW);
    expect(action.combat.logTotal).toBe(121);
    expect(action.entries).toHaveLength(1);
    expect(action.combat.log.at(-1)).toEqual(action.entries[0]);

    const undo = applied(await client.undoAt(action.combat.version));
    expect(undo.combat.log).toHaveLength(COMBAT_LOG_WINDOW);
    expect(undo.combat.logUndoneFrom).toBe(action.entries[0]!.step);
    const redo = applied(await client.redoAt(undo.combat.version));
    expect(redo.combat.log).toHaveLength(COMBAT_LOG_WINDOW);
    expect(redo.combat.logUndoneFrom).toBeNull();

    const conflict = await client.send(0, { type: 'setStatus', unitId: a, status: 'Normal' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json<CombatConflictBody>().combat.log).toHaveLength(COMBAT_LOG_WINDOW);

    const read = await client.get();
    expect(read.log).toHaveLength(COMBAT_LOG_WINDOW);
    // The newest entries, oldest first, exactly as stored.
    const stored = await storedLog(table.campaignId);
    expect(read.log.map((entry) => entry.id)).toEqual(stored.slice(-COMBAT_LOG_WINDOW).map((row) => row.id));
    expect(read.logBefore).not.toBeNull();
  });

  // Decision 042: an action builds its answer's window from the one read with the fight, without the
  // redo steps it drops; when they leave it short, it reads the window again.
  it('equals the window read again after an action that drops redo steps, whatever it leaves', async () => {
    const { client, version, a } = await longSetup(200);
    let current = version;
    for (const undos of [1, 3, 49, 50, 51]) {
      for (let i = 0; i < undos; i++) current = applied(await client.undoAt(current)).combat.version;
      const action = applied(await client.send(current, { type: 'setStatus', unitId: a, status: 'Stunned' }));
      current = action.combat.version;
      expect(action.combat.logTotal).toBeGreaterThan(COMBAT_LOG_WINDOW);
      expect(action.combat.log).toHaveLength(COMBAT_LOG_WINDOW);
      expect(action.combat.log.some((entry) => entry.undone)).toBe(false);
      expect(action.combat).toEqual(await client.get());
    }
    // An ended fight's log goes with the next action: its window is that action's entries alone.
    const ended = applied(await client.send(current, { type: 'end' }));
    const next = applied(
      await client.send(ended.combat.version, { type: 'add', unitId: a, group: 'allies' }),
    );
    expect(next.combat.logTotal).toBe(1);
    expect(next.combat.log).toEqual(next.entries);
    expect(next.combat).toEqual(await client.get());
  });

  it('holds the whole log, without a cursor, while it is shorter than the window', async () => {
    const table = await setTable(ctx, { n: 2 });
    const client = combatClient(ctx, table);
    const added = await play(client, { type: 'add', unitId: table.ids[0]!, group: 'allies' });
    expect(added.combat).toMatchObject({ logTotal: 1, logBefore: null, logUndoneFrom: null, summary: null });
    expect(added.combat.log).toEqual(added.entries);
  });
});

describe('GET /api/combat/log', () => {
  it('pages back to the first entry: every entry exactly once, in order', async () => {
    const { table, client } = await longSetup(118);
    const fight = await client.get();
    const stored = await storedLog(table.campaignId);
    expect(stored).toHaveLength(120);
    // An uneven page size: the last page is a short one.
    const older = await olderThan(table, fight.logBefore, 7);
    const all = [...older, ...fight.log];
    expect(all.map((entry) => entry.id)).toEqual(stored.map((row) => row.id));
    // The same with the largest page.
    const big = await olderThan(table, fight.logBefore, COMBAT_LOG_PAGE_MAX);
    expect(big).toEqual(older);
  });

  it('gives the newest entries without a cursor, the window by default', async () => {
    const { table, client } = await longSetup(60);
    const fight = await client.get();
    const newest = (await logPage(table)).json<CombatLogPage>();
    expect(newest.entries).toEqual(fight.log);
    expect(newest.before).toBe(fight.logBefore);
    const three = (await logPage(table, '?limit=3')).json<CombatLogPage>();
    expect(three.entries).toEqual(fight.log.slice(-3));
    const rest = await olderThan(table, three.before, 50);
    expect([...rest, ...three.entries].map((entry) => entry.id)).toEqual(
      (await storedLog(table.campaignId)).map((row) => row.id),
    );
  });

  it('answers an empty page for a campaign without a fight', async () => {
    const table = await setTable(ctx, { n: 0 });
    const response = await logPage(table);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ entries: [], before: null });
  });

  it('refuses a bad cursor or limit with a localized 400, in English and French', async () => {
    const en = await setTable(ctx, { n: 0 });
    const fr = await setTable(ctx, { n: 0, language: 'fr' });
    const cases: [string, string, 'en' | 'fr', string][] = [
      ['?before=abc', 'before', 'en', translate('en', 'combat.log.badCursor')],
      ['?before=1.2.3', 'before', 'en', translate('en', 'combat.log.badCursor')],
      ['?before=99999999999.0', 'before', 'en', translate('en', 'combat.log.badCursor')],
      ['?before=-1.0', 'before', 'fr', translate('fr', 'combat.log.badCursor')],
      [`?before=${'1'.repeat(5000)}.0`, 'before', 'en', translate('en', 'combat.log.badCursor')],
      ['?limit=0', 'limit', 'en', translate('en', 'validation.tooSmall', { min: 1 })],
      ['?limit=201', 'limit', 'fr', translate('fr', 'validation.tooBig', { max: COMBAT_LOG_PAGE_MAX })],
      ['?limit=1.5', 'limit', 'en', translate('en', 'validation.integer')],
      ['?limit=abc', 'limit', 'en', translate('en', 'validation.invalid')],
    ];
    for (const [query, field, language, message] of cases) {
      const response = await logPage(language === 'en' ? en : fr, query);
      expect(response.statusCode, query).toBe(400);
      const body = errorOf(response);
      expect(body.code, query).toBe('VALIDATION_FAILED');
      expect(body.message, query).toBe(translate(language, 'errors.VALIDATION_FAILED'));
      expect(body.fields?.[field], query).toBe(message);
    }
  });

  it("answers 404 for another user's campaign or none, and 401 signed out", async () => {
    const owner = await setTable(ctx, { n: 2 });
    await play(combatClient(ctx, owner), { type: 'add', unitId: owner.ids[0]!, group: 'allies' });
    const stranger = await setTable(ctx, { n: 0 });
    const foreign = await logPage({ token: stranger.token, campaignId: owner.campaignId });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('NOT_FOUND');
    const nobody = await logPage({ token: owner.token, campaignId: crypto.randomUUID() });
    expect(nobody.statusCode).toBe(404);
    const signedOut = await ctx.app.inject({
      method: 'GET',
      url: '/api/combat/log',
      headers: { 'x-campaign-id': owner.campaignId },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('is in the OpenAPI document with its query', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    const operation = document.paths['/api/combat/log'].get;
    const names = (operation.parameters as { in: string; name: string }[]).map((p) => `${p.in}:${p.name}`);
    expect(names).toEqual(expect.arrayContaining(['query:before', 'query:limit', 'header:x-campaign-id']));
  });
});

describe('undo and redo outside the window', () => {
  it('reports the flagged entries of a step older than the window, and the first undone step', async () => {
    const { table, client, user, combat, version: start } = await longSetup(80);
    let version = start;
    // 55 undos: the newest 50 entries are undone, the next undo flags one older than the window.
    for (let i = 0; i < 55; i++)
      version = (await combat.undo(user, table.campaignId, version)).combat.version;
    const before = await client.get();
    expect(before.log.every((entry) => entry.undone)).toBe(true);
    const undo = applied(await client.undoAt(version));
    expect(undo.entries).toHaveLength(1);
    const flagged = undo.entries[0]!;
    expect(flagged).toMatchObject({ type: 'setStatus', undone: true });
    expect(undo.combat.log.map((entry) => entry.id)).not.toContain(flagged.id);
    expect(undo.combat.logUndoneFrom).toBe(flagged.step);
    // The pages read it as the answer said.
    const older = await olderThan(table, undo.combat.logBefore, 50);
    expect(older.find((entry) => entry.id === flagged.id)).toEqual(flagged);
    expect(older.filter((entry) => entry.step >= flagged.step).every((entry) => entry.undone)).toBe(true);
    expect(older.filter((entry) => entry.step < flagged.step).some((entry) => entry.undone)).toBe(false);

    const redo = applied(await client.redoAt(undo.combat.version));
    expect(redo.entries).toEqual([{ ...flagged, undone: false }]);
    expect(redo.combat.logUndoneFrom).toBe(flagged.step + 1);
  });
});

describe('the end-of-fight summary', () => {
  it('comes with the ended fight, equal to the one computed from the whole log', async () => {
    const table = await setTable(ctx, { n: 4, hp: 500 });
    const client = combatClient(ctx, table);
    const [a = '', b = '', c = '', d = ''] = table.ids;
    let last = await play(client, ...twoAgainstTwo(a, b, c, d), {
      type: 'start',
      initiatives: { [a]: 4, [c]: 3, [b]: 2, [d]: 1 },
    });
    // 30 turns of blows and heals (dice too), some undone: more entries than the window.
    for (let i = 0; i < 30; i++) {
      const turn = last.combat.order[last.combat.turnIndex]!.unitId!;
      const foe = [a, b].includes(turn) ? (i % 2 ? c : d) : i % 2 ? a : b;
      last = await play(client, { type: 'attack', targetId: foe, amount: i % 3 ? 7 : '2d6+1' });
      if (i % 5 === 0) last = applied(await client.undoAt(last.combat.version));
      if (i % 4 === 0) last = await play(client, { type: 'heal', targetId: foe, amount: 3 });
      last = await play(client, { type: 'nextTurn' });
      expect(last.combat.summary).toBeNull();
    }
    const ended = await play(client, { type: 'end' });
    expect(ended.combat.logTotal).toBeGreaterThan(COMBAT_LOG_WINDOW);
    const whole = [...(await olderThan(table, ended.combat.logBefore, 50)), ...ended.combat.log];
    expect(whole).toHaveLength(ended.combat.logTotal);
    const expected = summarizeFight(whole);
    expect(expected.units.some((unit) => unit.damageTaken > 0 && unit.healingReceived > 0)).toBe(true);
    expect(ended.combat.summary).toEqual(expected);
    expect((await client.get()).summary).toEqual(expected);

    // Undoing the End takes the summary away; redoing it brings it back; a new fight drops it.
    const undone = applied(await client.undoAt(ended.combat.version));
    expect(undone.combat.summary).toBeNull();
    const redone = applied(await client.redoAt(undone.combat.version));
    expect(redone.combat.summary).toEqual(expected);
    const fresh = await play(client, { type: 'add', unitId: a, group: 'allies' });
    expect(fresh.combat).toMatchObject({ summary: null, logTotal: 1 });
  });

  it('comes with the blow that defeats a side', async () => {
    const table = await setTable(ctx, { n: 2, hp: 10 });
    const client = combatClient(ctx, table);
    const [a = '', b = ''] = table.ids;
    await play(
      client,
      { type: 'add', unitId: a, group: 'allies' },
      { type: 'add', unitId: b, group: 'enemies' },
      { type: 'start', initiatives: { [a]: 2, [b]: 1 } },
    );
    const blow = await play(client, { type: 'attack', targetId: b, amount: 10, sourceId: a });
    expect(blow.entries.at(-1)?.defeated).toBe('enemies');
    expect(blow.combat.summary).toEqual(summarizeFight(blow.combat.log));
    expect(blow.combat.summary).toMatchObject({
      defeated: 'enemies',
      units: expect.arrayContaining([
        expect.objectContaining({ id: a, damageDealt: 10 }),
        expect.objectContaining({ id: b, damageTaken: 10, falls: 1, fallen: true }),
      ]),
    });
  });
});
