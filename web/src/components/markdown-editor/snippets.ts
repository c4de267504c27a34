// The markdown editor's text transforms, kept pure so they are tested without a DOM: each takes the
// text and its selection and returns the new text with the selection to set
// (docs/product.md#markdown-editor).

/** A text and the selection to show in it. */
export interface TextEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/**
 * Levels the toolbar's heading menu offers; `setHeading` itself accepts 1 to 6
 * (docs/product.md#markdown-editor).
 */
export const MENU_HEADING_LEVELS = [1, 2, 3, 4] as const;
export const TABLE_SIZE_MIN = 1;
export const TABLE_SIZE_MAX = 10;
export const TABLE_SIZE_DEFAULT = 2;

const lineStart = (text: string, index: number) => text.lastIndexOf('\n', index - 1) + 1;
const lineEnd = (text: string, index: number) => {
  const next = text.indexOf('\n', index);
  return next === -1 ? text.length : next;
};

/** A selection ending at the very start of a line does not take that line in. */
function lastSelectedIndex(text: string, start: number, end: number) {
  return end > start && text[end - 1] === '\n' ? end - 1 : end;
}

/**
 * Whether a change may be applied under the character limit (docs/product.md#validation). A change that
 * shortens the text is always accepted, so a text already over a lowered limit stays editable
 * (docs/product.md#downgrade: after a downgrade nothing is lost and what exceeds stays editable).
 */
export function acceptsLength(current: string, next: string, maxLength: number): boolean {
  return next.length <= maxLength || next.length < current.length;
}

/** The single range that differs between two texts, so an edit can go through the undo history. */
export function changedRange(before: string, after: string): { start: number; end: number; insert: string } {
  const shortest = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shortest && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < shortest - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix++;
  }
  return { start: prefix, end: before.length - suffix, insert: after.slice(prefix, after.length - suffix) };
}

function replace(
  text: string,
  start: number,
  end: number,
  insert: string,
  select: [number, number],
): TextEdit {
  return {
    text: text.slice(0, start) + insert + text.slice(end),
    selectionStart: start + select[0],
    selectionEnd: start + select[1],
  };
}

/** The selection without the blanks at its ends (markdown emphasis cannot start or end with one). */
function trimmedSelection(text: string, start: number, end: number): [number, number] {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from]!)) from++;
  while (to > from && /\s/.test(text[to - 1]!)) to--;
  return [from, to];
}

/**
 * Bold (`**`), italic (`*`), strikethrough (`~~`): wraps the selected text, which stays selected;
 * without a selection, inserts the markers around the placeholder and selects it.
 */
export function wrapInline(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  options: { marker: string; placeholder: string },
): TextEdit {
  const { marker, placeholder } = options;
  const [from, to] = trimmedSelection(text, selectionStart, selectionEnd);
  if (from === to) {
    const at = selectionEnd;
    return replace(text, at, at, marker + placeholder + marker, [
      marker.length,
      marker.length + placeholder.length,
    ]);
  }
  const inner = text.slice(from, to);
  return replace(text, from, to, marker + inner + marker, [marker.length, marker.length + inner.length]);
}

interface LinePrefix {
  /** Splits a line into what is kept before the marker, the old marker and the content. */
  parse(line: string): { indent: string; marker: string; content: string };
  /** The marker for the n-th non-blank line of the block. */
  marker(index: number): string;
  placeholder: string;
}

/**
 * Prefixes every non-blank line the selection touches (headings, lists), replacing a marker of the
 * same kind that is already there. On a blank line without a selection, inserts the marker and a
 * selected placeholder. A multi-line result is selected whole; a caret keeps its place in the text.
 */
function prefixLines(text: string, selectionStart: number, selectionEnd: number, kind: LinePrefix): TextEdit {
  const blockStart = lineStart(text, selectionStart);
  const blockEnd = lineEnd(text, lastSelectedIndex(text, selectionStart, selectionEnd));
  const block = text.slice(blockStart, blockEnd);

  if (block.trim() === '') {
    const marker = kind.marker(0);
    return replace(text, blockStart, blockEnd, marker + kind.placeholder, [
      marker.length,
      marker.length + kind.placeholder.length,
    ]);
  }

  let count = 0;
  let caret = selectionStart;
  let offset = blockStart;
  const lines = block.split('\n').map((line) => {
    const oldStart = offset;
    offset += line.length + 1;
    if (line.trim() === '') return line;
    const { indent, marker: oldMarker, content } = kind.parse(line);
    const marker = kind.marker(count++);
    if (
      selectionStart === selectionEnd &&
      selectionStart >= oldStart &&
      selectionStart <= oldStart + line.length
    ) {
      const column = selectionStart - oldStart;
      const contentColumn = indent.length + oldMarker.length;
      const newContentColumn = indent.length + marker.length;
      caret = selectionStart - column + Math.max(newContentColumn, column - contentColumn + newContentColumn);
    }
    return indent + marker + content;
  });
  const newBlock = lines.join('\n');
  const result = text.slice(0, blockStart) + newBlock + text.slice(blockEnd);
  if (selectionStart === selectionEnd) {
    // The caret moves with the lines before it that changed length (only its own line can, here).
    return { text: result, selectionStart: caret, selectionEnd: caret };
  }
  return { text: result, selectionStart: blockStart, selectionEnd: blockStart + newBlock.length };
}

const HEADING = /^( {0,3})(#{1,6}(?:[ \t]+|$))?(.*)$/;
const LIST_ITEM = /^(\s*)((?:[-*+]|\d{1,9}[.)])[ \t]+)?(.*)$/;

function splitWith(pattern: RegExp) {
  return (line: string) => {
    const [, indent = '', marker = '', content = ''] = pattern.exec(line) ?? [];
    return { indent, marker, content };
  };
}

/**
 * Turns the selected lines into headings of the given level (`#` to `######`). Levels outside 1 to 6
 * are ignored (docs/product.md#validation): the answer is null and nothing changes.
 */
export function setHeading(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  options: { level: number; placeholder: string },
): TextEdit | null {
  const { level, placeholder } = options;
  if (!Number.isInteger(level) || level < 1 || level > 6) return null;
  return prefixLines(text, selectionStart, selectionEnd, {
    parse: splitWith(HEADING),
    marker: () => `${'#'.repeat(level)} `,
    placeholder,
  });
}

/** Turns the selected lines into a bullet list (`- `) or a numbered list (`1. `, `2. `…). */
export function makeList(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  options: { ordered: boolean; placeholder: string },
): TextEdit {
  const { ordered, placeholder } = options;
  return prefixLines(text, selectionStart, selectionEnd, {
    parse: splitWith(LIST_ITEM),
    marker: (index) => (ordered ? `${index + 1}. ` : '- '),
    placeholder,
  });
}

const looksLikeUrl = (value: string) => /^(?:https?:\/\/|www\.)\S+$/i.test(value);
export const URL_PLACEHOLDER = 'https://';

/**
 * `[text](url)` for a link, `![text](url)` for an image. A selected URL becomes the target and the
 * placeholder text is selected; other selected text becomes the label and the URL placeholder is
 * selected, ready to be typed over.
 */
function insertReference(
  prefix: '' | '!',
  text: string,
  selectionStart: number,
  selectionEnd: number,
  placeholder: string,
): TextEdit {
  const [from, to] = trimmedSelection(text, selectionStart, selectionEnd);
  const selected = text.slice(from, to);
  if (selected && !looksLikeUrl(selected)) {
    const snippet = `${prefix}[${selected}](${URL_PLACEHOLDER})`;
    const urlAt = prefix.length + selected.length + 3;
    return replace(text, from, to, snippet, [urlAt, urlAt + URL_PLACEHOLDER.length]);
  }
  const url = selected || URL_PLACEHOLDER;
  const at = selected ? from : selectionEnd;
  const snippet = `${prefix}[${placeholder}](${url})`;
  return replace(text, at, selected ? to : at, snippet, [
    prefix.length + 1,
    prefix.length + 1 + placeholder.length,
  ]);
}

export function insertLink(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  options: { placeholder: string },
): TextEdit {
  return insertReference('', text, selectionStart, selectionEnd, options.placeholder);
}

export function insertImage(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  options: { placeholder: string },
): TextEdit {
  return insertReference('!', text, selectionStart, selectionEnd, options.placeholder);
}

/**
 * A table size as the table menu accepts it: whole numbers, capped at 10; zero or less (or not a
 * number) is refused with null (docs/product.md#validation).
 */
export function tableSize(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const whole = Math.floor(value);
  return whole < TABLE_SIZE_MIN ? null : Math.min(whole, TABLE_SIZE_MAX);
}

/**
 * A table with a header row, a separator row and `rows` body rows, on its own lines after the line
 * the selection ends on (blank lines around it so it never merges with a paragraph). The first header
 * label is selected. Null when a size is zero or less.
 */
export function insertTable(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  options: {
    columns: number;
    rows: number;
    headerLabel: (column: number) => string;
    cellLabel: (row: number, column: number) => string;
  },
): TextEdit | null {
  const columns = tableSize(options.columns);
  const rows = tableSize(options.rows);
  if (columns === null || rows === null) return null;

  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const indexes = Array.from({ length: columns }, (_, index) => index + 1);
  const lines = [
    row(indexes.map((column) => options.headerLabel(column))),
    row(indexes.map(() => '---')),
    ...Array.from({ length: rows }, (_, index) =>
      row(indexes.map((column) => options.cellLabel(index + 1, column))),
    ),
  ];

  const at = lineEnd(text, lastSelectedIndex(text, selectionStart, selectionEnd));
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : '\n';
  const firstLabel = options.headerLabel(1);
  const labelAt = lead.length + 2;
  return replace(text, at, at, lead + lines.join('\n') + trail, [labelAt, labelAt + firstLabel.length]);
}

/**
 * A secret block (docs/product.md#secret-blocks): the selected lines between a `:::secret` line and a
 * `:::` line, still selected; without a selection, a new block on its own lines (the caret's line when
 * blank, else after it) with its placeholder selected.
 */
export function insertSecretBlock(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  options: { placeholder: string },
): TextEdit {
  const opener = ':::secret\n';
  if (selectionEnd > selectionStart) {
    const from = lineStart(text, selectionStart);
    const to = lineEnd(text, lastSelectedIndex(text, selectionStart, selectionEnd));
    const block = text.slice(from, to);
    return replace(text, from, to, `${opener}${block}\n:::`, [opener.length, opener.length + block.length]);
  }
  const from = lineStart(text, selectionStart);
  const to = lineEnd(text, selectionStart);
  const blank = text.slice(from, to).trim() === '';
  const before = blank ? '' : '\n';
  const snippet = `${before}${opener}${options.placeholder}\n:::`;
  const at = before.length + opener.length;
  return replace(text, blank ? from : to, to, snippet, [at, at + options.placeholder.length]);
}
