// The subscription row as payments and account data read it: the account export shows the billing
// state, account deletion hands it to the provider to cancel (docs/decisions/024). Queries one
// feature alone runs stay in its repository (docs/decisions/019-cross-feature-data-access.md).
import { eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { subscriptions } from '../schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function findSubscriptionOfUser(
  db: Executor,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}
