// Redis pub/sub: a subscribed connection can do nothing else, hence a publisher and a subscriber.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Broadcast, BroadcastHandlers } from './broadcast';

export function createRedisBroadcast(options: {
  url: string;
  /** The Redis channel; tests sharing one Redis use their own. */
  channel: string;
  handlers: BroadcastHandlers;
  log: FastifyBaseLogger;
}): Broadcast {
  const { url, channel, handlers, log } = options;
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url);
  publisher.on('error', (error) => log.warn({ err: error, channel }, 'broadcast: Redis publisher error'));
  subscriber.on('error', (error) => log.warn({ err: error, channel }, 'broadcast: Redis subscriber error'));
  subscriber.on('message', (from: string, payload: string) => {
    if (from === channel) handlers.message(payload);
  });
  let readyOnce = false;
  // ioredis subscribes again by itself after a reconnect; what was published meanwhile is lost.
  subscriber.on('ready', () => {
    if (readyOnce) handlers.resync();
    readyOnce = true;
  });
  const listening = subscriber.subscribe(channel).then(
    () => {},
    (error: unknown) => log.warn({ err: error, channel }, 'broadcast: Redis subscribe failed'),
  );

  return {
    kind: 'redis',
    async publish(payload) {
      await publisher.publish(channel, payload);
    },
    listening,
    async healthy() {
      if (subscriber.status !== 'ready') return false;
      try {
        return (await publisher.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.all([
        subscriber.quit().catch(() => subscriber.disconnect()),
        publisher.quit().catch(() => publisher.disconnect()),
      ]);
    },
  };
}
