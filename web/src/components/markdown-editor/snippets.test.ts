import { describe, expect, it } from 'vitest';
import {
  acceptsLength,
  changedRange,
  insertImage,
  insertLink,
  insertTable,
  makeList,
  setHeading,
  tableSize,
  wrapInline,
  type TextEdit,
} from './snippets';

/** The text with the selection drawn as [ ] (or | for a caret), to read results at a glance. */
function show({ text, selectionStart, selectionEnd }: TextEdit): string {
  if (selectionStart === selectionEnd)
    return `${text.slice(0, selectionStart)}|${text.slice(selectionStart)}`;
  return `${text.slice(0, selectionStart)}[${text.slice(selectionStart, selectionEnd)}]${text.slice(selectionEnd)}`;
}

/** Splits a text written with [ ] or | into the text and its selection. */
function parse(marked: string): [string, number, number] {
  const caret = marked.indexOf('|');
  if (caret !== -1) return [marked.replace('|', ''), caret, caret];
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return [marked.replace('[', '').replace(']', ''), start, end];
}

describe('wrapInline', () => {
  const bold = (marked: string) =>
    show(wrapInline(...parse(marked), { marker: '**', placeholder: 'bold text' }));

  it('wraps the selection, which stays selected', () => {
    expect(bold('a [word] here')).toBe('a **[word]** here');
    expect(show(wrapInline(...parse('[x]'), { marker: '~~', placeholder: 'p' }))).toBe('~~[x]~~');
    expect(show(wrapInline(...parse('an [italic] word'), { marker: '*', placeholder: 'p' }))).toBe(
      'an *[italic]* word',
    );
  });

  it('leaves the blanks at the ends of the selection outside the markers', () => {
    expect(bold('a[ word ]here')).toBe('a **[word]** here');
  });

  it('inserts the markers around a selected placeholder without a selection', () => {
    expect(bold('ab|cd')).toBe('ab**[bold text]**cd');
    expect(bold('|')).toBe('**[bold text]**');
    expect(bold('a[  ]b')).toBe('a  **[bold text]**b');
  });
});

describe('setHeading', () => {
  const heading = (marked: string, level: number) => {
    const result = setHeading(...parse(marked), { level, placeholder: 'Heading' });
    return result && show(result);
  };

  it('prefixes the current line, keeping the caret in its text', () => {
    expect(heading('one\ntw|o\nthree', 2)).toBe('one\n## tw|o\nthree');
    expect(heading('|title', 1)).toBe('# |title');
  });

  it('replaces an existing heading marker', () => {
    expect(heading('### ti|tle', 1)).toBe('# ti|tle');
    expect(heading('#| title', 4)).toBe('#### |title');
  });

  it('applies to every selected line and selects them', () => {
    expect(heading('a[b\n\ncd]\ne', 3)).toBe('[### ab\n\n### cd]\ne');
    // A selection ending at the start of a line does not take that line in.
    expect(heading('[ab\n]cd', 2)).toBe('[## ab]\ncd');
  });

  it('inserts a selected placeholder on a blank line', () => {
    expect(heading('a\n|\nb', 2)).toBe('a\n## [Heading]\nb');
  });

  it('accepts levels 1 to 6 and ignores the others', () => {
    expect(heading('|x', 6)).toBe('###### |x');
    expect(heading('|x', 0)).toBeNull();
    expect(heading('|x', 7)).toBeNull();
    expect(heading('|x', -1)).toBeNull();
    expect(heading('|x', 2.5)).toBeNull();
  });
});

describe('makeList', () => {
  const list = (marked: string, ordered: boolean) =>
    show(makeList(...parse(marked), { ordered, placeholder: 'List item' }));

  it('turns the selected lines into a bullet list, skipping blank lines', () => {
    expect(list('[one\ntwo\n\nthree]', false)).toBe('[- one\n- two\n\n- three]');
  });

  it('numbers the selected lines', () => {
    expect(list('intro\n[one\ntwo\nthree]', true)).toBe('intro\n[1. one\n2. two\n3. three]');
  });

  it('replaces list markers and keeps the indentation', () => {
    expect(list('[- one\n  * two]', true)).toBe('[1. one\n  2. two]');
    expect(list('1. a|b', false)).toBe('- a|b');
  });

  it('inserts a selected placeholder on a blank line', () => {
    expect(list('|', false)).toBe('- [List item]');
    expect(list('a\n|', true)).toBe('a\n1. [List item]');
  });
});

describe('insertLink and insertImage', () => {
  it('uses the selected text as the label and selects the URL to type', () => {
    expect(show(insertLink(...parse('see [the rules] now'), { placeholder: 'link text' }))).toBe(
      'see [the rules]([https://]) now',
    );
    expect(show(insertImage(...parse('[a map]'), { placeholder: 'Image description' }))).toBe(
      '![a map]([https://])',
    );
  });

  it('uses a selected URL as the target and selects the placeholder label', () => {
    expect(show(insertLink(...parse('[https://example.com/x]'), { placeholder: 'link text' }))).toBe(
      '[[link text]](https://example.com/x)',
    );
  });

  it('inserts the placeholder label, selected, without a selection', () => {
    expect(show(insertLink(...parse('a |b'), { placeholder: 'texte du lien' }))).toBe(
      'a [[texte du lien]](https://)b',
    );
    expect(show(insertImage(...parse('|'), { placeholder: 'Image description' }))).toBe(
      '![[Image description]](https://)',
    );
  });
});

describe('insertTable', () => {
  const labels = {
    headerLabel: (column: number) => `H${column}`,
    cellLabel: (row: number, column: number) => `c${row}${column}`,
  };

  it('writes a header row, a separator row and the body rows, the first label selected', () => {
    expect(show(insertTable(...parse('|'), { columns: 2, rows: 2, ...labels })!)).toBe(
      '| [H1] | H2 |\n| --- | --- |\n| c11 | c12 |\n| c21 | c22 |',
    );
  });

  it('goes after the line of the selection, with blank lines around it', () => {
    expect(show(insertTable(...parse('in[tr]o\nnext'), { columns: 1, rows: 1, ...labels })!)).toBe(
      'intro\n\n| [H1] |\n| --- |\n| c11 |\n\nnext',
    );
    expect(show(insertTable(...parse('intro\n|'), { columns: 1, rows: 1, ...labels })!)).toBe(
      'intro\n\n| [H1] |\n| --- |\n| c11 |',
    );
  });

  it('accepts 1 to 10 columns and rows', () => {
    for (const size of [1, 5, 10]) {
      const lines = insertTable('', 0, 0, { columns: size, rows: size, ...labels })!.text.split('\n');
      expect(lines).toHaveLength(size + 2);
      expect(lines[0]!.match(/\|/g)).toHaveLength(size + 1);
    }
  });

  it('refuses zero or fewer rows or columns and caps the sizes at 10', () => {
    expect(insertTable('x', 0, 0, { columns: 0, rows: 2, ...labels })).toBeNull();
    expect(insertTable('x', 0, 0, { columns: 2, rows: -1, ...labels })).toBeNull();
    expect(insertTable('x', 0, 0, { columns: Number.NaN, rows: 2, ...labels })).toBeNull();
    const capped = insertTable('', 0, 0, { columns: 11, rows: 12, ...labels })!.text.split('\n');
    expect(capped).toHaveLength(12);
    expect(capped[0]!.match(/\|/g)).toHaveLength(11);
  });

  it('tableSize keeps whole numbers within 1 to 10', () => {
    expect([tableSize(0), tableSize(1), tableSize(3.7), tableSize(10), tableSize(11)]).toEqual([
      null,
      1,
      3,
      10,
      10,
    ]);
  });
});

describe('limits and ranges', () => {
  it('accepts a change within the limit, or one that shortens the text', () => {
    expect(acceptsLength('abc', 'abcd', 4)).toBe(true);
    expect(acceptsLength('abc', 'abcde', 4)).toBe(false);
    expect(acceptsLength('abcdef', 'abcde', 4)).toBe(true);
  });

  it('finds the one range that changed', () => {
    expect(changedRange('a word here', 'a **word** here')).toEqual({ start: 2, end: 6, insert: '**word**' });
    expect(changedRange('### x', '# x')).toEqual({ start: 1, end: 3, insert: '' });
    expect(changedRange('same', 'same')).toEqual({ start: 4, end: 4, insert: '' });
    expect(changedRange('aaa', 'aaaa')).toEqual({ start: 3, end: 3, insert: 'a' });
  });
});
