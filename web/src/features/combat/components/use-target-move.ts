// The target's move to the end of its group (spec §4): the row glides from where it was to where it
// lands in 250 ms (a FLIP animation of that one row, so 200 others cost nothing), and clicks on
// targets are ignored meanwhile. Reduced motion skips the glide, not the pause.
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { TARGET_MOVE_MS } from '@questkeeper/core/rules/combat';

interface Move {
  id: string;
  first: DOMRect;
  hadFocus: boolean;
}

// Unit ids are UUIDs: safe inside an attribute selector as they are.
const rowOf = (id: string) =>
  /^[\w-]+$/.test(id)
    ? (document.querySelector<HTMLElement>(`[data-unit-id="${id}"]`)?.closest<HTMLElement>('li') ?? null)
    : null;

export function useTargetMove() {
  const pending = useRef<Move | null>(null);
  const busyUntil = useRef(0);

  /** Call before the state change that moves the row of `id`. */
  const start = useCallback((id: string) => {
    const row = rowOf(id);
    busyUntil.current = performance.now() + TARGET_MOVE_MS;
    if (!row) return;
    pending.current = {
      id,
      first: row.getBoundingClientRect(),
      hadFocus: row.contains(document.activeElement),
    };
  }, []);

  const busy = useCallback(() => performance.now() < busyUntil.current, []);

  // After every commit: if a row was asked to move, play its move from the old place to the new one.
  useLayoutEffect(() => {
    const move = pending.current;
    if (!move) return;
    pending.current = null;
    const row = rowOf(move.id);
    if (!row) return;
    // React moves the row's element; a moved element can lose the focus on the way.
    if (move.hadFocus && !row.contains(document.activeElement)) {
      row.querySelector<HTMLElement>('[data-unit-id]')?.focus({ preventScroll: true });
    }
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches || !row.animate) return;
    const last = row.getBoundingClientRect();
    const dx = move.first.left - last.left;
    const dy = move.first.top - last.top;
    if (dx === 0 && dy === 0) return;
    row.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
      duration: TARGET_MOVE_MS,
      easing: 'ease-in-out',
    });
  });

  return useMemo(() => ({ start, busy }), [start, busy]);
}
