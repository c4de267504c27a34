import { describe, expect, it } from 'vitest';
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import { languageFromAcceptHeader, toLanguage, translate } from './i18n';

type Tree = { [key: string]: string | string[] | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string | string[]][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' || Array.isArray(value)
      ? [[prefix + key, value] as [string, string | string[]]]
      : leaves(value, `${prefix}${key}.`),
  );

// Words that are the same in both languages on purpose.
const SAME_IN_BOTH = new Set([
  'defaults.characteristics',
  'foreignImport.headings.actions',
  'foreignImport.formats.improvedInitiative',
  'foreignImport.formats.shieldmaiden',
  'foreignImport.formats.foundry',
  // The same word in French.
  'unitForm.portrait.title',
  'foreignImport.headings.kind',
  'validation.colorHex',
  'common.appName',
  'common.titleSuffix',
  'common.euro',
  'redirect.text',
  // The same words in French.
  'dashboard.views.races',
  'dashboard.views.classes',
  'dashboard.views.combat',
  'combat.initiative',
  'combat.amountHint',
  'units.race',
  'search.palette.kinds.race',
  'links.kinds.race',
  'links.linkedFrom.sources.race',
  'units.bronze',
  'unitForm.race',
  'unitForm.templates.boss',
  'unitForm.bronze',
  'contact.message',
  'editor.secret',
  'foreignImport.dialog.counts.races_one',
  'foreignImport.dialog.counts.races_other',
  'foreignImport.dialog.counts.classes_other',
  // Numbers only.
  'contact.counter',
]);

describe('locales', () => {
  const enLeaves = new Map(leaves(en as Tree));
  const frLeaves = new Map(leaves(fr as Tree));

  it('French has every English key and no other', () => {
    expect([...frLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it('French is translated, not copied', () => {
    const copied = [...enLeaves].filter(
      ([key, value]) => !SAME_IN_BOTH.has(key) && JSON.stringify(frLeaves.get(key)) === JSON.stringify(value),
    );
    expect(copied.map(([key]) => key)).toEqual([]);
  });

  it('uses the same {{placeholders}} in both languages', () => {
    // A French string may format a value: `{{name, de}}` elides "de" before it (web/src/lib/i18n.ts).
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/\{\{(\w+)(?:, *\w+)?\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of enLeaves) {
      expect(placeholders(frLeaves.get(key)), key).toEqual(placeholders(value));
    }
  });
});

describe('translate', () => {
  it('interpolates parameters and falls back to the key for unknown ones', () => {
    expect(translate('en', 'errors.RACE_LIMIT_REACHED', { tier: 'Novice' })).toBe(
      'Race limit reached for Novice tier',
    );
    expect(translate('fr', 'errors.RACE_LIMIT_REACHED', { tier: 'Novice' })).toBe(
      'Limite de races atteinte pour le niveau Novice',
    );
    expect(translate('en', 'errors.RACE_LIMIT_REACHED')).toBe('Race limit reached for {{tier}} tier');
  });
});

describe('language choice', () => {
  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,fr;q=0.5', 'fr'],
    ['de-DE', 'en'],
    ['en;q=0.2,fr;q=0.8', 'fr'],
    ['fr;q=0', 'en'],
    [undefined, 'en'],
  ])('Accept-Language %s → %s', (header, language) => {
    expect(languageFromAcceptHeader(header)).toBe(language);
  });

  it('reads any fr* as French, anything else as English', () => {
    expect(toLanguage('fr-CA')).toBe('fr');
    expect(toLanguage('FR')).toBe('fr');
    expect(toLanguage('es')).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });
});
