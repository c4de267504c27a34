// A small panel beside an element of rendered markdown (a missing link's "Create unit", a rules
// heading's "Linked from"). It lives in the top layer (the popover attribute), so neither the text's
// scroll box nor a modal dialog around it clips or covers it. Focus moves into it; Escape, a click
// outside or Tab away closes it, and focus goes back to the element it was opened from.
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** Room kept between the panel and the window's edges, in px. */
const MARGIN = 8;

/** Browsers with the popover API; elsewhere (jsdom, older browsers) the panel is an ordinary fixed box. */
const TOP_LAYER = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/** Hides a panel shown in the top layer (it then says so with a toggle event); false without the API. */
function hide(panel: HTMLElement | null): boolean {
  if (!panel || !TOP_LAYER) return false;
  panel.hidePopover();
  return true;
}

export function AnchoredPopover({
  anchor,
  label,
  role = 'dialog',
  onClose,
  className = '',
  children,
}: {
  /** The element it opens from: placed below it (above when there is no room), named expanded. */
  anchor: HTMLElement;
  label: string;
  role?: 'dialog' | 'menu';
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      const active = document.activeElement;
      if (!active || active === document.body || panel.contains(active)) anchor.focus();
      onCloseRef.current();
    };
    const place = () => {
      const box = anchor.getBoundingClientRect();
      const width = panel.offsetWidth;
      const height = panel.offsetHeight;
      const left = Math.max(MARGIN, Math.min(box.left, window.innerWidth - width - MARGIN));
      const below = box.bottom + 4;
      const top =
        below + height > window.innerHeight - MARGIN && box.top - height - 4 > MARGIN
          ? box.top - height - 4
          : below;
      panel.style.left = `${left}px`;
      panel.style.top = `${top}px`;
    };
    // Shown in the top layer where browsers can; elsewhere (tests) it is simply there.
    const native = TOP_LAYER;
    if (native) panel.showPopover();
    place();
    anchor.setAttribute('aria-expanded', 'true');
    // The first control, or the panel itself while it has none (a list still loading): Tab then
    // goes on inside it, and leaving it closes it.
    (panel.querySelector<HTMLElement>('a[href], button:not([disabled]), [role="menuitem"]') ?? panel).focus();

    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'closed') close();
    };
    // The popover closes itself on Escape and on a click outside; without it, this does.
    const onPointerDown = (event: PointerEvent) => {
      if (!panel.contains(event.target as Node)) close();
    };
    panel.addEventListener('toggle', onToggle);
    if (!native) document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      closed = true;
      panel.removeEventListener('toggle', onToggle);
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      anchor.setAttribute('aria-expanded', 'false');
      if (native) hide(panel);
    };
  }, [anchor]);

  // Height changes (a list loaded) keep the panel beside its anchor.
  useEffect(() => {
    const panel = ref.current;
    if (!panel || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => window.dispatchEvent(new Event('resize')));
    observer.observe(panel);
    return () => observer.disconnect();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Only the panel closes: not a dialog or the editor's fullscreen around it.
      event.preventDefault();
      event.stopPropagation();
      anchor.focus();
      if (!hide(ref.current)) onCloseRef.current();
      return;
    }
    if (role === 'menu' && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
      const index = items.indexOf(event.target as HTMLElement);
      if (index === -1) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    }
  };

  return (
    <div
      ref={ref}
      popover={TOP_LAYER ? 'auto' : undefined}
      role={role}
      aria-label={label}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && !ref.current?.contains(next) && !hide(ref.current)) onCloseRef.current();
      }}
      className={`fixed inset-auto m-0 outline-none max-w-[min(24rem,calc(100vw-1rem))] rounded-card border border-line bg-surface p-0 text-ink shadow-card ${className}`}
    >
      {children}
    </div>
  );
}
