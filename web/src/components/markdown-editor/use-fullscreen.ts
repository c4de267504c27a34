// The editor's fullscreen (docs/product.md#markdown-editor): a fixed overlay filling the viewport. While it
// is on, the page behind does not scroll, Tab stays inside and Escape leaves it.
import { useCallback, useEffect, useState, type KeyboardEvent, type RefObject } from 'react';

export function useFullscreen(rootRef: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  const toggle = useCallback(() => setFullscreen((on) => !on), []);

  useEffect(() => {
    if (!fullscreen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [fullscreen]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!fullscreen) return;
    // Escape that closed something inside first (the list of names) leaves fullscreen on.
    if (event.key === 'Escape' && event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault(); // Also keeps a dialog around the editor open.
      event.stopPropagation();
      setFullscreen(false);
      return;
    }
    if (event.key !== 'Tab' || !rootRef.current) return;
    const focusable = [
      ...rootRef.current.querySelectorAll<HTMLElement>(
        'button, input, textarea, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return { fullscreen, toggle, onKeyDown };
}
