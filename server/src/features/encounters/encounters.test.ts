// Saved encounters (docs/decisions/062, docs/product.md#encounters): CRUD per campaign, every unit
// named checked against the campaign, another user's ids 404 with nothing changed, and a deleted unit
// taken out of every encounter of its campaign.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Encounter } from '@questkeeper/core/schemas/encounters';
import type { Unit } from '@questkeeper/core/schemas/units';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { insertCampaign, unitBody } from '../../../test/support/unit-fixtures';
import { rowCounts } from '../../../test/support/user-data-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

async function table(options: { language?: 'en' | 'fr' } = {}) {
  const user = await registerUser(ctx.app, { tier: 'Hero', ...options });
  const campaignId = await insertCampaign(ctx.app, user._id);
  const headers = bearer(user.token, campaignId);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const unit = async (name: string): Promise<string> => {
    const response = await call('POST', '/api/units', unitBody({ name }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Unit>()._id;
  };
  const save = async (payload: Record<string, unknown>): Promise<Encounter> => {
    const response = await call('POST', '/api/encounters', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const list = async () => (await call('GET', '/api/encounters')).json<Encounter[]>();
  return { user, campaignId, headers, call, unit, save, list };
}

describe('encounters CRUD', () => {
  it('creates with defaults, lists oldest first, replaces, deletes', async () => {
    const t = await table();
    const [hero, goblin] = [await t.unit('Hero'), await t.unit('Goblin')];
    expect(await t.list()).toEqual([]);

    const first = await t.save({ name: '  Ambush ' });
    expect(first).toMatchObject({
      gameDataId: t.campaignId,
      name: 'Ambush',
      allies: [],
      enemies: [],
      hazards: [],
      hidden: [],
      groups: 'none',
      notes: '',
    });
    const second = await t.save({
      name: 'Lair',
      allies: [{ unitId: hero }],
      enemies: [{ unitId: goblin, count: 5 }],
      hazards: [{ name: 'Cave tremors' }],
      hidden: [goblin],
      groups: 'byName',
      notes: '**Boss** fight',
    });
    expect(second).toMatchObject({
      allies: [{ unitId: hero }],
      enemies: [{ unitId: goblin, count: 5 }],
      hazards: [{ name: 'Cave tremors', initiative: 20, hidden: false }],
      hidden: [goblin],
      groups: 'byName',
      notes: '**Boss** fight',
    });
    expect((await t.list()).map((e) => e.name)).toEqual(['Ambush', 'Lair']);

    const put = await t.call('PUT', `/api/encounters/${first._id}`, {
      name: 'Ambush at dawn',
      enemies: [{ unitId: goblin }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Encounter>()).toMatchObject({
      _id: first._id,
      name: 'Ambush at dawn',
      enemies: [{ unitId: goblin, count: 1 }],
      createdAt: first.createdAt,
    });
    expect(await t.list()).toEqual([put.json(), second]);

    const gone = await t.call('DELETE', `/api/encounters/${first._id}`);
    expect(gone.statusCode).toBe(204);
    expect(await t.list()).toEqual([second]);
    expect((await t.call('DELETE', `/api/encounters/${first._id}`)).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/encounters/${first._id}`, { name: 'x' })).statusCode).toBe(404);
  });

  it('refuses bad fields with the words of the form', async () => {
    const t = await table();
    const response = await t.call('POST', '/api/encounters', {
      name: '',
      enemies: [{ unitId: crypto.randomUUID(), count: 51 }],
      hazards: [{ name: 'x'.repeat(51) }],
      groups: 'bySize',
      notes: 'n'.repeat(20_001),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {}).sort()).toEqual([
      'enemies.0.count',
      'groups',
      'hazards.0.name',
      'name',
      'notes',
    ]);
  });

  it('names each unit that is not the campaign’s or comes twice, and writes nothing', async () => {
    const t = await table({ language: 'fr' });
    const [a, b] = [await t.unit('A'), await t.unit('B')];
    const elsewhere = await table();
    const foreign = await elsewhere.unit('Foreign');
    const before = await rowCounts(ctx.app);
    const response = await t.call('POST', '/api/encounters', {
      name: 'Bad',
      allies: [{ unitId: a }, { unitId: foreign }],
      enemies: [{ unitId: b }, { unitId: a }, { unitId: crypto.randomUUID() }],
      hidden: [b, b],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        'allies.1.unitId': "Cette unité n'est pas dans la campagne.",
        'enemies.1.unitId': 'Cette unité figure déjà dans la liste.',
        'enemies.2.unitId': "Cette unité n'est pas dans la campagne.",
        'hidden.1': 'Cette unité figure déjà dans la liste.',
      },
    });
    expect(Object.keys(errorOf(response).fields ?? {})).toHaveLength(4);
    expect(await rowCounts(ctx.app)).toEqual(before);
    const saved = await t.save({ name: 'Good', allies: [{ unitId: a }] });
    const put = await t.call('PUT', `/api/encounters/${saved._id}`, {
      name: 'Good',
      enemies: [{ unitId: foreign }],
    });
    expect(errorOf(put).fields).toEqual({ 'enemies.0.unitId': "Cette unité n'est pas dans la campagne." });
    expect(await t.list()).toEqual([saved]);
  });
});

describe('isolation', () => {
  it("answers 404 for another user's encounter or campaign and changes nothing", async () => {
    const owner = await table();
    const unit = await owner.unit('Mine');
    const saved = await owner.save({ name: 'Mine', enemies: [{ unitId: unit }] });
    const stranger = await table();
    const theirs = bearer(stranger.user.token, owner.campaignId);
    const before = await rowCounts(ctx.app);
    const calls = [
      ctx.app.inject({ method: 'GET', url: '/api/encounters', headers: theirs }),
      ctx.app.inject({ method: 'POST', url: '/api/encounters', headers: theirs, payload: { name: 'x' } }),
      stranger.call('PUT', `/api/encounters/${saved._id}`, { name: 'Stolen' }),
      stranger.call('DELETE', `/api/encounters/${saved._id}`),
      ctx.app.inject({
        method: 'PUT',
        url: `/api/encounters/${saved._id}`,
        headers: theirs,
        payload: { name: 'x' },
      }),
      ctx.app.inject({ method: 'DELETE', url: `/api/encounters/${saved._id}`, headers: theirs }),
      stranger.call('POST', `/api/encounters/${saved._id}/run`, { version: 0 }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect(await rowCounts(ctx.app)).toEqual(before);
    expect(await owner.list()).toEqual([saved]);
    expect(await stranger.list()).toEqual([]);
  });
});

describe('a deleted unit', () => {
  it('leaves every encounter of its campaign, sides and hidden, in order', async () => {
    const t = await table();
    const [a, b, c] = [await t.unit('A'), await t.unit('B'), await t.unit('C')];
    const one = await t.save({
      name: 'One',
      allies: [{ unitId: a }, { unitId: b }],
      enemies: [{ unitId: c, count: 2 }],
      hidden: [b, c],
    });
    const two = await t.save({
      name: 'Two',
      enemies: [{ unitId: a }, { unitId: b, count: 3 }, { unitId: c }],
    });
    const three = await t.save({ name: 'Three', allies: [{ unitId: a }] });
    expect((await t.call('DELETE', `/api/units/${b}`)).statusCode).toBe(204);
    const [after1, after2, after3] = await t.list();
    expect(after1).toMatchObject({
      allies: [{ unitId: a }],
      enemies: [{ unitId: c, count: 2 }],
      hidden: [c],
    });
    expect(after2?.enemies).toEqual([
      { unitId: a, count: 1 },
      { unitId: c, count: 1 },
    ]);
    expect(after3).toEqual(three);
    expect(after1?.name).toBe(one.name);
    expect(after2?.name).toBe(two.name);
    // The encounter as it is now saves back as it is (its answer is a valid body: extra keys dropped).
    const put = await t.call('PUT', `/api/encounters/${one._id}`, after1);
    expect(put.statusCode, put.body).toBe(200);
  });
});
