// Liveness and readiness, apart (issue #19). /api/health answers 200 as long as the process serves
// HTTP — a restart cures nothing when the database is down — and reports the database for people.
// /api/ready answers 503 when this process should get no requests: the database or Redis is out of
// reach, a migration is missing, session evictions are not heard, or it is shutting down.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { health, ready } from '@questkeeper/core/schemas/health';
import { migrationFiles } from '../../db/migrate';
import { appliedMigrations } from './repository';

const REDIS_TIMEOUT_MS = 1000;

const routes: FastifyPluginAsyncZod = async (app) => {
  const expected = migrationFiles().map((file) => file.name);
  // Its own connection: the rate-limit store and the broadcasts keep theirs busy or subscribed.
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        connectTimeout: REDIS_TIMEOUT_MS,
        commandTimeout: REDIS_TIMEOUT_MS,
      })
    : null;
  redis?.on('error', () => {});
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => redis.disconnect());
  });

  const redisUp = async () => {
    if (!redis) return 'unused' as const;
    try {
      return (await redis.ping()) === 'PONG' ? ('up' as const) : ('down' as const);
    } catch {
      return 'down' as const;
    }
  };
  const migrationsDone = async () => {
    try {
      const applied = await appliedMigrations(app.database.db);
      return expected.every((name) => applied.has(name));
    } catch {
      return false;
    }
  };

  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: health } } },
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply.send({
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        driver: app.database.driver,
      });
    },
  );

  app.get(
    '/api/ready',
    { schema: { tags: ['health'], response: { 200: ready, 503: ready } } },
    async (_request, reply) => {
      const [database, migrations, redisState, invalidations] = await Promise.all([
        app.database.ping(),
        migrationsDone(),
        redisUp(),
        app.services.auth.invalidationsHealthy(),
      ]);
      const shuttingDown = app.lifecycle.draining;
      const ok = database && migrations && redisState !== 'down' && invalidations && !shuttingDown;
      return reply.code(ok ? 200 : 503).send({
        status: ok ? 'ready' : 'unavailable',
        database: database ? 'up' : 'down',
        migrations: migrations ? 'done' : 'pending',
        redis: redisState,
        invalidations: invalidations ? 'up' : 'down',
        shuttingDown,
      });
    },
  );
};
export default routes;
