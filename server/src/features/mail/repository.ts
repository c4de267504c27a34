// SQL for the mail outbox (decision 017). Several server processes may share one PostgreSQL: a row is
// claimed by one UPDATE whose subquery locks it FOR UPDATE SKIP LOCKED and moves next_attempt_at past
// a lease, so no two processes send it at once, and a sender that dies mid-send only delays it.
import { and, asc, count, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertMail(
  db: Executor,
  values: {
    to: string;
    replyTo: string | null;
    subject: string;
    text: string;
    html: string | null;
    status: 'demo' | 'pending';
  },
): Promise<string | undefined> {
  const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  return row?.id;
}

/** Takes up to `limit` due rows for this process: counts the attempt and leases them for `leaseMs`. */
export async function claimDueMails(db: Executor, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${Math.round(leaseMs)}::integer * interval '1 millisecond'`,
    })
    .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, 'pending')))
    .returning();
}

/** Gives claimed rows back untried (on shutdown): the attempt is not counted, the lease ends now. */
export async function releaseClaims(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
}

/**
 * Delivered: the body goes (decision 049). A reset mail's link, a contact message — the recipient has
 * them now; the row keeps who, what subject and when, for support and the metrics.
 */
export async function markSent(db: Executor, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null, text: '', html: null })
    .where(eq(mailOutbox.id, id));
}

/** Leaves the row pending, to be taken again after `delayMs`. */
export async function scheduleRetry(db: Executor, id: string, delayMs: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      lastError: error,
      nextAttemptAt: sql`now() + ${Math.round(delayMs)}::integer * interval '1 millisecond'`,
    })
    .where(eq(mailOutbox.id, id));
}

export async function markDead(db: Executor, id: string, error: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'dead', lastError: error }).where(eq(mailOutbox.id, id));
}

/** How many rows still wait for delivery, and when the earliest may next be taken. */
export async function pendingSummary(db: Executor): Promise<{ pending: number; nextAt: Date | null }> {
  const [row] = await db
    .select({ pending: count(), nextAt: min(mailOutbox.nextAttemptAt) })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'));
  return { pending: row?.pending ?? 0, nextAt: row?.nextAt ?? null };
}
