// The one feedback channel for finished actions (issue #16): created, saved, duplicated, deleted
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
}

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  action: ToastAction | undefined;
  duration: number;
}

export const TOAST_DURATION_MS = 5000;
/** Long enough to read the message and reach Undo. */
export const TOAST_ACTION_DURATION_MS = 10_000;
/** Older toasts give way: a burst of actions never buries the screen. */
const MAX_TOASTS = 4;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(tone: ToastTone, message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const duration = options.duration ?? (options.action ? TOAST_ACTION_DURATION_MS : TOAST_DURATION_MS);
  publish([...toasts, { id, tone, message, action: options.action, duration }].slice(-MAX_TOASTS));
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

/** The toasts on screen, oldest first. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
