// Kanka and Foundry VTT (issue #35): detection from the content, each reader's field mapping on the
// fixtures (core/test-fixtures/import/, Kanka's ZIPs made by make-kanka-fixtures.mjs), secrets,
// mentions as links, and the HTML conversion's sanitizing.
import { readFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Language } from '../i18n';
import { gameDataExport } from '../schemas/game-data-export';
import { detectFormat, ForeignFiles } from './detect';
import { htmlDepth, htmlToMarkdown, HTML_DEPTH_MAX, isSafeUrl } from './html-markdown';
import { defaultCharacteristics, planToGameData, readForeignFile } from './import-plan';
import type { ImportPlan, PlanUnit } from './plan';

const dir = new URL('../../test-fixtures/import/', import.meta.url);
const json = (name: string): unknown => JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8'));
/** A ZIP fixture as the server hands it to the readers: its JSON files by path. */
const zip = (name: string) =>
  new ForeignFiles(
    Object.entries(unzipSync(readFileSync(new URL(`${name}.zip`, dir))))
      .filter(([path]) => path.endsWith('.json'))
      .map(([path, bytes]) => ({ path, json: JSON.parse(strFromU8(bytes)) as unknown })),
  );
const planOf = (file: unknown, language: Language): ImportPlan => {
  const plan = readForeignFile(file, { characteristics: defaultCharacteristics(language), language });
  if (!plan) throw new Error('no plan');
  return plan;
};
const unit = (plan: ImportPlan, name: string): PlanUnit => {
  const found = plan.units.find((u) => u.name === name);
  if (!found) throw new Error(`no unit ${name} in ${plan.units.map((u) => u.name).join(', ')}`);
  return found;
};

describe('detection', () => {
  it.each([
    ['kanka.en ZIP', () => zip('kanka.en'), 'kanka'],
    ['foundry-actor.en', () => json('foundry-actor.en'), 'foundry'],
    ['foundry-journal.fr', () => json('foundry-journal.fr'), 'foundry'],
    ['an array of Foundry documents', () => json('foundry-many.fr'), 'foundry'],
    [
      'a ZIP of Foundry files',
      () => new ForeignFiles([{ path: 'a.json', json: json('foundry-actor.en') }]),
      'foundry',
    ],
    [
      'a ZIP of unknown JSON',
      () => new ForeignFiles([{ path: 'campaign.json', json: { title: 'x' } }]),
      null,
    ],
    [
      'campaign.json without module folders',
      () => new ForeignFiles([{ path: 'campaign.json', json: { name: 'x' } }]),
      null,
    ],
    ['an actor without system', () => ({ name: 'x', type: 'npc' }), null],
    ['an array of nothing known', () => [{ name: 'x' }], null],
  ])('%s', (_label, file, format) => {
    expect(detectFormat(file())).toBe(format);
  });
});

describe('Kanka', () => {
  it.each([
    [
      'en',
      'The Shattered Crown',
      'Aria Thornwood',
      'Lord Malgrave Varn',
      ['Elf', 'Dwarf'],
      { Strength: 12, Dexterity: 18 },
    ],
    [
      'fr',
      'La Couronne brisée',
      'Aria Boisépine',
      'Seigneur Malgrave Varn',
      ['Elfe', 'Nain'],
      { Force: 12, Dextérité: 18 },
    ],
  ] as const)(
    '%s: characters → units, races → races, name',
    (language, name, aria, lord, races, abilities) => {
      const plan = planOf(zip(`kanka.${language}`), language);
      expect(plan).toMatchObject({ format: 'kanka', name, encounters: [] });
      expect(plan.units.map((u) => [u.key, u.name, u.hp, u.isPlayer])).toEqual([
        ['character:301', aria, 38, true],
        ['character:302', lord, 120, false],
      ]);
      expect(unit(plan, aria)).toMatchObject({ race: races[0], characteristics: abilities });
      expect(plan.races?.map((r) => r.name)).toEqual(races);
      // The locations module is not read: one warning says so.
      expect(plan.warnings).toEqual([{ reason: 'ignored', text: 'locations/ (1)' }]);
    },
  );

  it('notes: title, type, age, families, entry and public posts; private posts and traits in secret blocks', () => {
    const notes = unit(planOf(zip('kanka.en'), 'en'), 'Aria Thornwood').notes;
    expect(notes).toContain('**Title** Ranger of the Greywood');
    expect(notes).toContain('**Family** House Varn');
    expect(notes).toContain('## Backstory\n\nRaised by wardens after the fall of the Crown.');
    expect(notes).toContain(
      ':::secret\n\n## Secret past\n\nShe carries the *second shard* and tells no one.\n\n:::',
    );
    expect(notes).toContain(':::secret\n\n**Fear.** Deep water since the shipwreck.\n\n:::');
    expect(notes).toContain('## Traits\n\n**Hair.** Silver, braided with oak leaves.');
  });

  it('a private character: everything the file says of it in one secret block', () => {
    const notes = unit(planOf(zip('kanka.fr'), 'fr'), 'Seigneur Malgrave Varn').notes;
    expect(notes.startsWith(':::secret\n\n**Titre** Régent du Val')).toBe(true);
    expect(notes.endsWith(':::')).toBe(true);
  });

  it('mentions become links: characters and races by name, notes and journals as headings', () => {
    const plan = planOf(zip('kanka.en'), 'en');
    expect(unit(plan, 'Aria Thornwood').notes).toContain(
      'Aria hunts [[Lord Malgrave Varn]] across the Vale, guided by [[Elf|the elves]] of her youth.',
    );
    expect(unit(plan, 'Lord Malgrave Varn').notes).toContain("[[#The Crown's true location]]");
    expect(plan.races?.[0]?.note).toBe('Long-lived folk of the Greywood. See [[Aria Thornwood|Aria]].');
    expect(plan.rules).toContain(
      '[[Aria Thornwood]] met the regent at the gate; see [[#Calendar of the Realm]]',
    );
  });

  it('notes and journals → rules sections, private ones and admin posts secret, HTML sanitized', () => {
    const rules = planOf(zip('kanka.fr'), 'fr').rules ?? '';
    expect(rules).toContain(
      '## Calendrier du royaume\n\n#### Mois\n\n| Mois | Jours |\n| --- | --- |\n| Lune des moissons | 30 |',
    );
    expect(rules).toContain(':::secret\n\n## Où est vraiment la Couronne\n\nSous la vieille abbaye');
    expect(rules).toContain('## Séance 1 : La Porte brisée\n\n*3e jour de la Lune des moissons*');
    expect(rules).toContain(':::secret\n\n### Notes du MJ\n\nMalgrave sait déjà');
    const notes = unit(planOf(zip('kanka.fr'), 'fr'), 'Aria Boisépine').notes;
    expect(notes).toContain('Cliquez ou lisez la [page Kanka](https://kanka.io/fr).');
    for (const text of [rules, notes]) {
      expect(text).not.toMatch(/javascript|alert|<script|iframe|evil\.example|onclick/i);
    }
  });

  it('becomes a campaign file the schema takes: races merged by name, units on them, rules replaced', () => {
    const file = gameDataExport.parse(planToGameData(planOf(zip('kanka.en'), 'en'), 'en'));
    // Elf and Dwarf are default races already: the same entries, once each.
    expect(file.campaign.races.map((r) => r.name)).toEqual(['Human', 'Elf', 'Dwarf', 'Orc']);
    expect(file.units.find((u) => u.name === 'Aria Thornwood')).toMatchObject({
      race: 'Elf',
      status: 'Normal',
    });
    // Dead in Kanka: the campaign's Dead status.
    expect(file.units.find((u) => u.name === 'Lord Malgrave Varn')?.status).toBe('Dead');
    expect(file.campaign.rules.startsWith('Ten years after the **Crown of Aldmere**')).toBe(true);
  });

  it("a new race joins the list within the tier's room; a Novice's lists stay the defaults", () => {
    const base = planOf(zip('kanka.en'), 'en');
    const plan = (): ImportPlan => ({
      ...base,
      warnings: [],
      races: [{ name: 'Tiefling', note: 'Horned folk.' }],
      units: base.units.map((u) => ({ ...u, race: 'tiefling' })),
    });
    const hero = gameDataExport.parse(planToGameData(plan(), 'en', undefined, 'Hero'));
    expect(hero.campaign.races.map((r) => [r.name, r.note])).toContainEqual(['Tiefling', 'Horned folk.']);
    expect(hero.units[0]?.race).toBe('Tiefling');
    const novicePlan = plan();
    const novice = gameDataExport.parse(planToGameData(novicePlan, 'en', undefined, 'Novice'));
    expect(novice.campaign.races.map((r) => r.name)).toEqual(['Human', 'Elf', 'Dwarf', 'Orc']);
    expect(novice.units[0]?.race).toBe('Human');
    expect(novicePlan.warnings).toEqual([{ reason: 'listFull', text: 'Tiefling', limit: 4 }]);
  });
});

describe('Foundry VTT', () => {
  it('an NPC: HP, abilities, notes from items by activation, counters', () => {
    const plan = planOf(json('foundry-actor.en'), 'en');
    const dragon = unit(plan, 'Young Green Dragon');
    expect(dragon).toMatchObject({
      key: 'actor:dRgN0000greenYng',
      hp: 136,
      isPlayer: false,
      characteristics: {
        Strength: 19,
        Dexterity: 12,
        Constitution: 17,
        Intelligence: 16,
        Wisdom: 13,
        Charisma: 15,
      },
    });
    expect(dragon.notes).toContain(
      '*dragon, Lawful Evil*\n\n**Armor Class** 18\n\n**Speed** 40 ft\n\n**Challenge** 8',
    );
    expect(dragon.notes).toContain('## Actions\n\n**Multiattack.**');
    expect(dragon.notes).toContain('**Bite.** *Melee Weapon Attack:* 1d20 + 7 to hit');
    expect(dragon.notes).toContain('## Legendary actions\n\n**Tail Attack.**');
    expect(dragon.notes).toContain('DC 14 Constitution saving throw');
    // Loot is not a note; a journal the file does not hold is its label, not a broken link.
    expect(dragon.notes).not.toContain('Emerald');
    expect(dragon.notes).toContain('see the forest lore.');
    expect(dragon.notes).toContain(':::secret\n\nIt serves the hag of the **Weeping Hollow**.\n\n:::');
    expect(dragon.counters).toEqual([
      { label: 'Legendary actions', max: 3, kind: 'uses', reset: 'turnStart', recharge: null },
      { label: 'Legendary Resistance', max: 3, kind: 'uses', reset: 'never', recharge: null },
      { label: 'Poison Breath', max: 1, kind: 'uses', reset: 'never', recharge: { die: 6, min: 5 } },
    ]);
  });

  it('a character: player character, max HP, race and class items, French headings', () => {
    const plan = planOf(json('foundry-actor.fr'), 'fr');
    expect(unit(plan, 'Élise Morvan')).toMatchObject({
      hp: 27,
      isPlayer: true,
      race: 'Elfe',
      class: 'Magicienne',
    });
    expect(unit(plan, 'Élise Morvan').notes).toContain("**Classe d'armure** 12");
    expect(plan.races).toEqual([{ name: 'Elfe', note: 'Vision dans le noir, ascendance féerique.' }]);
    expect(plan.classes).toEqual([{ name: 'Magicienne', note: 'Une lanceuse de sorts érudite.' }]);
    // A spell is not a feat or a weapon.
    expect(unit(plan, 'Élise Morvan').notes).not.toContain('Bouclier');
  });

  it('journals → rules sections: pages as headings, secrets, inline rolls, markdown pages, sanitized', () => {
    const en = planOf(json('foundry-journal.en'), 'en');
    expect(en.name).toBe('Lore of the Greenwood');
    expect(en.rules).toContain('## Lore of the Greenwood\n\n### The forest\n\n### The forest');
    expect(en.rules).toContain(':::secret\n\nThe druids sold the dragon their silence.\n\n:::');
    expect(en.rules).toContain('roll 1d20 for getting lost');
    expect(en.rules).toContain('![Map](https://example.com/map.png)');
    expect(en.rules).not.toMatch(/javascript|alert|<script|fetch|cookie|onerror|!\[\]\(x\)/i);
    expect(en.rules).not.toContain('worlds/greenwood/map.webp');
    const fr = planOf(json('foundry-journal.fr'), 'fr').rules ?? '';
    expect(fr).toContain(
      '#### Repos\n\nUn repos long demande une nuit *entière* dans un lieu sûr. Jetez 1d20 pour les rencontres.',
    );
    expect(fr).toContain("La taverne du Pendu n'est jamais sûre");
    expect(fr).toContain('### Notes en markdown\n\n**Mort instantanée** désactivée.');
    expect(fr).toContain('lien et [D&D Beyond](https://www.dndbeyond.com/)');
    expect(fr).not.toMatch(/javascript|alert|iframe|display:none/i);
  });

  it('several documents at once: links between them by name', () => {
    const plan = planOf(json('foundry-many.fr'), 'fr');
    expect(plan.units.map((u) => u.name)).toEqual(['Élise Morvan', 'Corvin le Gris']);
    expect(unit(plan, 'Élise Morvan').notes).toContain('volé par [[Corvin le Gris]].');
    expect(unit(plan, 'Corvin le Gris').notes).toContain('## Actions bonus\n\n**Ruse.**');
    expect(plan.rules).toContain('## Règles de la maison');
  });
});

describe('HTML to markdown', () => {
  it.each([
    ['<p>a <b>b</b> <i>c</i></p>', 'a **b** *c*'],
    ['<script>alert(1)</script><p>kept</p>', 'kept'],
    ['<style>p{}</style><iframe src="x"></iframe><object data="x"></object>ok', 'ok'],
    ['<a href="javascript:alert(1)">t</a>', 't'],
    ['<a href=" java\tscript:alert(1)">t</a>', 't'],
    ['<a href="data:text/html,x">t</a>', 't'],
    ['<a href="https://a.example/x y">t</a>', '[t](https://a.example/x%20y)'],
    ['<a href="/relative">t</a>', '[t](/relative)'],
    ['<img src="javascript:x" alt="a">', 'a'],
    ['<img src="data:image/png;base64,AAAA" alt="b">', 'b'],
    ['<p onclick="x()" style="color:red">p</p>', 'p'],
    ['<section class="secret"><p>s</p></section>', ':::secret\n\ns\n\n:::'],
    ['<h1>T</h1>', '### T'],
    ['plain [x] text', 'plain [x] text'],
    ['<p>\uE000 private-use \uE001</p>', 'private-use'],
  ])('%j → %j', (html, markdown) => {
    expect(htmlToMarkdown(html)).toBe(markdown);
  });

  it('nesting deeper than the limit is read as its text, without walking it', () => {
    const deep = `${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}`;
    expect(htmlDepth(deep)).toBeGreaterThan(HTML_DEPTH_MAX);
    expect(htmlToMarkdown(deep)).toBe('deep');
    expect(htmlToMarkdown('<div><script>x</script>a</div>'.repeat(1))).toBe('a');
  });

  it('safe addresses', () => {
    expect(['https://x', 'http://x', 'mailto:a@b', '/x', 'x.html', '#a'].every(isSafeUrl)).toBe(true);
    expect(['javascript:x', 'JAVASCRIPT:x', 'vbscript:x', 'data:x', 'java\nscript:x'].some(isSafeUrl)).toBe(
      false,
    );
  });
});
