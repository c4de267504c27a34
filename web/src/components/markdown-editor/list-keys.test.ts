// The list commands on their own, on an editor state: `|` marks the caret before and after.
import { describe, expect, it } from 'vitest';
import { EditorState, type StateCommand, type Transaction } from '@codemirror/state';
import {
  continueList,
  deleteListMarkup,
  nestListItem,
  nextMarkup,
  parseListItem,
  unnestListItem,
} from './list-keys';

/** Runs `command` on `text` (caret at `|`); the text after it with its caret, or null if it passed. */
function run(command: StateCommand, text: string): string | null {
  const caret = text.indexOf('|');
  let state = EditorState.create({ doc: text.replace('|', ''), selection: { anchor: caret } });
  const handled = command({
    state,
    dispatch: (tr: Transaction) => {
      state = tr.state;
    },
  });
  if (!handled) return null;
  const head = state.selection.main.head;
  const doc = state.doc.toString();
  return `${doc.slice(0, head)}|${doc.slice(head)}`;
}

describe('parseListItem', () => {
  it('reads bullets, numbers, task boxes and indentation', () => {
    expect(parseListItem('- a')).toMatchObject({ marker: '-', number: null, task: '', markupLength: 2 });
    expect(parseListItem('  12) b')).toMatchObject({ indent: '  ', number: 12, delimiter: ')' });
    expect(parseListItem('* [x] done')).toMatchObject({ marker: '*', task: '[x] ', markupLength: 6 });
  });

  it('leaves out what is not a list item', () => {
    expect(parseListItem('-no space')).toBeNull();
    expect(parseListItem('-')).toBeNull();
    expect(parseListItem('- - -')).toBeNull();
    expect(parseListItem('***')).toBeNull();
    expect(parseListItem('Plain text')).toBeNull();
    expect(parseListItem('1234567890. too long a number')).toBeNull();
  });

  it('makes the next marker of the same kind, with an empty task box', () => {
    expect(nextMarkup(parseListItem('  + a')!)).toBe('  + ');
    expect(nextMarkup(parseListItem('9) a')!)).toBe('10) ');
    expect(nextMarkup(parseListItem('- [x] a')!)).toBe('- [ ] ');
  });
});

describe('Enter in a list', () => {
  it.each([
    ['a bullet', '- Rest heals 10 HP|', '- Rest heals 10 HP\n- |'],
    ['a star bullet, nested', '  * deep|', '  * deep\n  * |'],
    ['a numbered item', '1. First|', '1. First\n2. |'],
    ['a parenthesised number', '3) Third|', '3) Third\n4) |'],
    ['a task, unticked in the new item', '- [x] Roll initiative|', '- [x] Roll initiative\n- [ ] |'],
    ['in the middle of the text', '- Rest| heals', '- Rest\n- |heals'],
  ])('continues %s', (_name, before, after) => {
    expect(run(continueList, before)).toBe(after);
  });

  it('renumbers the items after the new one, nested lines included', () => {
    expect(run(continueList, '1. a|\n2. b\n   - sub\n3. c\n\nAfter')).toBe(
      '1. a\n2. |\n3. b\n   - sub\n4. c\n\nAfter',
    );
  });

  it('ends the list on an empty item', () => {
    expect(run(continueList, '- a\n- |')).toBe('- a\n|');
    expect(run(continueList, '- a\n- [ ] |')).toBe('- a\n|');
    expect(run(continueList, '1. a\n2. |')).toBe('1. a\n|');
  });

  it('is a plain Enter outside a list item or inside its marker', () => {
    expect(run(continueList, 'Plain text|')).toBeNull();
    expect(run(continueList, '-|')).toBeNull();
    expect(run(continueList, '|- a')).toBeNull();
  });
});

describe('Backspace after a marker', () => {
  it('removes the task box first, then the marker, and keeps the indentation', () => {
    expect(run(deleteListMarkup, '- [ ] |Task')).toBe('- |Task');
    expect(run(deleteListMarkup, '  - |Item')).toBe('  |Item');
    expect(run(deleteListMarkup, '12. |')).toBe('|');
  });

  it('is a plain Backspace anywhere else', () => {
    expect(run(deleteListMarkup, '- It|em')).toBeNull();
    expect(run(deleteListMarkup, 'Plain |text')).toBeNull();
  });
});

describe('Tab and Shift-Tab', () => {
  it('nests an item under the one above, where its text starts', () => {
    expect(run(nestListItem, '- a\n- b|')).toBe('- a\n  - b|');
    expect(run(nestListItem, '1. a\n2. b|')).toBe('1. a\n   1. b|');
    expect(run(nestListItem, '1. a\n   1. b\n3. c|')).toBe('1. a\n   1. b\n   2. c|');
  });

  it('brings a nested item back under its parent level, numbered after it', () => {
    expect(run(unnestListItem, '- a\n  - b|')).toBe('- a\n- b|');
    expect(run(unnestListItem, '1. a\n   1. b|')).toBe('1. a\n2. b|');
  });

  it('indents other lines by one unit', () => {
    expect(run(nestListItem, 'Plain |text')).toBe('  Plain |text');
    expect(run(nestListItem, '- first item|')).toBe('  - first item|');
    expect(run(unnestListItem, '  Plain |text')).toBe('Plain |text');
  });
});
