// A search result's snippet reads as the rules read, not as their source: one markdown
// line without its syntax — heading and quote marks, list bullets, emphasis, code ticks, link
// targets, autolink brackets, table pipes — with the match ranges moved onto what is left. Raw HTML
// stays as text, as the rendered rules show it. Line by line and forgiving: it never parses the
// document, so a '*' it cannot place simply stays.
import { readLinkAt } from '../links/links';

/** A half-open range [start, end) of UTF-16 positions in a line. */
export interface MatchRange {
  start: number;
  end: number;
}

export interface PlainLine {
  text: string;
  ranges: MatchRange[];
}

/** Leading block syntax: indentation, quote marks, heading marks, a bullet or number, a task box. */
const BLOCK_PREFIX =
  /^[ \t]*(?:>[ \t]?)*[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+(?:\[[ xX]\][ \t]+)?|(?=\d{1,9}[.)][ \t]))?/;
/** A closing heading sequence ("## Title ##"). */
const HEADING_CLOSE = /[ \t]+#+[ \t]*$/;

/** Characters kept from the line, each with its position in the line. */
class Builder {
  text = '';
  readonly from: number[] = [];
  keep(char: string, at: number) {
    this.text += char;
    this.from.push(at);
  }
}

/**
 * `line` without its markdown syntax, and `ranges` (positions in `line`) moved onto the result. A
 * range whose letters were all syntax (a link's URL) is dropped; the others cover what stays of them.
 */
export function plainLine(line: string, ranges: readonly MatchRange[]): PlainLine {
  const out = new Builder();
  const prefix = BLOCK_PREFIX.exec(line)?.[0].length ?? 0;
  const heading = /^[ \t]*(?:>[ \t]?)*[ \t]*#{1,6}[ \t]/.test(line);
  const closing = heading ? HEADING_CLOSE.exec(line) : null;
  const end = closing ? closing.index : line.length;
  const table = /^\s*\|/.test(line);
  walkInline(line, prefix, end, out, table);
  const text = out.text.replace(/\s+$/, '');
  return { text, ranges: moveRanges(ranges, out.from.slice(0, text.length)) };
}

function walkInline(line: string, from: number, to: number, out: Builder, table: boolean) {
  let i = from;
  while (i < to) {
    const char = line[i]!;
    const next = line[i + 1];
    if (char === '\\' && next !== undefined && /[!-/:-@[-`{-~]/.test(next)) {
      out.keep(next, i + 1); // An escaped character is text.
      i += 2;
    } else if (char === '!' && next === '[') {
      i = link(line, i + 1, to, out, table); // An image reads as its description.
    } else if (char === '[' && next === '[' && readLinkAt(line, i)) {
      // A campaign link reads as the words it shows (docs/decisions/063).
      const wiki = readLinkAt(line, i)!;
      if (wiki.end > to) {
        out.keep(char, i);
        i += 1;
        continue;
      }
      if (wiki.label === null) {
        for (let j = wiki.targetStart; j < wiki.targetEnd; j += 1) out.keep(line[j]!, j);
      } else {
        const bar = line.indexOf('|', wiki.targetEnd);
        const labelStart = bar + 1 + (line.slice(bar + 1).length - line.slice(bar + 1).trimStart().length);
        for (let j = labelStart; j < labelStart + wiki.label.length; j += 1) out.keep(line[j]!, j);
      }
      i = wiki.end;
    } else if (char === '[') {
      i = link(line, i, to, out, table);
    } else if (char === '<') {
      const close = line.indexOf('>', i);
      const inner = close === -1 ? '' : line.slice(i + 1, close);
      if (close !== -1 && close < to && /^[a-z][\w+.-]*:[^\s>]+$/i.test(inner)) {
        // An autolink reads as its address.
        for (let j = i + 1; j < close; j += 1) out.keep(line[j]!, j);
        i = close + 1;
      } else {
        out.keep(char, i);
        i += 1;
      }
    } else if (char === '`') {
      i += 1; // Code ticks go, the code stays.
    } else if (char === '~' && next === '~') {
      i += 2;
    } else if ((char === '*' || char === '_') && isEmphasis(line, i, char)) {
      i += 1;
    } else if (table && char === '|') {
      if (out.text !== '' && !out.text.endsWith(' · ')) {
        out.text = out.text.replace(/\s+$/, '');
        out.from.length = out.text.length;
        for (const piece of ' · ') out.keep(piece, i);
      }
      i += 1;
      while (line[i] === ' ' || line[i] === '\t') i += 1; // A cell's padding.
    } else {
      out.keep(char, i);
      i += 1;
    }
  }
  if (table && out.text.endsWith(' · ')) {
    out.text = out.text.slice(0, -3);
    out.from.length = out.text.length;
  }
}

/** `[text](target)`: the text stays (walked for its own syntax), the target goes. */
function link(line: string, open: number, to: number, out: Builder, table: boolean): number {
  const close = findClosingBracket(line, open, to);
  if (close === -1 || line[close + 1] !== '(') {
    out.keep('[', open);
    return open + 1;
  }
  const targetEnd = line.indexOf(')', close + 2);
  if (targetEnd === -1 || targetEnd >= to) {
    out.keep('[', open);
    return open + 1;
  }
  walkInline(line, open + 1, close, out, table);
  return targetEnd + 1;
}

function findClosingBracket(line: string, open: number, to: number): number {
  let depth = 0;
  for (let i = open; i < to; i += 1) {
    if (line[i] === '\\') i += 1;
    else if (line[i] === '[') depth += 1;
    else if (line[i] === ']' && --depth === 0) return i;
  }
  return -1;
}

/** A '*' or '_' that opens or closes emphasis: next to a word on one side only, '_' never inside one. */
function isEmphasis(line: string, at: number, mark: string): boolean {
  let start = at;
  while (start > 0 && line[start - 1] === mark) start -= 1;
  let end = at;
  while (end < line.length && line[end] === mark) end += 1;
  const before = line[start - 1] ?? ' ';
  const after = line[end] ?? ' ';
  const word = (c: string) => /[\p{L}\p{N}]/u.test(c);
  const space = (c: string) => /\s/.test(c);
  if (mark === '_' && word(before) && word(after)) return false; // snake_case stays.
  // "2 * 3" is arithmetic, not emphasis.
  return !(space(before) && space(after));
}

/** Ranges of the line as ranges of the kept characters (`from` only grows: one pass). */
function moveRanges(ranges: readonly MatchRange[], from: readonly number[]): MatchRange[] {
  const moved: MatchRange[] = [];
  let i = 0;
  for (const { start, end } of ranges) {
    while (i < from.length && from[i]! < start) i += 1;
    let last = i;
    while (last < from.length && from[last]! < end) last += 1;
    if (last > i) moved.push({ start: i, end: last });
    i = last;
  }
  return moved;
}
