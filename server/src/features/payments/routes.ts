// HTTP only. The payment calls live under /api/stripe whichever provider runs (docs/product.md#payments),
// plus GET /api/auth/billing-info; the calls behind the demo provider's pages are in demo/routes.ts.
import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { billingInfo } from '@questkeeper/core/schemas/auth';
import { errorBody } from '@questkeeper/core/schemas/common';
import { checkoutBody, portalBody, redirectUrl } from '@questkeeper/core/schemas/payments';
import { signedIn, userOf } from '../../plugins/auth';
import demoRoutes, { DEMO_BASE } from './demo/routes';

/** Stripe sends small JSON events; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const routes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.services.payments;
  const tags = ['payments'];

  await signedIn(app, async (authed) => {
    const security = [{ bearer: [] }];

    authed.post(
      '/api/stripe/create-checkout-session',
      {
        schema: {
          tags,
          security,
          body: checkoutBody,
          response: { 200: redirectUrl, 400: errorBody, 401: errorBody, 409: errorBody, 503: errorBody },
        },
      },
      async (request) => payments.createCheckout(userOf(request), request.body),
    );

    authed.post(
      '/api/stripe/create-customer-portal-session',
      {
        schema: {
          tags,
          security,
          body: portalBody.optional(),
          response: { 200: redirectUrl, 400: errorBody, 401: errorBody, 403: errorBody, 503: errorBody },
        },
      },
      async (request) => payments.createPortal(userOf(request), request.body ?? {}),
    );

    authed.get(
      '/api/auth/billing-info',
      { schema: { tags: ['auth', ...tags], security, response: { 200: billingInfo, 401: errorBody } } },
      async (request) => payments.billingInfo(userOf(request)),
    );
  });

  // Signatures are computed over the exact bytes, so this route keeps the raw body whatever its type.
  await app.register(async (child) => {
    const hook = child.withTypeProvider<ZodTypeProvider>();
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    hook.post(
      '/api/stripe/webhook',
      {
        schema: {
          tags,
          description: 'Provider events (Stripe). The demo provider has no webhooks: 404.',
          response: {
            200: z.object({ received: z.literal(true) }),
            400: errorBody,
            404: errorBody,
            503: errorBody,
          },
        },
      },
      async (request) => {
        await payments.handleWebhook({
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          headers: request.headers,
        });
        return { received: true as const };
      },
    );
  });

  if (payments.demo) await app.register(demoRoutes, { prefix: DEMO_BASE, flows: payments.demo });
};
export default routes;
