// Where the signed-in session is kept (docs/product.md#session), apart from lib/session.ts so that the
// public pages' island script (islands/public-page.ts) reads it without React: a public page loads
// the app only for a signed-in visitor (docs/decisions/069-public-pages-as-islands.md).
import type { AuthUser } from '@questkeeper/core/schemas/auth';

export type SessionUser = Omit<AuthUser, 'token'>;
export interface Session {
  token: string;
  user: SessionUser;
}

export const SESSION_STORAGE_KEY = 'questkeeper.session';

/** The stored session, or null when there is none, it is corrupt or storage is blocked. */
export function readStoredSession(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Session> | null;
    if (typeof parsed?.token !== 'string' || typeof parsed.user?.email !== 'string') return null;
    return parsed as Session;
  } catch {
    return null; // Storage blocked or corrupt: start signed out.
  }
}

/** Writes the session where readStoredSession finds it (null removes it). Storage may be blocked
 *  (private mode): then nothing is kept, and the caller's session lives for this page only. */
export function storeSession(session: Session | null): void {
  try {
    if (session) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Private mode without storage.
  }
}
