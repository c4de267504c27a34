// Export, import: a campaign's pinned characteristics and initiative modifier (docs/decisions/061)
// travel in the file; files written before them import with nothing pinned and the "value" rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '@questkeeper/core/schemas/campaigns';
import { gameDataExport } from '@questkeeper/core/schemas/game-data-export';
import { createTestApp, errorOf, registerUser, type TestContext } from '../../../test/support/harness';
import { campaignClient } from '../../../test/support/campaign-client';
import { campaignFile, rowCounts, userDataClient } from '../../../test/support/user-data-fixtures';

let ctx: TestContext;
let client: ReturnType<typeof userDataClient>;
let api: ReturnType<typeof campaignClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  client = userDataClient(ctx.app);
  api = campaignClient(ctx.app);
});
afterAll(async () => ctx?.close());

describe('pins and the initiative modifier in a campaign file', () => {
  it('export → import keeps both', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const campaign = await api.created(user.token, { name: 'Table' });
    const characteristics = campaign.characteristics.map((c, i) => ({ ...c, pinned: i === 1 || i === 4 }));
    const saved = await api.update(user.token, campaign._id, {
      characteristics,
      initiativeModifier: 'd20Modifier',
      initiativeRule: 'd20_plus_carac',
      initiativeCaracName: 'Dexterity',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const exported = await client.export(user.token, campaign._id);
    expect(exported.statusCode, exported.body).toBe(200);
    const file = gameDataExport.parse(exported.json());
    expect(file.campaign.initiativeModifier).toBe('d20Modifier');
    expect(file.campaign.characteristics.filter((c) => c.pinned).map((c) => c.name)).toEqual([
      'Dexterity',
      'Wisdom',
    ]);

    const imported = await client.import(user.token, exported.body);
    expect(imported.statusCode, imported.body).toBe(201);
    const answer = imported.json<Campaign>();
    expect(answer.initiativeModifier).toBe('d20Modifier');
    const listed = (await api.campaigns(user.token)).find((c) => c._id === answer._id)!;
    expect(listed.initiativeModifier).toBe('d20Modifier');
    expect(listed.characteristics).toEqual(characteristics);
  });

  it('imports a file written before them with nothing pinned and the value rule', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const old = campaignFile({
      campaign: {
        characteristics: [
          { name: 'Strength', max: 100 },
          { name: 'Dexterity', max: 20 },
        ],
        initiativeRule: 'd20_plus_carac',
        initiativeCaracName: 'Dexterity',
      },
    });
    expect(JSON.stringify(old)).not.toMatch(/pinned|initiativeModifier/);
    const imported = await client.import(user.token, old);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json<Campaign>()).toMatchObject({
      initiativeModifier: 'value',
      characteristics: [
        { name: 'Strength', max: 100, pinned: false },
        { name: 'Dexterity', max: 20, pinned: false },
      ],
    });
  });

  it('refuses a file pinning four characteristics, writing nothing', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const before = await rowCounts(ctx.app);
    const file = campaignFile({
      campaign: {
        characteristics: ['A', 'B', 'C', 'D'].map((name) => ({ name, max: 20 as const, pinned: true })),
        initiativeModifier: 'd20Modifier',
      },
    });
    const refused = await client.import(user.token, file);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toMatchObject({
      'campaign.characteristics.3.pinned': 'At most 3 characteristics can be pinned on fight rows.',
    });
    expect(await rowCounts(ctx.app)).toEqual(before);
  });
});
