// The words game masters found odd (docs/product.md#languages), held in place: French elision
// before names, « manche » for a round, one wording for gender, plan names in whole sentences,
// French spacing, dialogs that say what they do. A new string that brings one back fails here.
import { describe, expect, it } from 'vitest';
import en from '@questkeeper/core/locales/en.json' with { type: 'json' };
import fr from '@questkeeper/core/locales/fr.json' with { type: 'json' };

type Tree = { [key: string]: string | string[] | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : Array.isArray(value)
        ? value.map((item, i) => [`${prefix}${key}.${i}`, item] as [string, string])
        : leaves(value, `${prefix}${key}.`),
  );
const french = new Map(leaves(fr as Tree));
const english = new Map(leaves(en as Tree));
const frText = (key: string) => french.get(key) ?? '';
const enText = (key: string) => english.get(key) ?? '';
/** The text around placeholders, links and tags: what French typography applies to. */
const prose = (text: string) =>
  text
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\{\{[^}]*\}\}/g, 'X')
    .replace(/<\/?\w+>/g, '');

describe('French words', () => {
  it('writes "de" before a typed name through the elision formatter ("Notes d\'Aldric")', () => {
    const plain = [...french].filter(([, text]) => /\bde \{\{(name|campaign|source|target)\}\}/.test(text));
    expect(plain.map(([key]) => key)).toEqual([]);
    expect(frText('units.notesOf')).toBe('Notes {{name, de}}');
    expect(frText('combat.turnOf')).toBe('Au tour {{name, de}}');
  });

  it('never leaves "de" before a vowel in fixed text', () => {
    const unelided = [...french].filter(([, text]) =>
      /(^|[\s'(«])de [aeiouyàâäéèêëîïôöùûüœ]/i.test(prose(text)),
    );
    expect(unelided.map(([key]) => key)).toEqual([]);
  });

  it('calls a round « manche » and keeps « tour » for a unit’s turn', () => {
    const rounds = [...french].filter(([, text]) => text.includes('{{round}}'));
    expect(rounds.length).toBeGreaterThan(0);
    for (const [key, text] of rounds) expect(text, key).toMatch(/manche/i);
    expect(frText('combat.round')).toBe('Manche {{round}}');
  });

  it('has one wording for gender, on forms and cards', () => {
    for (const gender of ['Male', 'Female', 'Other']) {
      expect(frText(`units.genders.${gender}`)).toBe(frText(`unitForm.genders.${gender}`));
    }
  });

  it('keeps plan names as proper names in whole sentences', () => {
    const plan = String.raw`(?:Novice|Adventurer|Hero|\{\{(?:plan|tier)\}\})`;
    const bad = new RegExp(
      String.raw`\b(?:en|êtes en|revient à|revenu à|ramène le compte à|limites) ${plan}\b`,
    );
    const awkward = [...french].filter(([, text]) => bad.test(text));
    expect(awkward.map(([key]) => key)).toEqual([]);
  });

  it('spaces French punctuation and uses one kind of apostrophe and quotes', () => {
    const broken = [...french].filter(([, text]) => {
      const words = prose(text);
      return /[^\s\u00a0\u202f]([?!;])/.test(words) || /[\p{L}]:(?!\/)/u.test(words) || /[’"]/.test(words);
    });
    expect(broken.map(([key]) => key)).toEqual([]);
  });

  it('says who was saved without giving a typed name a grammatical gender', () => {
    // « « Grask » a été créée » agreed with "unité", not with Grask: the sentence names the thing.
    const agreed = [...french].filter(([, text]) => /»\s+a été \w+ée\b/.test(text));
    expect(agreed.map(([key]) => key)).toEqual([]);
  });
});

describe('what dialogs and prompts say, in both languages', () => {
  it('asks "Keep editing" or "Discard changes" before dropping an edit', () => {
    expect(enText('common.keepEditing')).toBe('Keep editing');
    expect(enText('common.discardChanges')).toBe('Discard changes');
    expect(frText('common.keepEditing')).toBe('Continuer à modifier');
    expect(frText('common.discardChanges')).toBe('Abandonner les modifications');
  });

  it('does not speak of overwriting a campaign that a copy creates', () => {
    expect(enText('campaigns.copyConfirm')).not.toMatch(/overwrite|current data/i);
    expect(frText('campaigns.copyConfirm')).not.toMatch(/remplac|actuelles/i);
    expect(enText('campaigns.copyConfirm')).toMatch(/^Create "\{\{target\}\}" as a copy of "\{\{source\}\}"/);
  });

  it('does not call a delete final where Undo follows', () => {
    for (const key of ['units.deleteConfirm', 'lists.deleteConfirm']) {
      expect(enText(key), key).not.toMatch(/cannot be undone/);
      expect(frText(key), key).not.toMatch(/irréversible/);
    }
  });

  it('says what registering with a plan does', () => {
    expect(enText('login.submitRegisterPlan')).toBe('Create your account, then subscribe to {{plan}}');
    expect(frText('login.submitRegisterPlan')).toBe("Créer mon compte, puis m'abonner à la formule {{plan}}");
  });

  it('asks for age and terms, linking the terms', () => {
    expect(enText('login.acceptTerms')).toBe(
      'I am 18 or older and accept the <terms>terms of service</terms>',
    );
    expect(frText('login.acceptTerms')).toMatch(/^J'ai 18 ans ou plus et j'accepte les <terms>.+<\/terms>$/);
  });
});
