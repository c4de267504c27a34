// A short-lived, in-process cache of authenticated sessions, so the hot path of a signed-in request
// is one query instead of two (docs/decisions/009-session-cache.md). Every change to a session or a
// user (logout, password change or reset, language, tier) evicts at once in this process and, through
// the `sessions` topic every process hears (decision 025, server/src/infra/), in the others within
// milliseconds.
import type { FastifyBaseLogger } from 'fastify';
import type { PubSub } from '../../infra/pubsub';
import type { TopicMessage } from '../../infra/topics';
import { systemClock, type Clock } from '../../lib/clock';
import type { RequestUser } from '../../plugins/request-context';

type CachedUser = Omit<RequestUser, 'token'>;

export interface SessionCache {
  get(tokenHash: string): CachedUser | undefined;
  set(tokenHash: string, user: CachedUser, sessionExpiresAt: Date): void;
  forgetToken(tokenHash: string): void;
  forgetUser(userId: string): void;
  clear(): void;
}

export function createSessionCache(options: {
  ttlMs: number;
  maxEntries?: number;
  /** The clock the session's end is read with, so a cached session ends when the stored one does. */
  clock?: Clock;
}): SessionCache {
  const { ttlMs, maxEntries = 10_000, clock = systemClock } = options;
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
      if (entry.until <= clock.now()) {
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
      entries.set(tokenHash, { user, until: Math.min(clock.now() + ttlMs, sessionExpiresAt.getTime()) });
      let tokens = tokensOfUser.get(user.id);
      if (!tokens) tokensOfUser.set(user.id, (tokens = new Set()));
      tokens.add(tokenHash);
    },
    forgetToken,
    forgetUser(userId) {
      for (const tokenHash of [...(tokensOfUser.get(userId) ?? [])]) forgetToken(tokenHash);
    },
    clear() {
      entries.clear();
      tokensOfUser.clear();
    },
  };
}

/** Evictions every process hears: one token (by hash) or every session of a user. */
export interface SessionInvalidation {
  /** Evicts here, then tells every process; never rejects (a failed publish is logged). */
  forgetToken(tokenHash: string): Promise<void>;
  forgetUser(userId: string): Promise<void>;
  /**
   * Counts the evictions this process has heard. A lookup that started before one and ends after it
   * may hold what was just revoked: the caller does not cache it (see `authenticate`).
   */
  generation(): number;
  /**
   * Hears every eviction, this process's and the others' (`'all'` after the transport missed some):
   * open event streams re-check their session on it (decision 049). Returns the unsubscribe.
   */
  onEvict(listener: (eviction: Eviction) => void): () => void;
  /** Whether evictions from other processes are being heard (readiness). */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

type Message = TopicMessage<'sessions'>;
/** One session by token hash, every session of a user, or (after missed messages) any session. */
export type Eviction = Message | 'all';

/**
 * Shares `cache`'s evictions over the `sessions` topic. Without pub/sub (the cache is off, or tests
 * build the service alone) evictions stay in this process.
 */
export function shareSessionCache(
  cache: SessionCache,
  pubsub: PubSub | undefined,
  log?: FastifyBaseLogger,
): SessionInvalidation {
  let heard = 0;
  const listeners = new Set<(eviction: Eviction) => void>();
  const tell = (eviction: Eviction) => {
    for (const listener of [...listeners]) listener(eviction);
  };
  const apply = (message: Message) => {
    heard += 1;
    if ('tokenHash' in message) cache.forgetToken(message.tokenHash);
    else cache.forgetUser(message.userId);
    tell(message);
  };
  const subscribed = pubsub?.subscribe('sessions', (event) => {
    if (!('resync' in event)) {
      apply(event);
      return;
    }
    // Evictions sent while the transport was away are lost: forget everything instead.
    heard += 1;
    cache.clear();
    tell('all');
  });
  const send = async (message: Message) => {
    apply(message);
    if (!pubsub) return;
    try {
      await pubsub.publish('sessions', message);
    } catch (error) {
      // The change is committed; other processes drop the stale entry within the TTL anyway.
      log?.warn({ err: error }, 'session invalidation not broadcast');
    }
  };
  return {
    forgetToken: (tokenHash) => send({ tokenHash }),
    forgetUser: (userId) => send({ userId }),
    generation: () => heard,
    onEvict(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    healthy: async () => (pubsub ? pubsub.healthy() : true),
    close: async () => {
      const unsubscribe = await subscribed?.catch(() => undefined);
      unsubscribe?.();
    },
  };
}
