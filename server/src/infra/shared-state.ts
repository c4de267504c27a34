// What every server process shares with the others (docs/decisions/055-one-shared-state-layer.md),
// decided once from the configuration: memory with the embedded database (only one process can open
// its data folder), PostgreSQL (LISTEN/NOTIFY, counters in rate_limit_counters) when several
// processes share a database, Redis when REDIS_URL is set. Stores (rate limits, the sign-in back-off,
// stream leases) and live events all read their backend here; none chooses it itself.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database, Db } from '../db/client';
import { createGauges, type Gauges } from './gauges';
import { postgresTransport } from './postgres-transport';
import { createMemoryPubSub, createSharedPubSub, type BackendKind, type PubSub } from './pubsub';
import { openRedis, type RedisConnections } from './redis';
import { redisTransport } from './redis-transport';

/** One store, written for each backend; `SharedState.choose` builds the one in use. */
export interface StoreChoices<Store> {
  memory: () => Store;
  postgres: (db: Db) => Store;
  redis: (redis: Redis) => Store;
}

export interface SharedState {
  readonly backend: BackendKind;
  readonly database: Database;
  /** The Redis connections when REDIS_URL is set. */
  readonly redis: RedisConnections | null;
  readonly pubsub: PubSub;
  /** Gauges for the metrics endpoint; features add theirs. */
  readonly gauges: Gauges;
  choose<Store>(choices: StoreChoices<Store>): Store;
  /** Closes the pub/sub, then the Redis connections (the database is the caller's). */
  close(): Promise<void>;
}

export function selectBackend(options: { redisUrl: string | undefined; database: Database }): BackendKind {
  if (options.redisUrl) return 'redis';
  return options.database.driver === 'postgres' ? 'postgres' : 'memory';
}

export function createSharedState(options: {
  database: Database;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
  /** Channel and connection names of their own: tests sharing one Redis keep apart with it. */
  redisPrefix?: string;
}): SharedState {
  const { database, redisUrl, log } = options;
  const backend = selectBackend(options);
  const redis = redisUrl ? openRedis(redisUrl, { log }) : null;
  const pubsub = redis
    ? createSharedPubSub({ open: redisTransport({ redis, log }), prefix: options.redisPrefix ?? 'qk:', log })
    : database.driver === 'postgres'
      ? createSharedPubSub({
          open: postgresTransport({ pool: database.pool, log }),
          prefix: 'questkeeper_',
          log,
        })
      : createMemoryPubSub();
  const gauges = createGauges();
  const pool = database.driver === 'postgres' ? database.pool : null;
  gauges.add({
    name: 'questkeeper_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests); absent on PGlite.',
    labelNames: ['state'],
    read: () =>
      pool
        ? [
            { labels: { state: 'total' }, value: pool.totalCount },
            { labels: { state: 'idle' }, value: pool.idleCount },
            { labels: { state: 'waiting' }, value: pool.waitingCount },
          ]
        : [],
  });
  return {
    backend,
    database,
    redis,
    pubsub,
    gauges,
    choose(choices) {
      if (redis) return choices.redis(redis.command);
      return backend === 'postgres' ? choices.postgres(database.db) : choices.memory();
    },
    async close() {
      await pubsub.close();
      await redis?.close();
    },
  };
}
