// Picks the payment provider at start (docs/product.md#payments): Stripe when its four variables are
// set, otherwise the built-in demo provider.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createDemoProvider } from './demo/provider';
import type { PaymentProvider } from './provider';
import type { StripeConnection } from './stripe/config';
import { createStripeProvider } from './stripe/provider';

export function createPaymentProvider(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Where the Stripe SDK sends its calls instead of api.stripe.com (tests point it at a fake). */
  stripeConnection?: StripeConnection | undefined;
}): PaymentProvider {
  const { config, db, log } = deps;
  if (!config.stripe) {
    log.info({ payments: 'demo' }, 'payments: built-in demo provider (STRIPE_* unset), no real charges');
    return createDemoProvider({ db, publicUrl: config.publicUrl });
  }
  log.info(
    { payments: 'stripe', mode: config.stripe.secretKey.includes('_live_') ? 'live' : 'test' },
    'payments: Stripe provider',
  );
  return createStripeProvider({
    stripe: config.stripe,
    db,
    log,
    connection: deps.stripeConnection,
  });
}
