// The campaign search (decision 063, docs/product.md#campaign-search): ranked names first, then rules
// headings, then texts (units, list entries, encounters, then rules lines); case and accents do not
// count, words come in any order, `ranges` mark the matches in the snippet; a blank or too long query
// is refused in the caller's language; another campaign never shows, another user's is 404; edits
// show at once, also to another process on the same database (the index is checked per request).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '@questkeeper/core/text/fold';
import type { SearchResult } from '@questkeeper/core/search/campaign-search';
import { buildApp } from '../../app';
import { bearer, createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { linkCampaign } from '../../../test/support/link-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const RULES = [
  '# Dragon lore',
  'A dragon sleeps under the hill.',
  '',
  '## Dégâts de feu',
  'Fire deals dégâts.',
].join('\n');

async function world() {
  const t = await linkCampaign(ctx.app, {
    rules: RULES,
    races: [{ name: 'Elf', note: 'Elves fear every dragon.' }, { name: 'Dwarf' }],
    classes: [{ name: 'Mage', note: '' }],
    statuses: [{ name: 'Burning', note: 'Takes **dégâts** each round.' }],
  });
  const dragon = await t.unit('Dragon', { notes: 'Old and red.' });
  const knight = await t.unit('Knight', { notes: 'Hunts.\nSlew a *dragon* once, took dégâts.' });
  const ambush = await t.encounter('Ambush', 'A dragon waits.');
  return { ...t, dragon, knight, ambush };
}

/** Each result's snippet with its ranges marked, to read the matches at a glance. */
const marked = (result: SearchResult) => {
  let out = '';
  let at = 0;
  for (const range of result.ranges) {
    out += `${result.snippet.slice(at, range.start)}[${result.snippet.slice(range.start, range.end)}]`;
    at = range.end;
  }
  return out + result.snippet.slice(at);
};

describe('campaign search', () => {
  it('ranks names, then headings, then texts by kind, then rules lines', async () => {
    const w = await world();
    const results = await w.search('dragon');
    expect(results.map((r) => `${r.kind}:${r.name}`)).toEqual([
      'unit:Dragon',
      'heading:Dragon lore',
      'unit:Knight',
      'race:Elf',
      'encounter:Ambush',
      'rules:Dragon lore',
    ]);
    expect(results.map((r) => r.id)).toEqual([
      w.dragon._id,
      'dragon-lore',
      w.knight._id,
      expect.any(String),
      w.ambush._id,
      '2',
    ]);
    expect(results.slice(1).map(marked)).toEqual([
      '[Dragon] lore',
      'Slew a [dragon] once, took dégâts.',
      'Elves fear every [dragon].',
      'A [dragon] waits.',
      'A [dragon] sleeps under the hill.',
    ]);
    // A unit found by its name shows its race · class · status.
    expect(results[0]!.snippet).toBe('Elf · Mage · Burning');
  });

  it('ignores accents and case, takes words in any order, and marks every match', async () => {
    const w = await world();
    const degats = await w.search('DEGATS');
    expect(degats.map((r) => `${r.kind}:${r.name}`)).toEqual([
      'heading:Dégâts de feu',
      'unit:Knight',
      'status:Burning',
      'rules:Dégâts de feu',
    ]);
    for (const result of degats) {
      expect(result.ranges.length).toBeGreaterThan(0);
      for (const range of result.ranges) {
        expect(foldText(result.snippet.slice(range.start, range.end))).toBe('degats');
      }
    }
    expect(marked(degats[2]!)).toBe('Takes [dégâts] each round.');
    expect((await w.search('hill sleeps dragon')).map(marked)).toEqual([
      'A [dragon] [sleeps] under the [hill].',
    ]);
    // Words spread over a unit's name, facts and notes find it; the facts show when they hold the match.
    expect((await w.search('mage knight')).map((r) => r.name)).toEqual(['Knight']);
    expect((await w.search('burning elf')).map((r) => r.name)).toEqual(['Dragon', 'Knight']);
    expect(await w.search('unicorn')).toEqual([]);
  });

  it('keeps to the limit', async () => {
    const w = await world();
    expect((await w.search('dragon', 2)).map((r) => r.name)).toEqual(['Dragon', 'Dragon lore']);
    expect(await w.search('dragon', 50)).toHaveLength(6);
  });

  it('refuses a blank query and one over 200 characters, in the caller’s language', async () => {
    // A signed-in user is answered in the language of the account (Accept-Language says the same here).
    const w = await linkCampaign(ctx.app, { language: 'fr' });
    const english = await world();
    const french = { 'accept-language': 'fr' };
    for (const [query, message] of [
      ['', 'Tapez un mot pour chercher dans la campagne.'],
      ['%20%20', 'Tapez un mot pour chercher dans la campagne.'],
      ['x'.repeat(201), 'Une recherche fait au plus 200 caractères.'],
    ] as const) {
      const answer = await w.call('GET', `/api/search?q=${query}`, undefined, french);
      expect(answer.statusCode, query).toBe(400);
      const error = errorOf(answer);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields).toEqual({ q: message });
    }
    const missing = await english.call('GET', '/api/search');
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({ q: 'Type a word to search the campaign.' });
    const tooLong = await english.call('GET', `/api/search?q=${'x'.repeat(201)}`);
    expect(errorOf(tooLong).fields).toEqual({ q: 'A search can be at most 200 characters long.' });
    expect((await w.search('x'.repeat(200))).length).toBe(0);
    for (const limit of ['0', '51', 'ten']) {
      expect((await w.call('GET', `/api/search?q=dragon&limit=${limit}`)).statusCode, limit).toBe(400);
    }
  });

  it("never shows another campaign's things, and answers 404 for another user's campaign", async () => {
    const mine = await world();
    const theirs = await linkCampaign(ctx.app, { rules: '# Dragon secrets' });
    await theirs.unit('Dragon of theirs', { notes: 'dragon' });
    const results = await mine.search('dragon');
    expect(results.some((r) => r.name.includes('theirs') || r.name.includes('secrets'))).toBe(false);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: '/api/search?q=dragon',
      headers: bearer(mine.user.token, theirs.campaignId),
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/search?q=dragon',
      headers: bearer(mine.user.token, crypto.randomUUID()),
    });
    expect(unknown.statusCode).toBe(404);
    const noHeader = await ctx.app.inject({
      method: 'GET',
      url: '/api/search?q=dragon',
      headers: bearer(mine.user.token),
    });
    expect(errorOf(noHeader).code).toBe('CAMPAIGN_REQUIRED');
  });

  it('shows every edit at once, also to another process on the same database', async () => {
    const w = await world();
    const other = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await other.ready();
    try {
      const searchOn = async (app: typeof other, q: string) =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/search?q=${encodeURIComponent(q)}`,
            headers: w.headers,
          })
        ).json<SearchResult[]>();
      expect((await searchOn(other, 'dragon')).length).toBe(6);
      expect((await searchOn(ctx.app, 'dragon')).length).toBe(6);
      // Written through this process, read through the other one (its index is stale until it checks).
      await w.updateUnit(w.knight._id, { notes: 'Retired.' });
      await w.call('DELETE', `/api/encounters/${w.ambush._id}`);
      await w.update({ rules: '# Wyrm lore' });
      await w.unit('Dragonet');
      expect((await searchOn(other, 'dragon')).map((r) => r.name)).toEqual(['Dragon', 'Dragonet', 'Elf']);
      expect((await searchOn(other, 'wyrm')).map((r) => r.kind)).toEqual(['heading']);
      expect(await searchOn(other, 'retired')).toHaveLength(1);
      expect(ctx.app.services.links.cached.campaigns).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
