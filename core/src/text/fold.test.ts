// Accent- and case-insensitive search (docs/product.md#search), and the way back to the original text.
import { describe, expect, it } from 'vitest';
import { findMatches, foldText, foldWithMap, matchesText, sourceEnd, sourceStart } from './fold';

const slices = (text: string, query: string) =>
  findMatches(text, query).map(({ start, end }) => text.slice(start, end));

describe('matchesText', () => {
  it('finds accented words from plain letters, and plain words from accented ones', () => {
    expect(matchesText('Dégâts critiques', 'degats')).toBe(true);
    expect(matchesText('Éclaireur', 'eclaireur')).toBe(true);
    expect(matchesText('Eclaireur', 'ÉCLAIREUR')).toBe(true);
    expect(matchesText('Rôdeur', 'RODEUR')).toBe(true);
    expect(matchesText('Dégâts', 'dagats')).toBe(false);
  });

  it('reads ligatures and special letters as their spelled-out letters', () => {
    expect(matchesText('Cœur de Lion', 'coeur')).toBe(true);
    expect(matchesText('Ænar', 'aenar')).toBe(true);
    expect(matchesText('Straße', 'strasse')).toBe(true);
    expect(matchesText('Bjørn', 'bjorn')).toBe(true);
  });

  it('matches text typed with separate combining accents', () => {
    expect(matchesText('De\u0301ga\u0302ts', 'dégâts')).toBe(true);
    expect(matchesText('Dégâts', 'de\u0301ga\u0302ts')).toBe(true);
  });

  it('ignores surrounding spaces and matches everything for a blank query', () => {
    expect(matchesText('Aria', '  ari ')).toBe(true);
    expect(matchesText('Aria', '   ')).toBe(true);
  });

  it('keeps other scripts and emoji as they are', () => {
    expect(matchesText('Дракон 🐉', 'дракон')).toBe(true);
    expect(matchesText('Дракон 🐉', '🐉')).toBe(true);
    expect(foldText('ΣΟΦΊΑ')).toBe('σοφια');
  });
});

describe('findMatches', () => {
  it('gives ranges of the original text, accents included', () => {
    expect(slices('Les dégâts, puis les DEGATS.', 'degats')).toEqual(['dégâts', 'DEGATS']);
  });

  it('covers a whole ligature when the match starts or ends inside it', () => {
    expect(slices('Un œuf', 'o')).toEqual(['œ']);
    expect(slices('Un œuf', 'euf')).toEqual(['œuf']);
  });

  it('takes the combining accents that follow the last matched letter', () => {
    const text = 'cafe\u0301 noir';
    expect(slices(text, 'cafe')).toEqual(['cafe\u0301']);
    expect(slices(text, 'café noir')).toEqual([text]);
  });

  it('stops at the limit and finds nothing for a blank query', () => {
    expect(findMatches('a a a a', 'a', 2)).toHaveLength(2);
    expect(findMatches('abc', ' ')).toEqual([]);
  });
});

describe('foldWithMap', () => {
  it('lines up one to one for ASCII text', () => {
    const mapped = foldWithMap('Hello World');
    expect(mapped.folded).toBe('hello world');
    expect(mapped.sources).toBeNull();
    expect(sourceStart(mapped, 6)).toBe(6);
    expect(sourceEnd(mapped, 11)).toBe(11);
  });

  it('keeps line breaks where they were', () => {
    const mapped = foldWithMap('Élan\nŒil\r\nfin');
    expect(mapped.folded).toBe('elan\noeil\r\nfin');
    const secondLine = mapped.folded.indexOf('oeil');
    expect(sourceStart(mapped, secondLine)).toBe(5);
  });

  it('folds a long rulebook quickly', () => {
    const text = 'Les dégâts de l’épée sont doublés au coup critique.\n'.repeat(12_000); // ~600,000 chars
    const started = performance.now();
    const mapped = foldWithMap(text);
    const took = performance.now() - started;
    expect(mapped.folded.length).toBe(text.length);
    // Generous for a shared CI machine; about 20 ms on a laptop.
    expect(took).toBeLessThan(1000);
  });
});
