// Markdown lists in the writer: Enter continues a list item (bullet, numbered, task) and
// ends the list on an empty one, Backspace right after an item's marker removes it, Tab nests the
// item under the one above and Shift-Tab brings it back out; elsewhere Tab and Shift-Tab indent the
// lines. @codemirror/lang-markdown has the first two (insertNewlineContinueMarkup,
// deleteMarkupBackward), but they read the markdown syntax tree, which would bring the parser into
// the editor chunk for an editor that has no language mode (decision 013): a list marker is a line
// prefix, so the line's text is enough here.
//
// Keyboard users keep a way out: Escape, then Tab within two seconds, moves the focus on
// (CodeMirror's tab focus mode; Ctrl-M / Shift-Alt-M toggles it for good).
import { indentLess, indentMore } from '@codemirror/commands';
import type { EditorState, Line, StateCommand } from '@codemirror/state';

export interface ListItem {
  indent: string;
  /** `-`, `*`, `+`, or the number and its delimiter (`3.`, `3)`). */
  marker: string;
  number: number | null;
  /** `.` or `)` for a numbered item. */
  delimiter: string;
  /** The task box with its trailing spaces (`[ ] `), or ''. */
  task: string;
  /** Length of the whole prefix: indent, marker, spaces and task box. */
  markupLength: number;
}

/** A marker needs a space after it: a lone `-` typed before Enter stays a hyphen. */
const ITEM = /^([ \t]*)([-*+]|(\d{1,9})([.)]))[ \t]+(\[[ xX]\][ \t]+)?/;
/** `- - -`, `***`: thematic breaks, not list items. */
const BREAK = /^[ \t]*([-*_])([ \t]*\1){2,}[ \t]*$/;

export function parseListItem(line: string): ListItem | null {
  if (BREAK.test(line)) return null;
  const match = ITEM.exec(line);
  if (!match) return null;
  const [whole, indent = '', marker = '', digits, delimiter = '', task = ''] = match;
  return {
    indent,
    marker,
    number: digits === undefined ? null : Number(digits),
    delimiter,
    task,
    markupLength: whole.length,
  };
}

/** The prefix of the item that follows `item`: same kind, next number, an empty task box. */
export function nextMarkup(item: ListItem): string {
  const marker = item.number === null ? item.marker : `${item.number + 1}${item.delimiter}`;
  return `${item.indent}${marker} ${item.task ? '[ ] ' : ''}`;
}

function indentWidth(indent: string): number {
  return indent.replace(/\t/g, '    ').length;
}

/** Enter in a list item, after its marker: a new item, or the end of the list on an empty one. */
export const continueList: StateCommand = ({ state, dispatch }) => {
  const { main } = state.selection;
  if (state.selection.ranges.length > 1 || !main.empty) return false;
  const line = state.doc.lineAt(main.head);
  const item = parseListItem(line.text);
  if (!item || main.head < line.from + item.markupLength) return false;

  if (line.text.slice(item.markupLength).trim() === '') {
    // An empty item ends the list: its marker goes, the line stays as the blank line after it.
    dispatch(
      state.update({
        changes: { from: line.from, to: line.to },
        selection: { anchor: line.from },
        userEvent: 'delete',
        scrollIntoView: true,
      }),
    );
    return true;
  }

  const markup = nextMarkup(item);
  // Spaces after the caret would sit between the new marker and the moved text.
  const spaces = /^[ \t]*/.exec(state.sliceDoc(main.head, line.to))?.[0].length ?? 0;
  const changes = [{ from: main.head, to: main.head + spaces, insert: `\n${markup}` }];
  if (item.number !== null) changes.push(...renumberAfter(state, line.number, item, item.number + 1));
  dispatch(
    state.update({
      changes,
      selection: { anchor: main.head + 1 + markup.length },
      userEvent: 'input',
      scrollIntoView: true,
    }),
  );
  return true;
};

/**
 * The numbered items after line `lineNumber` in the same list follow `from` on: a new item in the
 * middle of a list moves the later ones down by one. The list goes on through nested lines and
 * blank lines, and ends at any other line.
 */
function renumberAfter(state: EditorState, lineNumber: number, item: ListItem, from: number) {
  const changes: { from: number; to: number; insert: string }[] = [];
  const width = indentWidth(item.indent);
  let next = from + 1;
  for (let n = lineNumber + 1; n <= state.doc.lines; n++) {
    const line = state.doc.line(n);
    if (line.text.trim() === '') continue;
    const sibling = parseListItem(line.text);
    const lineIndent = indentWidth(/^[ \t]*/.exec(line.text)?.[0] ?? '');
    if (lineIndent > width) continue;
    if (!sibling || lineIndent < width || sibling.number === null || sibling.delimiter !== item.delimiter)
      break;
    const start = line.from + sibling.indent.length;
    const insert = `${next}${item.delimiter}`;
    if (sibling.marker !== insert) changes.push({ from: start, to: start + sibling.marker.length, insert });
    next++;
  }
  return changes;
}

/** Backspace right after a marker: the task box goes first, then the marker (the indent stays). */
export const deleteListMarkup: StateCommand = ({ state, dispatch }) => {
  const { main } = state.selection;
  if (state.selection.ranges.length > 1 || !main.empty) return false;
  const line = state.doc.lineAt(main.head);
  const item = parseListItem(line.text);
  if (!item || main.head !== line.from + item.markupLength) return false;
  const from = line.from + (item.task ? item.markupLength - item.task.length : item.indent.length);
  dispatch(state.update({ changes: { from, to: main.head }, userEvent: 'delete.backward' }));
  return true;
};

/** The nearest list item above `lineNumber` whose indent `accept`s, skipping nested and blank lines. */
function itemAbove(state: EditorState, lineNumber: number, accept: (width: number) => boolean) {
  for (let n = lineNumber - 1; n >= 1; n--) {
    const text = state.doc.line(n).text;
    if (text.trim() === '') continue;
    const item = parseListItem(text);
    if (item && accept(indentWidth(item.indent))) return item;
    if (!item && indentWidth(/^[ \t]*/.exec(text)?.[0] ?? '') === 0) return null;
  }
  return null;
}

/** The caret's line alone (a selection over several lines indents them all instead). */
function singleLineItem(state: EditorState) {
  const { main } = state.selection;
  if (state.selection.ranges.length > 1) return null;
  const line = state.doc.lineAt(main.from);
  if (main.to > line.to) return null;
  const item = parseListItem(line.text);
  return item ? { line, item } : null;
}

/**
 * The line's item moved to `indent`; a numbered one takes the number after the item above it at that
 * depth, or 1 when it starts a nested list there.
 */
function moveItem(state: EditorState, line: Line, item: ListItem, indent: string) {
  const width = indentWidth(indent);
  const changes = [{ from: line.from, to: line.from + item.indent.length, insert: indent }];
  if (item.number !== null) {
    const above = itemAbove(state, line.number, (w) => w <= width);
    const previous = above && indentWidth(above.indent) === width ? (above.number ?? 0) : 0;
    const marker = `${previous + 1}${item.delimiter}`;
    const at = line.from + item.indent.length;
    if (marker !== item.marker) changes.push({ from: at, to: at + item.marker.length, insert: marker });
  }
  const userEvent = width > indentWidth(item.indent) ? 'input.indent' : 'delete.dedent';
  return state.update({ changes, userEvent });
}

/** Tab: a list item goes under the item above it (as deep as that item's text starts). */
export const nestListItem: StateCommand = (target) => {
  const { state, dispatch } = target;
  const found = singleLineItem(state);
  if (!found) return indentMore(target);
  const width = indentWidth(found.item.indent);
  const sibling = itemAbove(state, found.line.number, (w) => w <= width);
  if (!sibling || indentWidth(sibling.indent) !== width) return indentMore(target);
  // One space past the sibling's marker: where its text starts, the least that nests in CommonMark.
  const indent = `${found.item.indent}${' '.repeat(sibling.marker.length + 1)}`;
  dispatch(moveItem(state, found.line, found.item, indent));
  return true;
};

/** Shift-Tab: a nested list item goes back to the depth of the item it was under. */
export const unnestListItem: StateCommand = (target) => {
  const { state, dispatch } = target;
  const found = singleLineItem(state);
  if (!found || found.item.indent === '') return indentLess(target);
  const width = indentWidth(found.item.indent);
  const parent = itemAbove(state, found.line.number, (w) => w < width);
  dispatch(moveItem(state, found.line, found.item, parent ? parent.indent : ''));
  return true;
};

export const listKeymap = [
  { key: 'Enter', run: continueList },
  { key: 'Backspace', run: deleteListMarkup },
  { key: 'Tab', run: nestListItem, shift: unnestListItem },
];
