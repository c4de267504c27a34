// SQL for subscriptions, applied payment events and the demo provider's sessions.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '@questkeeper/core/i18n';
import type { BillingAddress } from '@questkeeper/core/schemas/auth';
import type { PaidPlan } from '@questkeeper/core/tiers';
import type { Executor } from '../../db/client';
import { demoPaymentSessions, paymentEvents, subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type DemoSessionRow = typeof demoPaymentSessions.$inferSelect;
export type DemoSessionKind = DemoSessionRow['kind'];

export async function findSubscription(db: Executor, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** The subscription row of a provider customer (Stripe events that carry no user id). */
export async function findSubscriptionByCustomer(
  db: Executor,
  customerId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId))
    .limit(1);
  return row;
}

/**
 * Keeps the Stripe customer made for a checkout, granting nothing: a new row is `incomplete` with no
 * plan; an existing row keeps its plan and status and only gains the customer (a row of the demo
 * provider gives up its demo customer id). Answers the customer id stored afterwards, so two
 * parallel checkouts agree on one.
 */
export async function attachStripeCustomer(
  db: Executor,
  userId: string,
  customerId: string,
): Promise<string> {
  await db
    .insert(subscriptions)
    .values({ userId, provider: 'stripe', plan: null, status: 'incomplete', customerId })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { provider: 'stripe', customerId, updatedAt: sql`now()` },
      setWhere: sql`${subscriptions.provider} <> 'stripe' or ${subscriptions.customerId} is null`,
    });
  const row = await findSubscription(db, userId);
  return row?.customerId ?? customerId;
}

/**
 * Records an event id; false when it was already recorded. The primary key decides, so two
 * deliveries of one event in parallel apply it once.
 */
export async function recordEvent(
  db: Executor,
  values: { id: string; provider: string; type: string },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export interface SubscriptionValues {
  provider: 'demo' | 'stripe';
  plan: PaidPlan | null;
  status: string;
  customerId?: string | undefined;
  subscriptionId?: string | undefined;
  billingAddress?: BillingAddress | undefined;
  cancelAtPeriodEnd?: boolean | undefined;
  currentPeriodEnd?: Date | null | undefined;
}

/** Inserts or updates the user's subscription; optional fields left undefined keep their stored value. */
export async function upsertSubscription(
  db: Executor,
  userId: string,
  values: SubscriptionValues,
): Promise<void> {
  const set = {
    provider: values.provider,
    plan: values.plan,
    status: values.status,
    ...(values.customerId !== undefined ? { customerId: values.customerId } : {}),
    ...(values.subscriptionId !== undefined ? { subscriptionId: values.subscriptionId } : {}),
    ...(values.billingAddress !== undefined ? { billingAddress: values.billingAddress } : {}),
    ...(values.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: values.cancelAtPeriodEnd } : {}),
    ...(values.currentPeriodEnd !== undefined ? { currentPeriodEnd: values.currentPeriodEnd } : {}),
  };
  await db
    .insert(subscriptions)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...set, updatedAt: sql`now()` } });
}

export async function insertDemoSession(
  db: Executor,
  values: {
    userId: string;
    kind: DemoSessionKind;
    plan: PaidPlan | null;
    language: Language;
    expiresAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(demoPaymentSessions).values(values).returning({ id: demoPaymentSessions.id });
  if (!row) throw new Error('demo session insert returned nothing');
  return row.id;
}

export async function findDemoSession(db: Executor, id: string): Promise<DemoSessionRow | undefined> {
  const [row] = await db.select().from(demoPaymentSessions).where(eq(demoPaymentSessions.id, id)).limit(1);
  return row;
}

/**
 * Marks a live, unused session of this kind as completed and returns it: single use and race-free
 * (a second request waits for the row lock, then finds it completed).
 */
export async function consumeDemoSession(
  db: Executor,
  id: string,
  kind: DemoSessionKind,
): Promise<DemoSessionRow | undefined> {
  const [row] = await db
    .update(demoPaymentSessions)
    .set({ completedAt: sql`now()` })
    .where(
      and(
        eq(demoPaymentSessions.id, id),
        eq(demoPaymentSessions.kind, kind),
        isNull(demoPaymentSessions.completedAt),
        gt(demoPaymentSessions.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}
