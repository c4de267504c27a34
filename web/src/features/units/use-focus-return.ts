// Keyboard users keep their place: after a dialog of the view closes (form, duplicate, notes,
// delete), focus goes back to the control that opened it, or to the view's heading when that
// control is gone (its unit was deleted, or the empty-state card gave way to a card).
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';

export function useFocusReturn(fallback: RefObject<HTMLElement | null>) {
  const origin = useRef<HTMLElement | null>(null);
  const pending = useRef(false);
  // Bumped to run the effect after the render that closed the dialog.
  const [request, setRequest] = useState(0);

  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    const target = origin.current;
    origin.current = null;
    if (target?.isConnected && !(target as HTMLButtonElement).disabled) target.focus();
    else fallback.current?.focus();
  }, [request, fallback]);

  // Stable, so the memoised cards' callbacks that use it stay stable too.
  return useMemo(
    () => ({
      remember() {
        origin.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      },
      restore() {
        pending.current = true;
        setRequest((n) => n + 1);
      },
    }),
    [],
  );
}
