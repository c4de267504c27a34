// Public, cacheable facts about this installation: the operator details of the imprint and terms
// (docs/product.md#legal-pages: read from configuration) and whether payments and mail run in demo mode.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteInfo, type SiteInfo } from '@questkeeper/core/schemas/site';
import type { Config } from '../../config';

const routes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const info: SiteInfo = {
    operator: { ...config.operator },
    supportEmail: config.mail.supportEmail,
    payments: config.stripe ? 'stripe' : 'demo',
    mail: config.mail.smtpUrl ? 'smtp' : 'demo',
    // Decision 045: a demo reachable from a network says so on every page.
    demoBanner: config.demo.declared && (config.demo.mail || config.demo.payments),
  };
  app.get('/api/site', { schema: { tags: ['site'], response: { 200: siteInfo } } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(info),
  );
};
export default routes;
