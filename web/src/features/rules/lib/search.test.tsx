// Pure helpers run with the component tests: they import the shared text search through "@/lib".
import { describe, expect, it } from 'vitest';
import {
  highlightSegments,
  lineExcerpt,
  MAX_RANGES_PER_LINE,
  occurrencesBefore,
  searchRules,
} from './search';

const RULES = [
  '# Combat',
  'Roll a d20 for initiative.',
  '',
  'Critical hits deal double damage.',
  'A DRAGON breathes fire; dragons fly.',
].join('\n');

/** The matched texts of each result line, which is what a reader sees highlighted. */
function marked(text: string, query: string) {
  return searchRules(text, query).lines.map((line) => ({
    line: line.lineNumber,
    marks: line.ranges.map((r) => line.text.slice(r.start, r.end)),
  }));
}

describe('searchRules', () => {
  it('finds the lines that contain the query, numbered from 1', () => {
    const result = searchRules(RULES, 'damage');
    expect(result.totalLines).toBe(1);
    expect(result.lines).toEqual([
      {
        lineNumber: 4,
        lineStart: RULES.indexOf('Critical'),
        text: 'Critical hits deal double damage.',
        ranges: [{ start: 26, end: 32 }],
      },
    ]);
  });

  it('ignores case both ways and highlights the text as written', () => {
    expect(marked(RULES, 'dragon')).toEqual([{ line: 5, marks: ['DRAGON', 'dragon'] }]);
    expect(marked(RULES, 'COMBAT')).toEqual([{ line: 1, marks: ['Combat'] }]);
    expect(marked('Épée et épée', 'ÉPÉE')).toEqual([{ line: 1, marks: ['Épée', 'épée'] }]);
  });

  it('ignores accents both ways (docs/product.md#search) and marks the letters as written', () => {
    const text = '# Règles\nLes dégâts sont doublés.\nÉclaireur : DEGATS +2, œil de lynx.';
    expect(marked(text, 'degats')).toEqual([
      { line: 2, marks: ['dégâts'] },
      { line: 3, marks: ['DEGATS'] },
    ]);
    expect(marked(text, 'eclaireur')).toEqual([{ line: 3, marks: ['Éclaireur'] }]);
    expect(marked(text, 'regles')).toEqual([{ line: 1, marks: ['Règles'] }]);
    expect(marked(text, 'oeil')).toEqual([{ line: 3, marks: ['œil'] }]);
    const third = searchRules(text, 'lynx').lines[0];
    expect(third?.lineStart).toBe(text.indexOf('Éclaireur'));
    expect(third?.text).toBe('Éclaireur : DEGATS +2, œil de lynx.');
  });

  it('keeps lines and positions right when accents are typed as separate marks', () => {
    const text = 'Premie\u0300re ligne\nde\u0301ga\u0302ts ici';
    const result = searchRules(text, 'dégâts');
    expect(result.lines.map((line) => line.lineNumber)).toEqual([2]);
    const line = result.lines[0]!;
    expect(line.text.slice(line.ranges[0]!.start, line.ranges[0]!.end)).toBe('de\u0301ga\u0302ts');
  });

  it('returns every match of a line, in order, without overlap', () => {
    const result = searchRules('aaaa b aa', 'aa');
    expect(result.lines[0]?.ranges).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
      { start: 7, end: 9 },
    ]);
  });

  it('matches several lines and counts them', () => {
    const result = searchRules(RULES, 'd');
    expect(result.lines.map((l) => l.lineNumber)).toEqual([2, 4, 5]);
    expect(result.totalLines).toBe(3);
  });

  it('treats regular-expression characters literally', () => {
    const text = 'Roll 1d6+2 (fire).\nRoll 1d6 then 2\nCost: $5 [gold] ^up^ a|b \\ end.*';
    expect(marked(text, '1d6+2')).toEqual([{ line: 1, marks: ['1d6+2'] }]);
    expect(marked(text, '(fire).')).toEqual([{ line: 1, marks: ['(fire).'] }]);
    expect(marked(text, '$5 [gold]')).toEqual([{ line: 3, marks: ['$5 [gold]'] }]);
    expect(marked(text, '^up^')).toEqual([{ line: 3, marks: ['^up^'] }]);
    expect(marked(text, 'a|b')).toEqual([{ line: 3, marks: ['a|b'] }]);
    expect(marked(text, '\\ end.*')).toEqual([{ line: 3, marks: ['\\ end.*'] }]);
    expect(marked(text, '.')).toEqual([
      { line: 1, marks: ['.'] },
      { line: 3, marks: ['.'] },
    ]);
    expect(searchRules(text, '[').totalLines).toBe(1);
    expect(searchRules(text, '(').totalLines).toBe(1);
  });

  it('finds nothing for an empty or blank query, and ignores surrounding spaces', () => {
    expect(searchRules(RULES, '')).toEqual({ lines: [], totalLines: 0 });
    expect(searchRules(RULES, '   ')).toEqual({ lines: [], totalLines: 0 });
    expect(marked(RULES, '  fire ')).toEqual([{ line: 5, marks: ['fire'] }]);
    expect(searchRules('', 'x').totalLines).toBe(0);
  });

  it('finds nothing when nothing matches', () => {
    expect(searchRules(RULES, 'unicorn')).toEqual({ lines: [], totalLines: 0 });
  });

  it('never matches across lines', () => {
    expect(searchRules('end of one\nstart of two', 'one\nstart').totalLines).toBe(0);
    expect(searchRules('fire\nball', 'fireball').totalLines).toBe(0);
  });

  it('counts empty lines and Windows line breaks, without keeping the \\r', () => {
    const result = searchRules('one\r\n\r\n\r\nthree fire\r\nfire', 'fire');
    expect(result.lines.map((l) => [l.lineNumber, l.text])).toEqual([
      [4, 'three fire'],
      [5, 'fire'],
    ]);
  });

  it('matches at the very start and the very end of the text', () => {
    expect(marked('fire and fire', 'fire')).toEqual([{ line: 1, marks: ['fire', 'fire'] }]);
    expect(marked('\n\nfire', 'FIRE')).toEqual([{ line: 3, marks: ['fire'] }]);
  });

  it('keeps the first lines only, and counts the others', () => {
    const text = Array.from({ length: 500 }, (_, i) => `line ${i + 1} orc orc`).join('\n');
    const result = searchRules(text, 'orc', 200);
    expect(result.totalLines).toBe(500);
    expect(result.lines).toHaveLength(200);
    expect(result.lines.at(-1)?.lineNumber).toBe(200);
    expect(result.lines.at(-1)?.text).toBe('line 200 orc orc');
  });

  it('keeps a bounded number of ranges on a pathological line', () => {
    const result = searchRules('e'.repeat(10_000) + '\ne', 'e');
    expect(result.lines[0]?.ranges).toHaveLength(MAX_RANGES_PER_LINE);
    expect(result.lines.map((l) => l.lineNumber)).toEqual([1, 2]);
    expect(result.totalLines).toBe(2);
  });

  it('searches a 600,000-character rulebook quickly', () => {
    const paragraph = 'The goblin shaman casts a spell of fire on the party; roll a DEXTERITY save.\n';
    const text = paragraph.repeat(Math.floor(600_000 / paragraph.length));
    expect(text.length).toBeGreaterThan(599_000);
    searchRules(text, 'warm-up');
    const started = performance.now();
    const common = searchRules(text, 'e');
    const rare = searchRules(text, 'dexterity save');
    const elapsed = performance.now() - started;
    expect(common.totalLines).toBe(rare.totalLines);
    expect(common.lines).toHaveLength(200);
    // The target is 30 ms in Chromium for one search; two here, with room for a slow CI machine.
    expect(elapsed).toBeLessThan(120);
  });
});

describe('highlightSegments', () => {
  it('cuts a line into plain and matching pieces', () => {
    expect(
      highlightSegments('A DRAGON and a dragon', [
        { start: 2, end: 8 },
        { start: 15, end: 21 },
      ]),
    ).toEqual([
      { text: 'A ', match: false },
      { text: 'DRAGON', match: true },
      { text: ' and a ', match: false },
      { text: 'dragon', match: true },
    ]);
  });

  it('handles matches at both ends and side by side', () => {
    expect(
      highlightSegments('aaaa', [
        { start: 0, end: 2 },
        { start: 2, end: 4 },
      ]),
    ).toEqual([
      { text: 'aa', match: true },
      { text: 'aa', match: true },
    ]);
  });

  it('keeps markup characters as text (rendering never parses them)', () => {
    const text = '<img src=x onerror=alert(1)> **bold**';
    const [range] = searchRules(text, '<img').lines[0]?.ranges ?? [];
    expect(highlightSegments(text, range ? [range] : [])).toEqual([
      { text: '<img', match: true },
      { text: ' src=x onerror=alert(1)> **bold**', match: false },
    ]);
  });

  it('gives the whole text as one plain piece without ranges', () => {
    expect(highlightSegments('plain', [])).toEqual([{ text: 'plain', match: false }]);
    expect(highlightSegments('', [])).toEqual([{ text: '', match: false }]);
  });
});

describe('lineExcerpt', () => {
  it('keeps a short line whole', () => {
    const line = { text: 'short fire', ranges: [{ start: 6, end: 10 }] };
    expect(lineExcerpt(line, 160)).toEqual({ ...line, cutStart: false, cutEnd: false });
  });

  it('shows a window around the first match of a long line, with the ranges moved', () => {
    const text = `${'x'.repeat(300)}fire${'y'.repeat(300)}fire${'z'.repeat(50)}`;
    const { lines } = searchRules(text, 'fire');
    const excerpt = lineExcerpt(lines[0]!, 100, 20);
    expect(excerpt.text).toHaveLength(100);
    expect(excerpt.cutStart).toBe(true);
    expect(excerpt.cutEnd).toBe(true);
    expect(excerpt.ranges).toEqual([{ start: 20, end: 24 }]);
    expect(excerpt.text.slice(20, 24)).toBe('fire');
  });

  it('ends the window at the end of the line when the match is near it', () => {
    const text = `${'x'.repeat(300)}fire`;
    const excerpt = lineExcerpt(searchRules(text, 'fire').lines[0]!, 100, 20);
    expect(excerpt.cutEnd).toBe(false);
    expect(excerpt.text.endsWith('fire')).toBe(true);
    expect(excerpt.ranges).toEqual([{ start: 96, end: 100 }]);
  });

  it('never cuts an emoji in half', () => {
    const text = `${'🐉'.repeat(100)}fire`;
    const excerpt = lineExcerpt(searchRules(text, 'fire').lines[0]!, 51, 21);
    expect(excerpt.text.startsWith('🐉')).toBe(true);
    expect(excerpt.text.endsWith('fire')).toBe(true);
  });
});

describe('occurrencesBefore', () => {
  it('counts the occurrences before a position, ignoring case', () => {
    const text = 'Fire\nfire and FIRE\nfire';
    expect(occurrencesBefore(text, 'fire', 0)).toBe(0);
    expect(occurrencesBefore(text, 'fire', text.indexOf('\nfire and') + 1)).toBe(1);
    expect(occurrencesBefore(text, 'fire', text.lastIndexOf('fire'))).toBe(3);
    expect(occurrencesBefore(text, ' ', 10)).toBe(0);
    expect(occurrencesBefore('Dégâts, degats, DÉGÂTS', 'degats', 16)).toBe(2);
  });
});
