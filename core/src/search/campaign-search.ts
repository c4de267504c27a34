// One search over a whole campaign (docs/product.md#campaign-search, docs/decisions/063): the rules by
// line and heading, units (name, race, class, status, notes), list entries (name, note) and encounters
// (name, notes). Case and accents do not count ("degats" finds "Dégâts"), the words of a query may come
// in any order, and results are ranked: names first, then rules headings, then text. Each text is
// folded once into an entry the server keeps while its row does not change; a query then only scans
// folded strings (docs/benchmarks.md#campaign-search).
import { SEARCH_SNIPPET_CHARS } from '../limits';
import { foldText, foldWithMap, sourceEnd, sourceStart } from '../text/fold';
import { plainLine, type MatchRange } from '../text/plain-line';
import { rulesHeadings, type RulesHeading } from '../links/links';

/** What a result is: a rules heading, a rules line, or one of the campaign's things. */
export type SearchKind =
  'heading' | 'rules' | 'unit' | 'race' | 'class' | 'status' | 'characteristic' | 'encounter';
export type EntryKind = Exclude<SearchKind, 'heading' | 'rules'>;

export interface SearchResult {
  kind: SearchKind;
  /**
   * The thing's id (a characteristic's name); a heading's slug; a rules line's 1-based number
   * as a string.
   */
  id: string;
  /** The thing's name; a heading's text; for a rules line, the heading it sits under ('' before any). */
  name: string;
  /** One line of text around the first match, markdown stripped, at most SEARCH_SNIPPET_CHARS long. */
  snippet: string;
  /** The matches in `snippet`, in order, not overlapping. */
  ranges: MatchRange[];
}

/** A unit, list entry or encounter, folded for searching. */
export interface SearchEntry {
  kind: EntryKind;
  id: string;
  name: string;
  /** Short facts shown when the match is in them (a unit's race · class · status). */
  meta: string;
  text: string;
  foldedName: string;
  /** Name, meta and text folded, joined by line breaks. */
  foldedAll: string;
}

export function searchEntry(source: {
  kind: EntryKind;
  id: string;
  name: string;
  meta?: string;
  text: string;
}): SearchEntry {
  const meta = source.meta ?? '';
  const foldedName = foldText(source.name);
  return {
    kind: source.kind,
    id: source.id,
    name: source.name,
    meta,
    text: source.text,
    foldedName,
    foldedAll: `${foldedName}\n${foldText(meta)}\n${foldText(source.text)}`,
  };
}

/** A rules text folded once, with where its lines start (line breaks fold to themselves). */
export interface RulesIndex {
  text: string;
  folded: string;
  /** Where each line starts in `folded`. */
  foldedLines: Int32Array;
  /** Where each line starts in `text`. */
  lines: Int32Array;
  headings: RulesHeading[];
}

function lineStarts(text: string): Int32Array {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return Int32Array.from(starts);
}

export function rulesIndex(text: string): RulesIndex {
  const folded = foldText(text);
  return {
    text,
    folded,
    foldedLines: lineStarts(folded),
    lines: lineStarts(text),
    headings: rulesHeadings(text),
  };
}

/** The folded words of a query, each once, longest first (the rarest, most often); [] for a blank one. */
export function searchWords(query: string): string[] {
  const words = [
    ...new Set(
      foldText(query)
        .split(/\s+/)
        .filter((word) => word !== ''),
    ),
  ];
  // A word inside another adds nothing to "all words are there".
  const kept = words.filter((word) => !words.some((other) => other !== word && other.includes(word)));
  return kept.sort((a, b) => b.length - a.length);
}

/** Every match of the words in `text` (original positions), merged where they overlap. */
export function matchRanges(text: string, words: readonly string[], limit = 50): MatchRange[] {
  // Folding may move positions (œ → oe, a separate accent dropped), even when the lengths come out
  // equal ("Cœur de De\u0301gats"): positions always go back through the map.
  const mapped = foldWithMap(text);
  const folded = mapped.folded;
  const ranges: MatchRange[] = [];
  for (const word of words) {
    for (
      let at = folded.indexOf(word);
      at !== -1 && ranges.length < limit * 4;
      at = folded.indexOf(word, at + word.length)
    ) {
      ranges.push({ start: sourceStart(mapped, at), end: sourceEnd(mapped, at + word.length) });
    }
  }
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: MatchRange[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
    if (merged.length >= limit) break;
  }
  return merged;
}

/**
 * A snippet of one markdown line: its plain text, cut to SEARCH_SNIPPET_CHARS around the first
 * match (with "…" where it was cut), and the matches in it.
 */
export function snippetOf(line: string, words: readonly string[]): { snippet: string; ranges: MatchRange[] } {
  const plain = plainLine(line, []).text;
  return cutSnippet(plain, matchRanges(plain, words));
}

/**
 * A plain line cut to SEARCH_SNIPPET_CHARS around its first range (on a word's edge when one is near,
 * "…" where it was cut), with the ranges that stay moved onto the cut. Search results and "Linked
 * from" (the server's backlinks) cut their lines alike.
 */
export function cutSnippet(
  plain: string,
  ranges: readonly MatchRange[],
): { snippet: string; ranges: MatchRange[] } {
  if (plain.length <= SEARCH_SNIPPET_CHARS) return { snippet: plain, ranges: [...ranges] };
  const first = ranges[0]?.start ?? 0;
  let from = Math.max(0, Math.min(first - 40, plain.length - SEARCH_SNIPPET_CHARS));
  const space = plain.lastIndexOf(' ', from);
  if (from > 0 && space !== -1 && from - space < 15) from = space + 1;
  const to = Math.min(plain.length, from + SEARCH_SNIPPET_CHARS - 2);
  const head = from > 0 ? '…' : '';
  const tail = to < plain.length ? '…' : '';
  return {
    snippet: head + plain.slice(from, to) + tail,
    ranges: ranges
      .filter((range) => range.start >= from && range.end <= to)
      .map((range) => ({ start: range.start - from + head.length, end: range.end - from + head.length })),
  };
}

/** The line of `text` holding position `at`. */
function lineAround(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  let end = text.indexOf('\n', at);
  if (end === -1) end = text.length;
  return text.slice(start, end).replace(/\r$/, '');
}

/** The line holding position `at`: the greatest i with starts[i] <= at. */
export function lineOf(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

const KIND_ORDER: Record<EntryKind, number> = {
  unit: 0,
  race: 1,
  class: 2,
  status: 3,
  characteristic: 4,
  encounter: 5,
};

function entryResult(entry: SearchEntry, words: readonly string[], inName: boolean): SearchResult {
  let line = entry.name;
  if (!inName) {
    // The first line of the text holding a word, else the facts.
    const foldedText = foldText(entry.text);
    const at = words.map((word) => foldedText.indexOf(word)).filter((index) => index !== -1);
    if (at.length > 0) {
      const position = Math.min(...at);
      // Folding keeps line breaks where they were: the n-th line of the folded text is the n-th line.
      const lineNumber = foldedText.slice(0, position).split('\n').length - 1;
      line = entry.text.split('\n')[lineNumber] ?? entry.text;
    } else if (entry.meta !== '') {
      line = entry.meta;
    }
  } else if (entry.meta !== '') {
    line = entry.meta;
  } else {
    // A list entry found by its name: the first line of its note says what it is.
    line = entry.text.split('\n').find((text) => text.trim() !== '') ?? entry.name;
  }
  const { snippet, ranges } = snippetOf(line, words);
  return { kind: entry.kind, id: entry.id, name: entry.name, snippet, ranges };
}

/**
 * The results of `query` in a campaign, best first, at most `limit`. Names holding every word come
 * first (an exact name, then one that starts with the query, then shorter names), then rules headings,
 * then things whose text holds every word, then rules lines, in the rules' order.
 */
export function searchCampaign(
  campaign: { rules: RulesIndex | null; entries: readonly SearchEntry[] },
  query: string,
  limit: number,
): SearchResult[] {
  const words = searchWords(query);
  if (words.length === 0 || limit <= 0) return [];
  const folded = foldText(query.trim()).replace(/\s+/g, ' ');
  const byName: SearchEntry[] = [];
  const byText: SearchEntry[] = [];
  for (const entry of campaign.entries) {
    if (words.every((word) => entry.foldedName.includes(word))) byName.push(entry);
    else if (words.every((word) => entry.foldedAll.includes(word))) byText.push(entry);
  }
  const nameRank = (entry: SearchEntry) =>
    entry.foldedName === folded ? 0 : entry.foldedName.startsWith(folded) ? 1 : 2;
  byName.sort(
    (a, b) =>
      nameRank(a) - nameRank(b) ||
      a.name.length - b.name.length ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.name.localeCompare(b.name),
  );
  byText.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name));

  const results: SearchResult[] = byName.slice(0, limit).map((entry) => entryResult(entry, words, true));
  const rules = campaign.rules;
  const headingLines: number[] = [];
  const textLines: number[] = [];
  if (rules && results.length < limit) {
    const headingAt = new Map(rules.headings.map((heading) => [heading.line, heading]));
    const [first, ...others] = words;
    let lastLine = -1;
    for (let at = rules.folded.indexOf(first!); at !== -1; at = rules.folded.indexOf(first!, at + 1)) {
      const line = lineOf(rules.foldedLines, at);
      if (line === lastLine) continue;
      lastLine = line;
      const start = rules.foldedLines[line]!;
      const end =
        line + 1 < rules.foldedLines.length ? rules.foldedLines[line + 1]! - 1 : rules.folded.length;
      const content = rules.folded.slice(start, end);
      if (!others.every((word) => content.includes(word))) continue;
      if (headingAt.has(line)) headingLines.push(line);
      else if (textLines.length < limit) textLines.push(line);
      if (headingLines.length >= limit) break;
      // The next match starts on the next line.
      at = end;
    }
    const sectionOf = (line: number) => {
      let name = '';
      for (const heading of rules.headings) {
        if (heading.line > line) break;
        name = heading.text;
      }
      return name;
    };
    const rulesLine = (line: number) => {
      const start = rules.lines[line]!;
      return lineAround(rules.text, start);
    };
    for (const line of headingLines) {
      if (results.length >= limit) break;
      const heading = headingAt.get(line)!;
      const { snippet, ranges } = snippetOf(rulesLine(line), words);
      results.push({ kind: 'heading', id: heading.slug, name: heading.text, snippet, ranges });
    }
    for (const entry of byText) {
      if (results.length >= limit) break;
      results.push(entryResult(entry, words, false));
    }
    for (const line of textLines) {
      if (results.length >= limit) break;
      const { snippet, ranges } = snippetOf(rulesLine(line), words);
      results.push({ kind: 'rules', id: String(line + 1), name: sectionOf(line), snippet, ranges });
    }
  } else {
    for (const entry of byText) {
      if (results.length >= limit) break;
      results.push(entryResult(entry, words, false));
    }
  }
  return results;
}
