// Picks the transport the same way as the combat live events (decision 022): Redis when REDIS_URL
// is set, else LISTEN/NOTIFY on PostgreSQL, else memory (PGlite, one process).
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';
import type { Broadcast, BroadcastHandlers } from './broadcast';
import { createMemoryBroadcast } from './memory-broadcast';
import { createPostgresBroadcast } from './postgres-broadcast';
import { createRedisBroadcast } from './redis-broadcast';

export function createBroadcast(options: {
  /** [a-z_]: the NOTIFY channel as is, `qk:<topic>` on Redis. */
  topic: string;
  redisUrl: string | undefined;
  database: Database;
  handlers: BroadcastHandlers;
  log: FastifyBaseLogger;
}): Broadcast {
  const { topic, redisUrl, database, handlers, log } = options;
  if (redisUrl) return createRedisBroadcast({ url: redisUrl, channel: `qk:${topic}`, handlers, log });
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (database.driver === 'postgres' && client instanceof pg.Pool) {
    return createPostgresBroadcast({ pool: client, channel: `questkeeper_${topic}`, handlers, log });
  }
  return createMemoryBroadcast(handlers);
}
