import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier } from '@questkeeper/core/tiers';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  setTier,
  type TestContext,
} from '../../../test/support/harness';
import { countUnitsInDb, insertCampaign, insertUnits, unitBody } from '../../../test/support/unit-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const createUnit = (token: string, campaignId: string, name = 'Unit') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/units',
    headers: bearer(token, campaignId),
    payload: unitBody({ name }),
  });

async function campaignHolding(tier: Tier, n: number) {
  const user = await registerUser(ctx.app, { tier });
  const campaignId = await insertCampaign(ctx.app, user._id);
  await insertUnits(ctx.app, user._id, campaignId, n);
  return { user, campaignId };
}

describe('unit limit per campaign', () => {
  it.each([
    ['Novice', 10, 'Unit limit reached for Novice tier (10 per campaign). Upgrade to create more.'],
    ['Adventurer', 50, 'Unit limit reached for Adventurer tier (50 per campaign). Upgrade to create more.'],
    ['Hero', 200, 'Unit limit reached for Hero tier (200 per campaign). Upgrade to create more.'],
  ] as const)('%s: the last allowed unit is created, the next one refused', async (tier, limit, message) => {
    const { user, campaignId } = await campaignHolding(tier, limit - 1);
    const last = await createUnit(user.token, campaignId, 'Last');
    expect(last.statusCode).toBe(201);
    const over = await createUnit(user.token, campaignId, 'Over');
    expect(over.statusCode).toBe(403);
    expect(errorOf(over)).toEqual({ code: 'UNIT_LIMIT_REACHED', message });
    expect(await countUnitsInDb(ctx.app, campaignId)).toBe(limit);
  });

  it('counts per campaign: a full campaign does not block another one', async () => {
    const { user, campaignId } = await campaignHolding('Novice', 10);
    const second = await insertCampaign(ctx.app, user._id, { name: 'Second' });
    expect((await createUnit(user.token, campaignId)).statusCode).toBe(403);
    expect((await createUnit(user.token, second)).statusCode).toBe(201);
  });

  it('answers in French for a French user', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const campaignId = await insertCampaign(ctx.app, user._id);
    await insertUnits(ctx.app, user._id, campaignId, 10);
    expect(errorOf(await createUnit(user.token, campaignId)).message).toBe(
      "Limite d'unités atteinte pour le niveau Novice (10 par campagne). Passez à un niveau supérieur pour en créer d'autres.",
    );
  });

  it('after a downgrade keeps every unit editable but refuses creating until under the limit', async () => {
    const { user, campaignId } = await campaignHolding('Adventurer', 12);
    await setTier(ctx.app, user._id, 'Novice');
    const headers = bearer(user.token, campaignId);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/units', headers });
    const units: { _id: string }[] = list.json();
    expect(units).toHaveLength(12);
    expect((await createUnit(user.token, campaignId)).statusCode).toBe(403);

    const [first, second, third] = units;
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/units/${first?._id}`,
      headers,
      payload: { name: 'Still editable', currentHp: 5 },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ name: 'Still editable', currentHp: 5 });

    for (const unit of [first, second, third]) {
      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/units/${unit?._id}`, headers });
      expect(del.statusCode).toBe(204);
    }
    expect((await createUnit(user.token, campaignId)).statusCode).toBe(201);
    expect((await createUnit(user.token, campaignId)).statusCode).toBe(403);
    expect(await countUnitsInDb(ctx.app, campaignId)).toBe(10);
  });

  it('lets exactly one of 50 parallel creates take the last Novice place', async () => {
    const { user, campaignId } = await campaignHolding('Novice', 9);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createUnit(user.token, campaignId, `Racer ${i}`)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 403)).toHaveLength(49);
    for (const response of responses.filter((r) => r.statusCode === 403)) {
      expect(errorOf(response).code).toBe('UNIT_LIMIT_REACHED');
    }
    expect(await countUnitsInDb(ctx.app, campaignId)).toBe(10);
  });
});
