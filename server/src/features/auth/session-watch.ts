// Tells a long-lived answer (an event stream) that the session it was opened with has ended: logout,
// password change or reset, account deletion — in any process (decision 049). It listens to the
// session evictions every process hears (decision 025). An eviction also follows a language or tier
// change, which leaves the session alive, so each one is checked in the database before the watcher
// is told; a periodic check covers what no message says (the session's expiry, a lost broadcast).
import type { FastifyBaseLogger } from 'fastify';
import { hashToken, sameSecret } from '../../lib/tokens';
import type { Eviction } from './session-cache';

/** How often every watched session is checked even when no eviction was heard. */
export const SESSION_RECHECK_MS = 60_000;

interface Watcher {
  tokenHash: string;
  userId: string;
  ended: () => void;
  checking: boolean;
}

export interface SessionWatch {
  /** Calls `ended` once the session of `token` is gone; returns the unsubscribe. */
  watch(session: { token: string; id: string }, ended: () => void): () => void;
  close(): void;
}

export function createSessionWatch(deps: {
  onEvict: (listener: (eviction: Eviction) => void) => () => void;
  /** Whether the session with this token hash is still valid, read from the database. */
  isLive: (tokenHash: string) => Promise<boolean>;
  recheckMs?: number;
  log?: FastifyBaseLogger;
}): SessionWatch {
  const watchers = new Set<Watcher>();
  let timer: NodeJS.Timeout | undefined;

  const check = (watcher: Watcher) => {
    if (watcher.checking || !watchers.has(watcher)) return;
    watcher.checking = true;
    deps
      .isLive(watcher.tokenHash)
      .then(
        (live) => {
          if (live || !watchers.delete(watcher)) return;
          watcher.ended();
        },
        // Unknown (the database is away): the next eviction or periodic check decides.
        (error: unknown) => deps.log?.warn({ err: error }, 'session check failed'),
      )
      .finally(() => {
        watcher.checking = false;
      });
  };

  const stopEvictions = deps.onEvict((eviction) => {
    for (const watcher of watchers) {
      if (
        eviction === 'all' ||
        ('tokenHash' in eviction
          ? sameSecret(eviction.tokenHash, watcher.tokenHash)
          : eviction.userId === watcher.userId)
      ) {
        check(watcher);
      }
    }
  });

  return {
    watch(session, ended) {
      const watcher: Watcher = {
        tokenHash: hashToken(session.token),
        userId: session.id,
        ended,
        checking: false,
      };
      watchers.add(watcher);
      if (!timer) {
        timer = setInterval(() => {
          for (const each of watchers) check(each);
        }, deps.recheckMs ?? SESSION_RECHECK_MS);
        timer.unref();
      }
      return () => {
        watchers.delete(watcher);
        if (watchers.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    close() {
      stopEvictions();
      clearInterval(timer);
      timer = undefined;
      watchers.clear();
    },
  };
}
