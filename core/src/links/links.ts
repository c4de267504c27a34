// Links between a campaign's texts (docs/product.md#links, docs/decisions/063): `[[Name]]` names a
// unit, race, class, status or characteristic of the same campaign, `[[#Heading]]` a rules heading,
// and `[[Name|shown words]]` shows other words. One syntax, read here for the server (backlinks,
// renames) and the web (rendering, autocomplete), so both see the same links in the same places.
// Links are never read inside code: fenced or indented code blocks and code spans stay as written.
import { foldText } from '../text/fold';

/** What a link can point at. Characteristics have no id: their name is their id. */
export type LinkKind = 'unit' | 'race' | 'class' | 'status' | 'characteristic' | 'heading';
export const LINK_KINDS = ['unit', 'race', 'class', 'status', 'characteristic', 'heading'] as const;

/** The longest name a link holds (names are 100 at most; headings may be longer). */
export const LINK_TARGET_MAX = 200;

/** One `[[…]]` of a text. */
export interface WikiLink {
  /** Position of the first `[` in the text. */
  start: number;
  /** Position just after the closing `]]`. */
  end: number;
  /** The target as written, trimmed, without the leading `#` of a heading link. */
  target: string;
  /** `[[#Heading]]`: a rules heading. */
  heading: boolean;
  /** The words after `|`, trimmed; null when the link shows its target. */
  label: string | null;
  /** Where the target's text starts and ends in the text (what a rename replaces). */
  targetStart: number;
  targetEnd: number;
}

/** What a link resolved to. */
export interface LinkTarget {
  kind: LinkKind;
  /** The unit's, race's, class's, status's id; a characteristic's name; a heading's slug. */
  id: string;
  /** The name as the campaign writes it (a heading's text). */
  name: string;
}

/** The names a campaign's links resolve against. */
export interface LinkCatalog {
  units: readonly { _id: string; name: string }[];
  races: readonly { _id: string; name: string }[];
  classes: readonly { _id: string; name: string }[];
  statuses: readonly { _id: string; name: string }[];
  characteristics: readonly { name: string }[];
  /** The rules text's headings (see rulesHeadings). */
  headings: readonly RulesHeading[];
}

/** Names compare without case, accents or repeated spaces: "[[dame  ÉLISE]]" finds "Dame Élise". */
export function linkKey(name: string): string {
  return foldText(name).replace(/\s+/g, ' ').trim();
}

/**
 * Reads a link at `at` in `text` (where `[[` starts): null when it is not one. The target holds no
 * `[`, `]`, `|` or line break; the label no `[`, `]` or line break.
 */
export function readLinkAt(text: string, at: number): WikiLink | null {
  if (text.charCodeAt(at) !== 91 || text.charCodeAt(at + 1) !== 91) return null;
  let i = at + 2;
  const limit = Math.min(text.length, at + 2 + LINK_TARGET_MAX * 2 + 2);
  let bar = -1;
  for (; i < limit; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13 || code === 91) return null;
    if (code === 93) break;
    if (code === 124 && bar === -1) bar = i;
  }
  if (i >= limit || text.charCodeAt(i + 1) !== 93) return null;
  const rawTarget = text.slice(at + 2, bar === -1 ? i : bar);
  let targetStart = at + 2 + (rawTarget.length - rawTarget.trimStart().length);
  let target = rawTarget.trim();
  const heading = target.startsWith('#');
  if (heading) {
    const bare = target.slice(1);
    targetStart += 1 + (bare.length - bare.trimStart().length);
    target = bare.trim();
  }
  if (target === '' || target.length > LINK_TARGET_MAX) return null;
  const label = bar === -1 ? null : text.slice(bar + 1, i).trim() || null;
  return {
    start: at,
    end: i + 2,
    target,
    heading,
    label,
    targetStart,
    targetEnd: targetStart + target.length,
  };
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

/**
 * The parts of `text` that are not code: [start, end) spans in order. Fenced blocks (``` or ~~~, an
 * unclosed one runs to the end), indented code (4 spaces or a tab after a blank line, outside lists)
 * and code spans (a run of backticks closed by a run of the same length in the same paragraph).
 */
export function proseSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let fence: { char: string; length: number } | null = null;
  let paragraphStart = -1;
  let previousBlank = true;
  let inList = false;
  const closeParagraph = (end: number) => {
    if (paragraphStart !== -1) spans.push(...inlineProse(text, paragraphStart, end));
    paragraphStart = -1;
  };
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    const next = end + 1;
    if (fence) {
      const found = FENCE.exec(line);
      if (
        found &&
        found[1]![0] === fence.char &&
        found[1]!.length >= fence.length &&
        found[2]!.trim() === ''
      ) {
        fence = null;
      }
      previousBlank = false;
    } else {
      const opening = FENCE.exec(line);
      const blank = line.trim() === '';
      const indented = /^(?: {4}|\t)/.test(line);
      if (opening && !(opening[1]![0] === '`' && opening[2]!.includes('`'))) {
        closeParagraph(start);
        fence = { char: opening[1]![0]!, length: opening[1]!.length };
        previousBlank = false;
      } else if (blank) {
        closeParagraph(start);
        previousBlank = true;
      } else if (indented && previousBlank && !inList && paragraphStart === -1) {
        // Indented code: nothing of it is prose.
        previousBlank = false;
      } else {
        if (LIST_ITEM.test(line)) inList = true;
        else if (previousBlank && !indented) inList = false;
        if (paragraphStart === -1) paragraphStart = start;
        previousBlank = false;
      }
    }
    if (end >= text.length) {
      if (!fence) closeParagraph(text.length);
      break;
    }
    start = next;
  }
  return spans;
}

/** The parts of text[from, to) outside code spans. */
function inlineProse(text: string, from: number, to: number): [number, number][] {
  const spans: [number, number][] = [];
  let proseStart = from;
  let i = from;
  while (i < to) {
    const tick = text.indexOf('`', i);
    if (tick === -1 || tick >= to) break;
    if (tick > from && text.charCodeAt(tick - 1) === 92) {
      i = tick + 1;
      continue;
    }
    let run = tick;
    while (run < to && text.charCodeAt(run) === 96) run += 1;
    const length = run - tick;
    // The closing run: exactly as many backticks.
    let close = -1;
    for (let j = text.indexOf('`', run); j !== -1 && j < to;) {
      let k = j;
      while (k < to && text.charCodeAt(k) === 96) k += 1;
      if (k - j === length) {
        close = k;
        break;
      }
      j = text.indexOf('`', k);
    }
    if (close === -1) {
      i = run;
      continue;
    }
    if (tick > proseStart) spans.push([proseStart, tick]);
    proseStart = close;
    i = close;
  }
  if (to > proseStart) spans.push([proseStart, to]);
  return spans;
}

/** Every link of a markdown text, in order, outside code. */
export function findLinks(text: string): WikiLink[] {
  const links: WikiLink[] = [];
  if (!text.includes('[[')) return links;
  for (const [from, to] of proseSpans(text)) {
    for (let at = text.indexOf('[[', from); at !== -1 && at < to;) {
      const link = readLinkAt(text, at);
      if (link && link.end <= to && (at === 0 || text.charCodeAt(at - 1) !== 92)) {
        links.push(link);
        at = text.indexOf('[[', link.end);
      } else {
        at = text.indexOf('[[', at + 1);
      }
    }
  }
  return links;
}

/** A rules heading: its text without markdown marks, its anchor, its level and its line (0-based). */
export interface RulesHeading {
  text: string;
  slug: string;
  level: number;
  line: number;
}

/** An anchor for a heading's text: folded, letters and digits joined by dashes ("Dégâts & soins" → "degats-soins"). */
export function headingSlug(text: string): string {
  const slug = linkKey(text)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'section' : slug;
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

/** Plain text of a heading line's content: emphasis, code ticks and link syntax dropped. */
function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[\[#?([^\]|]*)(?:\|([^\]]*))?\]\]/g, (_all, target: string, label?: string) => label ?? target)
    .replace(/[*_`~]/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The ATX headings of a rules text outside fenced code, in order, with unique slugs (a repeated one
 * gets "-2", "-3"… as the rules view numbers its anchors).
 */
export function rulesHeadings(text: string): RulesHeading[] {
  const headings: RulesHeading[] = [];
  const seen = new Map<string, number>();
  let fence: { char: string; length: number } | null = null;
  let line = 0;
  for (let start = 0; start <= text.length; line += 1) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const content = text.slice(start, end).replace(/\r$/, '');
    const found = FENCE.exec(content);
    if (fence) {
      if (found && found[1]![0] === fence.char && found[1]!.length >= fence.length && found[2]!.trim() === '')
        fence = null;
    } else if (found && !(found[1]![0] === '`' && found[2]!.includes('`'))) {
      fence = { char: found[1]![0]!, length: found[1]!.length };
    } else if (content.charCodeAt(content.search(/\S/)) === 35) {
      const heading = ATX.exec(content);
      if (heading) {
        const plain = headingText(heading[2] ?? '');
        if (plain !== '') {
          const base = headingSlug(plain);
          const count = (seen.get(base) ?? 0) + 1;
          seen.set(base, count);
          headings.push({
            text: plain,
            slug: count === 1 ? base : `${base}-${count}`,
            level: heading[1]!.length,
            line,
          });
        }
      }
    }
    if (end >= text.length) break;
    start = end + 1;
  }
  return headings;
}

/**
 * The resolver of a campaign's links. A name link looks among units, then races, classes, statuses and
 * characteristics (the first of a kind wins when two share a name); a heading link among the headings.
 */
export function linkResolver(
  catalog: LinkCatalog,
): (link: Pick<WikiLink, 'target' | 'heading'>) => LinkTarget | null {
  const names = new Map<string, LinkTarget>();
  const add = (kind: LinkKind, id: string, name: string) => {
    const key = linkKey(name);
    if (key !== '' && !names.has(key)) names.set(key, { kind, id, name });
  };
  for (const unit of catalog.units) add('unit', unit._id, unit.name);
  for (const race of catalog.races) add('race', race._id, race.name);
  for (const entry of catalog.classes) add('class', entry._id, entry.name);
  for (const status of catalog.statuses) add('status', status._id, status.name);
  for (const characteristic of catalog.characteristics)
    add('characteristic', characteristic.name, characteristic.name);
  // Headings compare by their anchor, so punctuation does not count: [[#degats soins]] finds "Dégâts & soins".
  const headings = new Map<string, LinkTarget>();
  for (const heading of catalog.headings) {
    const key = headingSlug(heading.text);
    if (!headings.has(key)) headings.set(key, { kind: 'heading', id: heading.slug, name: heading.text });
  }
  return (link) =>
    (link.heading ? headings.get(headingSlug(link.target)) : names.get(linkKey(link.target))) ?? null;
}

/**
 * `text` with every link that resolves to `target` (by `resolve`, the campaign as it was) pointing at
 * `to` instead; labels stay. Null when nothing changed. Code is left alone.
 */
export function rewriteLinks(
  text: string,
  resolve: (link: WikiLink) => LinkTarget | null,
  target: Pick<LinkTarget, 'kind' | 'id'>,
  to: string,
): string | null {
  const links = findLinks(text);
  let out = '';
  let from = 0;
  for (const link of links) {
    const found = resolve(link);
    if (!found || found.kind !== target.kind || found.id !== target.id) continue;
    out += text.slice(from, link.targetStart) + to;
    from = link.targetEnd;
  }
  return from === 0 ? null : out + text.slice(from);
}

/** The words a link shows: its label, else its target. */
export function linkText(link: Pick<WikiLink, 'target' | 'label'>): string {
  return link.label ?? link.target;
}
