import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { createPaymentProvider } from './create-provider';
import { STRIPE_ENV, startStripeFake, type StripeFake } from '../../../test/support/stripe-fake';

// With STRIPE_* set, the Stripe provider runs (here against the local fake) and the demo pages must
// not exist (they grant any plan for free). Its calls are tested in stripe/provider.test.ts and
// stripe/events.test.ts.
let fake: StripeFake;
let ctx: TestContext;
beforeAll(async () => {
  fake = await startStripeFake();
  ctx = await createTestApp({ env: STRIPE_ENV, stripeConnection: fake.connection });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

it('runs the stripe provider and serves no demo page', async () => {
  expect(ctx.app.services.payments.providerName).toBe('stripe');
  expect(ctx.app.services.payments.demo).toBeUndefined();
  for (const url of [
    '/api/stripe/demo/checkout/00000000-0000-4000-8000-000000000000',
    '/api/stripe/demo/portal/00000000-0000-4000-8000-000000000000',
  ]) {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  }
});

it('keeps the tier rules in front of the provider, then answers a Stripe Checkout URL', async () => {
  const novice = await registerUser(ctx.app);
  const hero = await registerUser(ctx.app, { tier: 'Hero' });
  const call = (url: string, token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect((await call('/api/stripe/create-checkout-session', hero.token, { plan: 'Hero' })).statusCode).toBe(
    409,
  );
  expect((await call('/api/stripe/create-customer-portal-session', novice.token, {})).statusCode).toBe(403);
  // The refusals above never reached Stripe.
  expect(fake.requests).toEqual([]);
  const checkout = await call('/api/stripe/create-checkout-session', novice.token, { plan: 'Hero' });
  expect(checkout.statusCode, checkout.body).toBe(200);
  expect(checkout.json<{ url: string }>().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  // The webhook exists (unlike with the demo provider) and wants Stripe's signature.
  const webhook = await ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(webhook.statusCode).toBe(400);
  expect(errorOf(webhook).code).toBe('WEBHOOK_SIGNATURE_INVALID');
});

it('says at start which provider runs, and in which Stripe mode', () => {
  const lines: unknown[][] = [];
  const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
  const db = ctx.database.db;
  expect(createPaymentProvider({ config: ctx.config, db, log }).name).toBe('stripe');
  expect(lines).toEqual([[{ payments: 'stripe', mode: 'test' }, 'payments: Stripe provider']]);
  lines.length = 0;
  const live = {
    ...ctx.config,
    stripe: {
      webhookSecret: 'whsec_x',
      priceAdventurer: 'price_a',
      priceHero: 'price_h',
      secretKey: 'sk_live_x',
    },
  };
  createPaymentProvider({ config: live, db, log });
  expect(lines[0]?.[0]).toEqual({ payments: 'stripe', mode: 'live' });
  lines.length = 0;
  expect(createPaymentProvider({ config: { ...ctx.config, stripe: undefined }, db, log }).name).toBe('demo');
  expect(lines[0]?.[0]).toEqual({ payments: 'demo' });
});
