// No lost updates for units (decision 036): every unit answer carries the unit's
// version; PUT /api/units/{id} with a version written since answers 409 UNIT_CONFLICT with the unit as
// it is and writes nothing, so two tabs editing one unit never silently overwrite each other. Without
// a version (API clients), the fields sent still overwrite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CombatActionResponse } from '@questkeeper/core/schemas/combat';
import { gameDataExport } from '@questkeeper/core/schemas/game-data-export';
import type { Unit, UnitConflictBody } from '@questkeeper/core/schemas/units';
import { bearer, createTestApp, registerUser, type TestContext } from '../../../test/support/harness';
import { combatClient, play, setTable } from '../../../test/support/combat-client';
import { secretFight, shareLink } from '../../../test/support/player-view-fixtures';
import { insertCampaign, unitBody } from '../../../test/support/unit-fixtures';
import { userDataClient } from '../../../test/support/user-data-fixtures';
import { writeSection } from '../../../test/support/reliability-report';

let ctx: TestContext;
const figures: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await writeSection('unit-versions', {
    title: 'No lost updates: units',
    order: 8.5,
    about: [
      'Every unit answer carries the unit’s version; `PUT /api/units/{id}` with a version written since (another tab, a blow in combat) answers 409 UNIT_CONFLICT with the unit as it is and writes nothing (`server/src/features/units/unit-conflict.test.ts`). Without a version (API clients) the fields sent overwrite.',
      '20 clients save the notes of one unit at once, all from the same version; a save of HP made before a blow in combat.',
      'Held: exactly one of the 20 is written, the 19 others get 409 with the notes that won; a stale save changes no row; the web app shows a stale edit as a conflict (unit form and notes, `e2e/tests/unit-form.spec.ts`, `e2e/tests/units.spec.ts`).',
    ],
    figures,
  });
  await ctx?.close();
});

async function setup(options: { language?: 'en' | 'fr'; tier?: 'Novice' | 'Hero' } = {}) {
  const user = await registerUser(ctx.app, options);
  const campaignId = await insertCampaign(ctx.app, user._id);
  const headers = bearer(user.token, campaignId);
  const put = (id: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/units/${id}`, headers, payload });
  const list = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/units', headers })).json<Unit[]>();
  const created = await ctx.app.inject({ method: 'POST', url: '/api/units', headers, payload: unitBody() });
  expect(created.statusCode, created.body).toBe(201);
  return { user, campaignId, headers, put, list, unit: created.json<Unit>() };
}

describe('unit versions', () => {
  it('are in every unit answer and change with every write', async () => {
    const { headers, put, list, unit } = await setup({ tier: 'Hero' });
    expect(typeof unit.version).toBe('string');
    expect((await list())[0]?.version).toBe(unit.version);

    const saved = await put(unit._id, { notes: 'One', version: unit.version });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<Unit>();
    expect(after.notes).toBe('One');
    expect(after.version).not.toBe(unit.version);
    expect((await list())[0]?.version).toBe(after.version);

    const copies = await ctx.app.inject({
      method: 'POST',
      url: `/api/units/${unit._id}/copies`,
      headers,
      payload: { count: 2 },
    });
    expect(copies.statusCode, copies.body).toBe(201);
    const copied = copies.json<{ units: Unit[] }>().units;
    expect(copied.map((copy) => typeof copy.version)).toEqual(['string', 'string']);
    // Copying locks the source row but does not write it: its version stays.
    expect((await list()).find((listed) => listed._id === unit._id)?.version).toBe(after.version);
  });
});

describe('PUT /api/units/{id} with a version', () => {
  it('refuses a stale version with 409 and the current unit, changing nothing', async () => {
    const { put, list, unit } = await setup();
    const first = await put(unit._id, { notes: 'Tab one', version: unit.version });
    expect(first.statusCode).toBe(200);
    const before = await list();

    const stale = await put(unit._id, { notes: 'Tab two', hp: 50, name: 'Renamed', version: unit.version });
    expect(stale.statusCode).toBe(409);
    const body = stale.json<UnitConflictBody>();
    expect(body.code).toBe('UNIT_CONFLICT');
    expect(body.message).toMatch(/another tab/);
    expect(body.unit).toEqual(first.json<Unit>());
    expect(await list()).toEqual(before);

    // Saved again from the version the 409 gave, it goes through.
    const retried = await put(unit._id, { notes: 'Tab two', version: body.unit.version });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<Unit>().notes).toBe('Tab two');
  });

  it('answers the French message in French', async () => {
    const { put, unit } = await setup({ language: 'fr' });
    await put(unit._id, { notes: 'Un', version: unit.version });
    const stale = await put(unit._id, { notes: 'Deux', version: unit.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/autre onglet/);
  });

  it('writes exactly one of 20 concurrent note saves made from one version', async () => {
    const { put, list, unit } = await setup();
    const CLIENTS = 20;
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => put(unit._id, { notes: `Tab ${i}`, version: unit.version })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    const won = answers.filter((answer) => answer.statusCode === 200);
    const refused = statuses.filter((status) => status === 409).length;
    figures[`${CLIENTS} concurrent note saves from one version`] =
      `${won.length} written, ${refused}×409, ${CLIENTS - won.length - refused} other`;
    expect(won).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(CLIENTS - 1);
    const winner = won[0]!.json<Unit>();
    const [stored] = await list();
    expect(stored?.notes).toBe(winner.notes);
    expect(stored).toEqual(winner);
    // Every refused tab was shown the notes that won.
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json<UnitConflictBody>().unit.notes).toBe(winner.notes);
    }
  });

  it('still overwrites without a version (last write wins, for API clients)', async () => {
    const { put, list, unit } = await setup();
    expect((await put(unit._id, { notes: 'One' })).statusCode).toBe(200);
    const second = await put(unit._id, { notes: 'Two' });
    expect(second.statusCode).toBe(200);
    expect((await list())[0]?.notes).toBe('Two');
  });

  it('refuses an HP save made before a blow in combat, and takes it from the version the blow gave', async () => {
    const table = await setTable(ctx, { n: 2, hp: 30 });
    const headers = bearer(table.token, table.campaignId);
    const client = combatClient(ctx, table);
    const [ally, enemy] = table.ids as [string, string];
    const opened = (await client.units()).find((unit) => unit._id === enemy)!;

    const blow: CombatActionResponse = await play(
      client,
      { type: 'add', unitId: ally, group: 'allies' },
      { type: 'add', unitId: enemy, group: 'enemies' },
      { type: 'start' },
      { type: 'attack', targetId: enemy, amount: 7 },
    );
    const hit = blow.units.find((unit) => unit._id === enemy);
    expect(hit?.currentHp).toBe(23);
    // The combat answer's units carry the version the unit list shows.
    expect(hit?.version).not.toBe(opened.version);
    expect((await client.units()).find((unit) => unit._id === enemy)?.version).toBe(hit?.version);

    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: `/api/units/${enemy}`, headers, payload });
    const stale = await put({ currentHp: 30, version: opened.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<UnitConflictBody>().unit.currentHp).toBe(23);
    expect((await client.units()).find((unit) => unit._id === enemy)?.currentHp).toBe(23);

    const fresh = await put({ currentHp: 30, version: hit?.version });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json<Unit>().currentHp).toBe(30);
    figures['HP save made before a blow in combat'] =
      `${stale.statusCode}, blow kept (${hit?.currentHp} HP); from the blow’s version ${fresh.statusCode}`;
  });
});

/** Every key of a parsed JSON value, at any depth. */
function keysOf(value: unknown, into: string[] = []): string[] {
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.push(key);
      keysOf(inner, into);
    }
  }
  return into;
}

describe('where unit versions do not go', () => {
  it('is not in the campaign export, and an import takes files with or without it', async () => {
    const { user, campaignId, unit } = await setup({ tier: 'Hero' });
    const data = userDataClient(ctx.app);
    const exported = await data.export(user.token, campaignId);
    expect(exported.statusCode, exported.body).toBe(200);
    const file = exported.json<{ units: Record<string, unknown>[] }>();
    expect(file.units).toHaveLength(1);
    expect(Object.keys(file.units[0]!)).not.toContain('version');

    expect((await data.import(user.token, exported.body)).statusCode).toBe(201);
    // A file written by hand from an API answer, version included: the version is dropped.
    const withVersion = { ...file, units: file.units.map((entry) => ({ ...entry, version: unit.version })) };
    const imported = await data.import(user.token, withVersion);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(gameDataExport.parse(withVersion).units[0]).not.toHaveProperty('version');
  });

  it('is not in what players see', async () => {
    const fight = await secretFight(ctx);
    const token = await shareLink(ctx, fight);
    const response = await ctx.app.inject({ url: `/api/play/${token}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ units: unknown[] }>().units.length).toBeGreaterThan(0);
    expect(keysOf(response.json())).not.toContain('version');
  });
});
