// Keyboard users keep their place: after a dialog of the list closes (add, edit, delete), focus goes
// back to the control that opened it, or to the list's heading when that control is gone (the entry
// was deleted, or the add button gave way to the limit message).
import { useEffect, useRef, useState, type RefObject } from 'react';

export function useFocusReturn(fallback: RefObject<HTMLElement | null>, busy: boolean) {
  const origin = useRef<HTMLElement | null>(null);
  const pending = useRef(false);
  // Bumped to run the effect after the render that closed the dialog.
  const [request, setRequest] = useState(0);

  useEffect(() => {
    if (!pending.current || busy) return;
    pending.current = false;
    const target = origin.current?.isConnected ? origin.current : fallback.current;
    origin.current = null;
    if (target && !(target as HTMLButtonElement).disabled) target.focus();
    else fallback.current?.focus();
  }, [request, busy, fallback]);

  return {
    remember() {
      origin.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    restore() {
      pending.current = true;
      setRequest((n) => n + 1);
    },
  };
}
