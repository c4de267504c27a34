// The one place a stored subscription or demo payment session becomes its API shape
// (docs/decisions/058-one-mapping-per-model.md).
import type { BillingAddress, BillingInfo, SubscriptionState } from '@questkeeper/core/schemas/auth';
import type { DemoSession, DemoSessionState } from '@questkeeper/core/schemas/payments';
import type { Tier } from '@questkeeper/core/tiers';
import type { DemoSessionRow, SubscriptionRow } from './repository';

export function toSubscriptionState(row: SubscriptionRow): SubscriptionState {
  return {
    plan: row.plan,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
  };
}

/** GET /api/auth/billing-info: the account's email, the provider's address, the stored subscription. */
export function toBillingInfo(
  email: string,
  address: BillingAddress | null,
  subscription: SubscriptionRow | undefined,
): BillingInfo {
  return { email, address, subscription: subscription ? toSubscriptionState(subscription) : null };
}

/** A demo page's session, with the account's tier now and what the session can still do. */
export function toDemoSession(session: DemoSessionRow, tier: Tier, state: DemoSessionState): DemoSession {
  return { kind: session.kind, plan: session.plan, language: session.language, tier, state };
}
