// Pinned characteristics and the initiative modifier (docs/decisions/061): at most three pins, one
// check for a whole-list save and every list edit; `initiativeModifier` saved like any campaign field
// (version check included) and carried by a copy; rows saved before either read with the defaults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Campaign, ListEditResponse } from '@questkeeper/core/schemas/campaigns';
import { campaigns } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
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

const edit = (token: string, campaignId: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/game-data/${campaignId}/lists`,
    headers: bearer(token),
    payload,
  });

async function setup(tier: 'Novice' | 'Adventurer' | 'Hero' = 'Hero', language: 'en' | 'fr' = 'en') {
  const user = await registerUser(ctx.app, { tier, language });
  const campaign = await api.created(user.token, { name: 'Realm' });
  const read = async () => (await api.campaigns(user.token)).find((c) => c._id === campaign._id)!;
  return { user, campaign, read };
}

const pins = (campaign: Campaign) => campaign.characteristics.filter((c) => c.pinned).map((c) => c.name);

describe('pinned characteristics', () => {
  it('starts with none pinned, saves three with the list, and refuses a fourth with nothing written', async () => {
    const { user, campaign, read } = await setup();
    expect(campaign.characteristics.every((c) => c.pinned === false)).toBe(true);
    const three = campaign.characteristics.map((c, i) => ({ name: c.name, max: c.max, pinned: i < 3 }));
    const saved = await api.update(user.token, campaign._id, {
      characteristics: three,
      version: campaign.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(pins(saved.json<Campaign>())).toEqual(['Strength', 'Dexterity', 'Constitution']);

    const before = await read();
    const four = campaign.characteristics.map((c, i) => ({ name: c.name, max: c.max, pinned: i < 4 }));
    const refused = await api.update(user.token, campaign._id, { characteristics: four });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({
      'characteristics.3.pinned': 'At most 3 characteristics can be pinned on fight rows.',
    });
    expect(await read()).toEqual(before);
  });

  it('pins and unpins one entry with a list edit, refusing a fourth pin beside it, in French too', async () => {
    const { user, campaign, read } = await setup('Adventurer', 'fr');
    const names = campaign.characteristics.map((c) => c.name);
    for (const name of names.slice(0, 3)) {
      const pinned = await edit(user.token, campaign._id, {
        op: 'update',
        list: 'characteristics',
        itemId: name,
        changes: { pinned: true },
      });
      expect(pinned.statusCode, pinned.body).toBe(200);
      expect(pinned.json<ListEditResponse>().itemId).toBe(name);
    }
    const before = await read();
    expect(pins(before)).toEqual(names.slice(0, 3));

    const fourth = await edit(user.token, campaign._id, {
      op: 'update',
      list: 'characteristics',
      itemId: names[4],
      changes: { pinned: true },
    });
    expect(fourth.statusCode).toBe(400);
    expect(errorOf(fourth).fields).toEqual({
      'changes.pinned': 'Au plus 3 caractéristiques peuvent être épinglées sur les lignes du combat.',
    });
    // An added entry may not bring a fourth pin either.
    const added = await edit(user.token, campaign._id, {
      op: 'add',
      list: 'characteristics',
      item: { name: 'Armor Class', max: 20, pinned: true },
    });
    expect(added.statusCode).toBe(400);
    expect(Object.keys(errorOf(added).fields ?? {})).toEqual(['item.pinned']);
    expect(await read()).toEqual(before);

    // Unpin one, then the other may be pinned; a rename keeps the pin.
    const unpin = await edit(user.token, campaign._id, {
      op: 'update',
      list: 'characteristics',
      itemId: names[0],
      changes: { pinned: false },
    });
    expect(unpin.statusCode, unpin.body).toBe(200);
    const armor = await edit(user.token, campaign._id, {
      op: 'add',
      list: 'characteristics',
      item: { name: 'Armor Class', max: 20, pinned: true },
    });
    expect(armor.statusCode, armor.body).toBe(200);
    const renamed = await edit(user.token, campaign._id, {
      op: 'update',
      list: 'characteristics',
      itemId: 'Armor Class',
      changes: { name: 'AC' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(pins(await read())).toEqual([names[1], names[2], 'AC']);
  });

  it('lets a Novice pin the default characteristics (a pin is not a list change)', async () => {
    const { user, campaign, read } = await setup('Novice');
    const pinned = await edit(user.token, campaign._id, {
      op: 'update',
      list: 'characteristics',
      itemId: 'Dexterity',
      changes: { pinned: true },
    });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pins(await read())).toEqual(['Dexterity']);
    // Renaming is still locked.
    const renamed = await edit(user.token, campaign._id, {
      op: 'update',
      list: 'characteristics',
      itemId: 'Dexterity',
      changes: { name: 'Agility' },
    });
    expect(renamed.statusCode).toBe(403);
  });

  it('reads a characteristic stored before pins as not pinned, and a row before the modifier as "value"', async () => {
    const { user, campaign, read } = await setup();
    await ctx.app.database.db
      .update(campaigns)
      .set({ characteristics: sql`'[{"name":"Speed","max":20}]'::jsonb` })
      .where(eq(campaigns.id, campaign._id));
    const old = await read();
    expect(old.characteristics).toEqual([{ name: 'Speed', max: 20, pinned: false }]);
    expect(old.initiativeModifier).toBe('value');
    // A list edit of such a list writes the flag.
    const pinned = await edit(user.token, campaign._id, {
      op: 'update',
      list: 'characteristics',
      itemId: 'Speed',
      changes: { pinned: true },
    });
    expect(pinned.statusCode, pinned.body).toBe(200);
    const [row] = await ctx.app.database.db
      .select({ characteristics: campaigns.characteristics })
      .from(campaigns)
      .where(eq(campaigns.id, campaign._id));
    expect(row?.characteristics).toEqual([{ name: 'Speed', max: 20, pinned: true }]);
  });
});

describe('initiative modifier', () => {
  it('defaults to "value", is saved with the version check, and answered by GET', async () => {
    const { user, campaign, read } = await setup();
    expect(campaign.initiativeModifier).toBe('value');
    const saved = await api.update(user.token, campaign._id, {
      initiativeModifier: 'd20Modifier',
      version: campaign.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Campaign>().initiativeModifier).toBe('d20Modifier');
    expect((await read()).initiativeModifier).toBe('d20Modifier');

    // From the old version: 409 with the campaign as it is, nothing written.
    const stale = await api.update(user.token, campaign._id, {
      initiativeModifier: 'value',
      version: campaign.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ campaign: Campaign }>().campaign.initiativeModifier).toBe('d20Modifier');

    const bad = await api.update(user.token, campaign._id, { initiativeModifier: 'half' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {})).toEqual(['initiativeModifier']);
    expect((await read()).initiativeModifier).toBe('d20Modifier');
  });

  it('may be set on every tier: it changes nothing for the random rules', async () => {
    const { user, campaign } = await setup('Novice');
    const saved = await api.update(user.token, campaign._id, { initiativeModifier: 'd20Modifier' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Campaign>()).toMatchObject({
      initiativeModifier: 'd20Modifier',
      initiativeRule: 'random_d20',
    });
  });

  it('goes with the pins into a copy', async () => {
    const { user, campaign } = await setup();
    const pinned = campaign.characteristics.map((c, i) => ({ name: c.name, max: c.max, pinned: i === 1 }));
    const source = await api.update(user.token, campaign._id, {
      characteristics: pinned,
      initiativeModifier: 'd20Modifier',
    });
    expect(source.statusCode, source.body).toBe(200);
    const target = await api.created(user.token, { name: 'Copy', template: 'empty' });
    expect(target.initiativeModifier).toBe('value');
    const copied = await api.copy(user.token, target._id, campaign._id);
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json<Campaign>()).toMatchObject({ name: 'Copy', initiativeModifier: 'd20Modifier' });
    expect(pins(copied.json<Campaign>())).toEqual(['Dexterity']);
  });
});
