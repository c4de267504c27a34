// Windowed rendering for the fight's long lists (issue #6: 200 v 200 starts in one frame budget):
// only the rows in sight of their scroll container, plus a few on each side, are rendered; padding
// keeps the scrollbar true. Rows have a fixed pitch in rem, so text zoom keeps the sums right.
// Tabbing works: the next row is always rendered, and focusing it scrolls the window along.
// Where nothing is laid out (jsdom), every row renders.
import { useLayoutEffect, useState, type RefObject } from 'react';

export interface RowWindow {
  start: number;
  end: number;
  /** Space for the rows above and below the window, in px. */
  before: number;
  after: number;
}

/** Rows rendered before the first measure: enough to fill a tall screen. */
const FIRST_ROWS = 16;
const OVERSCAN = 4;

function remInPx(): number {
  return Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

export function useRowWindow(
  container: RefObject<HTMLElement | null>,
  count: number,
  pitchRem: number,
): RowWindow {
  const [range, setRange] = useState<{ start: number; end: number; pitch: number } | 'all' | null>(null);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => {
      const height = element.clientHeight;
      if (height === 0) {
        setRange('all');
        return;
      }
      const pitch = pitchRem * remInPx();
      const start = Math.max(0, Math.floor(element.scrollTop / pitch) - OVERSCAN);
      const end = Math.min(count, Math.ceil((element.scrollTop + height) / pitch) + OVERSCAN);
      setRange((previous) =>
        previous !== null &&
        previous !== 'all' &&
        previous.start === start &&
        previous.end === end &&
        previous.pitch === pitch
          ? previous
          : { start, end, pitch },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [container, count, pitchRem]);

  if (range === 'all') return { start: 0, end: count, before: 0, after: 0 };
  if (range === null) return { start: 0, end: Math.min(count, FIRST_ROWS), before: 0, after: 0 };
  const end = Math.min(range.end, count);
  const start = Math.min(range.start, end);
  return { start, end, before: start * range.pitch, after: Math.max(0, count - end) * range.pitch };
}
