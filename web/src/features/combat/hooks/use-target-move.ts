// The target's move to the end of its group (docs/product.md#combat): the row glides from where it was to
// where it lands in 250 ms (a FLIP animation of that one row, so 200 others cost nothing). A pick
// made during the glide is applied when it ends, never dropped (the newest pick wins), and the
// target's card is scrolled into view above the bar stuck to the bottom of the screen (the action
// bar, lib/bottom-bar.ts), even when its list only renders the rows in sight. When the focus was on
// a unit's card, it goes to the new target's (the keys that walk the units rely on it). Reduced
// motion skips the glide, not the pause.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { TARGET_MOVE_MS } from '@questkeeper/core/combat/combat';
import { bottomBarCover } from '@/lib/bottom-bar';

interface Move {
  id: string;
  /** Where the row was on screen (null: it was not rendered). */
  first: DOMRect | null;
  /** The list that holds the row (scrolled to its end when the row is not rendered there). */
  list: HTMLElement | null;
  /** The focus was on a unit's card: it follows the new target. */
  focus: boolean;
  glide: boolean;
}

/** Room kept between the card and the bar under it, in px. */
const MARGIN_PX = 8;

// Unit ids are UUIDs: safe inside an attribute selector as they are.
const buttonOf = (id: string) =>
  /^[\w-]+$/.test(id) ? document.querySelector<HTMLElement>(`[data-unit-id="${id}"]`) : null;
const rowOf = (id: string) => buttonOf(id)?.closest<HTMLElement>('li') ?? null;

/** Scrolls `row` into view (inside its list and the page), clear of the bar at the bottom. */
function reveal(row: HTMLElement) {
  row.style.scrollMarginBottom = `${bottomBarCover() + MARGIN_PX}px`;
  row.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  row.style.scrollMarginBottom = '';
}

/** The move's end: the row in view, the focus on its card, then the glide from where it was. */
function land(row: HTMLElement, move: Move) {
  reveal(row);
  // React moves the row's element; a moved element can lose the focus on the way.
  const button = row.querySelector<HTMLElement>('[data-unit-id]');
  if (move.focus && button && document.activeElement !== button) button.focus({ preventScroll: true });
  if (!move.glide || !move.first || !row.animate) return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const last = row.getBoundingClientRect();
  const dx = move.first.left - last.left;
  const dy = move.first.top - last.top;
  if (dx === 0 && dy === 0) return;
  row.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
    duration: TARGET_MOVE_MS,
    easing: 'ease-in-out',
  });
}

export function useTargetMove() {
  const pending = useRef<Move | null>(null);
  const busyUntil = useRef(0);
  const queued = useRef<number | null>(null);
  const frame = useRef(0);

  useEffect(
    () => () => {
      if (queued.current !== null) window.clearTimeout(queued.current);
      window.cancelAnimationFrame(frame.current);
    },
    [],
  );

  /** Call before the state change that makes `id` the target; `glide`: its row moves to the end. */
  const start = useCallback((id: string, glide: boolean) => {
    const row = rowOf(id);
    if (glide) busyUntil.current = performance.now() + TARGET_MOVE_MS;
    const active = document.activeElement;
    pending.current = {
      id,
      first: row?.getBoundingClientRect() ?? null,
      list: row?.parentElement ?? null,
      focus: active instanceof HTMLElement && active.hasAttribute('data-unit-id'),
      glide,
    };
  }, []);

  const busy = useCallback(() => performance.now() < busyUntil.current, []);

  /** Runs `pick` once the glide in progress is over (a newer pick replaces it). */
  const afterGlide = useCallback((pick: () => void) => {
    if (queued.current !== null) window.clearTimeout(queued.current);
    queued.current = window.setTimeout(
      () => {
        queued.current = null;
        pick();
      },
      Math.max(0, busyUntil.current - performance.now()) + 1,
    );
  }, []);

  // After every commit: if a row was asked to move, bring it into view and play its move.
  useLayoutEffect(() => {
    const move = pending.current;
    if (!move) return;
    pending.current = null;
    const row = rowOf(move.id);
    if (row) {
      land(row, move);
      return;
    }
    // A long group renders only the rows in sight (windowed-list.tsx): the target is at the end of
    // its list, which renders it once scrolled there.
    if (!move.list) return;
    move.list.scrollTop = move.list.scrollHeight;
    window.cancelAnimationFrame(frame.current);
    let frames = 0;
    const look = () => {
      const later = rowOf(move.id);
      if (later) land(later, { ...move, first: null });
      else if (++frames < 10) frame.current = window.requestAnimationFrame(look);
    };
    frame.current = window.requestAnimationFrame(look);
  });

  return useMemo(() => ({ start, busy, afterGlide }), [start, busy, afterGlide]);
}
