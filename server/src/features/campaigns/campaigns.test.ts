import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaign as campaignSchema, type Campaign } from '@questkeeper/core/schemas/campaigns';
import { combats, units } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  setTier,
  type TestContext,
} from '../../../test/support/harness';
import { campaignClient } from '../../../test/support/campaign-client';

let ctx: TestContext;
let api: ReturnType<typeof campaignClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  api = campaignClient(ctx.app);
});
afterAll(async () => ctx?.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('create, list and limit', () => {
  it('seeds the default content in English', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const response = await api.create(user.token, { name: '  Dragons  ' });
    expect(response.statusCode).toBe(201);
    const created = campaignSchema.strict().parse(response.json());
    expect(created).toMatchObject({ name: 'Dragons', userId: user._id, initiativeRule: 'random_d20' });
    expect(created.initiativeCaracName).toBe('');
    expect(created.rules).toMatch(/^# Campaign rules/);
    expect(created.characteristics).toEqual(
      ['Strength', 'Dexterity', 'Constitution', 'Intelligence', 'Wisdom', 'Charisma'].map((name) => ({
        name,
        max: 100,
        pinned: false,
      })),
    );
    expect(created.initiativeModifier).toBe('value');
    expect(created.races.map((r) => r.name)).toEqual(['Human', 'Elf', 'Dwarf', 'Orc']);
    expect(created.classes.map((c) => c.name)).toEqual(['Warrior', 'Mage', 'Rogue', 'Cleric', 'Ranger']);
    expect(created.classes.every((c) => /^#[0-9a-f]{6}$/.test(c.color))).toBe(true);
    expect(created.statuses.map((s) => s.name)).toEqual([
      'Normal',
      'Injured',
      'Poisoned',
      'Stunned',
      'Unconscious',
      'Dead',
    ]);
    const ids = [...created.races, ...created.classes, ...created.statuses].map((item) => item._id);
    expect(new Set(ids).size).toBe(15);
    ids.forEach((id) => expect(id).toMatch(/^[0-9a-f-]{36}$/));
    expect(Date.parse(created.createdAt)).not.toBeNaN();
  });

  it("seeds in the user's saved language, whatever Accept-Language says", async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/game-data',
      headers: { ...bearer(user.token), 'accept-language': 'en' },
      payload: { name: 'Donjon' },
    });
    const created = response.json<Campaign>();
    expect(created.characteristics.map((c) => c.name)).toEqual([
      'Force',
      'Dextérité',
      'Constitution',
      'Intelligence',
      'Sagesse',
      'Charisme',
    ]);
    expect(created.races.map((r) => r.name)).toEqual(['Humain', 'Elfe', 'Nain', 'Orc']);
    expect(created.classes[0]?.name).toBe('Guerrier');
    expect(created.classes).toHaveLength(5);
    expect(created.statuses[0]?.name).toBe('Normal');
    expect(created.statuses).toHaveLength(6);
    expect(created.rules).toMatch(/^# Règles de la campagne/);
  });

  it("creates an empty campaign for the 'empty' template", async () => {
    const user = await registerUser(ctx.app);
    const created = await api.created(user.token, { name: 'Blank', template: 'empty' });
    expect(created).toMatchObject({
      rules: '',
      characteristics: [],
      races: [],
      classes: [],
      statuses: [],
      initiativeRule: 'random_d20',
    });
  });

  it('lists the campaigns oldest first and counts them against the limit', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    expect((await api.list(user.token)).json()).toEqual([]);
    expect((await api.limit(user.token)).json()).toEqual({ limit: 2, count: 0 });
    const first = await api.created(user.token, { name: 'First' });
    const second = await api.created(user.token, { name: 'Second' });
    const list = await api.list(user.token);
    expect(list.statusCode).toBe(200);
    expect(list.json<Campaign[]>().map((c) => c._id)).toEqual([first._id, second._id]);
    expect((await api.limit(user.token)).json()).toEqual({ limit: 2, count: 2 });
  });

  it.each([
    ['Novice', 1],
    ['Adventurer', 2],
    ['Hero', 5],
  ] as const)('lets %s create %i campaigns and refuses one more', async (tier, limit) => {
    const user = await registerUser(ctx.app, { tier });
    for (let i = 0; i < limit; i++) await api.created(user.token, { name: `C${i}` });
    const refused = await api.create(user.token, { name: 'One too many' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({
      code: 'CAMPAIGN_LIMIT_REACHED',
      message: `Campaign limit reached for ${tier} tier (${limit}). Upgrade to create more.`,
    });
    expect(await api.campaigns(user.token)).toHaveLength(limit);
  });

  it('answers the limit message in French for a French user', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    await api.created(user.token);
    expect(errorOf(await api.create(user.token)).message).toBe(
      "Limite de campagnes atteinte pour le niveau Novice (1). Passez à un niveau supérieur pour en créer d'autres.",
    );
  });

  it('never passes the limit with parallel creates', async () => {
    const novice = await registerUser(ctx.app);
    const hero = await registerUser(ctx.app, { tier: 'Hero' });
    const [noviceCodes, heroCodes] = await Promise.all(
      [novice, hero].map(async (user) =>
        (
          await Promise.all(Array.from({ length: 10 }, (_, i) => api.create(user.token, { name: `P${i}` })))
        ).map((r) => r.statusCode),
      ),
    );
    expect(noviceCodes?.filter((code) => code === 201)).toHaveLength(1);
    expect(noviceCodes?.filter((code) => code === 403)).toHaveLength(9);
    expect(heroCodes?.filter((code) => code === 201)).toHaveLength(5);
    expect(await api.campaigns(novice.token)).toHaveLength(1);
    expect(await api.campaigns(hero.token)).toHaveLength(5);
  });

  it('keeps every campaign after a downgrade but refuses new ones until under the limit', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await api.created(user.token, { name: `H${i}` }));
    await setTier(ctx.app, user._id, 'Novice');
    expect((await api.limit(user.token)).json()).toEqual({ limit: 1, count: 3 });
    expect(await api.campaigns(user.token)).toHaveLength(3);
    expect((await api.update(user.token, made[0]!._id, { name: 'Still editable' })).statusCode).toBe(200);
    expect(errorOf(await api.create(user.token)).code).toBe('CAMPAIGN_LIMIT_REACHED');
    await api.remove(user.token, made[1]!._id);
    await api.remove(user.token, made[2]!._id);
    expect(errorOf(await api.create(user.token)).code).toBe('CAMPAIGN_LIMIT_REACHED');
    await api.remove(user.token, made[0]!._id);
    expect((await api.create(user.token)).statusCode).toBe(201);
  });

  it('refuses a blank, too long or missing name and an unknown template', async () => {
    const user = await registerUser(ctx.app);
    for (const payload of [{ name: '   ' }, {}, { name: 'x'.repeat(51) }, { name: 'Ok', template: 'copy' }]) {
      const response = await api.create(user.token, payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    expect(errorOf(await api.create(user.token, { name: '  ' })).fields?.name).toBe(
      'This field is required.',
    );
    expect(errorOf(await api.create(user.token, { name: 'Ok', template: 'copy' })).fields?.template).toMatch(
      /default, empty/,
    );
    expect(await api.campaigns(user.token)).toHaveLength(0);
  });
});

describe('rename', () => {
  it('trims the new name and keeps the data', async () => {
    const user = await registerUser(ctx.app);
    const created = await api.created(user.token, { name: 'Old' });
    const response = await api.update(user.token, created._id, { name: '  New name  ' });
    expect(response.statusCode).toBe(200);
    const updated = response.json<Campaign>();
    expect(updated).toMatchObject({ _id: created._id, name: 'New name', races: created.races });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect((await api.campaigns(user.token))[0]?.name).toBe('New name');
  });

  it('refuses a blank name with a field message and changes nothing', async () => {
    const user = await registerUser(ctx.app);
    const created = await api.created(user.token, { name: 'Kept' });
    const response = await api.update(user.token, created._id, { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: 'This field is required.' },
    });
    expect((await api.campaigns(user.token))[0]?.name).toBe('Kept');
  });
});

describe('delete', () => {
  it('deletes the campaign with its units and saved combat', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const doomed = await api.created(user.token, { name: 'Doomed' });
    const kept = await api.created(user.token, { name: 'Kept' });
    const { db } = ctx.database;
    const unit = (campaignId: string) => ({
      userId: user._id,
      campaignId,
      name: 'Goblin',
      gender: 'Male' as const,
      isPlayer: false,
      race: 'Orc',
      class: 'Rogue',
      status: 'Normal',
      characteristics: { Strength: 50 },
      hp: 10,
      currentHp: 10,
    });
    await db.insert(units).values([unit(doomed._id), unit(kept._id)]);
    const state = {} as typeof combats.$inferInsert.state;
    await db.insert(combats).values([
      { campaignId: doomed._id, state },
      { campaignId: kept._id, state },
    ]);

    const response = await api.remove(user.token, doomed._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ undoToken: expect.any(String), undoUntil: expect.any(String) });
    expect((await api.campaigns(user.token)).map((c) => c._id)).toEqual([kept._id]);
    expect(await db.select().from(units).where(eq(units.campaignId, doomed._id))).toHaveLength(0);
    expect(await db.select().from(combats).where(eq(combats.campaignId, doomed._id))).toHaveLength(0);
    expect(await db.select().from(units).where(eq(units.campaignId, kept._id))).toHaveLength(1);
    expect(await db.select().from(combats).where(eq(combats.campaignId, kept._id))).toHaveLength(1);

    expect((await api.remove(user.token, doomed._id)).statusCode).toBe(404);
  });
});

describe('isolation between users', () => {
  it("answers 404 on every route for another user's campaign and changes nothing", async () => {
    const owner = await registerUser(ctx.app, { tier: 'Hero' });
    const other = await registerUser(ctx.app, { tier: 'Hero' });
    const mine = await api.created(owner.token, { name: 'Mine' });
    const theirs = await api.created(other.token, { name: 'Theirs' });

    expect((await api.campaigns(other.token)).map((c) => c._id)).toEqual([theirs._id]);
    expect((await api.limit(other.token)).json()).toEqual({ limit: 5, count: 1 });

    const attempts = [
      await api.update(other.token, mine._id, { name: 'Stolen', races: [] }),
      await api.remove(other.token, mine._id),
      await api.copy(other.token, mine._id, theirs._id),
      await api.copy(other.token, theirs._id, mine._id),
      await api.update(owner.token, UNKNOWN_ID, { name: 'Ghost' }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
    }
    const [after] = await api.campaigns(owner.token);
    expect(after).toEqual(mine);
    expect((await api.campaigns(other.token))[0]?.races).toEqual(theirs.races);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/game-data'],
      ['GET', '/api/game-data/campaigns/limit'],
      ['POST', '/api/game-data'],
      ['PUT', `/api/game-data/${UNKNOWN_ID}`],
      ['DELETE', `/api/game-data/${UNKNOWN_ID}`],
      ['POST', `/api/game-data/${UNKNOWN_ID}/copy`],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: { name: 'x' } });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('bad input', () => {
  it('answers 404 for a malformed id on every route with one', async () => {
    const user = await registerUser(ctx.app);
    for (const response of [
      await api.update(user.token, 'not-a-uuid', { name: 'x' }),
      await api.remove(user.token, 'not-a-uuid'),
      await api.copy(user.token, 'not-a-uuid', UNKNOWN_ID),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });

  it('answers 400 with fields for wrong types', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const created = await api.created(user.token);
    const response = await api.update(user.token, created._id, {
      name: 42,
      rules: ['x'],
      races: [{ name: 'Elf', note: 5 }],
      classes: [{ name: 'Bard', color: 'red' }],
      characteristics: [{ name: 'Luck', max: 50 }],
      initiativeRule: 'fastest_first',
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {})).toEqual(
      expect.arrayContaining(['name', 'rules', 'races.0.note', 'classes.0.color', 'characteristics.0.max']),
    );
    expect(error.fields?.['classes.0.color']).toBe('Must be a colour like #777777.');
    expect(error.fields?.['characteristics.0.max']).toBe('The maximum must be 20 or 100.');
    expect(error.fields?.initiativeRule).toMatch(/random_d20/);
    expect((await api.campaigns(user.token))[0]).toEqual(created);
  });

  it('refuses duplicate names in a list', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const created = await api.created(user.token);
    const response = await api.update(user.token, created._id, { races: [{ name: 'Elf' }, { name: 'elf' }] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.['races.1.name']).toBe('Two entries cannot have the same name.');
  });

  it('strips unknown fields, including ones that would move the campaign', async () => {
    const owner = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const created = await api.created(owner.token);
    const response = await api.update(owner.token, created._id, {
      name: 'Renamed',
      userId: other._id,
      _id: UNKNOWN_ID,
      createdAt: '2000-01-01T00:00:00.000Z',
      units: [{ name: 'x' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: created._id,
      userId: owner._id,
      createdAt: created.createdAt,
    });
    expect(await api.campaigns(other.token)).toHaveLength(0);
  });

  it('answers MALFORMED_JSON for a broken body and 400 for a missing one', async () => {
    const user = await registerUser(ctx.app);
    const created = await api.created(user.token);
    const broken = await ctx.app.inject({
      method: 'PUT',
      url: `/api/game-data/${created._id}`,
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken)).toEqual({
      code: 'MALFORMED_JSON',
      message: 'The request body is not valid JSON.',
    });
    const missing = await api.copy(user.token, created._id, undefined);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields?.sourceCampaignId).toBeDefined();
    const badSource = await api.copy(user.token, created._id, 'nope');
    expect(errorOf(badSource).fields?.sourceCampaignId).toBe('This id is not valid.');
  });
});
