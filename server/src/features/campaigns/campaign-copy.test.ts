// POST /api/game-data/:id/copy: overwrites the target's data with the source's, under the same tier
// checks as a PUT of that data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Campaign } from '@questkeeper/core/schemas/campaigns';
import { units } from '../../db/schema';
import {
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

const DATA_FIELDS = [
  'rules',
  'characteristics',
  'races',
  'classes',
  'statuses',
  'initiativeRule',
  'initiativeCaracName',
] as const;
const dataOf = (c: Campaign) => Object.fromEntries(DATA_FIELDS.map((field) => [field, c[field]]));
const byId = async (token: string, id: string) => (await api.campaigns(token)).find((c) => c._id === id);

/** A Hero's campaign whose every data field differs from the default content. */
async function customSource(token: string, id: string): Promise<Campaign> {
  const response = await api.update(token, id, {
    rules: '# House rules\n\nCrits on 19.',
    characteristics: [
      { name: 'Might', max: 20 },
      { name: 'Speed', max: 100 },
    ],
    races: Array.from({ length: 25 }, (_, i) => ({ name: `Race ${i}`, note: `note ${i}` })),
    classes: [{ name: 'Bard', color: '#123456', note: 'sings' }],
    statuses: [{ name: 'Hasted' }],
    initiativeRule: 'd100_plus_carac',
    initiativeCaracName: 'Speed',
  });
  if (response.statusCode !== 200) throw new Error(`setup failed: ${response.body}`);
  return response.json<Campaign>();
}

describe('copy', () => {
  it('overwrites every data field of the target, but not its name, id or units', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const source = await customSource(user.token, (await api.created(user.token, { name: 'Source' }))._id);
    const target = await api.created(user.token, { name: 'Target', template: 'empty' });
    await ctx.database.db.insert(units).values({
      userId: user._id,
      campaignId: target._id,
      name: 'Survivor',
      gender: 'Other',
      isPlayer: true,
      race: 'Elf',
      class: 'Mage',
      status: 'Normal',
      characteristics: {},
      hp: 10,
      currentHp: 10,
    });

    const response = await api.copy(user.token, target._id, source._id);
    expect(response.statusCode).toBe(200);
    const copied = response.json<Campaign>();
    expect(copied).toMatchObject({
      _id: target._id,
      name: 'Target',
      userId: user._id,
      createdAt: target.createdAt,
    });
    expect(dataOf(copied)).toEqual(dataOf(source));
    expect(await byId(user.token, target._id)).toEqual(copied);
    expect(await byId(user.token, source._id)).toEqual(source);
    const left = await ctx.database.db.select().from(units).where(eq(units.campaignId, target._id));
    expect(left.map((u) => u.name)).toEqual(['Survivor']);
  });

  it('copies a default campaign into an empty one: the create-by-copy flow', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const source = await api.created(user.token, { name: 'Default' });
    const target = await api.created(user.token, { name: 'Copy', template: 'empty' });
    const response = await api.copy(user.token, target._id, source._id);
    expect(response.statusCode).toBe(200);
    expect(dataOf(response.json<Campaign>())).toEqual(dataOf(source));
  });

  it("answers 404 for another user's source or target and changes nothing", async () => {
    const owner = await registerUser(ctx.app, { tier: 'Hero' });
    const other = await registerUser(ctx.app, { tier: 'Hero' });
    const mine = await customSource(owner.token, (await api.created(owner.token))._id);
    const theirs = await api.created(other.token);

    for (const response of [
      await api.copy(other.token, theirs._id, mine._id),
      await api.copy(other.token, mine._id, theirs._id),
      await api.copy(owner.token, mine._id, '00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect(await byId(other.token, theirs._id)).toEqual(theirs);
    expect(await byId(owner.token, mine._id)).toEqual(mine);
  });

  it('refuses a Novice copy that would change the lists', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const custom = await customSource(user.token, (await api.created(user.token, { name: 'Custom' }))._id);
    const plain = await api.created(user.token, { name: 'Plain' });
    const plainToo = await api.created(user.token, { name: 'Plain too' });
    await setTier(ctx.app, user._id, 'Novice');

    const response = await api.copy(user.token, plain._id, custom._id);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('LISTS_LOCKED');
    expect(await byId(user.token, plain._id)).toEqual(plain);

    // Two default campaigns show the same lists (under other ids): nothing a Novice may not do.
    const same = await api.copy(user.token, plainToo._id, plain._id);
    expect(same.statusCode).toBe(200);
    expect(dataOf(same.json<Campaign>())).toEqual(dataOf(plain));
  });

  it('refuses a copy that would take the target past a tier limit', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const big = await customSource(user.token, (await api.created(user.token, { name: 'Big' }))._id);
    const small = await api.created(user.token, { name: 'Small' });
    await setTier(ctx.app, user._id, 'Adventurer');

    const response = await api.copy(user.token, small._id, big._id);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({
      code: 'RACE_LIMIT_REACHED',
      message: 'Race limit reached for Adventurer tier',
    });
    expect(await byId(user.token, small._id)).toEqual(small);
  });

  it('refuses copying rules longer than the target tier allows', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const source = await api.created(user.token, { name: 'Long rules' });
    await api.update(user.token, source._id, { rules: 'x'.repeat(50_001) });
    const target = await api.created(user.token, { name: 'Target' });
    await setTier(ctx.app, user._id, 'Novice');

    const response = await api.copy(user.token, target._id, source._id);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('RULES_TOO_LONG');
    expect((await byId(user.token, target._id))?.rules).toBe(target.rules);
  });

  it('refuses a characteristic-based initiative rule copied into a Novice campaign', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const source = await api.created(user.token, { name: 'Carac' });
    await api.update(user.token, source._id, {
      initiativeRule: 'caracteristic',
      initiativeCaracName: 'Wisdom',
    });
    const target = await api.created(user.token, { name: 'Target' });
    await setTier(ctx.app, user._id, 'Novice');

    const response = await api.copy(user.token, target._id, source._id);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('INITIATIVE_RULE_LOCKED');
  });
});
