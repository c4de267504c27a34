// Renames keep links (decision 063, docs/product.md#links): renaming a unit (PUT /api/units/{id}), a
// race, class or status (whole-list PUT, list edit) or a characteristic rewrites every link that
// resolved to it — with the campaign as it was — in rules, list notes, unit notes and encounter notes,
// in the rename's transaction, and nothing else: code, labels, other names, another campaign stay;
// rewritten rows get a new version (decision 036); a rewrite past a text's limit refuses the rename.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { linkCampaign } from '../../../test/support/link-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const RULES = [
  '# Elf lore',
  'The [[Elf]], the [[elf|fair folk]] and [[ ELF ]] live with the [[Dwarf]].',
  'Code `[[Elf]]` stays, so does \\[[Elf]] escaped.',
  '',
  '```',
  '[[Elf]] in a fence',
  '```',
  '',
  '    [[Elf]] indented code',
  '',
  'See [[#Elf lore]] and [[Elfish]] and [[Missing]].',
].join('\n');

const REWRITTEN = [
  '# Elf lore',
  'The [[High elf]], the [[High elf|fair folk]] and [[ High elf ]] live with the [[Dwarf]].',
  'Code `[[Elf]]` stays, so does \\[[Elf]] escaped.',
  '',
  '```',
  '[[Elf]] in a fence',
  '```',
  '',
  '    [[Elf]] indented code',
  '',
  'See [[#Elf lore]] and [[Elfish]] and [[Missing]].',
].join('\n');

async function world() {
  const t = await linkCampaign(ctx.app, {
    rules: RULES,
    races: [
      { name: 'Elf', note: 'Self: [[Elf]].' },
      { name: 'Dwarf', note: 'Not fond of [[elf|elves]].' },
    ],
    classes: [{ name: 'Mage', note: '[[Elf]] mages' }, { name: 'Warrior' }],
    statuses: [{ name: 'Normal', note: 'No link' }],
    characteristics: ['Strength', 'Agility'],
  });
  const aria = await t.unit('Aria', { notes: 'An [[Elf]].\n```\n[[Elf]]\n```\n[[Strength]] 18' });
  const borin = await t.unit('Borin', { notes: 'Dislikes [[Aria]] and [[Dwarf]]s.' });
  const plain = await t.unit('Plain', { notes: 'No links at all.' });
  const ambush = await t.encounter('Ambush', '[[Aria]] and an [[Elf|elvish]] scout.');
  return { ...t, aria, borin, plain, ambush };
}

describe('renaming a race', () => {
  it('rewrites every link that resolved to it, everywhere, and nothing else', async () => {
    const w = await world();
    const before = await w.campaign();
    const unitsBefore = await w.units();
    const other = await linkCampaign(ctx.app, { rules: 'Their [[Elf]].' });

    const races = before.races.map((race) => (race.name === 'Elf' ? { ...race, name: 'High elf' } : race));
    const answer = await w.update({ races, version: before.version });
    expect(answer.rules).toBe(REWRITTEN);
    expect(answer.races.map((race) => [race.name, race.note])).toEqual([
      ['High elf', 'Self: [[High elf]].'],
      ['Dwarf', 'Not fond of [[High elf|elves]].'],
    ]);
    expect(answer.classes[0]!.note).toBe('[[High elf]] mages');
    expect(answer.statuses[0]!.note).toBe('No link');

    const units = await w.units();
    const notes = Object.fromEntries(units.map((unit) => [unit.name, unit.notes]));
    expect(notes).toEqual({
      Aria: 'An [[High elf]].\n```\n[[Elf]]\n```\n[[Strength]] 18',
      Borin: 'Dislikes [[Aria]] and [[Dwarf]]s.',
      Plain: 'No links at all.',
    });
    // Units follow the rename too (decision 014); rewritten or renamed rows have new versions.
    expect(units.every((unit) => unit.race !== 'Elf')).toBe(true);
    expect((await w.encounters())[0]!.notes).toBe('[[Aria]] and an [[High elf|elvish]] scout.');
    // The campaign read back is the answer; another campaign is untouched.
    expect((await w.campaign()).rules).toBe(REWRITTEN);
    expect((await other.campaign()).rules).toBe('Their [[Elf]].');
    expect(unitsBefore.length).toBe(3);
  });

  it('moves only the links a unit of the same name did not take', async () => {
    const t = await linkCampaign(ctx.app, {
      races: [{ name: 'Elf' }],
      rules: '[[Elf]] and [[Elrond]]',
    });
    const elf = await t.unit('Elf', { notes: 'I am [[elf]].' });
    const campaign = await t.campaign();
    // The race is renamed: every [[Elf]] resolved to the unit, so none moves.
    await t.update({ races: campaign.races.map((race) => ({ ...race, name: 'Sylvan' })) });
    expect((await t.campaign()).rules).toBe('[[Elf]] and [[Elrond]]');
    // The unit is renamed: they follow it.
    const renamed = await t.updateUnit(elf._id, { name: 'Legolas' });
    expect(renamed.notes).toBe('I am [[Legolas]].');
    expect((await t.campaign()).rules).toBe('[[Legolas]] and [[Elrond]]');
  });

  it('lands two renames that swap names in one save', async () => {
    const t = await linkCampaign(ctx.app, {
      races: [{ name: 'Elf' }, { name: 'Dwarf' }],
      rules: '[[Elf]] [[Dwarf]] [[dwarf|small]]',
    });
    const campaign = await t.campaign();
    const swapped = campaign.races.map((race) => ({ ...race, name: race.name === 'Elf' ? 'Dwarf' : 'Elf' }));
    const answer = await t.update({ races: swapped });
    expect(answer.rules).toBe('[[Dwarf]] [[Elf]] [[Elf|small]]');
  });

  it('leaves texts alone when the new name folds to the old one', async () => {
    const t = await linkCampaign(ctx.app, { races: [{ name: 'Elf' }], rules: 'an [[elf]]' });
    const unit = await t.unit('Aria', { notes: '[[ELF]]' });
    const campaign = await t.campaign();
    await t.update({ races: campaign.races.map((race) => ({ ...race, name: 'ELF' })) });
    expect((await t.campaign()).rules).toBe('an [[elf]]');
    const [after] = await t.units();
    expect(after!.notes).toBe('[[ELF]]');
    expect(after!.version).not.toBe(unit.version); // its race followed (decision 014), not its notes
  });
});

describe('renaming through a list edit', () => {
  it('rewrites links to a renamed class and to a renamed characteristic', async () => {
    const w = await world();
    const mage = (await w.campaign()).classes.find((entry) => entry.name === 'Mage')!;
    const ariaBefore = (await w.units()).find((unit) => unit.name === 'Aria')!;
    await w.update({ rules: 'A [[Mage]] with [[strength]] and [[Agility]].' });

    const edited = await w.listEdit({
      op: 'update',
      list: 'classes',
      itemId: mage._id,
      changes: { name: 'Wizard' },
    });
    expect(edited.campaign.rules).toBe('A [[Wizard]] with [[strength]] and [[Agility]].');

    const second = await w.listEdit({
      op: 'update',
      list: 'characteristics',
      itemId: 'Strength',
      changes: { name: 'Might' },
    });
    expect(second.campaign.rules).toBe('A [[Wizard]] with [[Might]] and [[Agility]].');
    const aria = (await w.units()).find((unit) => unit.name === 'Aria')!;
    expect(aria.notes).toBe('An [[Elf]].\n```\n[[Elf]]\n```\n[[Might]] 18');
    expect(aria.characteristics).toHaveProperty('Might');
    expect(aria.version).not.toBe(ariaBefore.version);
  });
});

describe('renaming a unit', () => {
  it('rewrites its links in every text, its own notes included, with new versions', async () => {
    const w = await world();
    await w.update({ rules: 'Ask [[Aria]] or [[aria|her]]; `[[Aria]]` is code.' });
    await w.updateUnit(w.aria._id, { notes: 'I am [[Aria]].' });
    const before = Object.fromEntries((await w.units()).map((unit) => [unit.name, unit]));

    const renamed = await w.updateUnit(w.aria._id, { name: 'Arya' });
    expect(renamed.name).toBe('Arya');
    expect(renamed.notes).toBe('I am [[Arya]].');

    const after = Object.fromEntries((await w.units()).map((unit) => [unit.name, unit]));
    expect(after.Borin!.notes).toBe('Dislikes [[Arya]] and [[Dwarf]]s.');
    expect(after.Borin!.version).not.toBe(before.Borin!.version);
    expect(after.Plain!.version).toBe(before.Plain!.version);
    expect((await w.campaign()).rules).toBe('Ask [[Arya]] or [[Arya|her]]; `[[Aria]]` is code.');
    expect((await w.encounters())[0]!.notes).toBe('[[Arya]] and an [[Elf|elvish]] scout.');

    // A form opened on Borin before the rename meets the conflict instead of saving over it.
    const stale = await w.call('PUT', `/api/units/${w.borin._id}`, {
      notes: 'Dislikes [[Aria]].',
      version: before.Borin!.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('UNIT_CONFLICT');
  });

  it('refuses a rename whose rewrite would take a text past its limit, and writes nothing', async () => {
    const t = await linkCampaign(ctx.app);
    const aria = await t.unit('Aria');
    const full = `${'x'.repeat(20_000 - 8)}[[Aria]]`;
    const borin = await t.unit('Borin', { notes: full });
    const answer = await t.call('PUT', `/api/units/${aria._id}`, { name: 'Aria the Long' });
    expect(answer.statusCode).toBe(403);
    expect(errorOf(answer).code).toBe('NOTE_TOO_LONG');
    const units = await t.units();
    expect(units.map((unit) => unit.name)).toEqual(['Aria', 'Borin']);
    expect(units[1]!.notes).toBe(full);
    expect(units[1]!.version).toBe(borin.version);
  });

  it('leaves links alone when a link cannot say the new name', async () => {
    const t = await linkCampaign(ctx.app, { rules: 'Ask [[Aria]] and [[Borin]]; `code`.' });
    const aria = await t.unit('Aria');
    const borin = await t.unit('Borin');
    // A bracket would end the link, a backtick pair up with another into code, a leading # make a heading link.
    await t.updateUnit(aria._id, { name: 'Aria [the bold]' });
    await t.updateUnit(borin._id, { name: '#1 Borin' });
    expect((await t.campaign()).rules).toBe('Ask [[Aria]] and [[Borin]]; `code`.');
    await t.updateUnit(aria._id, { name: 'Aria' });
    await t.updateUnit(aria._id, { name: 'Ari`a' });
    expect((await t.campaign()).rules).toBe('Ask [[Aria]] and [[Borin]]; `code`.');
  });

  it('never overwrites a notes save made while a rename rewrites them', async () => {
    const t = await linkCampaign(ctx.app);
    const aria = await t.unit('Aria');
    const borin = await t.unit('Borin', { notes: 'Knows [[Aria]] v0' });
    for (let i = 1; i <= 10; i += 1) {
      const name = i % 2 === 1 ? 'Arya' : 'Aria';
      const [renamed, saved] = await Promise.all([
        t.call('PUT', `/api/units/${aria._id}`, { name }),
        t.call('PUT', `/api/units/${borin._id}`, {
          notes: `Knows [[${i % 2 === 1 ? 'Aria' : 'Arya'}]] v${i}`,
        }),
      ]);
      expect(renamed.statusCode).toBe(200);
      expect(saved.statusCode).toBe(200);
      // The save landed before the rename (and was rewritten) or after it: its words are there either way.
      const notes = (await t.units()).find((unit) => unit._id === borin._id)!.notes;
      expect(notes).toMatch(new RegExp(`^Knows \\[\\[(Aria|Arya)\\]\\] v${i}$`));
    }
  });

  it('rewrites 500 links in one rename', async () => {
    const t = await linkCampaign(ctx.app);
    const target = await t.unit('Goblin king');
    await t.update({
      rules: Array.from({ length: 300 }, (_, i) => `Line ${i}: the [[Goblin king]].`).join('\n'),
    });
    for (let i = 0; i < 10; i += 1) {
      await t.unit(`Goblin ${i}`, {
        notes: Array.from({ length: 20 }, () => 'Serves [[goblin king]].').join('\n'),
      });
    }
    await t.updateUnit(target._id, { name: 'Goblin queen' });
    const rules = (await t.campaign()).rules;
    expect(rules.match(/\[\[Goblin queen\]\]/g)?.length).toBe(300);
    const notes = (await t.units()).map((unit) => unit.notes).join('\n');
    expect(notes.match(/\[\[Goblin queen\]\]/g)?.length).toBe(200);
    expect(notes).not.toContain('king');
  });
});
