// Search snippets read as the rules read: markdown syntax gone, the matches still marked.
import { describe, expect, it } from 'vitest';
import { plainLine } from './plain-line';
import { findMatches } from './fold';

/** The plain snippet of the first result line, with its marks in [brackets]. */
function snippet(line: string, query: string): string {
  const ranges = findMatches(line, query);
  if (ranges.length === 0) return '(no match)';
  const plain = plainLine(line, ranges);
  let text = plain.text;
  for (const { start, end } of [...plain.ranges].reverse()) {
    text = `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;
  }
  return text;
}

describe('plainLine', () => {
  it('drops heading, quote, bullet and task marks', () => {
    expect(snippet('## Dégâts critiques ##', 'degats')).toBe('[Dégâts] critiques');
    expect(snippet('> Citation du maître', 'maitre')).toBe('Citation du [maître]');
    expect(snippet('  - Potion de soin', 'soin')).toBe('Potion de [soin]');
    expect(snippet('* [x] Tâche faite', 'tache')).toBe('[Tâche] faite');
  });

  it('keeps the number of an ordered list', () => {
    expect(snippet('3. Lancez le dé', 'de')).toBe('3. Lancez le [dé]');
  });

  it('drops emphasis, strike-through and code marks but keeps their words', () => {
    expect(snippet('Les **dégâts** sont *doublés*', 'degats')).toBe('Les [dégâts] sont doublés');
    expect(snippet('Un ~~vieux~~ `jet de dé`', 'jet')).toBe('Un vieux [jet] de dé');
    expect(snippet('__Gras__ et _italique_', 'italique')).toBe('Gras et [italique]');
  });

  it('keeps underscores inside words and lone stars', () => {
    expect(snippet('use snake_case names', 'case')).toBe('use snake_[case] names');
    expect(snippet('2 * 3 dégâts', 'degats')).toBe('2 * 3 [dégâts]');
  });

  it('reads a link as its text and an image as its description', () => {
    expect(snippet('Voir [la table des sorts](https://example.test/sorts) ici', 'sorts')).toBe(
      'Voir la table des [sorts] ici',
    );
    expect(snippet('![Carte du royaume](carte.png)', 'carte')).toBe('[Carte] du royaume');
  });

  it('drops a match that only sits in hidden syntax, keeps the line', () => {
    expect(snippet('Voir [la table](https://sorts.example)', 'sorts')).toBe('Voir la table');
  });

  it('turns table pipes into separators', () => {
    expect(snippet('| Épée | 1d8 | Tranchant |', 'tranchant')).toBe('Épée · 1d8 · [Tranchant]');
  });

  it('keeps raw HTML and escaped characters as text, as the rules show them', () => {
    expect(snippet('Un <b>coup</b> \\*spécial\\*', 'special')).toBe('Un <b>coup</b> *[spécial]*');
    expect(snippet('Lien <https://example.test/regles>', 'regles')).toBe(
      'Lien https://example.test/[regles]',
    );
  });
});

describe('plainLine and campaign links', () => {
  it('reads a link as the words it shows', () => {
    expect(snippet('Voir [[Élise]] et [[#Dégâts|les dégâts]]', 'degats')).toBe('Voir Élise et les [dégâts]');
    expect(snippet('Voir [[ Dame Élise ]]', 'elise')).toBe('Voir Dame [Élise]');
  });
});
