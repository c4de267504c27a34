// One search over a campaign (decision 063): folded words in any order, names ranked before rules
// headings before texts, snippets without markdown cut around the first match, and ranges that mark
// exactly the matches in each snippet.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEARCH_SNIPPET_CHARS } from '../limits';
import { foldText } from '../text/fold';
import {
  matchRanges,
  rulesIndex,
  searchCampaign,
  searchEntry,
  searchWords,
  snippetOf,
  type SearchResult,
} from './campaign-search';

const marked = (result: { snippet: string; ranges: { start: number; end: number }[] }) => {
  let out = '';
  let at = 0;
  for (const range of result.ranges) {
    out += `${result.snippet.slice(at, range.start)}[${result.snippet.slice(range.start, range.end)}]`;
    at = range.end;
  }
  return out + result.snippet.slice(at);
};
const summary = (results: SearchResult[]) => results.map((r) => `${r.kind}:${r.name}`);

describe('searchWords', () => {
  it('folds, drops repeats and words inside others, longest first', () => {
    expect(searchWords('  Dégâts  dragons DRAGONS drag ')).toEqual(['dragons', 'degats']);
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('matchRanges', () => {
  it('marks every match in the original text, merged where they overlap', () => {
    const text = 'Dégâts, DEGATS et dégâts-de-feu';
    expect(marked({ snippet: text, ranges: matchRanges(text, ['degats']) })).toBe(
      '[Dégâts], [DEGATS] et [dégâts]-de-feu',
    );
    expect(matchRanges('abcdef', ['abcd', 'cdef'])).toEqual([{ start: 0, end: 6 }]);
  });

  it('maps matches back across letters that fold to two (œ) or to none (combining marks)', () => {
    // Folded, this text keeps its length (œ gives one more, the accent one less): positions still move.
    const text = 'Cœur de De\u0301gats';
    expect(marked({ snippet: text, ranges: matchRanges(text, ['coeur', 'degats']) })).toBe(
      '[Cœur] de [De\u0301gats]',
    );
    // A match ending inside "œ" takes the whole letter; one ending before an accent takes the accent.
    expect(marked({ snippet: 'Œuvre', ranges: matchRanges('Œuvre', ['o']) })).toBe('[Œ]uvre');
    expect(marked({ snippet: 'De\u0301gats', ranges: matchRanges('De\u0301gats', ['de']) })).toBe(
      '[De\u0301]gats',
    );
  });
});

describe('matchRanges (property)', () => {
  it('marks ranges that each fold to hold a word, in order, and some whenever the folded text holds one', () => {
    const letter = fc.constantFrom('a', 'd', 'e', 'é', 'E\u0301', 'œ', 'Œ', 'o', 'ß', 's', ' ', '\u0301');
    const text = fc.array(letter, { maxLength: 30 }).map((letters) => letters.join(''));
    const word = fc.constantFrom('e', 'o', 'oe', 'de', 'ss', 'ae', 'se');
    fc.assert(
      fc.property(text, fc.array(word, { minLength: 1, maxLength: 2 }), (source, words) => {
        const ranges = matchRanges(source, words);
        let last = -1;
        for (const range of ranges) {
          expect(range.start).toBeGreaterThan(last);
          expect(range.end).toBeGreaterThan(range.start);
          expect(range.end).toBeLessThanOrEqual(source.length);
          last = range.end;
          const folded = foldText(source.slice(range.start, range.end));
          expect(words.some((w) => folded.includes(w))).toBe(true);
        }
        const any = words.some((w) => foldText(source).includes(w));
        expect(ranges.length > 0).toBe(any);
      }),
    );
  });
});

describe('snippetOf', () => {
  it('strips markdown and cuts a long line around the first match', () => {
    expect(marked(snippetOf('## The **red** [[Dragon|wyrm]]', ['wyrm']))).toBe('The red [wyrm]');
    const line = `${'lorem '.repeat(60)}dragon${' ipsum'.repeat(60)}`;
    const cut = snippetOf(line, ['dragon']);
    expect(cut.snippet.length).toBeLessThanOrEqual(SEARCH_SNIPPET_CHARS);
    expect(cut.snippet.startsWith('…') && cut.snippet.endsWith('…')).toBe(true);
    expect(marked(cut)).toContain('[dragon]');
    expect(cut.snippet.slice(1, 7)).toBe('lorem ');
  });
});

const RULES = [
  '# Dragons', // line 1
  'A red dragon sleeps.', // 2
  'Dragons hoard gold; dragons hoard gold.', // 3
  '## Dégâts', // 4
  'Fire deals dégâts to the dragon.', // 5
].join('\n');

const entries = [
  searchEntry({ kind: 'unit', id: 'u1', name: 'Red dragon', meta: 'Dragon · Brute', text: 'Sleeps.' }),
  searchEntry({ kind: 'unit', id: 'u2', name: 'Dragon', meta: '', text: '' }),
  searchEntry({ kind: 'unit', id: 'u3', name: 'Dragonet', meta: '', text: '' }),
  searchEntry({
    kind: 'unit',
    id: 'u4',
    name: 'Knight',
    meta: 'Human',
    text: 'First line.\nSlew a **dragon**.',
  }),
  searchEntry({ kind: 'race', id: 'r1', name: 'Dragonborn', text: 'Scaled folk.\nProud.' }),
  searchEntry({ kind: 'encounter', id: 'e1', name: 'Lair', text: 'The dragon waits.' }),
  searchEntry({ kind: 'class', id: 'c1', name: 'Mage', text: '' }),
];

describe('searchCampaign', () => {
  const campaign = { rules: rulesIndex(RULES), entries };

  it('ranks exact names, then names starting with the query, then shorter names, then headings, texts, rules lines', () => {
    expect(summary(searchCampaign(campaign, 'dragon', 50))).toEqual([
      'unit:Dragon',
      'unit:Dragonet',
      'race:Dragonborn',
      'unit:Red dragon',
      'heading:Dragons',
      'unit:Knight',
      'encounter:Lair',
      'rules:Dragons',
      'rules:Dragons',
      'rules:Dégâts',
    ]);
  });

  it('gives each rules line once, with its number and section, and headings by their anchor', () => {
    const results = searchCampaign(campaign, 'dragon', 50).filter(
      (r) => r.kind === 'rules' || r.kind === 'heading',
    );
    expect(results.map((r) => [r.kind, r.id, r.name, marked(r)])).toEqual([
      ['heading', 'dragons', 'Dragons', '[Dragon]s'],
      ['rules', '2', 'Dragons', 'A red [dragon] sleeps.'],
      ['rules', '3', 'Dragons', '[Dragon]s hoard gold; [dragon]s hoard gold.'],
      ['rules', '5', 'Dégâts', 'Fire deals dégâts to the [dragon].'],
    ]);
  });

  it('finds words in any order and across a name, its facts and its text', () => {
    expect(summary(searchCampaign(campaign, 'gold hoard', 10))).toEqual(['rules:Dragons']);
    expect(summary(searchCampaign(campaign, 'human slew', 10))).toEqual(['unit:Knight']);
    const [knight] = searchCampaign(campaign, 'knight human', 10);
    // "human" is in its facts only: they are the snippet.
    expect(knight).toMatchObject({ name: 'Knight', snippet: 'Human' });
    const [born] = searchCampaign(campaign, 'dragonborn', 10);
    // A list entry found by name shows the first line of its note.
    expect(born).toMatchObject({ name: 'Dragonborn', snippet: 'Scaled folk.' });
    expect(marked(searchCampaign(campaign, 'DEGATS fire', 10)[0]!)).toBe(
      '[Fire] deals [dégâts] to the dragon.',
    );
  });

  it('keeps to the limit and answers nothing for a blank query or no rules', () => {
    expect(searchCampaign(campaign, 'dragon', 3)).toHaveLength(3);
    expect(summary(searchCampaign(campaign, 'dragon', 6))).toEqual([
      'unit:Dragon',
      'unit:Dragonet',
      'race:Dragonborn',
      'unit:Red dragon',
      'heading:Dragons',
      'unit:Knight',
    ]);
    expect(searchCampaign(campaign, '   ', 10)).toEqual([]);
    expect(searchCampaign(campaign, 'dragon', 0)).toEqual([]);
    expect(summary(searchCampaign({ rules: null, entries }, 'lair', 10))).toEqual(['encounter:Lair']);
  });

  it('marks in every snippet only what folds to a word of the query (property)', () => {
    const word = fc.constantFrom('dragon', 'degats', 'gold', 'red', 'e', 'sleeps', 'fire', 'œ', 'oe');
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 3 }), (words) => {
        const query = words.join(' ');
        const folded = searchWords(query);
        for (const result of searchCampaign(campaign, query, 50)) {
          let last = -1;
          for (const range of result.ranges) {
            expect(range.start).toBeGreaterThan(last);
            expect(range.end).toBeLessThanOrEqual(result.snippet.length);
            last = range.end;
            const text = foldText(result.snippet.slice(range.start, range.end));
            expect(folded.some((w) => text.includes(w))).toBe(true);
          }
        }
      }),
    );
  });
});
