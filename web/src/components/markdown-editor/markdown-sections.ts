// A long markdown text rendered in sections (docs/decisions/012): the text is cut before its top-level
// headings, each section is rendered alone and its HTML kept, so an edit renders only the section it
// changed and a long text can show its first sections before the rest.
//
// Cutting is safe only where markdown-it would start a new block anyway with nothing open before it: an
// ATX heading at column 0 ends any paragraph, list, quote, table or reference definition before it
// (they cannot continue through such a line), but not a fenced code block at the top level. So the
// text is cut at `#`…`######` headings at column 0 outside fences, and not at all after anything the
// scanner cannot place for sure (a fence that may belong to a list item, a lone '\r' line break): not
// cutting is always correct. Link reference definitions are the one thing a section reads from the rest
// of the text: they are collected from every section first and given to each one. So are, in the rules
// read view, the heading slugs (numbered over the whole text) and each section's first line.
//
// Secret blocks (docs/decisions/064) are cut apart first by core's one reading (secretSegments), each run
// rendered alone and cut further at its own headings: a secret section is framed by the preview, so
// what is framed is exactly what players lose, even when a secret block holds headings.
import type { RulesHeading } from '@questkeeper/core/links/links';
import { secretSegments } from '@questkeeper/core/text/secret-blocks';
import {
  linkReferences,
  renderMarkdown,
  type AnchoredHeading,
  type LinkReferences,
  type LinkRendering,
} from './markdown';

/** Sections are at least this long (except the last): tens to a few hundred per long text. */
export const MIN_SECTION_CHARS = 3000;

const HEADING = /^#{1,6}(?:[ \t]|$)/;
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/**
 * Where `text` may be cut: the offsets of the lines that start a top-level ATX heading outside fenced
 * code (never 0), in order.
 */
export function cutPoints(text: string): number[] {
  const points: number[] = [];
  // markdown-it breaks lines at a lone '\r' too; this scanner reads '\n' only.
  if (/\r(?!\n|$)/.test(text)) return points;
  let fence: { marker: string; length: number } | null = null;
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const first = text.charCodeAt(start);
    // Only lines starting with '#', ' ', '`' or '~' can matter.
    if (first === 35 || first === 32 || first === 96 || first === 126) {
      const line = text.slice(start, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
      const found = FENCE.exec(line);
      if (fence) {
        // A closing fence: the same character, at least as many, nothing but spaces after.
        const closing = found?.[2];
        if (closing?.[0] === fence.marker && closing.length >= fence.length && /^[ \t]*$/.test(found![3]!)) {
          fence = null;
        }
      } else if (found && !(found[2]![0] === '`' && found[3]!.includes('`'))) {
        // Two or three spaces: the fence may belong to a list item and end with it, out of this
        // scanner's sight. Stop cutting.
        if (found[1]!.length >= 2) return points;
        fence = { marker: found[2]![0]!, length: found[2]!.length };
      } else if (first === 35 && start > 0 && HEADING.test(line)) {
        points.push(start);
      }
    }
    start = end + 1;
  }
  return points;
}

/**
 * `text` cut into sections at its cut points, each at least `minChars` long (but the last). Joined,
 * the sections give `text` back.
 */
export function splitSections(text: string, minChars = MIN_SECTION_CHARS): string[] {
  const sections: string[] = [];
  let from = 0;
  for (const at of cutPoints(text)) {
    if (at - from < minChars) continue;
    sections.push(text.slice(from, at));
    from = at;
  }
  sections.push(text.slice(from));
  return sections;
}

/** A part of the text rendered alone. */
export interface SectionPiece {
  text: string;
  /** The 0-based line of the whole text where `text` starts. */
  line: number;
  /** A part of a secret block: whether it opens the block's frame, whether it closes it. */
  secret?: { first: boolean; last: boolean } | undefined;
}

/** Strings that joined give the text: pieces starting on the lines they start on. */
function piecesOf(sections: readonly string[], line = 0): SectionPiece[] {
  return sections.map((text) => {
    const piece = { text, line };
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) line += 1;
    return piece;
  });
}

/**
 * `text` in pieces: its secret blocks apart from its public runs (each without its marker lines), each
 * run cut as splitSections cuts a text. Without a secret block, splitSections' sections of the text.
 */
export function splitPieces(text: string, minChars = MIN_SECTION_CHARS): SectionPiece[] {
  const segments = text.includes(':::') ? secretSegments(text) : [];
  if (!segments.some((segment) => segment.secret)) return piecesOf(splitSections(text, minChars));
  return segments.flatMap((segment) => {
    const pieces = piecesOf(splitSections(segment.text, minChars), segment.line);
    if (segment.secret) {
      pieces.forEach((piece, index) => {
        piece.secret = { first: index === 0, last: index === pieces.length - 1 };
      });
    }
    return pieces;
  });
}

const asPieces = (sections: readonly (string | SectionPiece)[]): readonly SectionPiece[] =>
  sections.every((section) => typeof section !== 'string')
    ? (sections as readonly SectionPiece[])
    : piecesOf(sections.map((section) => (typeof section === 'string' ? section : section.text)));

const textOf = (section: string | SectionPiece) => (typeof section === 'string' ? section : section.text);

/** The link reference definitions of all the sections, the first definition of a label winning. */
export function sectionReferences(
  sections: readonly (string | SectionPiece)[],
  of: (section: string) => LinkReferences = linkReferences,
): LinkReferences | undefined {
  let all: LinkReferences | undefined;
  for (const section of sections.map(textOf)) {
    // A definition is `[label]:`; a section without that cannot hold one.
    if (!section.includes(']:')) continue;
    for (const [label, reference] of Object.entries(of(section))) {
      all ??= {};
      if (!(label in all)) all[label] = reference;
    }
  }
  return all;
}

/** What the sections of one text render with besides their own text. */
export interface SectionContext {
  /** Campaign links: resolved with this (a new one renders every section again). */
  links?: LinkRendering | undefined;
  /** Heading ids (and the rules read view's block lines), from the whole text's headings. */
  anchors?:
    | {
        headings: readonly RulesHeading[];
        /** Before each slug in a heading's id (default `h-`, the rules read view's). */
        idPrefix?: string | undefined;
        /** Blocks carry their line (default true); without, a section's HTML does not depend on
         *  where it starts, so a line added above does not render the sections below again. */
        lines?: boolean | undefined;
        backlinksLabel?: ((heading: string) => string) | undefined;
        revealLabel?: ((heading: string, slug: string) => string) | undefined;
      }
    | undefined;
}

/** Each section's first line in the whole text and its headings by line within it. */
export function sectionAnchors(
  sections: readonly (string | SectionPiece)[],
  headings: readonly RulesHeading[],
  withLines = true,
): { lineOffset: number; headings: Map<number, AnchoredHeading>; key: string }[] {
  let next = 0;
  return asPieces(sections).map(({ text: section, line: lineOffset }) => {
    let lines = 0;
    for (let at = section.indexOf('\n'); at !== -1; at = section.indexOf('\n', at + 1)) lines += 1;
    const own = new Map<number, AnchoredHeading>();
    let key = withLines ? `${lineOffset}` : '';
    // Cut sections end with their line break: the next line is the next section's.
    const end = lineOffset + lines + (section.endsWith('\n') ? 0 : 1);
    while (next < headings.length && headings[next]!.line < end) {
      const heading = headings[next]!;
      if (heading.line >= lineOffset) {
        own.set(heading.line - lineOffset, { slug: heading.slug, text: heading.text });
        key += `\u0001${heading.slug}`;
      }
      next += 1;
    }
    return { lineOffset, headings: own, key };
  });
}

/** Rendering each section alone: the same HTML as rendering the whole text at once. */
export function renderSections(
  sections: readonly (string | SectionPiece)[],
  context: SectionContext = {},
): string[] {
  const references = sectionReferences(sections);
  const anchors = context.anchors
    ? sectionAnchors(sections, context.anchors.headings, context.anchors.lines !== false)
    : null;
  return sections.map(textOf).map((section, index) =>
    renderMarkdown(section, references, {
      links: context.links,
      anchors: anchors
        ? {
            ...anchors[index]!,
            idPrefix: context.anchors?.idPrefix,
            lines: context.anchors?.lines,
            backlinksLabel: context.anchors?.backlinksLabel,
            revealLabel:
              typeof sections[index] !== 'string' && sections[index]!.secret
                ? undefined
                : context.anchors?.revealLabel,
          }
        : undefined,
    }),
  );
}

/**
 * A rough height (px) of a section once rendered, for the space it holds before it is laid out: lines
 * of about 90 characters, 26 px each, plus the gaps between blocks.
 */
export function estimateHeight(section: string): number {
  let height = 0;
  for (let start = 0; start < section.length;) {
    let end = section.indexOf('\n', start);
    if (end === -1) end = section.length;
    const length = end - start;
    height += length === 0 ? 12 : 26 * Math.ceil(length / 90);
    start = end + 1;
  }
  return Math.max(26, Math.round(height));
}

export interface RenderedSection {
  /** Stable while the section's text is: a React key. */
  key: string;
  /** The section's HTML, or null when not rendered yet. */
  html: string | null;
  /** Rough height in px (estimateHeight). */
  estimate: number;
  /** A part of a secret block (SectionPiece). */
  secret?: { first: boolean; last: boolean } | undefined;
}

interface Entry {
  id: number;
  html: string | null;
  estimate: number;
}

/**
 * Renders sections and keeps each one's HTML by its text, so the next text renders only the sections
 * it changed. The memory follows the text shown: each call keeps the entries of its own sections only.
 */
export class SectionRenderer {
  private entries = new Map<string, Entry>();
  /** Link references by section text, for the sections that have `]:`. */
  private references = new Map<string, LinkReferences>();
  /** The link references the entries were rendered with (JSON). */
  private referencesKey = '';
  /** The links and anchor options the entries were rendered with. */
  private links: LinkRendering | undefined;
  private anchored = false;
  private anchorKey = '';
  private backlinksLabel: ((heading: string) => string) | undefined;
  private revealLabel: ((heading: string, slug: string) => string) | undefined;
  private nextId = 0;

  /**
   * The sections, rendered: those already rendered before, then new ones in order until `budget`
   * characters have been rendered in this call (at least one); the rest come back with `html: null`
   * (`pending` of them) for a later call.
   */
  render(
    input: readonly (string | SectionPiece)[],
    budget: number,
    context: SectionContext = {},
  ): { sections: RenderedSection[]; pending: number } {
    const pieces = asPieces(input);
    const sections = pieces.map(textOf);
    const known = this.references;
    const nextReferences = new Map<string, LinkReferences>();
    const references = sectionReferences(sections, (section) => {
      const found = known.get(section) ?? linkReferences(section);
      nextReferences.set(section, found);
      return found;
    });
    this.references = nextReferences;
    const referencesKey = references ? JSON.stringify(references) : '';
    // Other definitions, other names to link to (a rename, a new unit) or other anchors: every
    // section may read them differently.
    const anchored = context.anchors !== undefined;
    const idPrefix = context.anchors?.idPrefix;
    const lines = context.anchors?.lines !== false;
    const anchorKey = `${idPrefix ?? ''}\u0000${lines}`;
    const backlinksLabel = context.anchors?.backlinksLabel;
    const revealLabel = context.anchors?.revealLabel;
    const same =
      referencesKey === this.referencesKey &&
      context.links === this.links &&
      anchored === this.anchored &&
      anchorKey === this.anchorKey &&
      backlinksLabel === this.backlinksLabel &&
      revealLabel === this.revealLabel;
    const previous = same ? this.entries : new Map<string, Entry>();
    this.referencesKey = referencesKey;
    this.links = context.links;
    this.anchored = anchored;
    this.anchorKey = anchorKey;
    this.backlinksLabel = backlinksLabel;
    this.revealLabel = revealLabel;
    // Anchored, a section's HTML also depends on its headings' slugs (and, with lines, where it starts).
    const anchors = context.anchors ? sectionAnchors(pieces, context.anchors.headings, lines) : null;

    const next = new Map<string, Entry>();
    const seen = new Map<number, number>();
    const rendered: RenderedSection[] = [];
    let spent = 0;
    let pending = 0;
    for (const [index, section] of sections.entries()) {
      const anchor = anchors?.[index];
      const key = anchor ? `${anchor.key}\u0000${section}` : section;
      let entry = next.get(key) ?? previous.get(key);
      if (!entry) entry = { id: this.nextId++, html: null, estimate: estimateHeight(section) };
      if (entry.html === null) {
        if (spent === 0 || spent < budget) {
          const html = renderMarkdown(section, references, {
            links: context.links,
            anchors: anchor
              ? {
                  lineOffset: anchor.lineOffset,
                  headings: anchor.headings,
                  idPrefix,
                  lines,
                  backlinksLabel,
                  // A heading inside a secret block is not revealed (players never get its lines).
                  revealLabel: pieces[index]!.secret ? undefined : revealLabel,
                }
              : undefined,
          });
          entry = { ...entry, html };
          spent += section.length;
        } else {
          pending += 1;
        }
      }
      next.set(key, entry);
      // The same text twice: the same entry, told apart by its occurrence.
      const occurrence = seen.get(entry.id) ?? 0;
      seen.set(entry.id, occurrence + 1);
      rendered.push({
        key: occurrence === 0 ? `s${entry.id}` : `s${entry.id}.${occurrence}`,
        html: entry.html,
        estimate: entry.estimate,
        secret: pieces[index]!.secret,
      });
    }
    this.entries = next;
    return { sections: rendered, pending };
  }
}
