// Windowed rendering for the fight's long lists (docs/decisions/015: 200 v 200 starts in one frame budget):
// only the rows in sight of their scroll container, plus a few on each side, are rendered; spacer
// rows keep the scrollbar true. (Not padding on the list: a box's max-height never shrinks below
// its padding, so the list would grow to its full height and the window with it.) Rows have a fixed pitch in rem, so text zoom keeps the sums right.
// Tabbing works: the next row is always rendered, and focusing it scrolls the window along.
// Where nothing is laid out (jsdom), every row renders.
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

export interface RowWindow {
  start: number;
  end: number;
  /** Heights of the spacers above and below the window, in rem (0: no spacer). */
  before: number;
  after: number;
}

const OVERSCAN = 4;

function remInPx(): number {
  return Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/**
 * The rows of `count` to render in `container`. The first render assumes the list is scrolled to
 * its top and as tall as `sightRem` (its largest max-height), so a big list starts with the right
 * rows at once and the measure that follows usually changes nothing (no second layout).
 */
export function useRowWindow(
  container: RefObject<HTMLElement | null>,
  count: number,
  pitchRem: number,
  /** The list's gap between rows, in rem: a spacer is followed by one too. */
  gapRem: number,
  sightRem: number,
): RowWindow {
  const [range, setRange] = useState<{ start: number; end: number } | 'all'>(() => ({
    start: 0,
    end: Math.ceil(sightRem / pitchRem) + OVERSCAN,
  }));

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
      const end = Math.ceil((element.scrollTop + height) / pitch) + OVERSCAN;
      setRange((previous) =>
        previous !== 'all' && previous.start === start && previous.end === end ? previous : { start, end },
      );
    };
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    // The observer's first call comes with the frame's own layout: measuring here would force a
    // layout of the whole new screen before the frame (a start mounts three of these lists, decision
    // 071), and the first render's guess is usually right. Without an observer, measure at once.
    if (observer) observer.observe(element);
    else measure();
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [container, pitchRem]);

  if (range === 'all') return { start: 0, end: count, before: 0, after: 0 };
  const end = Math.min(range.end, count);
  const start = Math.min(range.start, end);
  const spacer = (rows: number) => (rows > 0 ? rows * pitchRem - gapRem : 0);
  return { start, end, before: spacer(start), after: spacer(count - end) };
}

/** A spacer row standing for the rows outside the window. */
export function spacerStyle(heightRem: number) {
  return { height: `${heightRem}rem`, flexShrink: 0 };
}

/**
 * A windowed list: the list element with its spacers around the rows in sight. `renderRow` gets the
 * item and its index in the whole list; rows must be exactly `pitchRem - gapRem` high.
 */
export function WindowedList<T>({
  items,
  pitchRem,
  gapRem,
  sightRem,
  ordered = false,
  focusable = false,
  className,
  labelledBy,
  renderRow,
}: {
  items: readonly T[];
  pitchRem: number;
  gapRem: number;
  /** The list's largest max-height, in rem. */
  sightRem: number;
  ordered?: boolean;
  /** Rows with nothing to focus: the list itself takes the focus, so the keyboard can scroll it. */
  focusable?: boolean;
  className: string;
  labelledBy?: string;
  renderRow: (item: T, index: number) => ReactNode;
}) {
  const ref = useRef<HTMLUListElement & HTMLOListElement>(null);
  const rows = useRowWindow(ref, items.length, pitchRem, gapRem, sightRem);
  const List = ordered ? 'ol' : 'ul';
  return (
    <List
      ref={ref}
      aria-labelledby={labelledBy}
      tabIndex={focusable ? 0 : undefined}
      className={className}
      style={{ rowGap: `${gapRem}rem` }}
    >
      {rows.before > 0 ? <li aria-hidden="true" style={spacerStyle(rows.before)} /> : null}
      {items.slice(rows.start, rows.end).map((item, offset) => renderRow(item, rows.start + offset))}
      {rows.after > 0 ? <li aria-hidden="true" style={spacerStyle(rows.after)} /> : null}
    </List>
  );
}
