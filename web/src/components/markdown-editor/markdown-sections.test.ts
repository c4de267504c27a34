import { describe, expect, it } from 'vitest';
import { generateRulebook } from '../../../../bench/src/editor/rulebook';
import { renderMarkdown } from './markdown';
import {
  MIN_SECTION_CHARS,
  SectionRenderer,
  cutPoints,
  renderSections,
  splitSections,
} from './markdown-sections';

/** Cut at every cut point (minChars 1), rendered section by section, joined. */
const bySection = (text: string, minChars = 1) => renderSections(splitSections(text, minChars)).join('');

/** The lines the cuts start at. */
const cutLines = (text: string) => cutPoints(text).map((at) => text.slice(at, text.indexOf('\n', at)));

const SAMPLES: Record<string, string> = {
  'headings of every level, setext headings': [
    '# One',
    'Text under one.',
    '## Two',
    '### Three',
    '#### Four',
    '##### Five',
    '###### Six',
    '####### not a heading',
    '#no space, not a heading',
    'Setext one',
    '==========',
    '# After setext',
    'Setext two',
    '----------',
    '#',
    '# Closed heading ##',
  ].join('\n'),
  'lists, tight and loose, nested, then headings': [
    '- one',
    '- two',
    '  - nested',
    '',
    '# Heading after a list',
    '1. first',
    '',
    '2. second (loose)',
    '',
    '',
    '## Heading after a loose list',
    '- lazy item',
    'lazy continuation line',
    '# Heading interrupting',
    '* [link][later]',
  ].join('\n'),
  'tables with aligned columns': [
    '| A | B | C |',
    '|:--|:-:|--:|',
    '| 1 | 2 | 3 |',
    '# Heading ends the table',
    '| x |',
    '| --- |',
    '| y |',
    '',
    '## Two',
    'text',
  ].join('\n'),
  'fences holding # lines': [
    '# Code',
    '```',
    '# not a heading',
    '```',
    '## Tilde',
    '~~~~ markdown',
    '# still code',
    '~~~',
    '# still code, the fence needs four tildes',
    '~~~~~',
    '# A heading again',
    '```js',
    '# code',
    '````',
    '# heading: a longer closing fence closes',
    '``` not `a` fence',
    '# heading after a false fence',
    ' ```',
    '# code in a fence indented by one space',
    '   ```',
    '# Last',
    '```',
    '# unclosed fence runs to the end',
  ].join('\n'),
  quotes: [
    '> quoted',
    '> # heading in a quote',
    'lazy line of the quote',
    '# Heading after the quote',
    '> ```',
    '# heading ends a quoted fence',
    '>',
  ].join('\n'),
  'link references across sections': [
    '# Uses',
    'See [the map][map], [Map], [missing] and [twice].',
    '',
    '> [quoted]: https://quote.example "In a quote"',
    '',
    '# Defines',
    '[map]: https://maps.example/one "First"',
    '[twice]: https://first.example',
    '',
    '# Redefines',
    '[MAP]: https://maps.example/two',
    '[twice]: https://second.example',
    'Again [map], [twice] and [quoted].',
    '- [in list]: https://list.example',
    '',
    '# End',
    '[in list] and [map][]',
  ].join('\n'),
  'a reference definition interrupted by a heading': [
    '[foo]:',
    '# heading, not a destination',
    '[foo]',
    '',
    '[bar]: https://bar.example',
    '"title"',
    '# bar heading',
    '[bar]',
  ].join('\n'),
  'windows line breaks, code, emphasis and links': [
    '# One\r',
    'Some *emphasis* and **bold**\r',
    'a line break, https://auto.example and `code`\r',
    '\r',
    '    # indented code, not a heading\r',
    '## Two\r',
    '<b>raw html shown as text</b>\r',
    '[x](javascript:alert(1))\r',
  ].join('\n'),
  'thematic breaks and paragraphs': ['para', '***', '# h', 'para', '- - -', '## h2', '___'].join('\n'),
};

describe('splitSections', () => {
  it('gives the text back when joined', () => {
    for (const text of Object.values(SAMPLES)) {
      expect(splitSections(text, 1).join('')).toBe(text);
      expect(splitSections(text).join('')).toBe(text);
    }
    expect(splitSections('')).toEqual(['']);
  });

  it('cuts at top-level ATX headings outside fences only', () => {
    expect(cutLines(SAMPLES['fences holding # lines']!)).toEqual([
      '## Tilde',
      '# A heading again',
      '# heading: a longer closing fence closes',
      '# heading after a false fence',
      '# Last',
    ]);
    expect(cutLines('para\n # one space\n#\ttab\n#\n\t# tab first\n#x')).toEqual(['#\ttab', '#']);
  });

  it('stops cutting after a fence that may belong to a list item', () => {
    const text = '# A\n- item\n  ```\n# B\n```\n# code\n```\n# C\n';
    expect(cutLines(text)).toEqual([]);
    expect(bySection(text)).toBe(renderMarkdown(text));
  });

  it('does not cut a text with lone \\r line breaks', () => {
    expect(cutPoints('# A\rtext\n# B\n')).toEqual([]);
  });

  it('merges pieces up to the minimum size', () => {
    const chapter = (n: number) => `## Chapter ${n}\n\n${'Some text. '.repeat(50)}\n\n`;
    const text = Array.from({ length: 40 }, (_, i) => chapter(i + 1)).join('');
    const sections = splitSections(text, 2000);
    expect(sections.join('')).toBe(text);
    expect(sections.length).toBeGreaterThan(5);
    for (const section of sections.slice(0, -1)) expect(section.length).toBeGreaterThanOrEqual(2000);
    for (const section of sections.slice(1)) expect(section.startsWith('## Chapter')).toBe(true);
  });
});

describe('renderSections', () => {
  for (const [name, text] of Object.entries(SAMPLES)) {
    it(`renders like the whole text: ${name}`, () => {
      expect(splitSections(text, 1).length).toBeGreaterThan(1);
      expect(bySection(text)).toBe(renderMarkdown(text));
    });
  }

  it('keeps link references across sections, the first definition winning', () => {
    const html = bySection(SAMPLES['link references across sections']!);
    expect(html).toContain('<a href="https://maps.example/one" title="First"');
    expect(html).not.toContain('maps.example/two');
    expect(html).toContain('href="https://first.example"');
    expect(html).toContain('href="https://quote.example"');
    expect(html).toContain('href="https://list.example"');
    expect(html).toContain('[missing]');
  });

  it('renders the benchmark rulebook like the whole text', () => {
    const rulebook = generateRulebook();
    const sections = splitSections(rulebook);
    expect(sections.length).toBeGreaterThan(50);
    expect(sections.length).toBeLessThan(400);
    expect(renderSections(sections).join('')).toBe(renderMarkdown(rulebook));
  }, 30_000);

  it('renders random texts like the whole text', () => {
    // Lines that open, close or continue blocks, shuffled: whatever the cuts, the HTML must not change.
    const LINES = [
      '# Heading',
      '## Two',
      '#',
      '#not',
      ' # one space',
      '```',
      '```js',
      '~~~',
      '````',
      '  ```',
      '- item',
      '  - nested',
      '1. one',
      '> quote',
      '>',
      '| a | b |',
      '|---|:-:|',
      '',
      '',
      'plain text with *emphasis',
      'closing* and [ref]',
      '[ref]: https://ref.example',
      '[ref]:',
      '"title"',
      '    indented',
      'Setext',
      '===',
      '---',
      'https://auto.example',
      '- ```',
      '> ```',
      '\t```',
      '   ```',
      ' ~~~',
      '[foo',
      'bar]: /multi-line-label',
      '  # two spaces',
      '`code',
      'span`',
      '* * *',
      '\\# escaped',
      '# [ref]: /x',
    ];
    let state = 7;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    for (let round = 0; round < 1000; round++) {
      const count = 5 + Math.floor(next() * 30);
      const text = Array.from({ length: count }, () => LINES[Math.floor(next() * LINES.length)]).join('\n');
      expect(bySection(text), text).toBe(renderMarkdown(text));
    }
  }, 30_000);
});

describe('SectionRenderer', () => {
  const chapters = (count: number, edit?: number) =>
    Array.from(
      { length: count },
      (_, i) => `## Chapter ${i + 1}\n\n${i === edit ? 'Edited. ' : ''}${'Some rules. '.repeat(300)}\n\n`,
    ).join('');

  it('renders new sections within the budget (at least one), the rest later', () => {
    const renderer = new SectionRenderer();
    const sections = splitSections(chapters(10));
    expect(sections).toHaveLength(10);
    const first = renderer.render(sections, 1);
    expect(first.sections.map((s) => s.html !== null)).toEqual([true, ...Array(9).fill(false)]);
    expect(first.pending).toBe(9);
    const second = renderer.render(sections, 2 * MIN_SECTION_CHARS);
    expect(second.pending).toBe(7);
    expect(second.sections[0]!.html).toBe(first.sections[0]!.html);
    const all = renderer.render(sections, Infinity);
    expect(all.pending).toBe(0);
    expect(all.sections.map((s) => s.html).join('')).toBe(renderMarkdown(chapters(10)));
    // Keys follow the sections.
    expect(all.sections.map((s) => s.key)).toEqual(first.sections.map((s) => s.key));
  });

  it('renders again only the sections an edit changed', () => {
    const renderer = new SectionRenderer();
    const before = renderer.render(splitSections(chapters(10)), Infinity).sections;
    const after = renderer.render(splitSections(chapters(10, 4)), 0).sections;
    const changed = after.flatMap((section, i) => (section.key === before[i]!.key ? [] : [i]));
    expect(changed).toEqual([4]);
    expect(after[4]!.html).toContain('Edited.');
    expect(after.every((section) => section.html !== null)).toBe(true);
  });

  it('gives repeated sections distinct keys', () => {
    const chapter = `## Same\n\n${'Text. '.repeat(600)}\n\n`;
    const { sections } = new SectionRenderer().render(splitSections(chapter.repeat(3)), Infinity);
    expect(new Set(sections.map((s) => s.key)).size).toBe(3);
  });

  it('renders every section again when the link references change', () => {
    const renderer = new SectionRenderer();
    const text = (url: string) => `${chapters(3)}[a]\n\n## Refs\n\n[a]: ${url}\n`;
    const before = renderer.render(splitSections(text('https://one.example')), Infinity).sections;
    const after = renderer.render(splitSections(text('https://two.example')), Infinity).sections;
    expect(after.some((s, i) => s.key === before[i]!.key)).toBe(false);
    expect(after.map((s) => s.html).join('')).toContain('href="https://two.example"');
  });
});
