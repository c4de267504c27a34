// SQL for accounts, sessions and reset tokens. Reads and writes of a user by id, which other
// features run too, are in db/shared/users.ts.
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Language } from '@questkeeper/core/i18n';
import type { Executor } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import type { UserRow } from '../../db/shared/users';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Inserts a user; undefined when the email is taken (the unique index decides, race-free). */
export async function insertUser(
  db: Executor,
  values: { email: string; passwordHash: string; language: Language; termsAcceptedAt: Date | null },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertSession(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** What authentication needs of a live session and its user (never the password hash). */
export async function findLiveSession(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      language: users.language,
      tier: users.tier,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

export async function extendSession(db: Executor, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionsOfUser(db: Executor, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function insertResetToken(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Marks a live, unused token as used and returns its user id: single use, race-free. */
export async function consumeResetToken(db: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** A user has one live reset link at a time: asking again voids the earlier ones. */
export async function voidResetTokensOfUser(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
