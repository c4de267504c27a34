// The payment provider seam (docs/product.md#payments): what every provider implements (stripe/,
// demo/; create-provider.ts picks one). Providers only talk to the payment side (hosted pages,
// webhooks); every change to a subscription or a tier goes through PaymentsService.applySubscription.
import type { Language } from '@questkeeper/core/i18n';
import type { BillingAddress } from '@questkeeper/core/schemas/auth';
import type { PaidPlan } from '@questkeeper/core/tiers';
import type { SubscriptionRow } from './repository';

export type ProviderName = 'demo' | 'stripe';

/**
 * One subscription state reported by a provider (a Stripe webhook event, or a click on a demo
 * page). `eventId` makes it replay-safe: an event already applied is ignored.
 */
export interface SubscriptionChange {
  userId: string;
  provider: ProviderName;
  /** The subscribed plan; null when the provider no longer names one. */
  plan: PaidPlan | null;
  /** Provider status: active, trialing and past_due keep the plan; anything else means Novice. */
  status: string;
  customerId?: string;
  subscriptionId?: string;
  billingAddress?: BillingAddress;
  cancelAtPeriodEnd?: boolean;
  currentPeriodEnd?: Date | null;
  eventId: string;
  /** Recorded with the event, for the log of what was applied (e.g. customer.subscription.updated). */
  eventType?: string;
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  plan: PaidPlan;
  language: Language;
  /** Known customer of an earlier subscription, so a provider does not create a second one. */
  customerId: string | null;
  /** Where the provider sends the browser back to when done. */
  returnUrl: string;
}

export interface PortalRequest {
  userId: string;
  language: Language;
  subscription: SubscriptionRow | undefined;
  returnUrl: string;
}

/** A webhook delivery as received: the raw bytes (signatures are computed over them) and headers. */
export interface WebhookDelivery {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** A hosted checkout page for the plan; answers the URL the browser opens. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** A page where the user switches plan or cancels; answers its URL. */
  createPortal(request: PortalRequest): Promise<{ url: string }>;
  /** The billing address the provider holds for the user's subscription, or null. */
  billingAddress(subscription: SubscriptionRow | undefined): Promise<BillingAddress | null>;
  /**
   * Verifies a webhook delivery and turns it into the changes to apply (none for events that do not
   * touch a subscription). Absent when the provider has no webhooks (demo): the route answers 404.
   */
  parseWebhook?(delivery: WebhookDelivery): Promise<SubscriptionChange[]>;
  /**
   * Ends the user's subscription at once, without waiting for the period's end: the account is being
   * deleted (decision 024). Nothing to do without one. Throws AppError PAYMENT_UNAVAILABLE when the
   * provider cannot be reached, so an account is never deleted while it is still billed.
   */
  cancelSubscription(subscription: SubscriptionRow | undefined): Promise<void>;
}
