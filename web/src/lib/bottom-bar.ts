// What is stuck to the bottom of the screen (the fight's action bar, with Next turn) marks itself —
// or a `display: contents` wrapper around it — with `data-bottom-bar`. Toasts sit above it and a
// target that glides to the end of its group is scrolled into view above it, so neither
// hides behind the bar nor covers it.
export const BOTTOM_BAR_SELECTOR = '[data-bottom-bar]';

function boxOf(element: Element): DOMRect {
  const box = element.getBoundingClientRect();
  if (box.width > 0 || box.height > 0 || !element.firstElementChild) return box;
  // A `display: contents` wrapper has no box of its own: its child is the bar.
  return element.firstElementChild.getBoundingClientRect();
}

/** How many px at the bottom of the window the bars cover (0: none on screen). */
export function bottomBarCover(): number {
  const height = window.innerHeight;
  let cover = 0;
  for (const element of document.querySelectorAll(BOTTOM_BAR_SELECTOR)) {
    const box = boxOf(element);
    if (box.height === 0 || box.top >= height || box.bottom <= 0) continue;
    cover = Math.max(cover, height - box.top);
  }
  return cover;
}

/** The bars' elements that have a box (for a ResizeObserver). */
export function bottomBars(): Element[] {
  return [...document.querySelectorAll(BOTTOM_BAR_SELECTOR)].map((element) =>
    element.getBoundingClientRect().height > 0 || !element.firstElementChild
      ? element
      : element.firstElementChild,
  );
}
