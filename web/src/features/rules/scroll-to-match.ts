// Bringing a search result into sight. The rendered markdown keeps no line numbers, so the rendered
// view is searched for the same occurrence of the query (the n-th one in the source is, in most rules,
// the n-th one on screen); in edit mode the editor selects the match itself (selectInEditor).
import { finishRendering } from '@/components/markdown-editor/markdown-preview';

/** Scrolls the `occurrence`-th (0-based) rendered occurrence of `query` into view; false if absent. */
export function scrollToRenderedMatch(container: HTMLElement, query: string, occurrence: number): boolean {
  const needle = query.toLowerCase();
  if (needle === '') return false;
  // A long text renders in chunks: the match may be in a part not rendered yet.
  finishRendering(container);
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  let seen = 0;
  let last: Element | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const value = (node.nodeValue ?? '').toLowerCase();
    for (let at = value.indexOf(needle); at !== -1; at = value.indexOf(needle, at + needle.length)) {
      last = node.parentElement;
      if (seen === occurrence) {
        last?.scrollIntoView({ block: 'center' });
        return true;
      }
      seen += 1;
    }
  }
  // Markdown syntax may hide some occurrences (a URL, a heading mark): the last one is the closest.
  last?.scrollIntoView({ block: 'center' });
  return last !== null;
}
