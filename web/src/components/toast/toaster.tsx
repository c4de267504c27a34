// Where toasts show (toast-store.ts has the API): a polite live region at the bottom of the screen,
// one toast at a time. Mounted once, outside the dashboard's main area so a drawer's `inert` never
// reaches it. The region is always in the page: a screen reader hears what is added to it. Above a
// bar stuck to the bottom (the fight's action bar and its Next turn, lib/bottom-bar.ts), never over
// it.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { bottomBarCover, bottomBars } from '@/lib/bottom-bar';
import { toast, useToasts, type Toast, type ToastTone } from './toast-store';

const ICONS: Record<ToastTone, typeof Info> = { success: CircleCheck, info: Info, error: CircleAlert };
const ICON_COLOURS: Record<ToastTone, string> = {
  success: 'text-success',
  info: 'text-brand',
  error: 'text-danger',
};

export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  // Leaving the dashboard (a logout) leaves nothing behind for the next one.
  useEffect(() => () => toast.clear(), []);
  const cover = useBottomBarCover(toasts.length > 0);
  return (
    <section
      aria-label={t('common.notifications')}
      style={cover > 0 ? { bottom: `${cover + 8}px` } : undefined}
      className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex justify-center sm:inset-x-auto sm:right-5 sm:bottom-5"
    >
      {/* A status, read as it grows: each new toast alone, not the whole stack again. */}
      <div role="status" aria-live="polite" aria-atomic="false" className="w-full max-w-sm">
        <ol className="flex flex-col gap-2">
          {toasts.map((item) => (
            <ToastItem key={item.id} item={item} />
          ))}
        </ol>
      </div>
    </section>
  );
}

/** How much of the window's bottom a bar covers, measured while `active` (a toast shows). */
function useBottomBarCover(active: boolean): number {
  const [cover, setCover] = useState(0);
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setCover(bottomBarCover());
    };
    const later = () => {
      if (frame === 0) frame = window.requestAnimationFrame(measure);
    };
    measure();
    // The bar moves when the view scrolls (it sticks to its list's end) or changes size.
    document.addEventListener('scroll', later, { capture: true, passive: true });
    window.addEventListener('resize', later);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    for (const bar of bottomBars()) observer?.observe(bar);
    return () => {
      window.cancelAnimationFrame(frame);
      document.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
      observer?.disconnect();
    };
  }, [active]);
  return active ? cover : 0;
}

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  // Time left survives a pause: hovering does not restart the count; a toast merged into this one
  // (a burst, toast-store.ts) does.
  const left = useRef({ version: item.version, ms: item.duration });

  useEffect(() => {
    if (left.current.version !== item.version) left.current = { version: item.version, ms: item.duration };
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => toast.dismiss(item.id), left.current.ms);
    return () => {
      window.clearTimeout(timer);
      left.current.ms = Math.max(1000, left.current.ms - (Date.now() - started));
    };
  }, [paused, item.id, item.version, item.duration]);

  const Icon = ICONS[item.tone];
  return (
    <li
      data-tone={item.tone}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
      className="qk-toast pointer-events-auto flex items-start gap-3 rounded-card border border-line bg-surface py-3 pr-2 pl-4 text-ink shadow-card"
    >
      <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${ICON_COLOURS[item.tone]}`} />
      <p className="min-w-0 flex-1 py-0.5 text-sm leading-snug font-medium break-words">{item.message}</p>
      {item.action ? (
        <button
          type="button"
          onClick={() => {
            item.action?.onClick();
            toast.dismiss(item.id);
          }}
          className="-my-1 shrink-0 rounded-control px-2.5 py-1.5 text-sm font-semibold text-brand underline-offset-4 hover:bg-surface-muted hover:underline"
        >
          {item.action.label}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => toast.dismiss(item.id)}
        aria-label={t('common.dismissNotification')}
        title={t('common.dismissNotification')}
        className="-my-1 inline-flex size-8 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-ink"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
