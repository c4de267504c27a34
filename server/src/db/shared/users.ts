// The user row as several features read and write it: auth (profile, passwords), campaigns (the
// campaign count is checked under the user's lock) and payments (the tier). Queries one feature
// alone runs stay in its repository (docs/decisions/019-cross-feature-data-access.md).
import { eq, sql } from 'drizzle-orm';
import type { Language } from '@questkeeper/core/i18n';
import type { Tier } from '@questkeeper/core/tiers';
import type { Executor } from '../client';
import { users } from '../schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Locks the user's row until the transaction ends: serializes per-user limit checks. */
export async function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<{ passwordHash: string; language: Language; tier: Tier }>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}
