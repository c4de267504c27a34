// Import from other tools (issue #35): each format's fixture (core/test-fixtures/import/, written from
// the tools' saved shapes with values in English and French) read into a plan, its units, counters,
// notes and encounters; the plan as a campaign file the import's schema takes; and hostile files.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAME_DATA_FORMAT, GAME_DATA_FORMAT_VERSION } from '../constants';
import type { Language } from '../i18n';
import { checkImportLimits } from '../campaigns/import-limits';
import { gameDataExport } from '../schemas/game-data-export';
import { checkJsonShape, detectFormat, IMPORT_DEPTH_MAX, IMPORT_VALUES_MAX } from './detect';
import { renderFiveToolsTags } from './fivetools';
import { defaultCharacteristics, planToGameData, readForeignFile, selectFromPlan } from './import-plan';
import { FOREIGN_ENTRIES_MAX, type ImportPlan, type PlanUnit } from './plan';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../test-fixtures/import/${name}.json`, import.meta.url), 'utf8'));
const options = (language: Language) => ({ characteristics: defaultCharacteristics(language), language });
const planOf = (name: string, language: Language = name.endsWith('.fr') ? 'fr' : 'en'): ImportPlan => {
  const plan = readForeignFile(fixture(name), options(language));
  if (!plan) throw new Error(`${name}: no plan`);
  return plan;
};
const unit = (plan: ImportPlan, name: string): PlanUnit => {
  const found = plan.units.find((u) => u.name === name);
  if (!found) throw new Error(`no unit ${name} in ${plan.units.map((u) => u.name).join(', ')}`);
  return found;
};
const recharge = (label: string, min: number, die = 6) => ({
  label,
  max: 1,
  kind: 'uses',
  reset: 'never',
  recharge: { die, min },
});
const legendary = (label: string, max: number) => ({
  label,
  max,
  kind: 'uses',
  reset: 'turnStart',
  recharge: null,
});

const FIXTURES = [
  ['improved-initiative.en', 'improvedInitiative'],
  ['improved-initiative.fr', 'improvedInitiative'],
  ['shieldmaiden.en', 'shieldmaiden'],
  ['shieldmaiden.fr', 'shieldmaiden'],
  ['fivetools.en', 'fivetools'],
  ['fivetools.fr', 'fivetools'],
] as const;

describe('detecting the format from the content', () => {
  it.each(FIXTURES)('%s is %s', (name, format) => {
    expect(detectFormat(fixture(name))).toBe(format);
  });
  it.each([
    ['a Questkeeper campaign file', { format: GAME_DATA_FORMAT, formatVersion: 1 }, 'questkeeper'],
    ['an empty object', {}, null],
    ['a list', [{ Name: 'Goblin' }], null],
    ['a string', 'Creatures.goblin', null],
    ['meta without its lists', { meta: { export_version: 2 } }, null],
    ['_meta without monsters', { _meta: {}, spell: [] }, null],
    ['II-like keys only on the prototype', JSON.parse('{"__proto__": {"Creatures.x": {}}}'), null],
  ])('%s', (_label, file, format) => {
    expect(detectFormat(file)).toBe(format);
  });
});

describe('Improved Initiative', () => {
  it('reads creatures, persistent characters and JSON-string values into units (en)', () => {
    const plan = planOf('improved-initiative.en');
    expect(plan.format).toBe('improvedInitiative');
    expect(plan.units.map((u) => [u.key, u.name, u.hp, u.isPlayer])).toEqual([
      ['Creatures.goblin-1', 'Goblin', 7, false],
      ['Creatures.young-red', 'Young Red Dragon', 178, false],
      ['Creatures.titan', 'Ancient Titan of the Northern Wastes Who Never Sle', 9999, false],
      ['PersistentCharacters.pc-mira', 'Mira Thornwood', 38, true],
      // A combatant of a saved encounter with no library entry becomes a unit of its own.
      ['SavedEncounters.ambush/Ogre', 'Ogre', 59, false],
    ]);
    const goblin = unit(plan, 'Goblin');
    expect(goblin.characteristics).toEqual({
      Strength: 8,
      Dexterity: 14,
      Constitution: 10,
      Intelligence: 10,
      Wisdom: 8,
      Charisma: 8,
    });
    expect(goblin.notes).toContain('**Armor Class** 15 (natural armor)');
    expect(goblin.notes).toContain('## Traits\n\n**Nimble Escape.** The goblin can take the Disengage');
    expect(goblin.notes).toContain('## Actions\n\n**Scimitar.** Melee Weapon Attack: +4 to hit');
    const dragon = unit(plan, 'Young Red Dragon');
    expect(dragon.counters).toEqual([legendary('Legendary actions', 3), recharge('Fire Breath', 5)]);
    expect(dragon.notes).toContain('## Legendary actions\n\n**Detect.**');
    expect(unit(plan, 'Ancient Titan of the Northern Wastes Who Never Sle').counters).toEqual([
      { label: 'Stomp', max: 3, kind: 'uses', reset: 'never', recharge: null },
    ]);
    expect(unit(plan, 'Mira Thornwood').notes).toContain('Owes the Zhentarim 40 gp.');
  });

  it('reads a saved encounter: counts, players as allies, Hidden, InitiativeGroup and Alias', () => {
    const plan = planOf('improved-initiative.en');
    expect(plan.encounters).toEqual([
      {
        key: 'SavedEncounters.ambush',
        name: 'Goblin ambush on the Triboar Trail',
        allies: ['PersistentCharacters.pc-mira'],
        enemies: [
          { unitKey: 'Creatures.goblin-1', count: 3 },
          { unitKey: 'SavedEncounters.ambush/Ogre', count: 1 },
        ],
        hidden: ['Creatures.goblin-1', 'SavedEncounters.ambush/Ogre'],
        groups: 'byName',
        notes: '## Names shown to players\n\n- Goblin → “Shadow in the bushes”',
      },
    ]);
  });

  it('warns about what it cut, clamped, kept elsewhere or could not read', () => {
    expect(planOf('improved-initiative.en').warnings).toEqual([
      { reason: 'cut', text: 'Ancient Titan of the Northern Wastes Who Never Sleeps', limit: 50 },
      {
        reason: 'clamped',
        text: 'Ancient Titan of the Northern Wastes Who Never Sle: HP 12000',
        limit: 9999,
      },
      {
        reason: 'clamped',
        text: 'Ancient Titan of the Northern Wastes Who Never Sle: Strength 150',
        limit: 100,
      },
      { reason: 'skipped', text: 'Creatures.broken' },
      { reason: 'keptInNotes', text: 'Goblin ambush on the Triboar Trail: Goblin “Shadow in the bushes”' },
    ]);
  });

  it('reads a French library onto French characteristics, headings and counter labels', () => {
    const plan = planOf('improved-initiative.fr');
    const dragon = unit(plan, 'Jeune dragon rouge');
    expect(dragon.characteristics).toMatchObject({ Force: 23, Dextérité: 10, Sagesse: 11, Charisme: 19 });
    // "peut effectuer 2 actions légendaires" in its description.
    expect(dragon.counters).toEqual([legendary('Actions légendaires', 2), recharge('Souffle de feu', 5)]);
    expect(dragon.notes).toContain("**Classe d'armure** 18");
    expect(dragon.notes).toContain('## Actions légendaires');
    expect(unit(plan, 'Gobelin').notes).toContain('## Capacités\n\n**Fuite agile.**');
    expect(unit(plan, 'Élise de Montfort').isPlayer).toBe(true);
    expect(plan.encounters[0]).toMatchObject({
      name: 'Embuscade au col des Brumes',
      allies: ['PersistentCharacters.pj-elise'],
      enemies: [
        { unitKey: 'Creatures.gobelin', count: 2 },
        { unitKey: 'Creatures.dragon-rouge', count: 1 },
      ],
      hidden: ['Creatures.dragon-rouge'],
      groups: 'none',
    });
    expect(plan.encounters[0]!.notes).toContain('Noms montrés aux joueurs');
  });
});

describe('Shieldmaiden', () => {
  it('reads NPCs (recharge, daily limit, legendary_count), players and an encounter', () => {
    const plan = planOf('shieldmaiden.en');
    expect(plan.name).toBe('Curse of Strahd');
    expect(plan.units.map((u) => [u.key, u.name, u.hp, u.isPlayer])).toEqual([
      ['npcs:-Nnp1', 'Vampire Spawn', 82, false],
      ['npcs:-Nnp2', "Strahd's Wolf", 11, false],
      ['players:-NpL1', 'Ireena Kolyana', 27, true],
      ['players:-NpL2', 'Van Richten', 82, true],
      ['encounters:-Nen1/bat', 'Bat', 1, false],
    ]);
    const spawn = unit(plan, 'Vampire Spawn');
    expect(spawn.counters).toEqual([
      legendary('Legendary actions', 2),
      recharge('Unholy Shriek', 5),
      { label: 'Mist Form', max: 2, kind: 'uses', reset: 'never', recharge: null },
    ]);
    expect(spawn.notes).toContain('*Medium, undead, neutral evil*');
    expect(spawn.notes).toContain('## Traits\n\n**Regeneration.**');
    expect(unit(plan, 'Van Richten').characteristics).toEqual({ Wisdom: 16 });
    expect(plan.encounters).toEqual([
      {
        key: 'encounters:-Nen1',
        name: 'Death House basement',
        allies: ['players:-NpL1'],
        enemies: [
          { unitKey: 'npcs:-Nnp1', count: 1 },
          { unitKey: 'npcs:-Nnp2', count: 2 },
          { unitKey: 'encounters:-Nen1/bat', count: 1 },
        ],
        hidden: ['npcs:-Nnp2'],
        groups: 'none',
        notes: '',
      },
    ]);
    expect(plan.warnings).toEqual([]);
  });

  it('reads a French export', () => {
    const plan = planOf('shieldmaiden.fr');
    expect(plan.name).toBe('La Malédiction de Strahd');
    const spawn = unit(plan, 'Rejeton vampire');
    expect(spawn.characteristics).toMatchObject({ Force: 16, Charisme: 12 });
    // "recharge": "6" is a d6 that refills on a 6.
    expect(spawn.counters).toEqual([recharge('Hurlement impie', 6)]);
    expect(plan.encounters[0]!.enemies).toEqual([{ unitKey: 'npcs:n1', count: 1 }]);
  });
});

describe('5e.tools homebrew', () => {
  it.each([
    ['{@atk mw} {@hit 4} to hit', 'en', 'Melee Weapon Attack: +4 to hit'],
    ['{@h}7 ({@damage 1d10 + 2}) piercing', 'en', 'Hit: 7 (1d10 + 2) piercing'],
    ['{@atk rw} {@hit -1}', 'en', 'Ranged Weapon Attack: -1'],
    ['{@dc 12} Constitution', 'en', 'DC 12 Constitution'],
    ['Cold Breath {@recharge 5}', 'en', 'Cold Breath (Recharge 5–6)'],
    ['Bite {@recharge}', 'en', 'Bite (Recharge 6)'],
    ['{@spell fireball}', 'en', 'fireball'],
    ['{@creature goblin|MM|goblins}', 'en', 'goblins'],
    ['{@condition restrained} by {@item rope|PHB}', 'en', 'restrained by rope'],
    ['{@chance 25|25 percent}', 'en', '25 percent'],
    ['{@atk mw} {@hit 4} au toucher', 'fr', 'Attaque au corps à corps avec une arme\u00a0: +4 au toucher'],
    ['{@h}7 ({@damage 2d4 + 2})', 'fr', 'Touché\u00a0: 7 (2d4 + 2)'],
    ['{@dc 11}', 'fr', 'DD 11'],
    ['no tags at all', 'en', 'no tags at all'],
    ['{@b {@i nested}}', 'en', 'nested'],
  ] as const)('%s (%s) → %s', (text, language, plain) => {
    expect(renderFiveToolsTags(text, language)).toBe(plain);
  });

  it('reads monsters: hp, abilities, tags as plain text, recharge and legendary counters', () => {
    const plan = planOf('fivetools.en');
    expect(plan.name).toBe('Frostfell Bestiary');
    const wyrmling = unit(plan, 'Frost Wyrmling');
    expect(wyrmling).toMatchObject({
      key: 'monster:FrostfellBestiary:frost wyrmling',
      hp: 32,
      isPlayer: false,
    });
    expect(wyrmling.characteristics).toMatchObject({ Strength: 15, Intelligence: 5 });
    expect(wyrmling.notes).toContain(
      '**Bite.** Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 7 (1d10 + 2) piercing damage',
    );
    expect(wyrmling.notes).toContain('- Creatures restrained by ice take double damage.');
    expect(wyrmling.notes).not.toContain('{@');
    expect(wyrmling.counters).toEqual([recharge('Cold Breath', 5)]);
    expect(unit(plan, 'Glacier Tyrant').counters).toEqual([legendary('Legendary actions', 2)]);
    // A name that cannot be stored as it is: replaced, with a warning.
    expect(unit(plan, 'Bad\uFFFDName').hp).toBe(5);
    expect(plan.warnings).toEqual([
      { reason: 'skipped', text: 'monster 4' },
      { reason: 'unstorable', text: 'Bad\u0000Name' },
    ]);
  });

  it('reads French homebrew with French tag words', () => {
    const loup = unit(planOf('fivetools.fr'), 'Loup des brumes');
    expect(loup.notes).toContain('**Morsure.** Attaque au corps à corps avec une arme\u00a0: +4 au toucher');
    expect(loup.counters).toEqual([recharge('Hurlement glacé', 6)]);
  });
});

describe('the plan as a campaign file', () => {
  it.each(FIXTURES)('%s passes the campaign import schema', (name) => {
    const language: Language = name.endsWith('.fr') ? 'fr' : 'en';
    const file = planToGameData(planOf(name), language);
    const parsed = gameDataExport.safeParse(file);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(file.formatVersion).toBe(GAME_DATA_FORMAT_VERSION);
  });

  it('points encounters at the units by their file references', () => {
    const file = gameDataExport.parse(planToGameData(planOf('improved-initiative.en'), 'en'));
    const names = new Map(file.units.map((u) => [u.id, u.name]));
    const [encounter] = file.encounters;
    expect(encounter!.enemies.map((e) => [names.get(e.unitId), e.count])).toEqual([
      ['Goblin', 3],
      ['Ogre', 1],
    ]);
    expect(encounter!.allies.map((a) => names.get(a.unitId))).toEqual(['Mira Thornwood']);
    expect(encounter!.hidden.map((id) => names.get(id))).toEqual(['Goblin', 'Ogre']);
    expect(file.units.find((u) => u.name === 'Young Red Dragon')!.counters).toHaveLength(2);
  });

  it('keeps only what `only` names, and the units a kept encounter needs', () => {
    const plan = planOf('improved-initiative.en');
    expect(selectFromPlan(plan, ['Creatures.young-red']).units.map((u) => u.name)).toEqual([
      'Young Red Dragon',
    ]);
    const withEncounter = selectFromPlan(plan, ['SavedEncounters.ambush']);
    expect(withEncounter.units.map((u) => u.name)).toEqual(['Goblin', 'Mira Thornwood', 'Ogre']);
    expect(withEncounter.encounters).toHaveLength(1);
    expect(selectFromPlan(plan, []).units).toEqual([]);
    expect(selectFromPlan(plan, ['no-such-key']).units).toEqual([]);
    expect(selectFromPlan(plan, undefined)).toBe(plan);
  });

  it('for an existing campaign: its characteristics, its first race, class and status', () => {
    const plan = readForeignFile(fixture('shieldmaiden.en'), {
      characteristics: [
        { name: 'STR', max: 20 },
        { name: 'Sagesse', max: 20 },
      ],
      language: 'en',
    })!;
    const file = gameDataExport.parse(
      planToGameData(plan, 'en', {
        characteristics: [
          { name: 'STR', max: 20 },
          { name: 'Sagesse', max: 20 },
        ],
        races: ['Vistani', 'Human'],
        classes: ['Hunter'],
        statuses: ['Alive', 'Dead'],
      }),
    );
    expect(file.campaign.characteristics.map((c) => c.name)).toEqual(['STR', 'Sagesse']);
    expect(file.units[0]).toMatchObject({
      name: 'Vampire Spawn',
      race: 'Vistani',
      class: 'Hunter',
      status: 'Alive',
      characteristics: { STR: 16, Sagesse: 10 },
    });
  });

  it('a Novice takes the file as long as its units fit (default lists in either language)', () => {
    const file = gameDataExport.parse(planToGameData(planOf('shieldmaiden.fr'), 'fr'));
    expect(checkImportLimits('Novice', 0, file)).toEqual([]);
  });
});

describe('hostile files', () => {
  it('ignores prototype keys and pollutes nothing', () => {
    const file = JSON.parse(
      '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}},' +
        '"Creatures.a": {"Name": "Kobold", "HP": {"Value": 5}, "__proto__": {"polluted": 1},' +
        '"Abilities": {"__proto__": {"Str": 99}, "Dex": 15}}}',
    );
    const plan = readForeignFile(file, options('en'))!;
    expect(plan.units).toHaveLength(1);
    expect(plan.units[0]!.characteristics).toEqual({ Dexterity: 15 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a file nested too deep or holding too many values', () => {
    let deep: unknown = {};
    for (let i = 0; i < IMPORT_DEPTH_MAX + 5; i += 1) deep = { a: deep };
    expect(checkJsonShape(deep)).toBe('tooDeep');
    expect(checkJsonShape(new Array(IMPORT_VALUES_MAX).fill(0))).toBe('tooManyValues');
    expect(checkJsonShape(fixture('improved-initiative.en'))).toBeNull();
  });

  it('a value too deep inside a JSON string is skipped', () => {
    let deep = '{}';
    for (let i = 0; i < IMPORT_DEPTH_MAX + 5; i += 1) deep = `{"a":${deep}}`;
    const plan = readForeignFile({ 'Creatures.deep': deep }, options('en'))!;
    expect(plan.units).toEqual([]);
    expect(plan.warnings).toEqual([{ reason: 'skipped', text: 'Creatures.deep' }]);
  });

  it(`reads at most ${FOREIGN_ENTRIES_MAX} entries`, () => {
    const monster = Array.from({ length: FOREIGN_ENTRIES_MAX + 3 }, (_, i) => ({
      name: `M${i}`,
      hp: { average: 1 },
    }));
    const plan = readForeignFile({ _meta: {}, monster }, options('en'))!;
    expect(plan.units).toHaveLength(FOREIGN_ENTRIES_MAX);
    expect(plan.warnings).toContainEqual({
      reason: 'tooManyEntries',
      text: 'monster',
      limit: FOREIGN_ENTRIES_MAX,
    });
  });

  it('clamps onto a characteristic of max 20 and ignores wrong types', () => {
    const plan = readForeignFile(
      {
        meta: { export_version: 1 },
        npcs: [{ name: 'Ogre', hit_points: '59', strength: 23, dexterity: 'fast', wisdom: -3 }, 7, null],
      },
      {
        characteristics: [
          { name: 'STR', max: 20 },
          { name: 'Dex', max: 20 },
          { name: 'Wis', max: 20 },
        ],
        language: 'en',
      },
    )!;
    expect(plan.units).toEqual([
      expect.objectContaining({ name: 'Ogre', hp: 59, characteristics: { STR: 20, Wis: 0 } }),
    ]);
    expect(plan.warnings).toEqual([{ reason: 'clamped', text: 'Ogre: STR 23', limit: 20 }]);
  });
});
