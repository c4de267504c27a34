// The signed-in session of docs/product.md#session: token + user, kept in localStorage, restored at start,
// shared by every tab (a logout in one tab logs out the others). React reads it through useSession().
import { useSyncExternalStore } from 'react';
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import {
  readStoredSession as read,
  SESSION_STORAGE_KEY as STORAGE_KEY,
  storeSession,
  type Session,
  type SessionUser,
} from './stored-session';

export type { Session, SessionUser };

const listeners = new Set<() => void>();
let current: Session | null = read();

function write(next: Session | null) {
  current = next;
  // Private mode without storage: the session lives for this tab only.
  storeSession(next);
  listeners.forEach((listener) => listener());
}

// Not in the build's prerender (Node: no window; pages render signed out there, decision 038).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    current = read();
    listeners.forEach((listener) => listener());
  });
}

export function getSession(): Session | null {
  return current;
}

/** Starts a session from a login, register or refresh answer. */
export function signIn({ token, ...user }: AuthUser): void {
  write({ token, user });
}

export function updateSessionUser(user: SessionUser): void {
  if (current) write({ token: current.token, user: { ...current.user, ...user } });
}

export function clearSession(): void {
  if (current) write(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
