// Bringing a search result into sight. The rendered markdown keeps no line numbers, so the rendered
// view is searched for the same occurrence of the query (the n-th one in the source is, in most rules,
// the n-th one on screen); the editor's textarea selects the match itself.

/** Scrolls the `occurrence`-th (0-based) rendered occurrence of `query` into view; false if absent. */
export function scrollToRenderedMatch(container: HTMLElement, query: string, occurrence: number): boolean {
  const needle = query.toLowerCase();
  if (needle === '') return false;
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

/** Selects [start, end) in the editor's textarea and scrolls it so the selection is in the middle. */
export function selectInTextarea(textarea: HTMLTextAreaElement, start: number, end: number): void {
  textarea.focus();
  textarea.setSelectionRange(start, end);
  // Browsers do not scroll a textarea to a selection set by script: measure where the line is.
  const top = textHeight(textarea, textarea.value.slice(0, start));
  textarea.scrollTop = Math.max(0, top - textarea.clientHeight / 2);
}

const MIRRORED = [
  'boxSizing',
  'width',
  'paddingLeft',
  'paddingRight',
  'paddingTop',
  'borderLeftWidth',
  'borderRightWidth',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'lineHeight',
  'letterSpacing',
  'tabSize',
  'whiteSpace',
  'overflowWrap',
  'wordBreak',
] as const;

/** Height `text` takes in a textarea shaped like `textarea` (same width, font and wrapping). */
function textHeight(textarea: HTMLTextAreaElement, text: string): number {
  const mirror = document.createElement('textarea');
  const style = window.getComputedStyle(textarea);
  for (const property of MIRRORED) mirror.style[property] = style[property];
  Object.assign(mirror.style, {
    position: 'absolute',
    top: '0',
    left: '-9999px',
    height: '0',
    // Like the textarea once it scrolls: the scrollbar narrows the text.
    overflowX: 'hidden',
    overflowY: 'scroll',
    visibility: 'hidden',
  });
  mirror.setAttribute('aria-hidden', 'true');
  mirror.tabIndex = -1;
  mirror.value = text;
  document.body.append(mirror);
  const height = mirror.scrollHeight;
  mirror.remove();
  return height;
}
