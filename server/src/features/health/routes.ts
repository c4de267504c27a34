// Liveness and readiness, apart (docs/decisions/025). /api/health answers 200 as long as the process serves
// HTTP — a restart cures nothing when the database is down — and reports the database for people.
// /api/ready answers 503 when this process should get no requests: the database or Redis is out of
// reach, a migration is missing, session evictions are not heard, or it is shutting down.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { health, ready } from '@questkeeper/core/schemas/health';
import { migrationFiles } from '../../db/migrate';
import { appliedMigrations } from './repository';

const routes: FastifyPluginAsyncZod = async (app) => {
  const expected = migrationFiles().map((file) => file.name);
  // The process's Redis command connection (server/src/infra/redis.ts): a PING with a 1 s limit.
  const redis = app.shared.redis;
  const redisUp = async () => {
    if (!redis) return 'unused' as const;
    return (await redis.ping()) ? ('up' as const) : ('down' as const);
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
