import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, errorOf, registerUser, type TestContext } from '../../test/harness';

// With STRIPE_* set, the demo pages must not exist (they grant any plan for free). The Stripe
// provider itself comes in a later issue; until then its calls answer 503.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ADVENTURER: 'price_a',
      STRIPE_PRICE_HERO: 'price_h',
    },
  });
});
afterAll(async () => ctx?.close());

it('runs the stripe provider and serves no demo page', async () => {
  expect(ctx.app.services.payments.providerName).toBe('stripe');
  expect(ctx.app.services.payments.demo).toBeUndefined();
  for (const url of [
    '/api/stripe/demo/demo.css',
    '/api/stripe/demo/checkout/00000000-0000-4000-8000-000000000000',
  ]) {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  }
});

it('keeps the tier rules in front of the provider, then answers 503 PAYMENT_UNAVAILABLE', async () => {
  const novice = await registerUser(ctx.app);
  const hero = await registerUser(ctx.app, { tier: 'Hero' });
  const call = (url: string, token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect((await call('/api/stripe/create-checkout-session', hero.token, { plan: 'Hero' })).statusCode).toBe(
    409,
  );
  expect((await call('/api/stripe/create-customer-portal-session', novice.token, {})).statusCode).toBe(403);
  const checkout = await call('/api/stripe/create-checkout-session', novice.token, { plan: 'Hero' });
  expect(checkout.statusCode).toBe(503);
  expect(errorOf(checkout).code).toBe('PAYMENT_UNAVAILABLE');
  const webhook = await ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(webhook.statusCode).toBe(503);
});
