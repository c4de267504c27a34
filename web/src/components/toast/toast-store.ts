// The one feedback channel for finished actions: created, saved, duplicated, deleted
// (with Undo where the data allows), upgraded. A small store outside React, so any code may speak:
//
//   const toast = useToast();            // in a component (or import { toast } anywhere)
//   toast.success(t('units.created', { name }));
//   toast.success(t('units.deleted', { name }), {
//     action: { label: t('common.undo'), onClick: () => restore() },   // one click, then it closes
//   });
//   toast.info(text); toast.error(text); toast.dismiss(id);
//
// Messages are already translated (the caller owns the words). <Toaster /> (toaster.tsx, mounted
// once by the dashboard) shows them in a polite live region; each can be dismissed, and it closes by
// itself after `duration` ms unless the pointer or the focus is on it (WCAG 2.2.1; decision 029).
//
// Decision 053: one toast at a time, never a stack. A new toast takes the place of the
// one on screen, except one of the same `kind` while that one still shows: they become one toast
// that counts them, said by `many` ("4 units created"), whose action (Undo) runs every merged one.
//
//   toast.success(t('units.created', { name }), {
//     kind: 'units.created', many: (count) => t('units.createdMany', { count }),
//   });
import { useSyncExternalStore } from 'react';

export type ToastTone = 'success' | 'info' | 'error';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  action?: ToastAction | undefined;
  /** How long it stays, in ms; longer by default when it offers an action. */
  duration?: number | undefined;
  /** Toasts of one kind in a burst become one; without a kind, only the very same words do. */
  kind?: string | undefined;
  /** How many things this toast stands for (the copies made in one step); 1 by default. */
  count?: number | undefined;
  /** The words for a burst of `count` things of this kind (count-aware, already translated). */
  many?: ((count: number) => string) | undefined;
}

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  action: ToastAction | undefined;
  duration: number;
  kind: string;
  /** How many things it stands for, merged toasts included. */
  count: number;
  /** Grows with each toast merged into it: its time on screen starts again. */
  version: number;
}

/** The words of the burst on screen (the newest caller's). */
interface Burst {
  many: ((count: number) => string) | undefined;
}

export const TOAST_DURATION_MS = 5000;
/** Long enough to read the message and reach Undo. */
export const TOAST_ACTION_DURATION_MS = 10_000;

let toasts: readonly Toast[] = [];
let burst: Burst = { many: undefined };
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Both actions, in the order they were offered (Undo of a burst undoes each of its actions). */
function both(first: ToastAction | undefined, second: ToastAction | undefined): ToastAction | undefined {
  if (!first || !second) return second ?? first;
  return {
    label: second.label,
    onClick: () => {
      first.onClick();
      second.onClick();
    },
  };
}

function show(tone: ToastTone, message: string, options: ToastOptions = {}): number {
  const duration = options.duration ?? (options.action ? TOAST_ACTION_DURATION_MS : TOAST_DURATION_MS);
  const kind = `${tone}:${options.kind ?? message}`;
  const count = Math.max(1, options.count ?? 1);
  const shown = toasts[0];
  if (shown && shown.kind === kind) {
    // The same kind while it still shows: one toast, counted, on screen again for its full time.
    const total = shown.count + count;
    const many = options.many ?? burst.many;
    burst = { many };
    publish([
      {
        ...shown,
        message: many ? many(total) : message,
        action: both(shown.action, options.action),
        duration: Math.max(shown.duration, duration),
        count: total,
        version: shown.version + 1,
      },
    ]);
    return shown.id;
  }
  const id = nextId++;
  burst = { many: options.many };
  publish([{ id, tone, message, action: options.action, duration, kind, count, version: 0 }]);
  return id;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  dismiss(id: number) {
    if (toasts.some((item) => item.id === id)) publish(toasts.filter((item) => item.id !== id));
  },
  /** Drops every toast (tests start clean; a logout leaves nothing behind). */
  clear() {
    if (toasts.length > 0) publish([]);
  },
};

export type ToastApi = typeof toast;

/** The toast API for components (the same object as `toast`, stable across renders). */
export function useToast(): ToastApi {
  return toast;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast on screen (one at most), as a list. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
