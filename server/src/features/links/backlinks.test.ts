// "Linked from" (decision 063, docs/product.md#links): links resolve across every kind of target
// (unit, race, class, status, characteristic, rules heading) from every kind of text (rules, unit
// notes, list notes, encounter notes); each source is listed once, in the contract's order; another
// campaign's names never resolve, another user's campaign is 404; the per-process index follows edits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { linkCampaign } from '../../../test/support/link-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const RULES = [
  '# Peoples', // line 1
  'The [[Elf|elves]] of the wood and the [[dwarf]].', // 2
  '',
  '## Dégâts & soins', // 4
  'Roll [[Strength]] and see [[#degats soins]]; [[Elf]] again on this line.', // 5
  '`[[Elf]]` in a code span is not a link.', // 6
  '```',
  '[[Elf]] fenced',
  '```',
  'Ask [[Aria]] about [[Cursed]] and [[Warrior]], or [[Nobody]].', // 10
].join('\n');

async function world() {
  const t = await linkCampaign(ctx.app, {
    rules: RULES,
    races: [{ name: 'Elf', note: 'Cousins of [[Dwarf]]s.' }, { name: 'Dwarf' }],
    classes: [{ name: 'Warrior', note: 'Often [[elf]] or [[Dwarf]].' }, { name: 'Mage' }],
    statuses: [{ name: 'Cursed', note: 'See [[#Dégâts & soins]].' }],
    characteristics: ['Strength'],
  });
  const aria = await t.unit('Aria', {
    notes: 'An [[Elf]] [[Warrior]].\nHates [[Dwarf|dwarves]]. [[Elf]] twice.',
  });
  const borin = await t.unit('Borin', { notes: 'Friend of [[aria]]; ```[[Elf]]``` in code.' });
  const ambush = await t.encounter('Ambush', 'The [[Cursed]] one, [[ARIA]], and [[Strength]] checks.');
  const campaign = await t.campaign();
  const id = (list: 'races' | 'classes' | 'statuses', name: string) =>
    campaign[list].find((entry) => entry.name === name)!._id;
  return { ...t, aria, borin, ambush, campaign, id };
}

describe('backlinks', () => {
  it('lists every source once, rules by line then by kind and name, with the line around the link', async () => {
    const w = await world();
    const elf = await w.backlinks('race', w.id('races', 'Elf'));
    expect(elf).toEqual([
      {
        source: { kind: 'rules', id: '2', name: 'Peoples' },
        snippet: 'The elves of the wood and the dwarf.',
      },
      {
        source: { kind: 'rules', id: '5', name: 'Dégâts & soins' },
        snippet: 'Roll Strength and see degats soins; Elf again on this line.',
      },
      { source: { kind: 'unit', id: w.aria._id, name: 'Aria' }, snippet: 'An Elf Warrior.' },
      {
        source: { kind: 'class', id: w.id('classes', 'Warrior'), name: 'Warrior' },
        snippet: 'Often elf or Dwarf.',
      },
    ]);
    // Code spans and fenced blocks hold no link (Borin's note has one in code only).
    expect(elf.some((backlink) => backlink.source.id === w.borin._id)).toBe(false);
  });

  it('resolves links to units, classes, statuses, characteristics and headings', async () => {
    const w = await world();
    const sources = (list: { source: { kind: string; name: string } }[]) =>
      list.map((backlink) => `${backlink.source.kind}:${backlink.source.name}`);

    expect(sources(await w.backlinks('unit', w.aria._id))).toEqual([
      'rules:Dégâts & soins',
      'unit:Borin',
      'encounter:Ambush',
    ]);
    expect(sources(await w.backlinks('unit', w.borin._id))).toEqual([]);
    expect(sources(await w.backlinks('race', w.id('races', 'Dwarf')))).toEqual([
      'rules:Peoples',
      'unit:Aria',
      'race:Elf',
      'class:Warrior',
    ]);
    expect(sources(await w.backlinks('class', w.id('classes', 'Warrior')))).toEqual([
      'rules:Dégâts & soins',
      'unit:Aria',
    ]);
    expect(sources(await w.backlinks('status', w.id('statuses', 'Cursed')))).toEqual([
      'rules:Dégâts & soins',
      'encounter:Ambush',
    ]);
    // A characteristic's ref is its name, in any case.
    expect(sources(await w.backlinks('characteristic', 'strength'))).toEqual([
      'rules:Dégâts & soins',
      'encounter:Ambush',
    ]);
    // A heading by its slug; punctuation and accents do not count in the link.
    expect(sources(await w.backlinks('heading', 'degats-soins'))).toEqual([
      'rules:Dégâts & soins',
      'status:Cursed',
    ]);
    expect(await w.backlinks('heading', 'peoples')).toEqual([]);
    // Nothing for a target that does not exist.
    expect(await w.backlinks('race', crypto.randomUUID())).toEqual([]);
    expect(await w.backlinks('heading', 'nowhere')).toEqual([]);
  });

  it('gives a name shared by a unit and a race to the unit', async () => {
    const t = await linkCampaign(ctx.app, { races: [{ name: 'Elf' }], rules: 'An [[Elf]].' });
    const elfUnit = await t.unit('elf');
    const raceId = (await t.campaign()).races[0]!._id;
    expect(await t.backlinks('race', raceId)).toEqual([]);
    expect((await t.backlinks('unit', elfUnit._id)).map((b) => b.source.kind)).toEqual(['rules']);
  });

  it('follows edits at once: a new link, a deleted unit, a renamed heading', async () => {
    const w = await world();
    const raceId = w.id('races', 'Elf');
    expect((await w.backlinks('race', raceId)).length).toBe(4);
    await w.updateUnit(w.borin._id, { notes: 'Now a real [[Elf]] link.' });
    await w.call('DELETE', `/api/units/${w.aria._id}`);
    const after = await w.backlinks('race', raceId);
    expect(after.map((b) => b.source.name)).toEqual(['Peoples', 'Dégâts & soins', 'Borin', 'Warrior']);
    // The deleted unit's links are missing now: nothing resolves to it.
    expect(await w.backlinks('unit', w.aria._id)).toEqual([]);
    await w.update({ rules: '# Soins\nSee [[#soins]].' });
    expect((await w.backlinks('heading', 'soins')).map((b) => b.source.id)).toEqual(['2']);
    expect(await w.backlinks('heading', 'degats-soins')).toEqual([]);
  });

  it('cuts a long line around the link', async () => {
    const long = `${'word '.repeat(100)}[[Elf]]${' tail'.repeat(100)}`;
    const t = await linkCampaign(ctx.app, { rules: long });
    const raceId = (await t.campaign()).races[0]!._id;
    const [backlink] = await t.backlinks('race', raceId);
    expect(backlink!.snippet.length).toBeLessThanOrEqual(160);
    expect(backlink!.snippet).toMatch(/^….*Elf.*…$/);
  });

  it("never resolves another campaign's names, and answers 404 for another user's campaign", async () => {
    const mine = await world();
    const theirs = await linkCampaign(ctx.app, { rules: 'Mention of [[Aria]] and [[Elf]].' });
    const theirAria = await theirs.unit('Aria', { notes: '[[Elf]]' });
    // Their links resolve in their campaign only.
    expect((await mine.backlinks('unit', mine.aria._id)).map((b) => b.source.kind)).toEqual([
      'rules',
      'unit',
      'encounter',
    ]);
    expect(await mine.backlinks('unit', theirAria._id)).toEqual([]);
    // Their campaign through my token: 404, like every game-data route.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/game-data/${theirs.campaignId}/backlinks?kind=unit&ref=${theirAria._id}`,
      headers: bearer(mine.user.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('NOT_FOUND');
    const unknown = await mine.call('GET', `/api/game-data/${crypto.randomUUID()}/backlinks?kind=unit&ref=x`);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a missing or unknown kind and a missing ref (400), and anonymous calls (401)', async () => {
    const t = await linkCampaign(ctx.app);
    const url = `/api/game-data/${t.campaignId}/backlinks`;
    for (const query of [
      '',
      '?kind=unit',
      '?ref=x',
      '?kind=planet&ref=x',
      `?kind=unit&ref=${'x'.repeat(201)}`,
    ]) {
      const answer = await t.call('GET', `${url}${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(errorOf(answer).code).toBe('VALIDATION_FAILED');
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${url}?kind=unit&ref=x` });
    expect(anonymous.statusCode).toBe(401);
  });
});
