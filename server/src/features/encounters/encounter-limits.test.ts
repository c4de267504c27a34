// The saved encounters' limit per campaign and tier (docs/decisions/062): 3 Novice, 30 Adventurer,
// 200 Hero, 403 ENCOUNTER_LIMIT_REACHED beyond, counted under the campaign's lock so racing creates
// cannot pass it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tier } from '@questkeeper/core/tiers';
import { encounters } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  setTier,
  type TestContext,
} from '../../../test/support/harness';
import { insertCampaign } from '../../../test/support/unit-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

async function campaignHolding(tier: Tier, n: number, language: 'en' | 'fr' = 'en') {
  const user = await registerUser(ctx.app, { tier, language });
  const campaignId = await insertCampaign(ctx.app, user._id);
  if (n > 0) {
    await ctx.app.database.db.insert(encounters).values(
      Array.from({ length: n }, (_, i) => ({
        userId: user._id,
        campaignId,
        name: `Filler ${i + 1}`,
        data: { allies: [], enemies: [], hazards: [], hidden: [], groups: 'none' as const },
      })),
    );
  }
  const create = (name = 'Encounter') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/encounters',
      headers: bearer(user.token, campaignId),
      payload: { name },
    });
  const count = async () =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/encounters', headers: bearer(user.token, campaignId) })
    ).json<unknown[]>().length;
  return { user, campaignId, create, count };
}

describe('encounter limit per campaign', () => {
  it.each([
    ['Novice', 3],
    ['Adventurer', 30],
    ['Hero', 200],
  ] as const)('%s: the last allowed encounter is saved, the next one refused', async (tier, limit) => {
    const table = await campaignHolding(tier, limit - 1);
    expect((await table.create('Last')).statusCode).toBe(201);
    const over = await table.create('Over');
    expect(over.statusCode).toBe(403);
    expect(errorOf(over)).toEqual({
      code: 'ENCOUNTER_LIMIT_REACHED',
      message: `Encounter limit reached for the ${tier} plan (${limit} per campaign). Delete one or upgrade to save more.`,
    });
    expect(await table.count()).toBe(limit);
  });

  it('counts per campaign, answers in French, and lets a deleted one make room', async () => {
    const table = await campaignHolding('Novice', 3, 'fr');
    const other = await insertCampaign(ctx.app, table.user._id, { name: 'Other' });
    const over = await table.create();
    expect(errorOf(over).message).toBe(
      "Limite de rencontres atteinte pour la formule Novice (3 par campagne). Supprimez-en une ou passez à une formule supérieure pour en enregistrer d'autres.",
    );
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/encounters',
      headers: bearer(table.user.token, other),
      payload: { name: 'Elsewhere' },
    });
    expect(elsewhere.statusCode).toBe(201);
    const headers = bearer(table.user.token, table.campaignId);
    const [first] = (await ctx.app.inject({ method: 'GET', url: '/api/encounters', headers })).json<
      { _id: string }[]
    >();
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/encounters/${first?._id}`, headers })).statusCode,
    ).toBe(204);
    expect((await table.create()).statusCode).toBe(201);
  });

  it('after a downgrade keeps every encounter editable but saves no new one', async () => {
    const table = await campaignHolding('Adventurer', 5);
    await setTier(ctx.app, table.user._id, 'Novice');
    const headers = bearer(table.user.token, table.campaignId);
    const [first] = (await ctx.app.inject({ method: 'GET', url: '/api/encounters', headers })).json<
      { _id: string }[]
    >();
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/encounters/${first?._id}`,
      headers,
      payload: { name: 'Still editable' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await table.create()).statusCode).toBe(403);
    expect(await table.count()).toBe(5);
  });

  it('two parallel saves at 2 of 3: exactly one passes', async () => {
    const table = await campaignHolding('Novice', 2);
    const answers = await Promise.all([table.create('Left'), table.create('Right')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403]);
    expect(await table.count()).toBe(3);
  });

  it('twenty parallel saves on an empty Novice campaign: exactly three pass', async () => {
    const table = await campaignHolding('Novice', 0);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => table.create(`E${i}`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(17);
    expect(await table.count()).toBe(3);
  });
});
