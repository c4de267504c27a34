// Accent- and case-insensitive search, shared by every place a user searches (docs/product.md#search:
// the rules search, the unit filter, the combat setup filter): "degats" finds "Dégâts", "eclaireur"
// finds "Éclaireur", "oeuvre" finds "Œuvre". Text is folded (lower case, marks dropped, a few
// ligatures spelled out) and searched as plain substrings; `foldWithMap` keeps where each folded
// character came from, so a match found in the folded text is highlighted in the original one.

/** Letters that carry no combining mark to drop but are read as these letters. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  œ: 'oe',
  Œ: 'oe',
  æ: 'ae',
  Æ: 'ae',
  ß: 'ss',
  ẞ: 'ss',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ı: 'i',
};

const COMBINING_MARKS = /\p{M}/gu;
/** Folded forms of the non-ASCII code units met so far (a text repeats the same few accents). */
const foldCache = new Map<number, string>();

/** The folded form of one UTF-16 code unit: '' for a combining mark, 1 or 2 characters otherwise. */
function foldUnit(code: number): string {
  if (code < 128) return String.fromCharCode(code >= 65 && code <= 90 ? code + 32 : code);
  let folded = foldCache.get(code);
  if (folded === undefined) {
    const char = String.fromCharCode(code);
    // A lone surrogate half stays itself: emoji and other astral characters match only themselves.
    folded =
      code >= 0xd800 && code <= 0xdfff
        ? char
        : (SPELLED_OUT[char] ?? char.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase());
    foldCache.set(code, folded);
  }
  return folded;
}

/** `text` folded for comparison: lower case, without accents, ligatures spelled out. */
export function foldText(text: string): string {
  // Most names and queries are ASCII: one native call.
  // eslint-disable-next-line no-control-regex
  if (!/[^\u0000-\u007f]/.test(text)) return text.toLowerCase();
  let folded = '';
  for (let i = 0; i < text.length; i += 1) folded += foldUnit(text.charCodeAt(i));
  return folded;
}

/** The query as searched: trimmed and folded; '' searches nothing. */
export function foldQuery(query: string): string {
  return foldText(query.trim());
}

/** Whether `text` contains the already folded `foldedQuery` ('' is in every text). */
export function containsFolded(text: string, foldedQuery: string): boolean {
  return foldedQuery === '' || foldText(text).includes(foldedQuery);
}

/** Whether `text` contains `query`, ignoring case and accents (a blank query matches everything). */
export function matchesText(text: string, query: string): boolean {
  return containsFolded(text, foldQuery(query));
}

/** A folded text and the way back to the original one. */
export interface FoldedText {
  folded: string;
  /** Where folded[i] comes from in the original text; null when the two line up one to one. */
  sources: Int32Array | null;
  /** The original text's length. */
  length: number;
}

export function foldWithMap(text: string): FoldedText {
  // eslint-disable-next-line no-control-regex
  if (!/[^\u0000-\u007f]/.test(text))
    return { folded: text.toLowerCase(), sources: null, length: text.length };
  const codes: number[] = [];
  const sources: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const folded = foldUnit(text.charCodeAt(i));
    for (let j = 0; j < folded.length; j += 1) {
      codes.push(folded.charCodeAt(j));
      sources.push(i);
    }
  }
  let folded = '';
  // fromCharCode takes its arguments on the stack: a long rulebook goes in slices.
  for (let at = 0; at < codes.length; at += 8192)
    folded += String.fromCharCode(...codes.slice(at, at + 8192));
  return { folded, sources: Int32Array.from(sources), length: text.length };
}

/** The original position of the folded position `at` as the start of a match. */
export function sourceStart(text: FoldedText, at: number): number {
  if (!text.sources) return at;
  return at < text.sources.length ? text.sources[at]! : text.length;
}

/**
 * The original position just after a match that ends at folded position `end` (exclusive): the
 * whole original character even when the match stops inside a spelled-out one ("o" in "œ"), and
 * the accents that follow the last matched letter when they were separate combining marks.
 */
export function sourceEnd(text: FoldedText, end: number): number {
  const { sources } = text;
  if (!sources) return end;
  if (end <= 0) return 0;
  const last = sources[end - 1]!;
  if (end >= sources.length) return text.length;
  const next = sources[end]!;
  return next === last ? last + 1 : next;
}

/** Every match of `query` in `text` as original [start, end) ranges, in order, at most `limit`. */
export function findMatches(
  text: string,
  query: string,
  limit = Number.POSITIVE_INFINITY,
): { start: number; end: number }[] {
  const needle = foldQuery(query);
  if (needle === '') return [];
  const mapped = foldWithMap(text);
  const ranges: { start: number; end: number }[] = [];
  for (
    let at = mapped.folded.indexOf(needle);
    at !== -1 && ranges.length < limit;
    at = mapped.folded.indexOf(needle, at + needle.length)
  ) {
    ranges.push({ start: sourceStart(mapped, at), end: sourceEnd(mapped, at + needle.length) });
  }
  return ranges;
}
