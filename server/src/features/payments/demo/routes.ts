// The calls behind the demo provider's pages (web pages /{lang}/demo-checkout/:id and
// /{lang}/demo-portal/:id), registered only when the demo provider runs. No bearer token here: the
// session id in the path is the capability, as with a Stripe checkout URL (decision 018).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@questkeeper/core/schemas/common';
import {
  demoCheckoutBody,
  demoResult,
  demoSession,
  demoSwitchBody,
} from '@questkeeper/core/schemas/payments';
import type { DemoFlows } from './flows';

export const DEMO_BASE = '/api/stripe/demo';

const tags = ['payments'];
const about =
  'Demo payment provider only (no STRIPE_* configured). No bearer token: the session id is the capability.';
const action = (summary: string) => ({
  tags,
  summary,
  description: `${about} Single use; 410 DEMO_LINK_EXPIRED once used or after one hour.`,
  params: idParams,
  response: { 200: demoResult, 400: errorBody, 404: errorBody, 410: errorBody },
});
const read = (summary: string) => ({
  tags,
  summary,
  description: about,
  params: idParams,
  response: { 200: demoSession, 404: errorBody },
});

const demoRoutes: FastifyPluginAsyncZod<{ flows: DemoFlows }> = async (app, { flows }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // The URL is the capability: never hand it to another site.
    reply.header('referrer-policy', 'no-referrer');
  });

  app.get('/checkout/:id', { schema: read('Reads a demo checkout session') }, async (request) =>
    flows.read(request.params.id, 'checkout'),
  );
  app.post(
    '/checkout/:id/confirm',
    { schema: { ...action('Completes a demo checkout'), body: demoCheckoutBody } },
    async (request) => flows.confirmCheckout(request.params.id, request.body),
  );
  app.post(
    '/checkout/:id/cancel',
    { schema: { ...action('Cancels a demo checkout (changes nothing)') } },
    async (request) => flows.cancelCheckout(request.params.id),
  );

  app.get('/portal/:id', { schema: read('Reads a demo customer portal session') }, async (request) =>
    flows.read(request.params.id, 'portal'),
  );
  app.post(
    '/portal/:id/switch',
    { schema: { ...action('Switches plan in the demo customer portal'), body: demoSwitchBody } },
    async (request) => flows.switchPlan(request.params.id, request.body.plan),
  );
  app.post(
    '/portal/:id/cancel',
    {
      schema: {
        ...action('Cancels the subscription in the demo customer portal (back to Novice)'),
      },
    },
    async (request) => flows.cancelSubscription(request.params.id),
  );
};
export default demoRoutes;
