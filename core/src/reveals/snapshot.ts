// What a reveal takes of the campaign (docs/decisions/064): the texts players get, cut from the GM's
// markdown with secret blocks removed by core's one reading of them (text/secret-blocks.ts). Pure: the
// server reads the campaign and stores what these return.
import { REVEAL_TEXT_MAX, REVEAL_TITLE_MAX } from '../limits';
import { rulesHeadings } from '../links/links';
import { isSecretOpener, stripSecrets } from '../text/secret-blocks';

/** A text cut to `max` characters with "…" (never half of a surrogate pair). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** A reveal's title and text: secret blocks out, within the reveal limits. */
export function forPlayers(title: string, text: string): { title: string; text: string } {
  return {
    title: cutText(stripSecrets(title).replace(/\s+/g, ' ').trim(), REVEAL_TITLE_MAX),
    text: cutText(stripSecrets(text).replace(/^\s*\n|\s+$/g, ''), REVEAL_TEXT_MAX),
  };
}

/**
 * The lines of `text` (split on "\n", as rulesHeadings counts them) that are public: not inside a
 * secret block and not a marker line. Read by stripSecrets itself on the WHOLE text, so a block opened
 * before a section hides the section's lines too: a numbered line of its own (it cannot be a marker,
 * NUL is not storable text) before each line tells which ones the stripped text still has.
 */
function publicLines(lines: readonly string[]): boolean[] {
  const tagged = lines.flatMap((line, i) => [`\u0000${i}`, line]).join('\n');
  const kept = new Set<number>();
  for (const line of stripSecrets(tagged).split(/\r\n|\r|\n/)) {
    if (line.startsWith('\u0000')) kept.add(Number(line.slice(1)));
  }
  // A kept tag: no block is open before the line; the line is public unless it opens one.
  return lines.map((line, i) => kept.has(i) && !isSecretOpener(line));
}

/**
 * The rules section under the heading whose anchor is `slug` (the rules view's, rulesHeadings): its
 * heading's text as the title, and the lines after it up to the next heading of the same or a higher
 * level, without secret blocks. Null when no such heading exists or when the heading itself is secret.
 */
export function rulesSection(rules: string, slug: string): { title: string; text: string } | null {
  const headings = rulesHeadings(rules);
  const index = headings.findIndex((heading) => heading.slug === slug);
  const heading = headings[index];
  if (!heading) return null;
  const lines = rules.split('\n').map((line) => line.replace(/\r$/, ''));
  const next = headings.slice(index + 1).find((other) => other.level <= heading.level);
  const end = next?.line ?? lines.length;
  const shown = publicLines(lines);
  if (!shown[heading.line]) return null;
  const body: string[] = [];
  for (let i = heading.line + 1; i < end; i += 1) {
    if (shown[i]) body.push(lines[i]!);
    // A secret block leaves one blank line, as stripSecrets does, so paragraphs stay apart.
    else if (i === heading.line + 1 || shown[i - 1]) body.push('');
  }
  return forPlayers(heading.text, body.join('\n'));
}
