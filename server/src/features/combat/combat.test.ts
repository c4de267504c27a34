import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMPTY_COMBAT } from '@questkeeper/core/rules/combat';
import type { CombatState } from '@questkeeper/core/schemas/combat';
import { combats } from '../../db/schema';
import { bearer, createTestApp, errorOf, registerUser, type TestContext } from '../../test/harness';
import { insertCampaign, unitBody } from '../../test/unit-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const getCombat = (token: string, campaignId?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/combat', headers: bearer(token, campaignId) });
const putCombat = (token: string, campaignId: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/combat',
    headers: bearer(token, campaignId),
    payload: payload as object,
  });

/** A Novice user (the simulator is open to every tier) with a campaign holding `n` units. */
async function setup(n = 4) {
  const user = await registerUser(ctx.app);
  const campaignId = await insertCampaign(ctx.app, user._id);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/units',
      headers: bearer(user.token, campaignId),
      payload: unitBody({ name: `U${i}` }),
    });
    ids.push(response.json()._id);
  }
  return { user, token: user.token, campaignId, ids };
}

function fight(ids: string[], overrides: Partial<CombatState> = {}): CombatState {
  const [a = '', b = '', c = '', d = ''] = ids;
  return {
    phase: 'fight',
    allies: [a, b],
    enemies: [c, d],
    order: [
      { unitId: c, initiative: 19 },
      { unitId: a, initiative: 15 },
      { unitId: d, initiative: 7 },
      { unitId: b, initiative: 2 },
    ],
    turnIndex: 2,
    round: 3,
    amount: 25,
    targetId: c,
    ...overrides,
  };
}

describe('GET /api/combat', () => {
  it('answers the empty combat with updatedAt null and version 0 before anything is saved', async () => {
    const { token, campaignId } = await setup(0);
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
    });
  });
});

describe('PUT /api/combat', () => {
  it('saves and restores the state, one row per campaign', async () => {
    const { token, campaignId, ids } = await setup();
    const state = fight(ids);
    const saved = await putCombat(token, campaignId, state);
    expect(saved.statusCode).toBe(200);
    const body = saved.json();
    // Deprecated (decision 021): still saves, and counts as a change of version with a fresh history.
    expect(body).toEqual({
      ...state,
      updatedAt: body.updatedAt,
      version: 1,
      conditions: {},
      canUndo: false,
      canRedo: false,
      log: [],
    });
    expect(new Date(body.updatedAt).toISOString()).toBe(body.updatedAt);
    expect((await getCombat(token, campaignId)).json()).toEqual(body);

    const next = fight(ids, { turnIndex: 3, amount: 0, targetId: null });
    expect((await putCombat(token, campaignId, next)).statusCode).toBe(200);
    const restored = (await getCombat(token, campaignId)).json();
    expect(restored).toMatchObject({ ...next, version: 2 });
    expect(Date.parse(restored.updatedAt)).toBeGreaterThanOrEqual(Date.parse(body.updatedAt));
    const rows = await ctx.app.database.db.select().from(combats).where(eq(combats.campaignId, campaignId));
    expect(rows).toHaveLength(1);
  });

  it('saves a setup with empty groups and order', async () => {
    const { token, campaignId } = await setup(0);
    const response = await putCombat(token, campaignId, EMPTY_COMBAT);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(EMPTY_COMBAT);
  });

  it('refuses with UNKNOWN_UNIT a unit of another campaign, another user, or none, and keeps the saved state', async () => {
    const { user, token, campaignId, ids } = await setup();
    const before = (await putCombat(token, campaignId, fight(ids))).json();

    const otherCampaign = await insertCampaign(ctx.app, user._id, { name: 'Other' });
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/units',
      headers: bearer(token, otherCampaign),
      payload: unitBody(),
    });
    const stranger = await setup(1);
    for (const foreign of [elsewhere.json()._id, stranger.ids[0], crypto.randomUUID()]) {
      for (const state of [
        fight(ids, { allies: [ids[0] ?? '', ids[1] ?? '', foreign] }),
        fight(ids, { phase: 'setup', enemies: [foreign], order: [], turnIndex: 0, targetId: null }),
      ]) {
        const response = await putCombat(token, campaignId, state);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response)).toEqual({
          code: 'UNKNOWN_UNIT',
          message: 'A unit in this combat does not belong to the campaign.',
        });
      }
    }
    expect((await getCombat(token, campaignId)).json()).toEqual(before);
  });

  it.each([
    [
      'a unit in both groups',
      (ids: string[]) => fight(ids, { enemies: [ids[2] ?? '', ids[0] ?? ''] }),
      'enemies.1',
      'A unit cannot be both an ally and an enemy.',
    ],
    [
      'a unit twice in a group',
      (ids: string[]) => fight(ids, { allies: [ids[0] ?? '', ids[0] ?? ''], order: [], turnIndex: 0 }),
      'allies.1',
      'This unit is already in the list.',
    ],
    [
      'an order unit outside the groups',
      (ids: string[]) => fight(ids, { allies: [ids[0] ?? ''] }),
      'order.3.unitId',
      'This unit is neither an ally nor an enemy in this combat.',
    ],
    [
      'a target outside the groups',
      (ids: string[]) =>
        fight(ids, { allies: [ids[0] ?? ''], order: [], turnIndex: 0, targetId: ids[1] ?? '' }),
      'targetId',
      'This unit is neither an ally nor an enemy in this combat.',
    ],
    [
      'a turn past the order',
      (ids: string[]) => fight(ids, { turnIndex: 4 }),
      'turnIndex',
      'The current turn must point to a unit of the initiative order.',
    ],
    [
      'a turn without an order',
      (ids: string[]) => fight(ids, { order: [], turnIndex: 1 }),
      'turnIndex',
      'The current turn must point to a unit of the initiative order.',
    ],
  ])('refuses %s with a field', async (_case, build, field, message) => {
    const { token, campaignId, ids } = await setup();
    const response = await putCombat(token, campaignId, build(ids));
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.[field]).toBe(message);
    expect((await getCombat(token, campaignId)).json().updatedAt).toBeNull();
  });

  it.each([
    ['a malformed id', { allies: ['not-a-uuid'] }, 'allies.0', 'This id is not valid.'],
    ['an unknown phase', { phase: 'victory' }, 'phase', 'Must be one of: setup, fight.'],
    ['a negative amount', { amount: -1 }, 'amount', 'Must be at least 0.'],
    ['a text turn', { turnIndex: 'one' }, 'turnIndex', 'This value is not valid.'],
    ['a missing round', { round: undefined }, 'round', 'This field is required.'],
    [
      'too many allies',
      { allies: Array.from({ length: 201 }, () => crypto.randomUUID()) },
      'allies',
      'Must have at most 200 items.',
    ],
  ])('refuses %s with a field message', async (_case, overrides, field, message) => {
    const { token, campaignId } = await setup(0);
    const response = await putCombat(token, campaignId, { ...EMPTY_COMBAT, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.[field]).toBe(message);
  });
});

describe('rules of spec §4 the server keeps too', () => {
  it('refuses a unit with 0 HP joining a group, but keeps one that fell during the fight', async () => {
    const { token, campaignId, ids } = await setup();
    const [a = '', b = '', c = ''] = ids;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/units/${b}`,
      headers: bearer(token, campaignId),
      payload: { currentHp: 0 },
    });
    const refused = await putCombat(token, campaignId, { ...EMPTY_COMBAT, allies: [a, b] });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields?.['allies.1']).toBe('A unit with 0 HP cannot join a fight.');

    // In a saved fight, the fallen unit stays where it is.
    expect(
      (await putCombat(token, campaignId, { ...EMPTY_COMBAT, allies: [a], enemies: [c] })).statusCode,
    ).toBe(200);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/units/${a}`,
      headers: bearer(token, campaignId),
      payload: { currentHp: 0 },
    });
    const start = {
      ...EMPTY_COMBAT,
      phase: 'fight' as const,
      allies: [a],
      enemies: [c],
      order: [
        { unitId: c, initiative: 3 },
        { unitId: a, initiative: 2 },
      ],
    };
    expect((await putCombat(token, campaignId, start)).statusCode).toBe(200);
  });

  it('refuses to start a fight without both sides, or with units missing from the order', async () => {
    const { token, campaignId, ids } = await setup();
    const [a = '', b = '', c = ''] = ids;
    const alone = await putCombat(token, campaignId, {
      ...EMPTY_COMBAT,
      phase: 'fight',
      allies: [a, b],
      order: [{ unitId: a, initiative: 5 }],
    });
    expect(alone.statusCode).toBe(400);
    expect(errorOf(alone).fields?.phase).toBe('A fight needs at least one ally and one enemy.');

    const partial = await putCombat(token, campaignId, {
      ...EMPTY_COMBAT,
      phase: 'fight',
      allies: [a, b],
      enemies: [c],
      order: [{ unitId: a, initiative: 5 }],
    });
    expect(partial.statusCode).toBe(400);
    expect(errorOf(partial).fields?.order).toBe('The initiative order must list every unit of the fight.');
    expect((await getCombat(token, campaignId)).json().updatedAt).toBeNull();
  });

  it("answers the rules in the user's language", async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const campaignId = await insertCampaign(ctx.app, user._id);
    const response = await putCombat(user.token, campaignId, { ...EMPTY_COMBAT, phase: 'fight' });
    expect(errorOf(response).fields?.phase).toBe('Un combat demande au moins un allié et un ennemi.');
  });
});

describe('self-healing after a unit is deleted', () => {
  it('drops the deleted unit everywhere and keeps the turn on the same unit', async () => {
    const { token, campaignId, ids } = await setup();
    await putCombat(token, campaignId, fight(ids, { turnIndex: 2, targetId: ids[2] ?? null }));
    // ids[2] is first in the order (before the turn) and the target.
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/units/${ids[2]}`,
      headers: bearer(token, campaignId),
    });
    expect(del.statusCode).toBe(204);
    const healed = (await getCombat(token, campaignId)).json();
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
    // The healed state is itself valid to save back.
    const { updatedAt: _ignored, ...state } = healed;
    expect((await putCombat(token, campaignId, state)).statusCode).toBe(200);
  });

  it('wraps the turn to the first unit when the last unit of the order is deleted on its turn', async () => {
    const { token, campaignId, ids } = await setup();
    await putCombat(token, campaignId, fight(ids, { turnIndex: 3 }));
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/units/${ids[1]}`,
      headers: bearer(token, campaignId),
    });
    const healed = (await getCombat(token, campaignId)).json();
    expect(healed.order).toHaveLength(3);
    expect(healed.turnIndex).toBe(0);
    expect(healed.targetId).toBe(ids[2]);
  });
});

describe('header and ownership', () => {
  it('answers 400 CAMPAIGN_REQUIRED, 404 for malformed or unknown campaigns, 401 without token', async () => {
    const { token } = await setup(0);
    expect(errorOf(await getCombat(token)).code).toBe('CAMPAIGN_REQUIRED');
    expect(errorOf(await putCombat(token, undefined, EMPTY_COMBAT)).code).toBe('CAMPAIGN_REQUIRED');
    expect((await getCombat(token, 'abc')).statusCode).toBe(404);
    expect((await putCombat(token, crypto.randomUUID(), EMPTY_COMBAT)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/combat' })).statusCode).toBe(401);
  });

  it("isolates users: another user's combat answers 404 and stays unchanged", async () => {
    const a = await setup();
    const saved = (await putCombat(a.token, a.campaignId, fight(a.ids))).json();
    const b = await setup(0);
    const read = await getCombat(b.token, a.campaignId);
    expect(read.statusCode).toBe(404);
    expect(errorOf(read).code).toBe('NOT_FOUND');
    const write = await putCombat(b.token, a.campaignId, EMPTY_COMBAT);
    expect(write.statusCode).toBe(404);
    expect((await getCombat(a.token, a.campaignId)).json()).toEqual(saved);
    expect((await getCombat(b.token, b.campaignId)).json().updatedAt).toBeNull();
  });
});
