// Stripe webhooks (decision 016). A verified event only tells which subscription changed: events
// arrive late, twice or out of order, so the subscription's state is read back from Stripe and that
// current state is what gets applied. A failure to read it answers 5xx, so Stripe delivers again.
import Stripe from 'stripe';
import { PAID_STATUSES, tierAtLeast, type PaidPlan } from '@questkeeper/core/tiers';
import { AppError } from '../../../lib/app-error';
import type { SubscriptionChange, WebhookDelivery } from '../provider';
import * as repo from '../repository';
import type { StripeContext } from './config';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which subscription an event is about, and the user it names when it names one. */
interface Reference {
  subscriptionId: string;
  userId?: string | null | undefined;
}

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/**
 * The cases are the events the webhook endpoint is subscribed to (README, keep both in step); any
 * other type is acknowledged and ignored.
 */
function referenceOf(event: Stripe.Event): Reference | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return null;
      return {
        subscriptionId: idOf(session.subscription),
        userId: session.client_reference_id ?? session.metadata?.userId,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscriptionId: event.data.object.id };
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      // Webhook endpoints pinned to an API version before 2025-03-31 still send invoice.subscription.
      const legacy = (invoice as { subscription?: string | { id: string } | null }).subscription;
      const subscription = invoice.parent?.subscription_details?.subscription ?? legacy;
      return subscription ? { subscriptionId: idOf(subscription) } : null;
    }
    default:
      return null;
  }
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.statusCode === 404 && error.code === 'resource_missing';

export function createStripeEvents(ctx: StripeContext) {
  const { stripe, settings, db, log, call, planOfPrice } = ctx;

  function verify(delivery: WebhookDelivery): Stripe.Event {
    const header = delivery.headers['stripe-signature'];
    if (typeof header !== 'string' || header === '') throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    try {
      return stripe.webhooks.constructEvent(delivery.rawBody, header, settings.webhookSecret);
    } catch (error) {
      log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'stripe webhook refused');
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    }
  }

  /** The highest plan among the subscription's prices; null (and a warning) for prices we do not sell. */
  function planOf(subscription: Stripe.Subscription): PaidPlan | null {
    const highest = subscription.items.data
      .map((item) => planOfPrice(item.price.id))
      .filter((plan): plan is PaidPlan => plan !== null)
      .reduce<PaidPlan | null>((best, plan) => (best && tierAtLeast(best, plan) ? best : plan), null);
    if (highest) return highest;
    log.warn(
      { subscriptionId: subscription.id, prices: subscription.items.data.map((item) => item.price.id) },
      'stripe subscription has no STRIPE_PRICE_* price: treated as no plan',
    );
    return null;
  }

  /** Since API 2025-03-31 the period lives on each subscription item, not on the subscription. */
  function periodEndOf(subscription: Stripe.Subscription): Date | null {
    const ends = subscription.items.data
      .map((item) => item.current_period_end)
      .filter((end): end is number => typeof end === 'number');
    return ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null;
  }

  async function userOf(subscription: Stripe.Subscription, reference: Reference, customerId: string) {
    for (const candidate of [subscription.metadata?.userId, reference.userId]) {
      if (candidate && UUID.test(candidate)) return candidate;
    }
    // Subscriptions made outside our Checkout (the dashboard) carry no user: find it by customer.
    return (await repo.findSubscriptionByCustomer(db, customerId))?.userId;
  }

  return async function parseWebhook(delivery: WebhookDelivery): Promise<SubscriptionChange[]> {
    const event = verify(delivery);
    const reference = referenceOf(event);
    if (!reference) return [];

    const subscription = await call('subscriptions.retrieve', () =>
      stripe.subscriptions.retrieve(reference.subscriptionId).catch((error: unknown) => {
        // Not in this Stripe account (e.g. a test-mode event sent to live keys): nothing can ever apply.
        if (isMissing(error)) return null;
        throw error;
      }),
    );
    if (!subscription) {
      log.warn(
        { eventId: event.id, subscriptionId: reference.subscriptionId },
        'stripe subscription not found',
      );
      return [];
    }

    const customerId = idOf(subscription.customer);
    const userId = await userOf(subscription, reference, customerId);
    if (!userId) {
      log.warn(
        { eventId: event.id, subscriptionId: subscription.id, customerId },
        'stripe event for no known user',
      );
      return [];
    }

    const stored = await repo.findSubscription(db, userId);
    if (
      stored?.provider === 'stripe' &&
      stored.subscriptionId &&
      stored.subscriptionId !== subscription.id &&
      PAID_STATUSES.has(stored.status) &&
      PAID_STATUSES.has(subscription.status)
    ) {
      // Two paid tabs of Checkout, say: the newest subscription is followed, the other one bills too.
      log.warn(
        { userId, kept: subscription.id, previous: stored.subscriptionId },
        'user has two live Stripe subscriptions: refund or cancel the previous one in the Stripe dashboard',
      );
    }

    return [
      {
        userId,
        provider: 'stripe',
        plan: planOf(subscription),
        status: subscription.status,
        customerId,
        subscriptionId: subscription.id,
        // A portal cancellation may set cancel_at (a date) rather than cancel_at_period_end.
        cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at != null,
        currentPeriodEnd: periodEndOf(subscription),
        eventId: event.id,
        eventType: event.type,
      },
    ];
  };
}
