import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaigns, demoPaymentSessions, paymentEvents, subscriptions } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import {
  ADDRESS,
  confirmCheckout,
  demoApi,
  openCheckout,
  openPortal,
  postDemo,
  tierOf,
  UUID,
} from '../../../test/support/payment-steps';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload: payload as object } : {}),
  });
const subscriptionOf = async (userId: string) =>
  (await ctx.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];

describe('POST /api/stripe/create-checkout-session (demo provider)', () => {
  it('opens a one-hour demo checkout session for a Novice and answers its URL', async () => {
    const user = await registerUser(ctx.app);
    const before = Date.now();
    const { url, id } = await openCheckout(ctx.app, user.token, 'Adventurer');
    // A page of the web app, in the language of the checkout (decision 018).
    expect(url).toMatch(new RegExp(`^http://questkeeper\\.test/en/demo-checkout/${UUID.source}$`));
    const [session] = await ctx.app.database.db
      .select()
      .from(demoPaymentSessions)
      .where(eq(demoPaymentSessions.id, id));
    expect(session).toMatchObject({
      userId: user._id,
      kind: 'checkout',
      plan: 'Adventurer',
      language: 'en',
      completedAt: null,
    });
    const ttl = (session?.expiresAt.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(61 * 60_000);
  });

  it('confirming the page makes the user Adventurer, seen by refresh-session', async () => {
    const user = await registerUser(ctx.app);
    const { id } = await openCheckout(ctx.app, user.token, 'Adventurer');
    const session = await api('GET', demoApi('checkout', id));
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ plan: 'Adventurer', tier: 'Novice', state: 'live' });

    const done = await confirmCheckout(ctx.app, id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ outcome: 'confirmed', tier: 'Adventurer' });
    expect(await tierOf(ctx.app, user._id)).toBe('Adventurer');
    const refreshed = await api('GET', '/api/auth/refresh-session', user.token);
    expect(refreshed.json()).toMatchObject({ _id: user._id, tier: 'Adventurer' });

    expect(await subscriptionOf(user._id)).toMatchObject({
      provider: 'demo',
      plan: 'Adventurer',
      status: 'active',
      customerId: `demo_cus_${user._id}`,
      subscriptionId: `demo_sub_${id}`,
    });
    const events = await ctx.app.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, `demo:${id}`));
    expect(events).toHaveLength(1);
  });

  it('refuses a plan the user already has or exceeds (409), and lets Adventurer upgrade to Hero', async () => {
    const adventurer = await registerUser(ctx.app, { tier: 'Adventurer' });
    const hero = await registerUser(ctx.app, { tier: 'Hero' });
    for (const [token, plan] of [
      [adventurer.token, 'Adventurer'],
      [hero.token, 'Adventurer'],
      [hero.token, 'Hero'],
    ] as const) {
      const response = await api('POST', '/api/stripe/create-checkout-session', token, { plan });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({
        code: 'ALREADY_SUBSCRIBED',
        message: 'You already have this plan or a higher one.',
      });
    }
    const sessions = await ctx.app.database.db
      .select()
      .from(demoPaymentSessions)
      .where(eq(demoPaymentSessions.userId, hero._id));
    expect(sessions).toHaveLength(0);
    const { id } = await openCheckout(ctx.app, adventurer.token, 'Hero');
    expect((await confirmCheckout(ctx.app, id)).statusCode).toBe(200);
    expect(await tierOf(ctx.app, adventurer._id)).toBe('Hero');
  });

  it.each([
    ['an unknown plan', { plan: 'Novice' }, 'plan'],
    ['no plan', {}, 'plan'],
    ['an unknown language', { plan: 'Hero', language: 'de' }, 'language'],
  ])('refuses %s with 400 and a field message', async (_case, payload, field) => {
    const user = await registerUser(ctx.app);
    const response = await api('POST', '/api/stripe/create-checkout-session', user.token, payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(errorOf(response).fields?.[field]).toEqual(expect.any(String));
  });

  it('parses no url-encoded forms (the demo pages post JSON too)', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers: { ...bearer(user.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'plan=Hero',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 401 to anonymous payment calls', async () => {
    for (const url of ['/api/stripe/create-checkout-session', '/api/stripe/create-customer-portal-session']) {
      const response = await api('POST', url, undefined, { plan: 'Hero' });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    }
    expect((await api('GET', '/api/auth/billing-info')).statusCode).toBe(401);
  });
});

describe('POST /api/stripe/create-customer-portal-session (demo provider)', () => {
  it('refuses a Novice with 403 NO_SUBSCRIPTION, localized', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const response = await api('POST', '/api/stripe/create-customer-portal-session', user.token, {});
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({
      code: 'NO_SUBSCRIPTION',
      message: "Vous n'avez pas d'abonnement payant à gérer.",
    });
  });

  it('lets an Adventurer switch to Hero, once per session', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const { url, id } = await openPortal(ctx.app, user.token);
    expect(url).toMatch(new RegExp(`^http://questkeeper\\.test/en/demo-portal/${UUID.source}$`));
    expect((await api('GET', demoApi('portal', id))).json()).toMatchObject({
      tier: 'Adventurer',
      state: 'live',
    });

    const done = await postDemo(ctx.app, demoApi('portal', id, 'switch'), { plan: 'Hero' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ outcome: 'confirmed', tier: 'Hero' });
    expect(await tierOf(ctx.app, user._id)).toBe('Hero');
    expect(await subscriptionOf(user._id)).toMatchObject({ plan: 'Hero', status: 'active' });

    const again = await postDemo(ctx.app, demoApi('portal', id, 'cancel'));
    expect(again.statusCode).toBe(410);
    expect(await tierOf(ctx.app, user._id)).toBe('Hero');
  });

  it('refuses a switch to a plan that is not a paid plan, and changes nothing', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const { id } = await openPortal(ctx.app, user.token);
    const response = await postDemo(ctx.app, demoApi('portal', id, 'switch'), { plan: 'Novice' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.plan).toEqual(expect.any(String));
    expect((await api('GET', demoApi('portal', id))).json()).toMatchObject({ state: 'live' });
    expect(await tierOf(ctx.app, user._id)).toBe('Hero');
  });

  it('cancelling returns the user to Novice and keeps their campaigns', async () => {
    const user = await registerUser(ctx.app);
    const { id: checkout } = await openCheckout(ctx.app, user.token, 'Hero');
    await confirmCheckout(ctx.app, checkout);
    const { db } = ctx.app.database;
    await db.insert(campaigns).values([
      { userId: user._id, name: 'First' },
      { userId: user._id, name: 'Second' },
      { userId: user._id, name: 'Third' },
    ]);

    const { id } = await openPortal(ctx.app, user.token);
    const done = await postDemo(ctx.app, demoApi('portal', id, 'cancel'));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ outcome: 'downgraded', tier: 'Novice' });
    expect(await tierOf(ctx.app, user._id)).toBe('Novice');
    expect(await subscriptionOf(user._id)).toMatchObject({ plan: 'Hero', status: 'canceled' });
    const kept = await db.select().from(campaigns).where(eq(campaigns.userId, user._id));
    expect(kept.map((c) => c.name).sort()).toEqual(['First', 'Second', 'Third']);
    // The address posted at checkout stays with the (cancelled) subscription.
    expect((await api('GET', '/api/auth/billing-info', user.token)).json().address).toMatchObject({
      city: 'Lyon',
    });
  });
});

describe('GET /api/auth/billing-info', () => {
  it('answers the email and a null address before any subscription', async () => {
    const user = await registerUser(ctx.app);
    const response = await api('GET', '/api/auth/billing-info', user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: user.email, address: null, subscription: null });
  });

  it('answers the address posted on the demo checkout', async () => {
    const user = await registerUser(ctx.app);
    const { id } = await openCheckout(ctx.app, user.token, 'Adventurer');
    await confirmCheckout(ctx.app, id, { ...ADDRESS, line2: 'Tower 3' });
    const response = await api('GET', '/api/auth/billing-info', user.token);
    expect(response.json()).toEqual({
      email: user.email,
      address: {
        line1: '12 Dragon Lane',
        line2: 'Tower 3',
        city: 'Lyon',
        postal_code: '69001',
        country: 'FR',
      },
      subscription: {
        plan: 'Adventurer',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
      },
    });
  });
});

describe('PaymentsService.applySubscription', () => {
  const apply = (change: Parameters<TestContext['app']['services']['payments']['applySubscription']>[0]) =>
    ctx.app.services.payments.applySubscription(change);

  it('applies an event once: a replay with the same id changes nothing', async () => {
    const user = await registerUser(ctx.app);
    const first = await apply({
      userId: user._id,
      provider: 'stripe',
      plan: 'Hero',
      status: 'active',
      eventId: 'evt_replay_1',
      customerId: 'cus_1',
    });
    expect(first).toEqual({ applied: true, tier: 'Hero' });
    const replay = await apply({
      userId: user._id,
      provider: 'stripe',
      plan: null,
      status: 'canceled',
      eventId: 'evt_replay_1',
    });
    expect(replay).toEqual({ applied: false });
    expect(await tierOf(ctx.app, user._id)).toBe('Hero');
    expect(await subscriptionOf(user._id)).toMatchObject({
      plan: 'Hero',
      status: 'active',
      customerId: 'cus_1',
    });
  });

  it('applies one of two parallel deliveries of an event', async () => {
    const user = await registerUser(ctx.app);
    const change = {
      userId: user._id,
      provider: 'stripe' as const,
      plan: 'Adventurer' as const,
      status: 'active',
      eventId: 'evt_parallel',
    };
    const results = await Promise.all([apply(change), apply(change)]);
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await tierOf(ctx.app, user._id)).toBe('Adventurer');
  });

  it.each([
    ['active', 'Hero'],
    ['trialing', 'Hero'],
    ['past_due', 'Hero'],
    ['canceled', 'Novice'],
    ['unpaid', 'Novice'],
    ['incomplete_expired', 'Novice'],
  ])('status %s gives tier %s', async (status, tier) => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    await apply({
      userId: user._id,
      provider: 'stripe',
      plan: 'Hero',
      status,
      eventId: `evt_status_${status}`,
    });
    expect(await tierOf(ctx.app, user._id)).toBe(tier);
  });

  it('keeps stored ids and address when a later event does not carry them', async () => {
    const user = await registerUser(ctx.app);
    const address = { line1: '1 A St', line2: null, city: 'Paris', postal_code: '75001', country: 'FR' };
    await apply({
      userId: user._id,
      provider: 'stripe',
      plan: 'Hero',
      status: 'active',
      eventId: 'evt_keep_1',
      customerId: 'cus_k',
      subscriptionId: 'sub_k',
      billingAddress: address,
    });
    await apply({
      userId: user._id,
      provider: 'stripe',
      plan: 'Adventurer',
      status: 'past_due',
      eventId: 'evt_keep_2',
    });
    expect(await subscriptionOf(user._id)).toMatchObject({
      plan: 'Adventurer',
      status: 'past_due',
      customerId: 'cus_k',
      subscriptionId: 'sub_k',
      billingAddress: address,
    });
    expect(await tierOf(ctx.app, user._id)).toBe('Adventurer');
  });
});

describe('POST /api/stripe/webhook', () => {
  it('answers 404 with the demo provider, which has no webhooks', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"id":"evt_1","type":"customer.subscription.updated"}',
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  });
});

describe('OpenAPI', () => {
  it("documents the payment calls, the demo pages' calls among them", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/stripe/create-checkout-session',
        '/api/stripe/create-customer-portal-session',
        '/api/stripe/webhook',
        '/api/auth/billing-info',
        '/api/contact/send',
      ]),
    );
    // The demo provider runs in tests: its pages' calls are documented like the others.
    expect(paths.filter((p) => p.startsWith('/api/stripe/demo')).sort()).toEqual([
      '/api/stripe/demo/checkout/{id}',
      '/api/stripe/demo/checkout/{id}/cancel',
      '/api/stripe/demo/checkout/{id}/confirm',
      '/api/stripe/demo/portal/{id}',
      '/api/stripe/demo/portal/{id}/cancel',
      '/api/stripe/demo/portal/{id}/switch',
    ]);
  });
});
