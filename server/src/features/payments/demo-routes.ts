// The demo provider's "hosted" pages (HTML, not JSON): only registered when the demo provider runs.
// No bearer token here: the session id in the URL is the capability, as with a Stripe checkout URL.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DemoFlows, FormFields } from './demo-flows';
import { renderDemoPage, type DemoPage } from './demo-pages';
import { DEMO_CSS } from './demo-styles';

/** The checkout form holds five short fields. */
const FORM_BODY_LIMIT = 8 * 1024;

type IdParams = { Params: { id: string } };

function send(reply: FastifyReply, view: DemoPage) {
  const { status, html } = renderDemoPage(view);
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The URL is the capability: never hand it to another site.
      .header('referrer-policy', 'no-referrer')
      .send(html)
  );
}

/** String fields of a posted form (or of a JSON object, which the app's parser also accepts). */
function formOf(body: unknown): FormFields {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

const demoRoutes: FastifyPluginAsync<{ flows: DemoFlows }> = async (app, { flows }) => {
  // Browsers post HTML forms url-encoded; Fastify has no parser for it. Scoped to these pages only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const schema = { hide: true };
  const id = (request: FastifyRequest<IdParams>) => request.params.id;

  app.get('/demo.css', { schema }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(DEMO_CSS),
  );

  app.get<IdParams>('/checkout/:id', { schema }, async (request, reply) =>
    send(reply, await flows.checkoutPage(id(request), request.language)),
  );
  app.post<IdParams>('/checkout/:id/confirm', { schema }, async (request, reply) =>
    send(reply, await flows.confirmCheckout(id(request), formOf(request.body), request.language)),
  );
  app.post<IdParams>('/checkout/:id/cancel', { schema }, async (request, reply) =>
    send(reply, await flows.cancelCheckout(id(request), request.language)),
  );

  app.get<IdParams>('/portal/:id', { schema }, async (request, reply) =>
    send(reply, await flows.portalPage(id(request), request.language)),
  );
  app.post<IdParams>('/portal/:id/switch', { schema }, async (request, reply) =>
    send(reply, await flows.switchPlan(id(request), formOf(request.body), request.language)),
  );
  app.post<IdParams>('/portal/:id/cancel', { schema }, async (request, reply) =>
    send(reply, await flows.cancelSubscription(id(request), request.language)),
  );

  // Mistyped or truncated demo links (ids too long to route, wrong methods) get the same page.
  app.setNotFoundHandler((request, reply) =>
    send(reply, { page: 'expired', status: 404, language: request.language }),
  );
};
export default demoRoutes;
