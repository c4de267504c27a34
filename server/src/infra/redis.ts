// The Redis connections of a process (docs/decisions/055-one-shared-state-layer.md): one for commands,
// shared by rate limits, the sign-in back-off, stream leases, publishing and the readiness check, and
// one subscriber for pub/sub (a subscribed connection can do nothing else), opened on first use.
// Both reconnect with the delays of retry.ts and close with the app.
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { reconnectDelay } from './retry';

/** How long readiness waits for Redis's PONG before calling it down. */
export const REDIS_PING_TIMEOUT_MS = 1000;

export interface RedisConnections {
  readonly command: Redis;
  /** The pub/sub connection. */
  subscriber(): Redis;
  /** Whether Redis answers a PING within REDIS_PING_TIMEOUT_MS (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function openRedis(
  url: string,
  options: {
    log?: FastifyBaseLogger;
    /** CLIENT SETNAME of both connections (`<name>` and `<name>:sub`): tests find theirs by it. */
    name?: string;
  } = {},
): RedisConnections {
  const { log, name = 'questkeeper' } = options;
  const settings: RedisOptions = { retryStrategy: reconnectDelay };
  const command = new Redis(url, { ...settings, maxRetriesPerRequest: 2, connectionName: name });
  command.on('error', (error) => log?.warn({ err: error }, 'redis: command connection error'));
  let subscriber: Redis | null = null;
  return {
    command,
    subscriber() {
      if (!subscriber) {
        subscriber = new Redis(url, { ...settings, connectionName: `${name}:sub` });
        subscriber.on('error', (error) => log?.warn({ err: error }, 'redis: subscriber connection error'));
      }
      return subscriber;
    },
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), REDIS_PING_TIMEOUT_MS);
      });
      try {
        return await Promise.race([command.ping().then((answer) => answer === 'PONG'), late]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      const connections = subscriber ? [command, subscriber] : [command];
      await Promise.all(connections.map((each) => each.quit().catch(() => each.disconnect())));
    },
  };
}
