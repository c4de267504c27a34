import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { health } from '@questkeeper/core/schemas/health';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: health, 503: health } } },
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', driver: app.database.driver });
    },
  );
};
export default routes;
