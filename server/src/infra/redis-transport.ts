// Redis pub/sub: published through the shared command connection, heard on the one subscriber
// connection (a subscribed connection can do nothing else). ioredis reconnects by itself with the
// delays of retry.ts and subscribes again; what was published meanwhile is lost, hence `resync`.
import type { FastifyBaseLogger } from 'fastify';
import type { OpenTransport } from './pubsub';
import type { RedisConnections } from './redis';

export const REDIS_MAX_PAYLOAD_BYTES = 256 * 1024;

export function redisTransport(options: { redis: RedisConnections; log: FastifyBaseLogger }): OpenTransport {
  const { redis, log } = options;
  return (channels, handlers) => {
    const subscriber = redis.subscriber();
    const heard = new Set(channels);
    const onMessage = (channel: string, payload: string) => {
      if (heard.has(channel)) handlers.message(channel, payload);
    };
    let readyOnce = false;
    const onReady = () => {
      if (readyOnce) handlers.resync();
      readyOnce = true;
    };
    subscriber.on('message', onMessage);
    subscriber.on('ready', onReady);
    // Already connected (the connection is shared): its next 'ready' is a reconnect.
    if (subscriber.status === 'ready') readyOnce = true;
    const listening = subscriber.subscribe(...channels).then(
      () => {},
      (error: unknown) => log.warn({ err: error }, 'pubsub: Redis subscribe failed'),
    );
    return {
      kind: 'redis',
      // Redis takes far more; ours stay small enough that every process decoding one stays cheap.
      maxPayloadBytes: REDIS_MAX_PAYLOAD_BYTES,
      async publish(channel, payload) {
        await redis.command.publish(channel, payload);
      },
      listening,
      async healthy() {
        return subscriber.status === 'ready' && (await redis.ping());
      },
      async close() {
        subscriber.off('message', onMessage);
        subscriber.off('ready', onReady);
        await subscriber.unsubscribe(...channels).catch(() => {});
      },
    };
  };
}
