// The Stripe provider's settings and what provider.ts hands to events.ts, apart from both so that
// neither imports the other back.
import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { PaidPlan } from '@questkeeper/core/tiers';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';

export type StripeSettings = NonNullable<Config['stripe']>;

/** Where the SDK sends its calls instead of api.stripe.com (tests point it at test/support/stripe-fake.ts). */
export type StripeConnection = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol' | 'maxNetworkRetries'>;

export interface StripeContext {
  stripe: Stripe;
  settings: StripeSettings;
  db: Db;
  log: FastifyBaseLogger;
  /** Runs one SDK call; a Stripe failure becomes 503 PAYMENT_UNAVAILABLE (logged, never shown). */
  call<T>(what: string, run: () => Promise<T>): Promise<T>;
  planOfPrice(priceId: string | undefined): PaidPlan | null;
}
