// PostgreSQL LISTEN/NOTIFY: NOTIFY through the app's pool, LISTEN on one dedicated connection per
// process (a pooled connection goes back to the pool), opened at start and reopened when lost.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Broadcast, BroadcastHandlers } from './broadcast';

const RETRY_MS = [250, 500, 1000, 2000, 5000, 10_000];

export function createPostgresBroadcast(options: {
  pool: pg.Pool;
  /** A PostgreSQL identifier of our own ([a-z_]), never input. */
  channel: string;
  handlers: BroadcastHandlers;
  log: FastifyBaseLogger;
}): Broadcast {
  const { pool, channel, handlers, log } = options;
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client(pool.options);
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) handlers.message(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => {});
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    const reconnected = failures > 0;
    client = next;
    failures = 0;
    if (reconnected) handlers.resync();
  };

  const attempt = (): Promise<void> =>
    connect().catch((error: unknown) => {
      log.warn({ err: error, channel }, 'broadcast: LISTEN connection failed, retrying');
      scheduleRetry();
    });

  function scheduleRetry() {
    if (closed || retryTimer) return;
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void attempt();
    }, delay);
    retryTimer.unref();
  }

  function lost(which: pg.Client, error?: Error) {
    if (client !== which) return;
    client = null;
    which.removeAllListeners();
    which.on('error', () => {});
    if (closed) return;
    log.warn({ err: error, channel }, 'broadcast: LISTEN connection lost, reconnecting');
    // Counted as a failure so that the next connection resyncs.
    failures = Math.max(failures, 1);
    scheduleRetry();
  }

  const listening = attempt();

  return {
    kind: 'postgres',
    async publish(payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listening,
    async healthy() {
      const current = client;
      if (!current) return false;
      try {
        await current.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await listening;
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
