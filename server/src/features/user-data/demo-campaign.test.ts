// POST /api/game-data/demo (docs/product.md#first-session): the demo table, created through the campaign
// import's path in the asked language, within the tier (a Novice's one campaign: 403 CAMPAIGN_LIMIT_REACHED,
// nothing written), with its portraits, its secret, links that resolve and an encounter with a lair entry
// and a hidden unit; nobody else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull, and } from 'drizzle-orm';
import { findLinks, linkResolver, rulesHeadings } from '@questkeeper/core/links/links';
import { stripSecrets } from '@questkeeper/core/text/secret-blocks';
import { translate } from '@questkeeper/core/i18n';
import { units as unitsTable, images } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { rowCounts } from '../../../test/support/user-data-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

interface Listed {
  _id: string;
  name: string;
}
interface Campaign extends Listed {
  rules: string;
  races: (Listed & { note: string })[];
  classes: (Listed & { note: string })[];
  statuses: (Listed & { note: string })[];
  characteristics: { name: string }[];
}
interface Unit extends Listed {
  isPlayer: boolean;
  notes: string;
  counters: { label: string; max: number; reset: string; recharge: { die: number; min: number } | null }[];
}
interface Encounter extends Listed {
  allies: { unitId: string }[];
  enemies: { unitId: string; count: number }[];
  hazards: { name: string; initiative: number; hidden: boolean }[];
  hidden: string[];
  notes: string;
}

const demo = (token: string, language: 'en' | 'fr') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/game-data/demo',
    headers: bearer(token),
    payload: { language },
  });
const read = async <T>(token: string, url: string, campaignId?: string) => {
  const response = await ctx.app.inject({ url, headers: bearer(token, campaignId) });
  return { status: response.statusCode, body: response.json<T>() };
};

describe.each([
  ['en', 'Demo: The Ashen Bridge', 'Ambush at the Ashen Bridge', 'Lair: the bridge shakes', 'Sister Vex'],
  ['fr', 'Démo : le Pont de cendre', 'Embuscade au Pont de cendre', 'Antre : le pont tremble', 'Sœur Vex'],
] as const)('the demo table (%s)', (language, campaignName, encounterName, lairName, hiddenName) => {
  it('creates a complete campaign in the language asked, on a Novice its one campaign', async () => {
    // Registered in the other language: the body's language decides the demo's.
    const user = await registerUser(ctx.app, { language: language === 'en' ? 'fr' : 'en' });
    const response = await demo(user.token, language);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Campaign>();
    expect(created.name).toBe(campaignName);

    const { body: campaigns } = await read<Campaign[]>(user.token, '/api/game-data');
    const campaign = campaigns.find((entry) => entry._id === created._id);
    if (!campaign) throw new Error('the demo is not in the list');
    expect(campaign.rules).toMatch(/^## /m);
    expect(campaign.rules).toMatch(/^\| --- \| --- \|$/m);
    expect(campaign.rules.match(/^:::secret/gm)).toHaveLength(1);
    expect(stripSecrets(campaign.rules)).not.toContain(hiddenName);

    const { body: units } = await read<Unit[]>(user.token, '/api/units', created._id);
    expect(units).toHaveLength(8);
    expect(units.filter((unit) => unit.isPlayer)).toHaveLength(4);
    const counters = units.flatMap((unit) => unit.counters);
    expect(counters.some((counter) => counter.max === 3 && counter.reset === 'turnStart')).toBe(true);
    expect(counters.some((counter) => counter.recharge?.die === 6 && counter.recharge.min === 5)).toBe(true);

    // Four portraits, each a stored image of this campaign on a player character.
    const withPortraits = await ctx.app.database.db
      .select({
        id: unitsTable.id,
        isPlayer: unitsTable.isPlayer,
        kind: images.kind,
        type: images.contentType,
      })
      .from(unitsTable)
      .innerJoin(images, eq(images.id, unitsTable.portraitImageId))
      .where(and(eq(unitsTable.campaignId, created._id), isNotNull(unitsTable.portraitImageId)));
    expect(withPortraits).toHaveLength(4);
    expect(
      withPortraits.every((row) => row.isPlayer && row.kind === 'portrait' && row.type === 'image/webp'),
    ).toBe(true);

    const { body: encounters } = await read<Encounter[]>(user.token, '/api/encounters', created._id);
    expect(encounters).toHaveLength(1);
    const [encounter] = encounters;
    expect(encounter?.name).toBe(encounterName);
    expect(encounter?.hazards).toEqual([{ name: lairName, initiative: 20, hidden: false }]);
    const hidden = units.find((unit) => unit.name === hiddenName);
    expect(encounter?.hidden).toEqual([hidden?._id]);
    expect(encounter?.allies).toHaveLength(4);

    // Every link of every text resolves against the campaign as the API answers it.
    const resolve = linkResolver({
      units,
      races: campaign.races,
      classes: campaign.classes,
      statuses: campaign.statuses,
      characteristics: campaign.characteristics,
      headings: rulesHeadings(campaign.rules),
    });
    const lists = [...campaign.races, ...campaign.classes, ...campaign.statuses];
    const texts = [
      campaign.rules,
      ...lists.map((entry) => entry.note),
      ...units.map((unit) => unit.notes),
      ...encounters.map((saved) => saved.notes),
    ];
    const links = texts.flatMap(findLinks);
    expect(links.length).toBeGreaterThan(20);
    expect(links.filter((link) => resolve(link) === null).map((link) => link.target)).toEqual([]);
    const listKinds = new Set(
      lists.flatMap((entry) => findLinks(entry.note)).map((link) => resolve(link)?.kind),
    );
    expect([...listKinds]).toEqual(expect.arrayContaining(['race', 'class', 'status']));

    // A second demo on Novice: the campaign create's refusal, in the user's words, nothing written.
    const before = await rowCounts(ctx.app);
    const again = await demo(user.token, language);
    expect(again.statusCode).toBe(403);
    const error = errorOf(again);
    expect(error.code).toBe('CAMPAIGN_LIMIT_REACHED');
    expect(error.message).toBe(
      translate(language === 'en' ? 'fr' : 'en', 'errors.CAMPAIGN_LIMIT_REACHED', {
        tier: 'Novice',
        limit: 1,
      }),
    );
    expect(await rowCounts(ctx.app)).toEqual(before);

    // Nobody else sees it.
    const other = await registerUser(ctx.app);
    expect((await read<Listed[]>(other.token, '/api/game-data')).body.map((c) => c._id)).not.toContain(
      created._id,
    );
    expect((await read(other.token, '/api/units', created._id)).status).toBe(404);

    // Deleted like any other: then a Novice may make it again.
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/game-data/${created._id}`,
      headers: bearer(user.token),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await demo(user.token, language)).statusCode).toBe(201);
  });
});

it('refuses a language it does not write, and asks to be signed in', async () => {
  const user = await registerUser(ctx.app);
  const bad = await ctx.app.inject({
    method: 'POST',
    url: '/api/game-data/demo',
    headers: bearer(user.token),
    payload: { language: 'de' },
  });
  expect(bad.statusCode).toBe(400);
  const anonymous = await ctx.app.inject({
    method: 'POST',
    url: '/api/game-data/demo',
    payload: { language: 'en' },
  });
  expect(anonymous.statusCode).toBe(401);
});
