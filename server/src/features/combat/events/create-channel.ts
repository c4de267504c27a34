// Picks the live-sync transport (decision 022): Redis when REDIS_URL is set, else LISTEN/NOTIFY on
// PostgreSQL, else (PGlite, one process) memory.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../../db/client';
import type { CombatChannel } from './channel';
import { createMemoryChannel } from './memory-channel';
import { createPostgresChannel } from './postgres-channel';
import { createRedisChannel } from './redis-channel';

export function createCombatChannel(options: {
  redisUrl: string | undefined;
  database: Database;
  log: FastifyBaseLogger;
}): CombatChannel {
  const { redisUrl, database, log } = options;
  if (redisUrl) return createRedisChannel({ url: redisUrl, log });
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (database.driver === 'postgres' && client instanceof pg.Pool) {
    return createPostgresChannel({ pool: client, log });
  }
  return createMemoryChannel();
}
