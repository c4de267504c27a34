// Rules search (docs/product.md#rules-search): case- and accent-insensitive (docs/product.md#search: "degats"
// finds "dégâts"), line by line, with the ranges to highlight. Pure and fast on a 600,000-character
// rulebook (docs/decisions/012 targets ≤ 30 ms): the text is folded once (and kept while it does not change),
// then searched as a plain string, never line by line; only the first lines shown keep their ranges.
import { foldQuery, foldWithMap, sourceEnd, sourceStart, type FoldedText } from '@questkeeper/core/text/fold';

import type { MatchRange } from '@questkeeper/core/text/plain-line';

export type { MatchRange };

export interface LineMatch {
  /** 1-based, as an editor counts lines. */
  lineNumber: number;
  /** Position of the line's first character in the whole text. */
  lineStart: number;
  /** The line without its line break. */
  text: string;
  /** The matches in `text`, in order, not overlapping (at most MAX_RANGES_PER_LINE of them). */
  ranges: MatchRange[];
}

export interface RulesSearchResult {
  /** The first `limit` matching lines, in order. */
  lines: LineMatch[];
  /** How many lines match in all (more than `lines.length` when capped). */
  totalLines: number;
}

export const DEFAULT_RESULT_LIMIT = 200;
/** A pathological line ('e' in a long paragraph) keeps its first matches only. */
export const MAX_RANGES_PER_LINE = 100;

const NO_RESULT: RulesSearchResult = { lines: [], totalLines: 0 };

/** The query as searched: surrounding spaces are ignored, so a blank query searches nothing. */
export function normalizeQuery(query: string): string {
  return query.trim();
}

/** The last text folded: a search typed letter by letter re-reads the same rulebook. */
let lastFolded: { text: string; mapped: FoldedText } | null = null;

function folded(text: string): FoldedText {
  if (lastFolded?.text !== text) lastFolded = { text, mapped: foldWithMap(text) };
  return lastFolded.mapped;
}

/**
 * Lines of `text` that contain `query`, ignoring case and accents. Lines end at '\n' (a '\r' before
 * it is not part of the line). Only the first `limit` lines are returned with their ranges; the rest
 * are counted. Positions are the original text's, so the highlights cover the letters as written.
 */
export function searchRules(text: string, query: string, limit = DEFAULT_RESULT_LIMIT): RulesSearchResult {
  const needle = foldQuery(query);
  // A query over several lines can never match one line.
  if (needle === '' || needle.includes('\n') || text === '') return NO_RESULT;

  // Line breaks fold to themselves, so lines are walked in the folded text and mapped back at the end.
  const mapped = folded(text);
  const haystack = mapped.folded;
  const lines: LineMatch[] = [];
  let totalLines = 0;
  // The line being walked: its number, start and end (the '\n' or the end of the text), folded.
  let lineNumber = 1;
  let lineStart = 0;
  let lineEnd = lineEndAt(haystack, 0);
  let current: LineMatch | undefined;

  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > lineEnd) {
      // Move to the line holding this match, counting the line breaks skipped on the way.
      while (at > lineEnd) {
        lineNumber += 1;
        lineStart = lineEnd + 1;
        lineEnd = lineEndAt(haystack, lineStart);
      }
      current = undefined;
    }
    const end = at + needle.length;
    // The match ends within the line: the needle holds no '\n'. A trailing '\r' is cut from the line,
    // so a match on it (a needle ending with '\r' cannot be typed) is left out by `end > textEnd`.
    const textEnd = haystack.charCodeAt(lineEnd - 1) === 13 /* \r */ ? lineEnd - 1 : lineEnd;
    if (end > textEnd) continue;

    if (!current) {
      totalLines += 1;
      if (lines.length >= limit) {
        // Counted; its ranges are not needed. Jump to the next line.
        at = lineEnd + 1 - needle.length;
        continue;
      }
      const start = sourceStart(mapped, lineStart);
      current = {
        lineNumber,
        lineStart: start,
        text: text.slice(start, sourceEnd(mapped, textEnd)),
        ranges: [],
      };
      lines.push(current);
    }
    if (current.ranges.length < MAX_RANGES_PER_LINE) {
      current.ranges.push({
        start: sourceStart(mapped, at) - current.lineStart,
        end: sourceEnd(mapped, end) - current.lineStart,
      });
      if (current.ranges.length >= MAX_RANGES_PER_LINE) at = lineEnd + 1 - needle.length;
    }
  }
  return { lines, totalLines };
}

function lineEndAt(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

export interface Segment {
  text: string;
  match: boolean;
}

/** `text` cut into plain and matching pieces, for rendering the matches in <mark> (never as HTML). */
export function highlightSegments(text: string, ranges: readonly MatchRange[]): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) segments.push({ text: text.slice(at, from), match: false });
    segments.push({ text: text.slice(from, to), match: true });
    at = to;
  }
  if (at < text.length || segments.length === 0) segments.push({ text: text.slice(at), match: false });
  return segments;
}

export interface Excerpt {
  text: string;
  ranges: MatchRange[];
  /** Text was cut before / after the excerpt (show an ellipsis). */
  cutStart: boolean;
  cutEnd: boolean;
}

/**
 * A window of at most `maxLength` characters of a long line, starting a little before its first
 * match, with the ranges moved and clipped to it. Short lines come back whole.
 */
export function lineExcerpt(
  line: Pick<LineMatch, 'text' | 'ranges'>,
  maxLength = 160,
  context = 40,
): Excerpt {
  const { text, ranges } = line;
  if (text.length <= maxLength) return { text, ranges: [...ranges], cutStart: false, cutEnd: false };
  const first = ranges[0]?.start ?? 0;
  let start = Math.max(0, Math.min(first - context, text.length - maxLength));
  // Never cut a surrogate pair in two.
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start += 1;
  let end = Math.min(text.length, start + maxLength);
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end -= 1;
  const clipped = ranges
    .filter((range) => range.end > start && range.start < end)
    .map((range) => ({ start: Math.max(range.start, start) - start, end: Math.min(range.end, end) - start }));
  return { text: text.slice(start, end), ranges: clipped, cutStart: start > 0, cutEnd: end < text.length };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * How many times `query` occurs (ignoring case and accents) before `position` in `text`: the rendered
 * view finds the same occurrence among its own text to scroll to a result.
 */
export function occurrencesBefore(text: string, query: string, position: number): number {
  const needle = foldQuery(query);
  if (needle === '') return 0;
  const mapped = folded(text);
  let count = 0;
  for (
    let at = mapped.folded.indexOf(needle);
    at !== -1 && sourceStart(mapped, at) < position;
    at = mapped.folded.indexOf(needle, at + needle.length)
  )
    count += 1;
  return count;
}
