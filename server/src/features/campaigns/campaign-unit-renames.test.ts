// Units follow their campaign's renames (decision 014): a renamed race, class, status or
// characteristic, and a lowered characteristic max, reach every unit of that campaign and no other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '@questkeeper/core/schemas/campaigns';
import type { Unit } from '@questkeeper/core/schemas/units';
import { bearer, createTestApp, registerUser, type TestContext } from '../../../test/support/harness';
import { campaignClient } from '../../../test/support/campaign-client';

let ctx: TestContext;
let api: ReturnType<typeof campaignClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  api = campaignClient(ctx.app);
});
afterAll(async () => ctx?.close());

async function heroWithUnit() {
  const user = await registerUser(ctx.app, { tier: 'Hero' });
  const campaign = await api.created(user.token, { name: 'Realm', template: 'default' });
  const other = await api.created(user.token, { name: 'Other', template: 'default' });
  const unit = async (campaignId: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/units',
      headers: bearer(user.token, campaignId),
      payload: {
        name: 'Aria',
        race: 'Elf',
        class: 'Mage',
        status: 'Normal',
        characteristics: { Strength: 80, Wisdom: 60 },
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<Unit>();
  };
  await unit(campaign._id);
  await unit(other._id);
  const unitsOf = async (campaignId: string) =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/units', headers: bearer(user.token, campaignId) })
    ).json<Unit[]>()[0]!;
  return { user, campaign, other, unitsOf };
}

describe('campaign renames reach the units', () => {
  it('renames a race, a class and a status by id', async () => {
    const { user, campaign, other, unitsOf } = await heroWithUnit();
    const rename = <T extends { name: string }>(list: T[], from: string, to: string) =>
      list.map((entry) => (entry.name === from ? { ...entry, name: to } : entry));
    const response = await api.update(user.token, campaign._id, {
      races: rename(campaign.races, 'Elf', 'High elf'),
      classes: rename(campaign.classes, 'Mage', 'Wizard'),
      statuses: rename(campaign.statuses, 'Normal', 'Fine'),
    });
    expect(response.statusCode).toBe(200);
    const unit = await unitsOf(campaign._id);
    expect([unit.race, unit.class, unit.status]).toEqual(['High elf', 'Wizard', 'Fine']);
    const untouched = await unitsOf(other._id);
    expect([untouched.race, untouched.class, untouched.status]).toEqual(['Elf', 'Mage', 'Normal']);
  });

  it('moves a renamed characteristic value, caps a lowered max, and follows with the initiative', async () => {
    const { user, campaign, other, unitsOf } = await heroWithUnit();
    expect((await api.update(user.token, campaign._id, { initiativeCaracName: 'Strength' })).statusCode).toBe(
      200,
    );
    const characteristics = campaign.characteristics.map((c) =>
      c.name === 'Strength' ? { name: 'Might', max: 20 } : c,
    );
    const response = await api.update(user.token, campaign._id, { characteristics });
    expect(response.statusCode).toBe(200);
    expect(response.json<Campaign>().initiativeCaracName).toBe('Might');
    const unit = await unitsOf(campaign._id);
    expect(unit.characteristics.Might).toBe(20);
    expect(unit.characteristics).not.toHaveProperty('Strength');
    expect(unit.characteristics.Wisdom).toBe(60);
    expect((await unitsOf(other._id)).characteristics.Strength).toBe(80);
  });

  it('leaves units alone when a characteristic is removed', async () => {
    const { user, campaign, unitsOf } = await heroWithUnit();
    const characteristics = campaign.characteristics.filter((c) => c.name !== 'Strength');
    expect((await api.update(user.token, campaign._id, { characteristics })).statusCode).toBe(200);
    expect((await unitsOf(campaign._id)).characteristics.Wisdom).toBe(60);
  });
});
