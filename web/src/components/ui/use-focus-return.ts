// Keyboard users keep their place: after a view's dialog closes (a form, a confirmation, the notes),
// focus goes back to the control that opened it, or to the view's heading (`fallback`) when that
// control is gone or disabled (its entry was deleted, the add button gave way to a limit message).
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';

/** `busy`: a save is still running after the dialog closed; focus moves once it ends, when the
 *  controls it disabled are enabled again. */
export function useFocusReturn(fallback: RefObject<HTMLElement | null>, busy = false) {
  const origin = useRef<HTMLElement | null>(null);
  const pending = useRef(false);
  // Bumped to run the effect after the render that closed the dialog.
  const [request, setRequest] = useState(0);

  useEffect(() => {
    if (!pending.current || busy) return;
    pending.current = false;
    const target = origin.current;
    origin.current = null;
    if (target?.isConnected && !(target as HTMLButtonElement).disabled) target.focus();
    else fallback.current?.focus();
  }, [request, busy, fallback]);

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
