// A search result's snippet cut into plain and marked parts (docs/product.md#campaign-search): the
// server's `ranges` say where the query's words matched; the palette shows those parts in <mark>.
import type { MatchRange } from '@questkeeper/core/text/plain-line';

export interface SnippetPart {
  text: string;
  match: boolean;
}

/**
 * The snippet in order, matched parts flagged. Ranges out of the text, empty, overlapping or out of
 * order (an answer of an older server) are clipped or skipped rather than trusted.
 */
export function snippetParts(snippet: string, ranges: readonly MatchRange[]): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const range of ranges) {
    const start = Math.max(at, Math.min(range.start, snippet.length));
    const end = Math.min(range.end, snippet.length);
    if (end <= start) continue;
    if (start > at) parts.push({ text: snippet.slice(at, start), match: false });
    parts.push({ text: snippet.slice(start, end), match: true });
    at = end;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), match: false });
  return parts;
}
