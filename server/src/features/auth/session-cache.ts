// A short-lived, in-process cache of authenticated sessions, so the hot path of a signed-in request
// is one query instead of two (docs/decisions/009-session-cache.md). Every change this process makes
// to a session or a user (logout, password change or reset, language, tier) evicts at once; another
// process sharing a PostgreSQL database sees such a change after at most `ttlMs`.
import type { RequestUser } from '../../plugins/request-context';

type CachedUser = Omit<RequestUser, 'token'>;

export interface SessionCache {
  get(tokenHash: string): CachedUser | undefined;
  set(tokenHash: string, user: CachedUser, sessionExpiresAt: Date): void;
  forgetToken(tokenHash: string): void;
  forgetUser(userId: string): void;
}

export function createSessionCache(options: { ttlMs: number; maxEntries?: number }): SessionCache {
  const { ttlMs, maxEntries = 10_000 } = options;
  const entries = new Map<string, { user: CachedUser; until: number }>();
  const tokensOfUser = new Map<string, Set<string>>();

  const forgetToken = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const tokens = tokensOfUser.get(entry.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) tokensOfUser.delete(entry.user.id);
  };

  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.until <= Date.now()) {
        forgetToken(tokenHash);
        return undefined;
      }
      return entry.user;
    },
    set(tokenHash, user, sessionExpiresAt) {
      if (ttlMs <= 0) return;
      if (entries.size >= maxEntries) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = entries.keys().next();
        if (!oldest.done) forgetToken(oldest.value);
      }
      entries.set(tokenHash, { user, until: Math.min(Date.now() + ttlMs, sessionExpiresAt.getTime()) });
      let tokens = tokensOfUser.get(user.id);
      if (!tokens) tokensOfUser.set(user.id, (tokens = new Set()));
      tokens.add(tokenHash);
    },
    forgetToken,
    forgetUser(userId) {
      for (const tokenHash of [...(tokensOfUser.get(userId) ?? [])]) forgetToken(tokenHash);
    },
  };
}
