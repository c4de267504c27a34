// After a create or a save the toast says what happened; the spotlight shows where: the
// new or changed card is scrolled into view and outlined for a moment. With reduced motion the
// scroll jumps and the outline stays still (styles.css animates it only for no-preference).

export const SPOTLIGHT_MS = 2000;

const timers = new WeakMap<Element, number>();

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Scrolls `element` into view (only as far as needed) and marks it with `data-spotlight` for a moment. */
export function spotlight(element: Element | null | undefined): void {
  if (!element) return;
  element.scrollIntoView?.({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  window.clearTimeout(timers.get(element));
  // Removed then set again: a second save of the same card restarts the animation.
  element.removeAttribute('data-spotlight');
  void (element as HTMLElement).offsetWidth;
  element.setAttribute('data-spotlight', '');
  timers.set(
    element,
    window.setTimeout(() => element.removeAttribute('data-spotlight'), SPOTLIGHT_MS),
  );
}
