// PostgreSQL LISTEN/NOTIFY (decision 022): NOTIFY through the app's pool; LISTEN on one dedicated
// connection per process (a pooled connection goes back to the pool), opened at start and opened
// again after a loss with the delays of retry.ts.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { OpenTransport } from './pubsub';
import { reconnectDelay } from './retry';

export function postgresTransport(options: { pool: pg.Pool; log: FastifyBaseLogger }): OpenTransport {
  const { pool, log } = options;
  return (channels, handlers) => {
    // Our own identifiers, never input: they go into the LISTEN statement as they are.
    for (const channel of channels) if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel ${channel}`);
    let client: pg.Client | null = null;
    let retryTimer: NodeJS.Timeout | null = null;
    let failures = 0;
    let closed = false;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ ...pool.options, application_name: 'questkeeper-listen' });
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next));
      next.on('notification', (message) => {
        if (message.payload) handlers.message(message.channel, message.payload);
      });
      try {
        await next.connect();
        await next.query(channels.map((channel) => `LISTEN ${channel};`).join(' '));
      } catch (error) {
        next.removeAllListeners();
        next.on('error', () => {});
        await next.end().catch(() => {});
        throw error;
      }
      if (closed) {
        next.removeAllListeners();
        next.on('error', () => {});
        await next.end().catch(() => {});
        return;
      }
      const reconnected = failures > 0;
      client = next;
      failures = 0;
      // Anything published while no connection listened is unknown.
      if (reconnected) handlers.resync();
    };

    const attempt = (): Promise<void> =>
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'pubsub: LISTEN connection failed, retrying');
        scheduleRetry();
      });

    function scheduleRetry() {
      if (closed || retryTimer) return;
      failures += 1;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void attempt();
      }, reconnectDelay(failures));
      retryTimer.unref();
    }

    function lost(which: pg.Client, error?: Error) {
      if (client !== which) return;
      client = null;
      which.removeAllListeners();
      which.on('error', () => {});
      if (closed) return;
      log.warn({ err: error }, 'pubsub: LISTEN connection lost, reconnecting');
      scheduleRetry();
    }

    const listening = attempt();

    return {
      kind: 'postgres',
      // NOTIFY's payload must be shorter than 8,000 bytes (PostgreSQL's default build).
      maxPayloadBytes: 7999,
      async publish(channel, payload) {
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
  };
}
