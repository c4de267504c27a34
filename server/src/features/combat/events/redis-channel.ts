// Live sync through Redis pub/sub when REDIS_URL is set (several processes, whatever the database).
// A subscribed Redis connection can do nothing else, hence two connections.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { LocalListeners, decodeMessage, encodeMessage, type CombatChannel } from './channel';

export const REDIS_CHANNEL = 'qk:combat';

export function createRedisChannel(options: {
  url: string;
  log: FastifyBaseLogger;
  /** Tests share one Redis: a prefix keeps their messages apart. */
  channel?: string;
}): CombatChannel {
  const { url, log } = options;
  const channel = options.channel ?? REDIS_CHANNEL;
  const listeners = new LocalListeners();
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url);
  publisher.on('error', (error) => log.warn({ err: error }, 'combat events: Redis publisher error'));
  subscriber.on('error', (error) => log.warn({ err: error }, 'combat events: Redis subscriber error'));
  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    const decoded = decodeMessage(payload);
    if (decoded) listeners.emit(decoded.campaignId, { version: decoded.version });
  });
  let readyOnce = false;
  // ioredis subscribes again by itself after a reconnect; what was published meanwhile is lost.
  subscriber.on('ready', () => {
    if (readyOnce) listeners.emitAll({ resync: true });
    readyOnce = true;
  });
  const subscribed = subscriber.subscribe(channel).then(
    () => true,
    (error: unknown) => {
      log.warn({ err: error }, 'combat events: Redis subscribe failed');
      return false;
    },
  );

  return {
    kind: 'redis',
    async publish(campaignId, version) {
      await publisher.publish(channel, encodeMessage(campaignId, version));
    },
    async subscribe(campaignId, listener) {
      const remove = listeners.add(campaignId, listener);
      await subscribed;
      return remove;
    },
    async close() {
      listeners.clear();
      await Promise.all([
        subscriber.quit().catch(() => subscriber.disconnect()),
        publisher.quit().catch(() => publisher.disconnect()),
      ]);
    },
  };
}
