// The Stripe payment provider (decision 016): hosted Checkout for a first subscription,
// the Customer Portal for everything after it, and signed webhooks read back from Stripe's current
// state (events.ts). Nothing here changes a tier: webhooks hand their changes to
// PaymentsService.applySubscription like every other provider. Return URLs come with each request
// (built from PUBLIC_URL by the service, never from the Host header).
import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { billingAddress as billingAddressSchema, type BillingAddress } from '@questkeeper/core/schemas/auth';
import { PAID_STATUSES, tierAtLeast, type PaidPlan } from '@questkeeper/core/tiers';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { CheckoutRequest, PaymentProvider, PortalRequest } from '../provider';
import * as repo from '../repository';
import type { StripeConnection, StripeSettings } from './config';
import { createStripeEvents } from './events';

/** Subscription statuses Stripe will never bill again. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/** STRIPE_API_BASE (tests only, config.ts): the Stripe fake a server process was started against. */
function connectionOf(apiBase: string | undefined): StripeConnection {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 0,
  };
}

export function createStripeProvider(deps: {
  stripe: StripeSettings;
  db: Db;
  log: FastifyBaseLogger;
  connection?: StripeConnection | undefined;
}): PaymentProvider {
  const { stripe: settings, db, log } = deps;
  const stripe = new Stripe(settings.secretKey, {
    // A user waits on checkout and portal calls, and Stripe waits on webhooks: fail within seconds.
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Questkeeper' },
    ...connectionOf(settings.apiBase),
    ...deps.connection,
  });

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      log.error(
        {
          stripe: {
            call: what,
            type: error.type,
            code: error.code,
            statusCode: error.statusCode,
            requestId: error.requestId,
            message: error.message,
          },
        },
        'stripe call failed',
      );
      throw new AppError('PAYMENT_UNAVAILABLE');
    }
  }

  const priceOf = (plan: PaidPlan) => (plan === 'Hero' ? settings.priceHero : settings.priceAdventurer);
  function planOfPrice(priceId: string | undefined): PaidPlan | null {
    if (priceId === settings.priceAdventurer) return 'Adventurer';
    if (priceId === settings.priceHero) return 'Hero';
    return null;
  }

  /** The stored Stripe customer of the user; a demo row's customer id is not one. */
  const storedCustomer = (row: repo.SubscriptionRow | undefined) =>
    row?.provider === 'stripe' && row.customerId ? row.customerId : null;

  /**
   * The user's Stripe customer, created once. The idempotency key makes two parallel first
   * checkouts get the same customer from Stripe; the row keeps it for every later call.
   */
  async function customerFor(request: CheckoutRequest): Promise<string> {
    const known = storedCustomer(await repo.findSubscription(db, request.userId));
    if (known) return known;
    const customer = await call('customers.create', () =>
      stripe.customers.create(
        { email: request.email, metadata: { userId: request.userId } },
        { idempotencyKey: `questkeeper-customer-${request.userId}` },
      ),
    );
    return repo.attachStripeCustomer(db, request.userId, customer.id);
  }

  /** A subscription of the customer that Stripe still bills (the row may lag behind a webhook). */
  async function liveSubscription(customerId: string): Promise<Stripe.Subscription | undefined> {
    const list = await call('subscriptions.list', () =>
      stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }),
    );
    return list.data.find((subscription) => PAID_STATUSES.has(subscription.status));
  }

  return {
    name: 'stripe',

    async createCheckout(request) {
      const customerId = await customerFor(request);
      // The plan rides along so the dashboard knows which tier it is waiting for (decision 018).
      const successUrl = `${request.returnUrl}?checkout=success&plan=${request.plan}`;
      const cancelUrl = `${request.returnUrl}?checkout=cancelled`;
      const price = priceOf(request.plan);

      // Already paying (Adventurer → Hero): a second Checkout would bill two subscriptions. The
      // portal's update flow switches the existing item to the new price instead.
      const live = await liveSubscription(customerId);
      if (live) {
        const item = live.items.data[0];
        if (!item) throw new AppError('PAYMENT_UNAVAILABLE');
        const current = planOfPrice(item.price.id);
        // Stripe knows of the plan (or a higher one) before its webhook has reached us.
        if (current && tierAtLeast(current, request.plan)) {
          throw new AppError('ALREADY_SUBSCRIBED');
        }
        const session = await call('billingPortal.sessions.create', () =>
          stripe.billingPortal.sessions.create({
            customer: customerId,
            locale: request.language,
            return_url: cancelUrl,
            flow_data: {
              type: 'subscription_update_confirm',
              subscription_update_confirm: {
                subscription: live.id,
                items: [{ id: item.id, price, quantity: 1 }],
              },
              after_completion: { type: 'redirect', redirect: { return_url: successUrl } },
            },
          }),
        );
        return { url: session.url };
      }

      const metadata = { userId: request.userId, plan: request.plan };
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: request.userId,
          line_items: [{ price, quantity: 1 }],
          metadata,
          subscription_data: { metadata },
          success_url: successUrl,
          cancel_url: cancelUrl,
          locale: request.language,
          // The billing block shows the address: Checkout asks for it and keeps it on the customer.
          billing_address_collection: 'required',
          customer_update: { address: 'auto', name: 'auto' },
        }),
      );
      if (!session.url) throw new AppError('PAYMENT_UNAVAILABLE');
      return { url: session.url };
    },

    async createPortal(request: PortalRequest) {
      const customerId = storedCustomer(request.subscription);
      if (!customerId) throw new AppError('NO_SUBSCRIPTION');
      const session = await call('billingPortal.sessions.create', () =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          locale: request.language,
          return_url: request.returnUrl,
        }),
      );
      return { url: session.url };
    },

    // Stripe holds the address (Checkout and the portal edit it). When Stripe cannot be reached the
    // billing block still shows the plan, without the address, rather than failing as a whole.
    async billingAddress(subscription): Promise<BillingAddress | null> {
      const customerId = storedCustomer(subscription);
      if (!customerId) return null;
      let customer: Stripe.Customer | Stripe.DeletedCustomer;
      try {
        customer = await call('customers.retrieve', () => stripe.customers.retrieve(customerId));
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
      if (customer.deleted || !customer.address) return null;
      const { line1, line2, city, postal_code, country } = customer.address;
      const parsed = billingAddressSchema.safeParse({ line1, line2, city, postal_code, country });
      return parsed.success ? parsed.data : null;
    },

    // Every subscription of the customer Stripe could still bill, not only the stored one (the row
    // may lag behind a webhook, and two paid Checkout tabs make two; decision 016). Ended at once,
    // without proration: the customer and its invoices stay at Stripe (decision 024).
    async cancelSubscription(subscription) {
      const customerId = storedCustomer(subscription);
      if (!customerId) return;
      const list = await call('subscriptions.list', () =>
        stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
      );
      for (const item of list.data) {
        if (ENDED_STATUSES.has(item.status)) continue;
        await call('subscriptions.cancel', () => stripe.subscriptions.cancel(item.id));
      }
    },

    parseWebhook: createStripeEvents({ stripe, settings, db, log, call, planOfPrice }),
  };
}
