// OpenAPI generated from the zod schemas of core, served at /api/docs (JSON at /api/docs/json).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Questkeeper API',
        description:
          'Every call of the product. Errors answer `{ code, message, fields? }` with a localized message.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // staticCSP gives the docs page its own CSP (hashes for swagger-ui's inline bits).
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
