// The Stripe provider's calls (checkout, upgrade, portal, billing address) against the local fake:
// what the real SDK sends, and what the client sees.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  setTier,
  type TestContext,
} from '../../../../test/support/harness';
import { STRIPE_ENV, startStripeFake, type StripeFake } from '../../../../test/support/stripe-fake';

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
beforeEach(() => {
  fake.outage = 'none';
});

const post = (url: string, token: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });
const checkout = (token: string, payload: object, headers?: Record<string, string>) =>
  post('/api/stripe/create-checkout-session', token, payload, headers);
const portal = (token: string, payload: object = {}) =>
  post('/api/stripe/create-customer-portal-session', token, payload);
const billingInfo = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/billing-info', headers: bearer(token) });
const rowOf = async (userId: string) =>
  (await ctx.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
const customersOf = (userId: string) =>
  [...fake.customers.values()].filter((c) => c.metadata.userId === userId);
const since = (mark: number) => fake.requests.slice(mark);
const only = <T>(items: T[]): T => {
  expect(items).toHaveLength(1);
  return items[0] as T;
};

describe('checkout', () => {
  it('creates the customer once, then opens a subscription Checkout in the user’s language', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const mark = fake.requests.length;
    const response = await checkout(user.token, { plan: 'Adventurer' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ url: string }>().url).toMatch(
      /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/,
    );

    const created = only(since(mark).filter((r) => r.method === 'POST' && r.path === '/v1/customers'));
    expect(created.body).toMatchObject({ email: user.email, 'metadata[userId]': user._id });
    expect(created.idempotencyKey).toBe(`questkeeper-customer-${user._id}`);
    const customerId = only(customersOf(user._id)).id;

    const session = only(since(mark).filter((r) => r.path === '/v1/checkout/sessions'));
    expect(session.body).toEqual(
      expect.objectContaining({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user._id,
        'line_items[0][price]': 'price_adventurer',
        'line_items[0][quantity]': '1',
        'metadata[userId]': user._id,
        'metadata[plan]': 'Adventurer',
        'subscription_data[metadata][userId]': user._id,
        'subscription_data[metadata][plan]': 'Adventurer',
        success_url: 'http://questkeeper.test/fr/dashboard?checkout=success&plan=Adventurer',
        cancel_url: 'http://questkeeper.test/fr/dashboard?checkout=cancelled',
        locale: 'fr',
        billing_address_collection: 'required',
      }),
    );
    // The customer is kept, but nothing is granted before Stripe reports a paid subscription.
    expect(await rowOf(user._id)).toMatchObject({
      provider: 'stripe',
      customerId,
      plan: null,
      status: 'incomplete',
    });
    const info = (await billingInfo(user.token)).json<{ subscription: unknown }>();
    expect(info.subscription).toMatchObject({ plan: null, status: 'incomplete' });

    // A second checkout (another plan, another language) reuses the customer.
    const again = fake.requests.length;
    const second = await checkout(user.token, { plan: 'Hero', language: 'en' });
    expect(second.statusCode, second.body).toBe(200);
    expect(since(again).filter((r) => r.path === '/v1/customers')).toEqual([]);
    const secondSession = only(since(again).filter((r) => r.path === '/v1/checkout/sessions'));
    expect(secondSession.body).toMatchObject({
      customer: customerId,
      'line_items[0][price]': 'price_hero',
      'metadata[plan]': 'Hero',
      success_url: 'http://questkeeper.test/en/dashboard?checkout=success&plan=Hero',
      locale: 'en',
    });
    expect(customersOf(user._id)).toHaveLength(1);
  });

  it('gives two parallel first checkouts one customer', async () => {
    const user = await registerUser(ctx.app);
    const mark = fake.requests.length;
    const responses = await Promise.all([
      checkout(user.token, { plan: 'Adventurer' }),
      checkout(user.token, { plan: 'Hero' }),
    ]);
    responses.forEach((r) => expect(r.statusCode, r.body).toBe(200));
    const customerId = only(customersOf(user._id)).id;
    const creates = since(mark).filter((r) => r.path === '/v1/customers');
    expect(new Set(creates.map((r) => r.idempotencyKey))).toEqual(
      new Set([`questkeeper-customer-${user._id}`]),
    );
    const sessions = since(mark).filter((r) => r.path === '/v1/checkout/sessions');
    expect(sessions.map((r) => r.body.customer)).toEqual([customerId, customerId]);
    expect((await rowOf(user._id))?.customerId).toBe(customerId);
  });

  it('upgrades a live Adventurer subscription through the portal, never with a second subscription', async () => {
    const user = await registerUser(ctx.app);
    expect((await checkout(user.token, { plan: 'Adventurer' })).statusCode).toBe(200);
    const customerId = only(customersOf(user._id)).id;
    fake.setSubscription({
      id: 'sub_upgrade',
      customer: customerId,
      status: 'active',
      price: 'price_adventurer',
      metadata: { userId: user._id },
    });
    await setTier(ctx.app, user._id, 'Adventurer');

    const mark = fake.requests.length;
    const response = await checkout(user.token, { plan: 'Hero', language: 'fr' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ url: string }>().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(since(mark).filter((r) => r.path === '/v1/checkout/sessions')).toEqual([]);
    const flow = only(since(mark).filter((r) => r.path === '/v1/billing_portal/sessions'));
    expect(flow.body).toEqual({
      customer: customerId,
      locale: 'fr',
      return_url: 'http://questkeeper.test/fr/dashboard?checkout=cancelled',
      'flow_data[type]': 'subscription_update_confirm',
      'flow_data[subscription_update_confirm][subscription]': 'sub_upgrade',
      'flow_data[subscription_update_confirm][items][0][id]': 'si_upgrade',
      'flow_data[subscription_update_confirm][items][0][price]': 'price_hero',
      'flow_data[subscription_update_confirm][items][0][quantity]': '1',
      'flow_data[after_completion][type]': 'redirect',
      'flow_data[after_completion][redirect][return_url]':
        'http://questkeeper.test/fr/dashboard?checkout=success&plan=Hero',
    });
  });

  it('refuses a plan Stripe already bills before its webhook has arrived (409, no session)', async () => {
    const user = await registerUser(ctx.app);
    expect((await checkout(user.token, { plan: 'Hero' })).statusCode).toBe(200);
    const customerId = only(customersOf(user._id)).id;
    fake.setSubscription({ id: 'sub_lagging', customer: customerId, status: 'active', price: 'price_hero' });
    const mark = fake.requests.length;
    const response = await checkout(user.token, { plan: 'Adventurer' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('ALREADY_SUBSCRIBED');
    expect(since(mark).filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('portal', () => {
  it('opens the Customer Portal of the stored customer, back to the profile view', async () => {
    const user = await registerUser(ctx.app);
    expect((await checkout(user.token, { plan: 'Adventurer' })).statusCode).toBe(200);
    await setTier(ctx.app, user._id, 'Adventurer');
    const mark = fake.requests.length;
    const response = await portal(user.token, { language: 'fr' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ url: string }>().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(only(since(mark).filter((r) => r.path === '/v1/billing_portal/sessions')).body).toEqual({
      customer: only(customersOf(user._id)).id,
      locale: 'fr',
      return_url: 'http://questkeeper.test/fr/dashboard?view=profile',
    });
  });

  it('answers 403 NO_SUBSCRIPTION to a paid tier without a Stripe customer', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const response = await portal(user.token);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({
      code: 'NO_SUBSCRIPTION',
      message: 'You have no paid subscription to manage.',
    });
  });
});

describe('billing address', () => {
  it('reads the address from the Stripe customer; the email stays the account’s', async () => {
    const user = await registerUser(ctx.app);
    expect((await billingInfo(user.token)).json()).toEqual({
      email: user.email,
      address: null,
      subscription: null,
    });
    expect((await checkout(user.token, { plan: 'Hero' })).statusCode).toBe(200);
    const customerId = only(customersOf(user._id)).id;
    expect((await billingInfo(user.token)).json<{ address: unknown }>().address).toBeNull();

    fake.setCustomerAddress(customerId, {
      line1: '12 Dragon Lane',
      line2: null,
      city: 'Lyon',
      postal_code: '69001',
      country: 'FR',
      state: null,
    });
    const info = await billingInfo(user.token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      email: user.email,
      address: { line1: '12 Dragon Lane', line2: null, city: 'Lyon', postal_code: '69001', country: 'FR' },
    });

    // An address Stripe holds only in part is not shown half-filled.
    fake.setCustomerAddress(customerId, {
      line1: null,
      line2: null,
      city: null,
      postal_code: null,
      country: 'FR',
      state: null,
    });
    expect((await billingInfo(user.token)).json<{ address: unknown }>().address).toBeNull();
  });
});

describe('Stripe unreachable', () => {
  it.each(['error', 'network'] as const)(
    'outage %s: checkout and portal answer 503 PAYMENT_UNAVAILABLE without detail, billing info still loads',
    async (outage) => {
      const user = await registerUser(ctx.app, { language: 'fr' });
      expect((await checkout(user.token, { plan: 'Adventurer' })).statusCode).toBe(200);
      await setTier(ctx.app, user._id, 'Adventurer');
      fake.outage = outage;

      const failed = await checkout(user.token, { plan: 'Hero' }, { 'accept-language': 'fr' });
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toEqual({
        code: 'PAYMENT_UNAVAILABLE',
        message: 'Les paiements sont indisponibles pour le moment. Veuillez réessayer plus tard.',
      });
      const portalFailed = await portal(user.token);
      expect(portalFailed.statusCode).toBe(503);
      expect(Object.keys(portalFailed.json())).toEqual(['code', 'message']);

      const info = await billingInfo(user.token);
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({ email: user.email, address: null });
    },
  );
});
