// Subscriptions (docs/product.md#payments). Whatever the provider, a tier changes in one
// place: applySubscription, which a Stripe webhook and a click on a demo page both go through.
import type { BillingInfo } from '@questkeeper/core/schemas/auth';
import type { CheckoutBody } from '@questkeeper/core/schemas/payments';
import type { Language } from '@questkeeper/core/i18n';
import { PAID_STATUSES, tierAtLeast, type Tier } from '@questkeeper/core/tiers';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { RequestUser } from '../../plugins/request-context';
import * as users from '../../db/shared/users';
import { createDemoFlows } from './demo/flows';
import { toBillingInfo } from './presenter';
import type { PaymentProvider, SubscriptionChange, WebhookDelivery } from './provider';
import * as repo from './repository';

/**
 * A change about a subscription other than the stored one, which is still live, while the change
 * itself is not live: it describes an older subscription and is ignored. A live change replaces
 * the stored one (the user did subscribe again).
 */
export function isStale(stored: repo.SubscriptionRow | undefined, change: SubscriptionChange): boolean {
  return (
    stored?.subscriptionId != null &&
    change.subscriptionId !== undefined &&
    change.subscriptionId !== stored.subscriptionId &&
    PAID_STATUSES.has(stored.status) &&
    !PAID_STATUSES.has(change.status)
  );
}

export type ApplyResult = { applied: false } | { applied: true; tier: Tier };

export type PaymentsService = ReturnType<typeof createPaymentsService>;

type Account = Pick<RequestUser, 'id' | 'email' | 'language' | 'tier'>;

export function createPaymentsService(deps: {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  /** Told when a user's tier may have changed, so cached sessions pick up the new tier. */
  onTierChanged?: (userId: string) => void;
}) {
  const { db, provider, publicUrl } = deps;
  const tierChanged = deps.onTierChanged ?? (() => {});

  /**
   * The single path of a subscription change, inside the caller's transaction. A replayed event is
   * a no-op; a downgrade only lowers the tier (docs/product.md#downgrade: nothing is deleted).
   */
  async function applyIn(tx: Tx, change: SubscriptionChange): Promise<ApplyResult> {
    const fresh = await repo.recordEvent(tx, {
      id: change.eventId,
      provider: change.provider,
      type: change.eventType ?? 'subscription.change',
    });
    if (!fresh) return { applied: false };
    // The account may have been deleted since the provider sent the event: nothing left to update.
    if (!(await users.lockUser(tx, change.userId))) return { applied: false };
    // Under the user lock: news of another subscription that has ended (a late event about one the
    // user cancelled before subscribing again) must not end the live one (decision 016).
    const stored = await repo.findSubscription(tx, change.userId);
    if (isStale(stored, change)) return { applied: false };
    await repo.upsertSubscription(tx, change.userId, {
      provider: change.provider,
      plan: change.plan,
      status: change.status,
      customerId: change.customerId,
      subscriptionId: change.subscriptionId,
      billingAddress: change.billingAddress,
      cancelAtPeriodEnd: change.cancelAtPeriodEnd,
      currentPeriodEnd: change.currentPeriodEnd,
    });
    const tier: Tier = change.plan && PAID_STATUSES.has(change.status) ? change.plan : 'Novice';
    await users.updateUser(tx, change.userId, { tier });
    tierChanged(change.userId);
    return { applied: true, tier };
  }

  const returnUrl = (language: Language) => `${publicUrl}/${language}/dashboard`;
  // Back from the portal, the user lands on the billing block they left from.
  const portalReturnUrl = (language: Language) => `${returnUrl(language)}?view=profile`;

  return {
    providerName: provider.name,

    async applySubscription(change: SubscriptionChange): Promise<ApplyResult> {
      const result = await db.transaction((tx) => applyIn(tx, change));
      // Again after commit: a request between the update and the commit may have cached the old tier.
      if (result.applied) tierChanged(change.userId);
      return result;
    },

    async createCheckout(user: Account, body: CheckoutBody): Promise<{ url: string }> {
      if (tierAtLeast(user.tier, body.plan)) throw new AppError('ALREADY_SUBSCRIBED');
      const language = body.language ?? user.language;
      const subscription = await repo.findSubscription(db, user.id);
      return provider.createCheckout({
        userId: user.id,
        email: user.email,
        plan: body.plan,
        language,
        customerId: subscription?.customerId ?? null,
        returnUrl: returnUrl(language),
      });
    },

    async createPortal(user: Account, body: { language?: Language | undefined }): Promise<{ url: string }> {
      if (user.tier === 'Novice') throw new AppError('NO_SUBSCRIPTION');
      const language = body.language ?? user.language;
      const subscription = await repo.findSubscription(db, user.id);
      return provider.createPortal({
        userId: user.id,
        language,
        subscription,
        returnUrl: portalReturnUrl(language),
      });
    },

    async billingInfo(user: Account): Promise<BillingInfo> {
      const subscription = await repo.findSubscription(db, user.id);
      return toBillingInfo(user.email, await provider.billingAddress(subscription), subscription);
    },

    /** Applies what a verified webhook delivery reports; 404 for a provider without webhooks (demo). */
    async handleWebhook(delivery: WebhookDelivery): Promise<void> {
      if (!provider.parseWebhook) throw notFound();
      for (const change of await provider.parseWebhook(delivery)) {
        await db.transaction((tx) => applyIn(tx, change));
      }
    },

    /** The demo pages' actions; undefined with a real provider, so those pages do not exist. */
    demo: provider.name === 'demo' ? createDemoFlows({ db, apply: applyIn }) : undefined,
  };
}
