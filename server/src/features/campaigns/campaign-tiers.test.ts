// The tier rules of a campaign PUT (docs/product.md#tiers), each at its boundary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '@questkeeper/core/schemas/campaigns';
import type { Tier } from '@questkeeper/core/tiers';
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

async function campaignOf(tier: Tier) {
  const user = await registerUser(ctx.app, { tier });
  return { user, campaign: await api.created(user.token) };
}
const named = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${i}` }));
const saved = async (token: string) => (await api.campaigns(token))[0]!;

describe('list counts', () => {
  it.each([
    ['races', 'Adventurer', 20, 'Race limit reached for Adventurer tier'],
    ['classes', 'Adventurer', 15, 'Class limit reached for Adventurer tier'],
    ['statuses', 'Adventurer', 30, 'Status limit reached for Adventurer tier'],
    ['characteristics', 'Adventurer', 10, 'Characteristic limit reached for Adventurer tier'],
  ] as const)('%s for %s: %i saved, one more refused', async (field, tier, limit, message) => {
    const { user, campaign } = await campaignOf(tier);
    const atLimit = await api.update(user.token, campaign._id, { [field]: named(limit, field) });
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json<Campaign>()[field]).toHaveLength(limit);

    const over = await api.update(user.token, campaign._id, { [field]: named(limit + 1, field) });
    expect(over.statusCode).toBe(403);
    expect(errorOf(over).message).toBe(message);
    expect((await saved(user.token))[field]).toHaveLength(limit);
  });

  it.each([
    ['races', 100],
    ['classes', 100],
    ['statuses', 100],
    ['characteristics', 50],
  ] as const)(
    'lets Hero hold %s up to %i; one more is past every tier and fails validation',
    async (field, limit) => {
      const { user, campaign } = await campaignOf('Hero');
      expect((await api.update(user.token, campaign._id, { [field]: named(limit, 'X') })).statusCode).toBe(
        200,
      );
      const over = await api.update(user.token, campaign._id, { [field]: named(limit + 1, 'X') });
      expect(over.statusCode).toBe(400);
      expect(errorOf(over).fields?.[field]).toBe(`Must have at most ${limit} items.`);
      expect((await saved(user.token))[field]).toHaveLength(limit);
    },
  );

  it('keeps an oversized list editable after a downgrade, but never growing', async () => {
    const { user, campaign } = await campaignOf('Hero');
    const thirty = (await api.update(user.token, campaign._id, { races: named(30, 'R') })).json<Campaign>()
      .races;
    await setTier(ctx.app, user._id, 'Adventurer');

    const renamed = thirty.map((race, i) => (i === 0 ? { ...race, name: 'Renamed' } : race));
    const rename = await api.update(user.token, campaign._id, { races: renamed });
    expect(rename.statusCode).toBe(200);
    expect(rename.json<Campaign>().races[0]).toEqual({ ...thirty[0], name: 'Renamed' });

    const grow = await api.update(user.token, campaign._id, { races: [...renamed, { name: 'Extra' }] });
    expect(grow.statusCode).toBe(403);
    expect(errorOf(grow).code).toBe('RACE_LIMIT_REACHED');
    expect((await saved(user.token)).races).toHaveLength(30);

    const shrink = await api.update(user.token, campaign._id, { races: renamed.slice(1) });
    expect(shrink.statusCode).toBe(200);
    expect(shrink.json<Campaign>().races).toHaveLength(29);
  });
});

describe('characteristic names', () => {
  it('refuses "__proto__", a trap for clients that key unit values by name', async () => {
    const { user, campaign } = await campaignOf('Hero');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/game-data/${campaign._id}`,
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: '{"characteristics":[{"name":"Luck","max":20},{"name":"__proto__","max":100}]}',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.['characteristics.1.name']).toBe('This value is not valid.');
    expect((await saved(user.token)).characteristics.map((c) => c.name)).not.toContain('__proto__');
  });
});

describe('Novice lists', () => {
  it('accepts the whole campaign sent back unchanged', async () => {
    const { user, campaign } = await campaignOf('Novice');
    const response = await api.update(user.token, campaign._id, campaign);
    expect(response.statusCode).toBe(200);
    // Written again: only the time and the version change.
    const { updatedAt: _a, version: _v, ...before } = campaign;
    const { updatedAt: _b, version: _w, ...after } = response.json<Campaign>();
    expect(after).toEqual(before);
  });

  it.each([
    ['adding a race', (c: Campaign) => ({ races: [...c.races, { name: 'Gnome' }] })],
    ['deleting a status', (c: Campaign) => ({ statuses: c.statuses.slice(1) })],
    [
      'renaming a class',
      (c: Campaign) => ({ classes: c.classes.map((k, i) => (i ? k : { ...k, name: 'Knight' })) }),
    ],
    [
      'adding a characteristic',
      (c: Campaign) => ({ characteristics: [...c.characteristics, { name: 'Luck' }] }),
    ],
  ])('refuses %s with LISTS_LOCKED and changes nothing', async (_case, change) => {
    const { user, campaign } = await campaignOf('Novice');
    const response = await api.update(user.token, campaign._id, { name: 'Renamed too', ...change(campaign) });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({
      code: 'LISTS_LOCKED',
      message: 'Upgrade to Adventurer or Hero to add or edit characteristics, races, classes and statuses.',
    });
    expect(await saved(user.token)).toEqual(campaign);
  });

  it('lets a Novice write notes of the default items, within the Novice note limits', async () => {
    const { user, campaign } = await campaignOf('Novice');
    const withNote = (note: string) => campaign.races.map((r, i) => (i === 2 ? { ...r, note } : r));
    const ok = await api.update(user.token, campaign._id, { races: withNote('d'.repeat(10_000)) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Campaign>().races[2]?.note).toHaveLength(10_000);

    const over = await api.update(user.token, campaign._id, { races: withNote('d'.repeat(10_001)) });
    expect(over.statusCode).toBe(403);
    expect(errorOf(over)).toEqual({
      code: 'NOTE_TOO_LONG',
      message: 'Notes are limited to 10000 characters for Novice tier.',
      fields: { 'races.2.note': 'Notes are limited to 10000 characters for Novice tier.' },
    });

    const status = (note: string) => ({
      statuses: campaign.statuses.map((s, i) => (i ? s : { ...s, note })),
    });
    expect((await api.update(user.token, campaign._id, status('s'.repeat(1_000)))).statusCode).toBe(200);
    const statusOver = await api.update(user.token, campaign._id, status('s'.repeat(1_001)));
    expect(statusOver.statusCode).toBe(403);
    expect(errorOf(statusOver).fields).toEqual({
      'statuses.0.note': 'Notes are limited to 1000 characters for Novice tier.',
    });
    const after = await saved(user.token);
    expect(after.races[2]?.note).toHaveLength(10_000);
    expect(after.statuses[0]?.note).toHaveLength(1_000);
  });
});

describe('notes', () => {
  it('checks each list against its own note limit', async () => {
    const { user, campaign } = await campaignOf('Adventurer');
    const note = (list: 'races' | 'classes' | 'statuses', length: number) => ({
      [list]: campaign[list].map((item, i) => (i === 1 ? { ...item, note: 'n'.repeat(length) } : item)),
    });
    expect((await api.update(user.token, campaign._id, note('classes', 20_000))).statusCode).toBe(200);
    expect((await api.update(user.token, campaign._id, note('statuses', 2_000))).statusCode).toBe(200);
    const status = await api.update(user.token, campaign._id, note('statuses', 2_001));
    expect(status.statusCode).toBe(400);
    expect(errorOf(status).fields?.['statuses.1.note']).toBe('Must be at most 2000 characters.');
    const race = await api.update(user.token, campaign._id, note('races', 20_001));
    expect(race.statusCode).toBe(400);
    expect(errorOf(race).fields?.['races.1.note']).toBe('Must be at most 20000 characters.');
  });

  it('keeps a long note from before a downgrade editable while it does not grow', async () => {
    const { user, campaign } = await campaignOf('Hero');
    const withNote = (note: string) => campaign.statuses.map((s, i) => (i === 0 ? { ...s, note } : s));
    await api.update(user.token, campaign._id, { statuses: withNote('a'.repeat(2_000)) });
    await setTier(ctx.app, user._id, 'Novice');
    expect(
      (await api.update(user.token, campaign._id, { statuses: withNote('b'.repeat(1_999)) })).statusCode,
    ).toBe(200);
    const grow = await api.update(user.token, campaign._id, { statuses: withNote('b'.repeat(2_000)) });
    expect(errorOf(grow).code).toBe('NOTE_TOO_LONG');
    expect((await saved(user.token)).statuses[0]?.note).toBe('b'.repeat(1_999));
  });
});

describe('rules text', () => {
  it.each([
    ['Novice', 50_000],
    ['Adventurer', 200_000],
  ] as const)('%s: %i characters saved, one more refused', async (tier, limit) => {
    const { user, campaign } = await campaignOf(tier);
    expect((await api.update(user.token, campaign._id, { rules: 'é'.repeat(limit) })).statusCode).toBe(200);
    const over = await api.update(user.token, campaign._id, { rules: 'x'.repeat(limit + 1) });
    expect(over.statusCode).toBe(403);
    expect(errorOf(over)).toMatchObject({
      code: 'RULES_TOO_LONG',
      message: `Rules are limited to ${limit} characters for ${tier} tier.`,
    });
    expect((await saved(user.token)).rules).toBe('é'.repeat(limit));
  });

  it('saves 600,000 characters of any script for Hero and refuses 600,001', async () => {
    const { user, campaign } = await campaignOf('Hero');
    const han = '漢'.repeat(600_000);
    expect((await api.update(user.token, campaign._id, { rules: han })).statusCode).toBe(200);
    expect((await saved(user.token)).rules).toBe(han);

    const mixed = 'Règle ① Жизнь عربى ελληνικά 漢字 — ok\n'.repeat(20_000).slice(0, 600_000);
    expect(mixed).toHaveLength(600_000);
    const response = await api.update(user.token, campaign._id, { rules: mixed });
    expect(response.statusCode).toBe(200);
    expect(response.json<Campaign>().rules).toBe(mixed);

    const over = await api.update(user.token, campaign._id, { rules: `${mixed}x` });
    expect(over.statusCode).toBe(400);
    expect(errorOf(over).fields?.rules).toBe('Must be at most 600000 characters.');
    expect((await saved(user.token)).rules).toBe(mixed);
  });

  it('accepts 600,000 characters even when the client escapes each one as \\uXXXX', async () => {
    const { user, campaign } = await campaignOf('Hero');
    const payload = JSON.stringify({ rules: 'Ж'.repeat(600_000) }).replace(/Ж/g, '\\u0416');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/game-data/${campaign._id}`,
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Campaign>().rules).toHaveLength(600_000);
  });

  it('keeps rules over the limit after a downgrade, and saves other fields alongside them', async () => {
    const { user, campaign } = await campaignOf('Adventurer');
    const long = 'r'.repeat(60_000);
    await api.update(user.token, campaign._id, { rules: long });
    await setTier(ctx.app, user._id, 'Novice');
    expect((await api.update(user.token, campaign._id, { rules: long, name: 'Same rules' })).statusCode).toBe(
      200,
    );
    const shorter = await api.update(user.token, campaign._id, { rules: long.slice(1) });
    expect(errorOf(shorter).code).toBe('RULES_TOO_LONG');
    expect((await api.update(user.token, campaign._id, { rules: 'r'.repeat(50_000) })).statusCode).toBe(200);
  });
});

describe('initiative', () => {
  it('refuses a characteristic-based rule for Novice only', async () => {
    const novice = await campaignOf('Novice');
    const locked = await api.update(novice.user.token, novice.campaign._id, {
      initiativeRule: 'd20_plus_carac',
    });
    expect(locked.statusCode).toBe(403);
    expect(errorOf(locked)).toEqual({
      code: 'INITIATIVE_RULE_LOCKED',
      message: 'Characteristic-based initiative is not available for free users.',
    });
    expect((await saved(novice.user.token)).initiativeRule).toBe('random_d20');
    const random = await api.update(novice.user.token, novice.campaign._id, {
      initiativeRule: 'random_d100',
    });
    expect(random.json<Campaign>().initiativeRule).toBe('random_d100');

    const adventurer = await campaignOf('Adventurer');
    const chosen = await api.update(adventurer.user.token, adventurer.campaign._id, {
      initiativeRule: 'caracteristic',
      initiativeCaracName: ' Dexterity ',
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json<Campaign>()).toMatchObject({
      initiativeRule: 'caracteristic',
      initiativeCaracName: 'Dexterity',
    });
  });

  it('needs initiativeCaracName to name a characteristic of the campaign', async () => {
    const { user, campaign } = await campaignOf('Hero');
    const unknown = await api.update(user.token, campaign._id, { initiativeCaracName: 'Speed' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      fields: { initiativeCaracName: 'Choose a characteristic of the campaign.' },
    });
    const withSpeed = await api.update(user.token, campaign._id, {
      characteristics: [{ name: 'Speed', max: 20 }],
      initiativeCaracName: 'Speed',
    });
    expect(withSpeed.json<Campaign>()).toMatchObject({ characteristics: [{ name: 'Speed', max: 20 }] });
    expect((await api.update(user.token, campaign._id, { initiativeCaracName: '' })).statusCode).toBe(200);
  });
});

describe('list item ids', () => {
  it('keeps given ids, gives new and repeated ones a fresh id, and fills class defaults', async () => {
    const { user, campaign } = await campaignOf('Hero');
    const [first] = campaign.races;
    const response = await api.update(user.token, campaign._id, {
      races: [first, { name: 'Gnome' }, { _id: first!._id, name: 'Copy' }],
      classes: [{ name: 'Bard' }, { name: 'Monk', color: '#ABCDEF' }],
    });
    expect(response.statusCode).toBe(200);
    const { races, classes } = response.json<Campaign>();
    expect(races[0]).toEqual(first);
    expect(races[1]?._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(races[2]?._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(races.map((r) => r._id)).size).toBe(3);
    expect(classes.map(({ color, note }) => ({ color, note }))).toEqual([
      { color: '#777777', note: '' },
      { color: '#abcdef', note: '' },
    ]);
  });
});
