// "Bad input never reaches a 500" for every route the API documents: each one gets malformed bodies,
// ids and headers, signed in (with a real campaign) and anonymous, and must answer a 4xx in the
// `{ code, message }` shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestContext } from '../test/harness';

let ctx: TestContext;
let token: string;
let campaignId: string;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  ctx = await createTestApp();
  token = (await registerUser(ctx.app, { tier: 'Hero' })).token;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/game-data',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Fuzz' },
  });
  campaignId = created.json()._id;
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, object> }>();
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => ctx?.close());

const BAD_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  true,
  {},
  { name: null, email: [], password: {}, plan: 'Dragon', language: 7, template: 'x' },
  { name: 'x'.repeat(100_000), notes: 1e308, hp: -1e308, characteristics: [1, 2], money: 'rich' },
  { races: [{ name: {} }], classes: 'all', statuses: [null], characteristics: [{ name: 'A', max: 7 }] },
  { allies: ['not-a-uuid'], enemies: {}, order: [{}], turnIndex: -1, amount: 1e9, targetId: 5 },
  { sourceCampaignId: '../../etc/passwd', token: ['a'], newPassword: null, template: { $gt: '' } },
  { subject: '\u0000\uFFFF\uD800', message: '<script>alert(1)</script>'.repeat(500) },
];
const BAD_IDS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '%2e%2e', "1' or '1'='1"];

const materialize = (path: string, id: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(id));

/** The routes an anonymous visitor may call; every other documented route needs a token. */
const PUBLIC_ROUTES = new Set([
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/stripe/webhook',
  'GET /api/health',
  'GET /api/site',
  // The demo provider's pages: like a Stripe Checkout URL, the random session id is the capability.
  'GET /api/stripe/demo/checkout/{id}',
  'POST /api/stripe/demo/checkout/{id}/confirm',
  'POST /api/stripe/demo/checkout/{id}/cancel',
  'GET /api/stripe/demo/portal/{id}',
  'POST /api/stripe/demo/portal/{id}/switch',
  'POST /api/stripe/demo/portal/{id}/cancel',
]);

/**
 * Routes that answer a stream which stays open (Server-Sent Events): `app.inject` would wait for its
 * end forever, so their signed-in success path is tested beside them; the refusals still run here.
 */
const STREAMING_ROUTES = new Set(['GET /api/combat/events']);

describe('authentication', () => {
  it('every documented route outside the public list answers 401 without a token', async () => {
    const open: string[] = [];
    for (const { method, path } of routes) {
      if (PUBLIC_ROUTES.has(`${method} ${path}`)) continue;
      const response = await ctx.app.inject({
        method: method as 'GET',
        url: materialize(path, '00000000-0000-4000-8000-000000000000'),
        headers: { 'x-campaign-id': campaignId },
      });
      if (response.statusCode !== 401) open.push(`${response.statusCode} ${method} ${path}`);
    }
    expect(open).toEqual([]);
    expect(routes.length - PUBLIC_ROUTES.size).toBeGreaterThanOrEqual(15);
  });
});

describe('every documented route answers bad input with a 4xx', () => {
  it('covers a meaningful number of routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('signed in, with malformed bodies and ids', async () => {
    const failures: string[] = [];
    for (const { method, path } of routes) {
      if (STREAMING_ROUTES.has(`${method} ${path}`)) continue;
      for (const id of path.includes('{') ? BAD_IDS : ['']) {
        for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : BAD_BODIES) {
          const response = await ctx.app.inject({
            method: method as 'GET',
            url: materialize(path, id),
            headers: { authorization: `Bearer ${token}`, 'x-campaign-id': campaignId },
            ...(body === undefined
              ? {}
              : {
                  payload: JSON.stringify(body),
                  headers: {
                    authorization: `Bearer ${token}`,
                    'x-campaign-id': campaignId,
                    'content-type': 'application/json',
                  },
                }),
          });
          const label = `${method} ${materialize(path, id)} ${JSON.stringify(body)?.slice(0, 60)}`;
          if (response.statusCode >= 500) failures.push(`${response.statusCode} ${label}`);
          else if (response.statusCode >= 400 && String(response.headers['content-type']).includes('json')) {
            const error = response.json<{ code?: unknown; message?: unknown }>();
            if (typeof error.code !== 'string' || typeof error.message !== 'string')
              failures.push(`shape ${label}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('with a malformed campaign header and a broken token', async () => {
    const failures: string[] = [];
    for (const { method, path } of routes) {
      for (const headers of [
        { authorization: `Bearer ${token}`, 'x-campaign-id': 'nope' },
        { authorization: `Bearer ${token}`, 'x-campaign-id': '' },
        { authorization: 'Bearer ' + 'x'.repeat(5000) },
        { authorization: 'Basic abc' },
      ]) {
        const response = await ctx.app.inject({
          method: method as 'GET',
          url: materialize(path, BAD_IDS[1]!),
          headers,
        });
        if (response.statusCode >= 500)
          failures.push(`${response.statusCode} ${method} ${path} ${JSON.stringify(headers).slice(0, 60)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
