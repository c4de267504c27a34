// Secret blocks (docs/decisions/064): in any markdown of a campaign, the lines between a line
// `:::secret` and a line `:::` are the GM's alone. One line-based reading, here only, decides what is
// secret: the GM's framed "Secret" rendering, the "Preview as player" toggle and everything derived for
// players (reveals) all call it, so what is framed is exactly what is withheld.
//
// Deliberately simple and biased to hiding: it never parses the document (a `:::secret` line inside a
// code fence, a list item or a quote still opens a block), an opener inside a secret block nests (its
// own `:::` does not end the outer block), and a block left open hides the rest of the text. Whatever
// the markdown does around it, players receive text with the secret lines removed, never rendered
// HTML to be filtered, so no markdown trick can bring them back.

/** Quote marks, a list bullet or number, and indentation before a marker line. */
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*/;
/** `:::secret`, `::: Secret`, `::::secret title`… (case-insensitive). */
const SECRET_OPENER = /^:{3,}[ \t]*secret/i;
/** Any other `:::name` line: inside a secret block it nests, so its `:::` does not end the block. */
const OTHER_OPENER = /^:{3,}[ \t]*\S/;
/** A line of colons alone. */
const CLOSER = /^:{3,}[ \t]*$/;

export interface TextSegment {
  secret: boolean;
  /** The segment's lines, joined with "\n"; a secret segment without its marker lines. */
  text: string;
  /** The 0-based line of the whole text where `text` starts (a secret block: the line after its opener). */
  line: number;
}

const markerOf = (line: string) => line.replace(CONTAINER_PREFIX, '').trimEnd();

/** Whether a line opens a secret block (for editors that mark it). */
export const isSecretOpener = (line: string): boolean => SECRET_OPENER.test(markerOf(line));

/**
 * The text cut into public and secret segments, in order (adjacent lines of one kind together; the
 * marker lines themselves belong to no segment). Line breaks: "\n", "\r\n" and "\r", as markdown reads them.
 */
export function secretSegments(markdown: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let lines: string[] = [];
  let depth = 0;
  // The line the next segment starts on.
  let start = 0;
  const flush = (secret: boolean, next: number) => {
    // An empty secret block is still a block (the GM sees its frame); an empty public run is nothing.
    if (lines.length > 0 || secret) segments.push({ secret, text: lines.join('\n'), line: start });
    lines = [];
    start = next;
  };
  for (const [index, line] of markdown.split(/\r\n|\r|\n/).entries()) {
    const marker = markerOf(line);
    if (depth === 0) {
      if (SECRET_OPENER.test(marker)) {
        flush(false, index + 1);
        depth = 1;
      } else lines.push(line);
      continue;
    }
    if (CLOSER.test(marker)) {
      depth -= 1;
      if (depth === 0) {
        flush(true, index + 1);
        continue;
      }
    } else if (OTHER_OPENER.test(marker)) depth += 1;
    lines.push(line);
  }
  flush(depth > 0, 0);
  return segments;
}

/** Whether the text holds a secret block (an opener line). */
export const hasSecrets = (markdown: string): boolean =>
  /:::/.test(markdown) && markdown.split(/\r\n|\r|\n/).some(isSecretOpener);

/**
 * What players may receive of a markdown text: its public lines, each secret block replaced by one
 * blank line (so the paragraphs around it stay apart). Apply to every text before it leaves for players.
 */
export function stripSecrets(markdown: string): string {
  if (!/:::/.test(markdown)) return markdown;
  const segments = secretSegments(markdown);
  if (!segments.some((s) => s.secret)) return markdown;
  return segments.map((s) => (s.secret ? '' : s.text)).join('\n');
}
