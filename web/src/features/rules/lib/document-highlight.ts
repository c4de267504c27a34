// The rules search marks its matches in the document itself, rendered or being edited,
// through the CSS Custom Highlight API: ranges over the text as it is, so neither the rendered
// markdown (HTML the preview owns) nor the editor's DOM (CodeMirror's) is touched. A browser
// without the API (jsdom, older ones) still jumps to a result, without the marks.
import { useEffect, type RefObject } from 'react';
import { finishRendering } from '@/components/markdown-editor/markdown-preview';
import { findMatches } from '@questkeeper/core/text/fold';

/** Every match, and the one a result was chosen for (styles.css). */
export const MATCH_HIGHLIGHT = 'qk-search-match';
export const CURRENT_HIGHLIGHT = 'qk-search-current';
/** A pathological query ('e') on a long rulebook marks this many at most. */
const MAX_MARKS = 5000;

/** Elements whose text reads as one run: a match may span the spans inside, never two of these. */
const BLOCKS = 'p,li,h1,h2,h3,h4,h5,h6,td,th,pre,blockquote,dt,dd,figcaption,.cm-line';

function highlightsSupported(): boolean {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined';
}

/** The ranges of `query` in the text shown inside `container`, in document order. */
export function matchRanges(container: HTMLElement, query: string, limit = MAX_MARKS): Range[] {
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT, {
    // Line numbers and other decorations are not the text, nor a missing link's hidden "(not found)".
    acceptNode: (node) =>
      node.parentElement?.closest('[aria-hidden="true"], .qk-link-hint')
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  let run: Text[] = [];
  let runBlock: Element | null = null;
  const flush = () => {
    if (run.length > 0 && ranges.length < limit) collect(run, query, ranges, limit);
    run = [];
  };
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const block = node.parentElement?.closest(BLOCKS) ?? null;
    if (block !== runBlock) {
      flush();
      runBlock = block;
    }
    run.push(node as Text);
  }
  flush();
  return ranges;
}

function collect(run: Text[], query: string, into: Range[], limit: number) {
  const starts: number[] = [];
  let text = '';
  for (const node of run) {
    starts.push(text.length);
    text += node.data;
  }
  // The node holding the character at `at` (the last node starting at or before it).
  let node = 0;
  const locate = (at: number, isEnd: boolean): [Text, number] => {
    while (node + 1 < run.length && (starts[node + 1]! < at || (!isEnd && starts[node + 1] === at)))
      node += 1;
    return [run[node]!, at - starts[node]!];
  };
  for (const match of findMatches(text, query, limit - into.length)) {
    const range = document.createRange();
    range.setStart(...locate(match.start, false));
    range.setEnd(...locate(match.end, true));
    into.push(range);
  }
}

/**
 * Marks every match of `query` inside `container` while `query` is not blank, and keeps the marks in
 * step with the text (the preview renders long texts in chunks, the editor as it scrolls).
 */
export function useDocumentHighlights(container: RefObject<HTMLElement | null>, query: string): void {
  useEffect(() => {
    const root = container.current;
    if (!root || query.trim() === '' || !highlightsSupported()) return;
    let frame = 0;
    const mark = () => {
      frame = 0;
      CSS.highlights.set(MATCH_HIGHLIGHT, new Highlight(...matchRanges(root, query)));
    };
    mark();
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(mark);
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      CSS.highlights.delete(MATCH_HIGHLIGHT);
      CSS.highlights.delete(CURRENT_HIGHLIGHT);
    };
  }, [container, query]);
}

/**
 * Scrolls the `occurrence`-th (0-based) shown match of `query` into view and marks it as the current
 * one. The rendered markdown keeps no line numbers: the n-th match in the source is, in most rules,
 * the n-th one on screen; markdown syntax may hide some (a URL), so the last one found is the closest.
 */
export function scrollToRenderedMatch(container: HTMLElement, query: string, occurrence: number): boolean {
  // A long text renders in chunks: the match may be in a part not rendered yet.
  finishRendering(container);
  const ranges = matchRanges(container, query, occurrence + 1);
  const range = ranges[Math.min(occurrence, ranges.length - 1)];
  if (!range) return false;
  const element =
    range.startContainer instanceof Element ? range.startContainer : range.startContainer.parentElement;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element?.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  if (highlightsSupported()) CSS.highlights.set(CURRENT_HIGHLIGHT, new Highlight(range));
  return true;
}
