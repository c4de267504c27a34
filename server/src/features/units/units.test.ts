import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { units } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { countUnitsInDb, insertCampaign, unitBody } from '../../../test/support/unit-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, campaignId?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token, campaignId),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const SIX = ['Strength', 'Dexterity', 'Constitution', 'Intelligence', 'Wisdom', 'Charisma'];

async function setup(tier: 'Novice' | 'Adventurer' | 'Hero' = 'Novice') {
  const user = await registerUser(ctx.app, { tier });
  const campaignId = await insertCampaign(ctx.app, user._id);
  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/units', user.token, campaignId, unitBody(overrides));
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
    return response.json();
  };
  return { user, token: user.token, campaignId, create };
}

async function storedUnit(id: string) {
  const [row] = await ctx.app.database.db.select().from(units).where(eq(units.id, id));
  return row;
}

describe('POST /api/units', () => {
  it('creates a unit with the spec defaults in the header campaign', async () => {
    const { user, token, campaignId } = await setup();
    const other = await insertCampaign(ctx.app, user._id, { name: 'Other' });
    const response = await call('POST', '/api/units', token, campaignId, unitBody({ gameDataId: other }));
    expect(response.statusCode).toBe(201);
    const unit = response.json();
    expect(unit).toMatchObject({
      userId: user._id,
      gameDataId: campaignId,
      name: 'Aria',
      gender: 'Male',
      isPlayer: false,
      race: 'Elf',
      class: 'Mage',
      status: 'Normal',
      hp: 100,
      currentHp: 100,
      money: { gold: 0, silver: 0, bronze: 0 },
      notes: '',
    });
    expect(unit.characteristics).toEqual(Object.fromEntries(SIX.map((name) => [name, 50])));
    expect(unit._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(unit.createdAt).toISOString()).toBe(unit.createdAt);
    expect(await countUnitsInDb(ctx.app, other)).toBe(0);
    const row = await storedUnit(unit._id);
    expect(row).toMatchObject({ campaignId, gold: 0, silver: 0, bronze: 0, status: 'Normal' });
  });

  it('stores every given field, money in its three columns', async () => {
    const { token, campaignId } = await setup();
    const response = await call('POST', '/api/units', token, campaignId, {
      name: '  Borin  ',
      gender: 'Female',
      isPlayer: true,
      race: 'Dwarf',
      class: 'Warrior',
      status: 'Injured',
      characteristics: { Strength: 80, Wisdom: 0 },
      hp: 250,
      currentHp: 120,
      money: { gold: 3, silver: 14, bronze: 999_999_999 },
      notes: '# Inventory\n- axe',
    });
    expect(response.statusCode).toBe(201);
    const unit = response.json();
    expect(unit).toMatchObject({
      name: 'Borin',
      gender: 'Female',
      isPlayer: true,
      status: 'Injured',
      hp: 250,
      currentHp: 120,
      money: { gold: 3, silver: 14, bronze: 999_999_999 },
      notes: '# Inventory\n- axe',
    });
    expect(unit.characteristics).toMatchObject({ Strength: 80, Wisdom: 0, Dexterity: 50 });
    expect(await storedUnit(unit._id)).toMatchObject({ gold: 3, silver: 14, bronze: 999_999_999 });
  });

  it('takes the campaign spelling of a list choice given in another case', async () => {
    const { create } = await setup();
    expect(await create({ race: 'elf', class: 'MAGE', status: 'poisoned' })).toMatchObject({
      race: 'Elf',
      class: 'Mage',
      status: 'Poisoned',
    });
  });

  it('refuses a race, class or status the campaign does not have, naming each field', async () => {
    const { token, campaignId } = await setup();
    const response = await call(
      'POST',
      '/api/units',
      token,
      campaignId,
      unitBody({ race: 'Gnome', class: 'Bard', status: 'Sleepy' }),
    );
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({
      race: "Choose a race from the campaign's list.",
      class: "Choose a class from the campaign's list.",
      status: "Choose a status from the campaign's list.",
    });
    expect(await countUnitsInDb(ctx.app, campaignId)).toBe(0);
  });

  it.each([
    ['null', null, 100],
    ['omitted', undefined, 100],
    ['above hp', 150, 100],
    ['negative', -5, 0],
    ['within', 42, 42],
  ])('clamps currentHp (%s) to 0..hp', async (_case, currentHp, expected) => {
    const { create } = await setup();
    expect((await create({ hp: 100, currentHp })).currentHp).toBe(expected);
  });

  it('caps default characteristics at their max, drops unknown names, refuses values above a max', async () => {
    const { user, token } = await setup();
    const campaignId = await insertCampaign(ctx.app, user._id, {
      characteristics: [
        { name: 'Luck', max: 20 },
        { name: 'Might', max: 100 },
      ],
    });
    const created = await call(
      'POST',
      '/api/units',
      token,
      campaignId,
      unitBody({ characteristics: { Might: 70, Strength: 90, toString: 3 } }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().characteristics).toEqual({ Luck: 20, Might: 70 });

    const tooBig = await call(
      'POST',
      '/api/units',
      token,
      campaignId,
      unitBody({ characteristics: { Luck: 21 } }),
    );
    expect(tooBig.statusCode).toBe(400);
    expect(errorOf(tooBig).fields).toEqual({
      'characteristics.Luck': "Must be between 0 and the characteristic's maximum (20).",
    });
    const atMax = await call(
      'POST',
      '/api/units',
      token,
      campaignId,
      unitBody({ characteristics: { Luck: 20 } }),
    );
    expect(atMax.statusCode).toBe(201);
  });

  it('keeps __proto__ and constructor keys plain data, never touching prototypes', async () => {
    const { user, token } = await setup();
    const campaignId = await insertCampaign(ctx.app, user._id, {
      characteristics: [
        { name: 'constructor', max: 100 },
        { name: 'Luck', max: 20 },
      ],
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/units',
      headers: { ...bearer(token, campaignId), 'content-type': 'application/json' },
      payload:
        '{"name":"Proto","race":"Elf","class":"Mage",' +
        '"characteristics":{"__proto__":{"polluted":1},"constructor":7,"Luck":3}}',
    });
    expect(response.statusCode).toBe(201);
    const unit = response.json();
    expect(Object.keys(unit.characteristics).sort()).toEqual(['Luck', 'constructor']);
    expect(unit.characteristics).toMatchObject({ constructor: 7, Luck: 3 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const row = await storedUnit(unit._id);
    expect(Object.getPrototypeOf(row?.characteristics)).toBe(Object.prototype);
    expect(row?.characteristics.constructor).toBe(7);
  });

  it.each([
    ['blank name', { name: '   ' }, 'name', 'This field is required.'],
    ['name too long', { name: 'x'.repeat(51) }, 'name', 'Must be at most 50 characters.'],
    ['hp as text', { hp: 'abc' }, 'hp', 'This value is not valid.'],
    ['hp too big', { hp: 10_000 }, 'hp', 'Must be at most 9999.'],
    ['fractional hp', { hp: 1.5 }, 'hp', 'Must be a whole number.'],
    ['unknown gender', { gender: 'Robot' }, 'gender', 'Must be one of: Male, Female, Other.'],
    ['negative money', { money: { gold: -1, silver: 0, bronze: 0 } }, 'money.gold', 'Must be at least 0.'],
    ['notes too long', { notes: 'x'.repeat(20_001) }, 'notes', 'Must be at most 20000 characters.'],
    [
      'characteristic above 100',
      { characteristics: { Strength: 101 } },
      'characteristics.Strength',
      'Must be at most 100.',
    ],
    ['race missing', { race: undefined }, 'race', 'This field is required.'],
    ['race too long', { race: 'r'.repeat(51) }, 'race', 'Must be at most 50 characters.'],
    ['isPlayer as text', { isPlayer: 'yes' }, 'isPlayer', 'This value is not valid.'],
  ])('refuses bad input (%s) with a field message', async (_case, overrides, field, message) => {
    const { token, campaignId } = await setup();
    const response = await call('POST', '/api/units', token, campaignId, unitBody(overrides));
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.[field]).toBe(message);
    expect(await countUnitsInDb(ctx.app, campaignId)).toBe(0);
  });
});

describe('X-Campaign-Id and ownership', () => {
  it('answers 400 CAMPAIGN_REQUIRED without the header and 404 for a malformed or unknown one', async () => {
    const { token } = await setup();
    const missing = await call('GET', '/api/units', token);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({
      code: 'CAMPAIGN_REQUIRED',
      message: 'Choose a campaign first.',
    });
    for (const id of ['not-a-uuid', crypto.randomUUID()]) {
      const response = await call('POST', '/api/units', token, id, unitBody());
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/units' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHENTICATED');
  });

  it("isolates users: another user's campaign and units answer 404 and stay unchanged", async () => {
    const a = await setup();
    const unit = await a.create({ name: 'Mine' });
    const b = await setup('Hero');

    const list = await call('GET', '/api/units', b.token, a.campaignId);
    expect(list.statusCode).toBe(404);
    const post = await call('POST', '/api/units', b.token, a.campaignId, unitBody());
    expect(post.statusCode).toBe(404);
    const generate = await call('POST', '/api/units/generate', b.token, a.campaignId, { template: 'boss' });
    expect(generate.statusCode).toBe(404);
    for (const campaignId of [a.campaignId, b.campaignId]) {
      const put = await call('PUT', `/api/units/${unit._id}`, b.token, campaignId, { name: 'Stolen' });
      expect(put.statusCode).toBe(404);
      expect(errorOf(put).code).toBe('NOT_FOUND');
      const del = await call('DELETE', `/api/units/${unit._id}`, b.token, campaignId);
      expect(del.statusCode).toBe(404);
    }
    expect(await storedUnit(unit._id)).toMatchObject({ name: 'Mine', userId: a.user._id });
    expect(await countUnitsInDb(ctx.app, a.campaignId)).toBe(1);
    const own = await call('GET', '/api/units', b.token, b.campaignId);
    expect(own.json()).toEqual([]);
  });

  it('finds a unit only through its own campaign, even for its owner', async () => {
    const a = await setup();
    const unit = await a.create();
    const second = await insertCampaign(ctx.app, a.user._id, { name: 'Second' });
    expect((await call('PUT', `/api/units/${unit._id}`, a.token, second, { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/units/${unit._id}`, a.token, second)).statusCode).toBe(404);
    expect(await storedUnit(unit._id)).toMatchObject({ name: 'Aria', campaignId: a.campaignId });
  });
});

describe('GET /api/units', () => {
  it('lists the campaign units oldest first, and only them', async () => {
    const { user, token, campaignId, create } = await setup();
    const other = await insertCampaign(ctx.app, user._id, { name: 'Other' });
    for (const name of ['First', 'Second', 'Third']) await create({ name });
    await call('POST', '/api/units', token, other, unitBody({ name: 'Elsewhere' }));
    const response = await call('GET', '/api/units', token, campaignId);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((u: { name: string }) => u.name)).toEqual(['First', 'Second', 'Third']);
  });

  it('lists each unit exactly as create and update answered it', async () => {
    const { token, campaignId, create } = await setup();
    const created = await create({ name: 'Same', notes: '# Inventory\n- rope' });
    const updated = (
      await call('PUT', `/api/units/${created._id}`, token, campaignId, {
        currentHp: 42,
        money: { gold: 3, silver: 2, bronze: 1 },
      })
    ).json();
    const [listed] = (await call('GET', '/api/units', token, campaignId)).json();
    expect(listed).toEqual(updated);
    expect(listed.createdAt).toBe(created.createdAt);
    expect(listed.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});

describe('PUT /api/units/:id', () => {
  it('changes only the given fields', async () => {
    const { token, campaignId, create } = await setup();
    const unit = await create({ notes: 'keep me' });
    const response = await call('PUT', `/api/units/${unit._id}`, token, campaignId, {
      name: 'Renamed',
      status: 'stunned',
      money: { gold: 1, silver: 2, bronze: 3 },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      _id: unit._id,
      name: 'Renamed',
      status: 'Stunned',
      money: { gold: 1, silver: 2, bronze: 3 },
      notes: 'keep me',
      race: 'Elf',
      currentHp: 100,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(unit.updatedAt));
    expect(await storedUnit(unit._id)).toMatchObject({ name: 'Renamed', gold: 1, silver: 2, bronze: 3 });
  });

  it('merges given characteristics over the stored ones and checks each max', async () => {
    const { user, token } = await setup();
    const campaignId = await insertCampaign(ctx.app, user._id, {
      characteristics: [
        { name: 'Luck', max: 20 },
        { name: 'Might', max: 100 },
      ],
    });
    const created = (await call('POST', '/api/units', token, campaignId, unitBody())).json();
    const ok = await call('PUT', `/api/units/${created._id}`, token, campaignId, {
      characteristics: { Might: 99, Ghost: 5 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().characteristics).toEqual({ Luck: 20, Might: 99 });
    const bad = await call('PUT', `/api/units/${created._id}`, token, campaignId, {
      characteristics: { Luck: 50, Might: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {})).toEqual(['characteristics.Luck']);
    expect((await storedUnit(created._id))?.characteristics).toEqual({ Luck: 20, Might: 99 });
  });

  it('refuses list choices the campaign lacks and changes nothing', async () => {
    const { token, campaignId, create } = await setup();
    const unit = await create();
    const response = await call('PUT', `/api/units/${unit._id}`, token, campaignId, {
      name: 'Changed',
      class: 'Necromancer',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ class: "Choose a class from the campaign's list." });
    expect(await storedUnit(unit._id)).toMatchObject({ name: 'Aria', class: 'Mage' });
  });

  it.each([
    ['currentHp null', { currentHp: null }, 100],
    ['currentHp above hp', { currentHp: 500 }, 100],
    ['currentHp negative', { currentHp: -20 }, 0],
    ['hp lowered below currentHp', { hp: 30 }, 30],
    ['hp raised', { hp: 300 }, 60],
    ['hp and currentHp null', { hp: 70, currentHp: null }, 70],
  ])('re-clamps currentHp (%s)', async (_case, changes, expected) => {
    const { token, campaignId, create } = await setup();
    const unit = await create({ hp: 100, currentHp: 60 });
    const response = await call('PUT', `/api/units/${unit._id}`, token, campaignId, changes);
    expect(response.statusCode).toBe(200);
    expect(response.json().currentHp).toBe(expected);
    expect((await storedUnit(unit._id))?.currentHp).toBe(expected);
  });

  it('answers 404 for a malformed or unknown id and 400 for wrong types', async () => {
    const { token, campaignId, create } = await setup();
    const unit = await create();
    expect((await call('PUT', '/api/units/nope', token, campaignId, { name: 'x' })).statusCode).toBe(404);
    const unknown = await call('PUT', `/api/units/${crypto.randomUUID()}`, token, campaignId, { name: 'x' });
    expect(unknown.statusCode).toBe(404);
    const wrong = await call('PUT', `/api/units/${unit._id}`, token, campaignId, { hp: '12', name: 5 });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(errorOf(wrong).fields ?? {}).sort()).toEqual(['hp', 'name']);
    const long = await call('PUT', `/api/units/${unit._id}`, token, campaignId, {
      notes: 'n'.repeat(20_001),
    });
    expect(errorOf(long).fields?.notes).toBe('Must be at most 20000 characters.');
    expect(await storedUnit(unit._id)).toMatchObject({ name: 'Aria', notes: '' });
  });
});

describe('DELETE /api/units/:id', () => {
  it('deletes once, then answers 404', async () => {
    const { token, campaignId, create } = await setup();
    const unit = await create();
    const keep = await create({ name: 'Keep' });
    const first = await call('DELETE', `/api/units/${unit._id}`, token, campaignId);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect((await call('DELETE', `/api/units/${unit._id}`, token, campaignId)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/units/123', token, campaignId)).statusCode).toBe(404);
    const list = (await call('GET', '/api/units', token, campaignId)).json();
    expect(list.map((u: { _id: string }) => u._id)).toEqual([keep._id]);
  });
});

describe('POST /api/units/generate', () => {
  // Turn-2 decision: the ranges are percentages of each characteristic's max (core quickTemplateRange).
  it.each([
    ['boss', 40, 70, 8, 14],
    ['strongNpc', 35, 60, 7, 12],
    ['normalNpc', 30, 55, 6, 11],
    ['weakNpc', 20, 40, 4, 8],
  ] as const)(
    'draws %s values in its percent range of each max',
    async (template, min, max, min20, max20) => {
      const { user, token } = await setup('Adventurer');
      const campaignId = await insertCampaign(ctx.app, user._id, {
        characteristics: [
          { name: 'Might', max: 100 },
          { name: 'Luck', max: 20 },
        ],
      });
      const lucks = new Set<number>();
      for (let i = 0; i < 20; i++) {
        const response = await call('POST', '/api/units/generate', token, campaignId, { template });
        expect(response.statusCode).toBe(200);
        const { characteristics } = response.json();
        expect(Object.keys(characteristics).sort()).toEqual(['Luck', 'Might']);
        expect(characteristics.Might).toBeGreaterThanOrEqual(min);
        expect(characteristics.Might).toBeLessThanOrEqual(max);
        expect(characteristics.Luck).toBeGreaterThanOrEqual(min20);
        expect(characteristics.Luck).toBeLessThanOrEqual(max20);
        lucks.add(characteristics.Luck);
      }
      // Not pinned to the max any more: 20 draws over 5 or more values never all land on one.
      expect(lucks.size).toBeGreaterThan(1);
    },
  );

  it('answers every characteristic of a default campaign for Hero', async () => {
    const { token, campaignId } = await setup('Hero');
    const response = await call('POST', '/api/units/generate', token, campaignId, { template: 'boss' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().characteristics).sort()).toEqual([...SIX].sort());
  });

  it('is locked for Novice', async () => {
    const { token, campaignId } = await setup('Novice');
    const response = await call('POST', '/api/units/generate', token, campaignId, { template: 'boss' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({
      code: 'QUICK_GENERATION_LOCKED',
      message: 'Quick generation is available with Adventurer or Hero.',
    });
  });

  it('refuses an unknown template and a missing header', async () => {
    const { token, campaignId } = await setup('Adventurer');
    const bad = await call('POST', '/api/units/generate', token, campaignId, { template: 'dragon' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.template).toMatch(/^Must be one of: boss, strongNpc/);
    const missing = await call('POST', '/api/units/generate', token, undefined, { template: 'boss' });
    expect(errorOf(missing).code).toBe('CAMPAIGN_REQUIRED');
  });
});
