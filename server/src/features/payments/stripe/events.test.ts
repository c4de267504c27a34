// POST /api/stripe/webhook with the Stripe provider: signed deliveries (real SDK signatures), state
// read back from Stripe (the fake), and what the user then sees in their tier and billing info.
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaidPlan } from '@questkeeper/core/tiers';
import { paymentEvents, subscriptions, users } from '../../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../../test/support/harness';
import { countUnitsInDb, insertCampaign, insertUnits } from '../../../../test/support/unit-fixtures';
import {
  STRIPE_ENV,
  startStripeFake,
  type StripeFake,
  type SubscriptionState,
} from '../../../../test/support/stripe-fake';

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

const PRICE: Record<PaidPlan, string> = { Adventurer: 'price_adventurer', Hero: 'price_hero' };
const PERIOD_END = Math.floor(Date.UTC(2030, 0, 15, 12) / 1000);
const PERIOD_END_ISO = '2030-01-15T12:00:00.000Z';

type Event = { id: string; type: string; data: { object: Record<string, unknown> } };
const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(6).toString('hex')}`;

function event(type: string, object: Record<string, unknown>, id = newId('evt')): Event {
  return { id, type, data: { object } };
}

/** Delivers an event as Stripe does: JSON body, Stripe-Signature computed over the exact bytes. */
function deliver(
  body: Event,
  options: {
    secret?: string;
    /** Unix seconds the signature claims; Stripe's SDK refuses those older than 5 minutes. */
    timestamp?: number;
    signature?: string | null;
    send?: (payload: string) => string;
  } = {},
) {
  const payload = JSON.stringify({
    object: 'event',
    api_version: '2026-10-28.endive',
    livemode: false,
    ...body,
  });
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
          ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
        })
      : options.signature;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload: options.send ? options.send(payload) : payload,
  });
}

async function expectReceived(body: Event) {
  const response = await deliver(body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ received: true });
}

const subscriptionEvent = (type: string, state: SubscriptionState, id?: string) =>
  event(type, { id: state.id, object: 'subscription', customer: state.customer, status: state.status }, id);

const billingInfo = async (token: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/billing-info',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ subscription: Record<string, unknown> | null }>();
};
const tierOf = async (userId: string) =>
  (await ctx.app.database.db.select({ tier: users.tier }).from(users).where(eq(users.id, userId)))[0]?.tier;
const rowOf = async (userId: string) =>
  (await ctx.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
const retrievals = (subscriptionId: string) =>
  fake.calls('GET', `/v1/subscriptions/${subscriptionId}`).length;

/** A user who went through Checkout: their Stripe customer exists and is stored, nothing granted yet. */
async function customerUser(language: 'en' | 'fr' = 'en') {
  const user = await registerUser(ctx.app, { language });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/create-checkout-session',
    headers: bearer(user.token),
    payload: { plan: 'Adventurer' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const customerId = (await rowOf(user._id))?.customerId ?? '';
  expect(customerId).toMatch(/^cus_/);
  return { user, customerId };
}

/** Stripe completes a Checkout for `plan`: state set in the fake, then checkout.session.completed. */
async function subscribe(who: { user: { _id: string }; customerId: string }, plan: PaidPlan) {
  const state: SubscriptionState = {
    id: newId('sub'),
    customer: who.customerId,
    status: 'active',
    price: PRICE[plan],
    metadata: { userId: who.user._id, plan },
    currentPeriodEnd: PERIOD_END,
  };
  fake.setSubscription(state);
  await expectReceived(
    event('checkout.session.completed', {
      id: newId('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      customer: who.customerId,
      subscription: state.id,
      client_reference_id: who.user._id,
      metadata: { userId: who.user._id, plan },
    }),
  );
  return state;
}

describe('signatures', () => {
  it('applies a validly signed checkout.session.completed: Novice → Adventurer, read back from Stripe', async () => {
    const who = await customerUser();
    expect(await tierOf(who.user._id)).toBe('Novice');
    const state = await subscribe(who, 'Adventurer');
    expect(retrievals(state.id)).toBe(1);
    expect(await tierOf(who.user._id)).toBe('Adventurer');
    expect((await billingInfo(who.user.token)).subscription).toEqual({
      plan: 'Adventurer',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: PERIOD_END_ISO,
    });
    expect(await rowOf(who.user._id)).toMatchObject({ subscriptionId: state.id, customerId: who.customerId });
  });

  it.each([
    ['a tampered body', { send: (payload: string) => payload.replace('"canceled"', '"active"') }],
    ['a wrong secret', { secret: 'whsec_someone_else' }],
    ['no Stripe-Signature header', { signature: null }],
    ['a malformed header', { signature: 'nonsense' }],
    ['a signature an hour old', { timestamp: Math.floor(Date.now() / 1000) - 3600 }],
  ] as const)('refuses %s with 400 and changes nothing', async (_label, options) => {
    const who = await customerUser();
    const state = await subscribe(who, 'Hero');
    fake.setSubscription({ ...state, status: 'canceled' });
    const body = subscriptionEvent('customer.subscription.deleted', { ...state, status: 'canceled' });
    const response = await deliver(body, options);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: 'The webhook signature is missing or not valid.',
    });
    expect(retrievals(state.id)).toBe(1);
    expect(await tierOf(who.user._id)).toBe('Hero');
    const recorded = await ctx.app.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, body.id));
    expect(recorded).toEqual([]);
  });
});

describe('ordering and replays', () => {
  it('applies a replayed event once, even when Stripe’s state has moved since', async () => {
    const who = await customerUser();
    const state = await subscribe(who, 'Adventurer');
    const upgrade = subscriptionEvent('customer.subscription.updated', state);
    fake.setSubscription({ ...state, price: PRICE.Hero });
    await expectReceived(upgrade);
    expect(await tierOf(who.user._id)).toBe('Hero');
    fake.setSubscription({ ...state, status: 'canceled' });
    await expectReceived(upgrade);
    expect(await tierOf(who.user._id)).toBe('Hero');
  });

  it('keeps Novice when a late "created/active" event arrives after "deleted"', async () => {
    const who = await customerUser();
    const state = await subscribe(who, 'Hero');
    const created = subscriptionEvent('customer.subscription.created', state);
    fake.setSubscription({ ...state, status: 'canceled' });
    await expectReceived(
      subscriptionEvent('customer.subscription.deleted', { ...state, status: 'canceled' }),
    );
    expect(await tierOf(who.user._id)).toBe('Novice');
    await expectReceived(created);
    expect(await tierOf(who.user._id)).toBe('Novice');
    expect((await billingInfo(who.user.token)).subscription).toMatchObject({
      plan: 'Hero',
      status: 'canceled',
    });
  });

  it('keeps the plan when a late "incomplete" event arrives after the subscription became active', async () => {
    const who = await customerUser();
    const state: SubscriptionState = {
      id: newId('sub'),
      customer: who.customerId,
      status: 'active',
      price: PRICE.Hero,
      metadata: { userId: who.user._id },
    };
    fake.setSubscription(state);
    await expectReceived(subscriptionEvent('customer.subscription.updated', state));
    expect(await tierOf(who.user._id)).toBe('Hero');
    await expectReceived(
      subscriptionEvent('customer.subscription.created', { ...state, status: 'incomplete' }),
    );
    expect(await tierOf(who.user._id)).toBe('Hero');
  });

  it('ignores a late event about an old, ended subscription while a newer one is live', async () => {
    const who = await customerUser();
    const first = await subscribe(who, 'Adventurer');
    fake.setSubscription({ ...first, status: 'canceled' });
    const lateAboutFirst = subscriptionEvent('customer.subscription.updated', first);
    await expectReceived(
      subscriptionEvent('customer.subscription.deleted', { ...first, status: 'canceled' }),
    );
    expect(await tierOf(who.user._id)).toBe('Novice');

    const second = await subscribe(who, 'Hero');
    expect(await tierOf(who.user._id)).toBe('Hero');
    await expectReceived(lateAboutFirst);
    await expectReceived(
      subscriptionEvent('customer.subscription.deleted', { ...first, status: 'canceled' }),
    );
    expect(await tierOf(who.user._id)).toBe('Hero');
    expect(await rowOf(who.user._id)).toMatchObject({
      subscriptionId: second.id,
      plan: 'Hero',
      status: 'active',
    });
  });
});

describe('plan transitions', () => {
  it('follows Adventurer → Hero → Adventurer, a cancellation at period end, then the end (nothing deleted)', async () => {
    const who = await customerUser();
    const state = await subscribe(who, 'Adventurer');
    const campaignId = await insertCampaign(ctx.app, who.user._id);
    await insertUnits(ctx.app, who.user._id, campaignId, 30);

    fake.setSubscription({ ...state, price: PRICE.Hero });
    await expectReceived(subscriptionEvent('customer.subscription.updated', state));
    expect(await tierOf(who.user._id)).toBe('Hero');

    fake.setSubscription({ ...state, price: PRICE.Adventurer });
    await expectReceived(subscriptionEvent('customer.subscription.updated', state));
    expect(await tierOf(who.user._id)).toBe('Adventurer');

    fake.setSubscription({ ...state, cancelAtPeriodEnd: true });
    await expectReceived(subscriptionEvent('customer.subscription.updated', state));
    expect(await tierOf(who.user._id)).toBe('Adventurer');
    expect((await billingInfo(who.user.token)).subscription).toEqual({
      plan: 'Adventurer',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: PERIOD_END_ISO,
    });

    fake.setSubscription({ ...state, status: 'canceled', cancelAtPeriodEnd: true });
    await expectReceived(subscriptionEvent('customer.subscription.deleted', state));
    expect(await tierOf(who.user._id)).toBe('Novice');
    const campaigns = await ctx.app.inject({
      method: 'GET',
      url: '/api/game-data',
      headers: bearer(who.user.token),
    });
    expect(campaigns.json<{ _id: string }[]>().map((c) => c._id)).toEqual([campaignId]);
    expect(await countUnitsInDb(ctx.app, campaignId)).toBe(30);
  });

  it('shows a cancellation scheduled with cancel_at as one at period end', async () => {
    const who = await customerUser();
    const state = await subscribe(who, 'Hero');
    fake.setSubscription({ ...state, cancelAt: PERIOD_END });
    await expectReceived(subscriptionEvent('customer.subscription.updated', state));
    expect((await billingInfo(who.user.token)).subscription).toMatchObject({
      plan: 'Hero',
      cancelAtPeriodEnd: true,
    });
  });

  it('keeps the plan on invoice.payment_failed and shows past_due', async () => {
    const who = await customerUser();
    const state = await subscribe(who, 'Hero');
    fake.setSubscription({ ...state, status: 'past_due' });
    await expectReceived(
      event('invoice.payment_failed', {
        id: newId('in'),
        object: 'invoice',
        customer: who.customerId,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: state.id, metadata: {} },
        },
      }),
    );
    expect(await tierOf(who.user._id)).toBe('Hero');
    expect((await billingInfo(who.user.token)).subscription).toMatchObject({
      plan: 'Hero',
      status: 'past_due',
    });

    // Stripe gives up retrying: the subscription ends unpaid, the user is Novice.
    fake.setSubscription({ ...state, status: 'unpaid' });
    await expectReceived(subscriptionEvent('customer.subscription.updated', state));
    expect(await tierOf(who.user._id)).toBe('Novice');
  });

  it('reads invoice.subscription from endpoints on an API version before 2025-03-31', async () => {
    const who = await customerUser();
    const state = await subscribe(who, 'Adventurer');
    fake.setSubscription({ ...state, status: 'past_due' });
    await expectReceived(
      event('invoice.payment_failed', { id: newId('in'), object: 'invoice', subscription: state.id }),
    );
    expect((await billingInfo(who.user.token)).subscription).toMatchObject({
      plan: 'Adventurer',
      status: 'past_due',
    });
  });

  it('finds the user by customer for a subscription made outside Checkout (no metadata)', async () => {
    const who = await customerUser();
    const state: SubscriptionState = {
      id: newId('sub'),
      customer: who.customerId,
      status: 'active',
      price: PRICE.Hero,
    };
    fake.setSubscription(state);
    await expectReceived(subscriptionEvent('customer.subscription.created', state));
    expect(await tierOf(who.user._id)).toBe('Hero');
  });

  it('gives no plan for a price that is neither STRIPE_PRICE_*', async () => {
    const who = await customerUser();
    const state = await subscribe(who, 'Hero');
    fake.setSubscription({ ...state, price: 'price_something_else' });
    await expectReceived(subscriptionEvent('customer.subscription.updated', state));
    expect(await tierOf(who.user._id)).toBe('Novice');
    expect((await billingInfo(who.user.token)).subscription).toMatchObject({ plan: null, status: 'active' });
  });
});

describe('other deliveries', () => {
  it('acknowledges an event type it does not handle and changes nothing', async () => {
    const who = await customerUser();
    const state = await subscribe(who, 'Adventurer');
    const before = fake.requests.length;
    await expectReceived(event('customer.updated', { id: who.customerId, object: 'customer' }));
    await expectReceived(
      event('checkout.session.completed', {
        id: newId('cs'),
        object: 'checkout.session',
        mode: 'payment',
        subscription: null,
      }),
    );
    expect(fake.requests.length).toBe(before);
    expect(await tierOf(who.user._id)).toBe('Adventurer');
    expect(await rowOf(who.user._id)).toMatchObject({ subscriptionId: state.id, plan: 'Adventurer' });
  });

  it('answers 5xx while Stripe is unreachable, so Stripe delivers again; the redelivery applies', async () => {
    const who = await customerUser();
    const state = await subscribe(who, 'Adventurer');
    fake.setSubscription({ ...state, price: PRICE.Hero });
    const upgrade = subscriptionEvent('customer.subscription.updated', state);
    fake.outage = 'network';
    const failed = await deliver(upgrade);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(Object.keys(failed.json())).toEqual(['code', 'message']);
    expect(await tierOf(who.user._id)).toBe('Adventurer');
    fake.outage = 'none';
    await expectReceived(upgrade);
    expect(await tierOf(who.user._id)).toBe('Hero');
  });

  it('refuses a body larger than any Stripe event with 413, before reading it', async () => {
    const who = await customerUser();
    const state = await subscribe(who, 'Hero');
    fake.setSubscription({ ...state, status: 'canceled' });
    const huge = event('customer.subscription.deleted', {
      id: state.id,
      object: 'subscription',
      padding: 'x'.repeat(600 * 1024),
    });
    const response = await deliver(huge);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await tierOf(who.user._id)).toBe('Hero');
  });

  it('acknowledges an event about a subscription Stripe does not know, changing nothing', async () => {
    const who = await customerUser();
    await subscribe(who, 'Hero');
    await expectReceived(
      subscriptionEvent('customer.subscription.deleted', {
        id: 'sub_not_in_this_account',
        customer: who.customerId,
        status: 'canceled',
        price: PRICE.Hero,
      }),
    );
    expect(await tierOf(who.user._id)).toBe('Hero');
  });
});
