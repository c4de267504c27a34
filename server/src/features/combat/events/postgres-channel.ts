// Live sync across server processes sharing one PostgreSQL: NOTIFY on publish, and one dedicated
// connection per process that LISTENs (a pooled connection cannot: it goes back to the pool).
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { LocalListeners, decodeMessage, encodeMessage, type CombatChannel } from './channel';

export const NOTIFY_CHANNEL = 'questkeeper_combat';
const RETRY_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

export function createPostgresChannel(options: {
  /** The pool the app queries through: publishing uses it, the listener copies its settings. */
  pool: pg.Pool;
  log: FastifyBaseLogger;
}): CombatChannel {
  const { pool, log } = options;
  const listeners = new LocalListeners();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== NOTIFY_CHANNEL) return;
    const decoded = decodeMessage(message.payload);
    if (decoded) listeners.emit(decoded.campaignId, { version: decoded.version });
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const next = new pg.Client(pool.options);
      // Errors surface here (server restart, network): drop the client and listen again.
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next));
      next.on('notification', onNotification);
      try {
        await next.connect();
        await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
      } catch (error) {
        next.removeAllListeners();
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
      // Anything published while we were away is unknown: streams re-read their version.
      if (reconnected) listeners.emitAll({ resync: true });
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'combat events: LISTEN connection failed, retrying');
        scheduleRetry();
      });
    }, delay);
    retryTimer.unref();
  };

  function lost(which: pg.Client, error?: Error) {
    if (client !== which) return;
    client = null;
    which.removeAllListeners();
    which.on('error', () => {});
    if (closed) return;
    log.warn({ err: error }, 'combat events: LISTEN connection lost, reconnecting');
    scheduleRetry();
  }

  return {
    kind: 'postgres',
    async publish(campaignId, version) {
      await pool.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, encodeMessage(campaignId, version)]);
    },
    async subscribe(campaignId, listener) {
      const remove = listeners.add(campaignId, listener);
      if (!client && !closed) {
        try {
          await connect();
        } catch (error) {
          // The stream still opens; it hears once the listener is back (and resyncs then).
          log.warn({ err: error }, 'combat events: LISTEN connection failed, retrying');
          scheduleRetry();
        }
      }
      return remove;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await connecting?.catch(() => {});
      listeners.clear();
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
