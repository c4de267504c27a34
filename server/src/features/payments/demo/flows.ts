// What the demo payment pages do (docs/decisions/018-demo-payment-pages.md). The pages are web pages
// of the app; these are the calls behind them. A click plays the part of the provider: it becomes a
// SubscriptionChange applied by the same `apply` a Stripe webhook goes through, in the transaction
// that uses up the session, so a session changes a tier at most once.
import type { BillingAddress } from '@questkeeper/core/schemas/auth';
import type { DemoResult, DemoSession, DemoSessionState } from '@questkeeper/core/schemas/payments';
import { tierAtLeast, type PaidPlan, type Tier } from '@questkeeper/core/tiers';
import type { Db, Tx } from '../../../db/client';
import { AppError, notFound } from '../../../lib/app-error';
import * as users from '../../../db/shared/users';
import { toDemoSession } from '../presenter';
import type { SubscriptionChange } from '../provider';
import * as repo from '../repository';

type Apply = (tx: Tx, change: SubscriptionChange) => Promise<unknown>;

/** Used, expired, or with nothing left to do: the same refusal, and nothing changes. */
const expired = () => new AppError('DEMO_LINK_EXPIRED');

/** Whether a session can still act, given the account's tier now. */
function stateOf(session: repo.DemoSessionRow, tier: Tier): DemoSessionState {
  if (session.completedAt) return 'used';
  if (session.expiresAt.getTime() <= Date.now()) return 'expired';
  // A checkout for a plan the user already has (or exceeds) would be a downgrade: not offered.
  if (session.kind === 'checkout' && (!session.plan || tierAtLeast(tier, session.plan))) return 'used';
  // Nothing to manage once the account is back on Novice (cancelled from another window).
  if (session.kind === 'portal' && tier === 'Novice') return 'used';
  return 'live';
}

export type DemoFlows = ReturnType<typeof createDemoFlows>;

export function createDemoFlows(deps: { db: Db; apply: Apply }) {
  const { db, apply } = deps;

  /** The session behind an id of a URL and its user's tier; 404 for an unknown id or another kind. */
  async function find(id: string, kind: repo.DemoSessionKind) {
    const session = await repo.findDemoSession(db, id);
    if (!session || session.kind !== kind) throw notFound();
    const user = await users.findUserById(db, session.userId);
    // The account was deleted (its sessions go with it, but a request may race the deletion).
    if (!user) throw notFound();
    return { session, tier: user.tier };
  }

  /** Refuses early (and without a transaction) what cannot act any more. */
  async function live(id: string, kind: repo.DemoSessionKind) {
    const found = await find(id, kind);
    if (stateOf(found.session, found.tier) !== 'live') throw expired();
    return found;
  }

  /** Consumes the session and locks its user, inside `tx`; 410 when it was used meanwhile. */
  async function consume(tx: Tx, id: string, kind: repo.DemoSessionKind) {
    const session = await repo.consumeDemoSession(tx, id, kind);
    const user = session ? await users.lockUser(tx, session.userId) : undefined;
    if (!session || !user) throw expired();
    return { session, tier: user.tier };
  }

  const demoIds = (session: repo.DemoSessionRow) => ({
    userId: session.userId,
    provider: 'demo' as const,
    customerId: `demo_cus_${session.userId}`,
    eventId: `demo:${session.id}`,
  });

  return {
    async read(id: string, kind: repo.DemoSessionKind): Promise<DemoSession> {
      const { session, tier } = await find(id, kind);
      return toDemoSession(session, tier, stateOf(session, tier));
    },

    async confirmCheckout(id: string, address: BillingAddress): Promise<DemoResult> {
      await live(id, 'checkout');
      const line2 = address.line2?.trim() ? address.line2 : null;
      return db.transaction(async (tx) => {
        const used = await consume(tx, id, 'checkout');
        const plan = used.session.plan;
        // Checked again under the lock: another window may have upgraded the account meanwhile.
        if (!plan || tierAtLeast(used.tier, plan)) throw expired();
        await apply(tx, {
          ...demoIds(used.session),
          plan,
          status: 'active',
          subscriptionId: `demo_sub_${used.session.id}`,
          billingAddress: { ...address, line2 },
          eventType: 'demo.checkout.completed',
        });
        return { outcome: 'confirmed', tier: plan };
      });
    },

    async cancelCheckout(id: string): Promise<DemoResult> {
      await live(id, 'checkout');
      const used = await db.transaction((tx) => consume(tx, id, 'checkout'));
      return { outcome: 'cancelled', tier: used.tier };
    },

    async switchPlan(id: string, plan: PaidPlan): Promise<DemoResult> {
      await live(id, 'portal');
      return db.transaction(async (tx) => {
        const used = await consume(tx, id, 'portal');
        if (used.tier === 'Novice') throw expired();
        if (used.tier === plan) return { outcome: 'cancelled', tier: used.tier };
        await apply(tx, {
          ...demoIds(used.session),
          plan,
          status: 'active',
          eventType: 'demo.portal.switched',
        });
        return { outcome: 'confirmed', tier: plan };
      });
    },

    async cancelSubscription(id: string): Promise<DemoResult> {
      await live(id, 'portal');
      return db.transaction(async (tx) => {
        const used = await consume(tx, id, 'portal');
        if (used.tier === 'Novice') throw expired();
        await apply(tx, {
          ...demoIds(used.session),
          plan: used.tier,
          status: 'canceled',
          eventType: 'demo.portal.cancelled',
        });
        return { outcome: 'downgraded', tier: 'Novice' };
      });
    },
  };
}
