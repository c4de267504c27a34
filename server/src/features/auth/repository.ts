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
  values: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * What authentication needs of a session live at `now` and its user (never the password hash). A
 * session opened more than `maxAgeMs` ago is over whatever its end says (rows from before decision
 * 048 may still say later).
 */
export async function findLiveSession(db: Executor, tokenHash: string, now: Date, maxAgeMs: number) {
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
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - maxAgeMs)),
      ),
    )
    .limit(1);
  return row;
}

/** Moves the session's end to `expiresAt`, but never past `maxAgeMs` after it was opened. */
export async function extendSession(
  db: Executor,
  sessionId: string,
  expiresAt: Date,
  maxAgeMs: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({
      expiresAt: sql`least(${expiresAt.toISOString()}::timestamptz, ${sessions.createdAt} + ${maxAgeMs} * interval '1 millisecond')`,
    })
    .where(eq(sessions.id, sessionId));
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

/** Marks a live (at `now`), unused token as used and returns its user id: single use, race-free. */
export async function consumeResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
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

/**
 * Sign-in back-off on PostgreSQL (decision 035), in rate_limit_counters: `count` is the failures and
 * `reset_at` the moment they are forgotten (the last failure + forgetMs). One upsert counts a failure
 * unless the key is locked; its row lock makes parallel attempts from any process count one by one.
 * Answers the ms the key stays locked (0: counted).
 */
export async function reserveSignInAttempt(
  db: Executor,
  key: string,
  now: number,
  policy: { free: number; baseMs: number; maxMs: number; forgetMs: number },
): Promise<number> {
  const { free, baseMs, maxMs, forgetMs } = policy;
  const at = new Date(now).toISOString();
  const forgetAt = new Date(now + forgetMs).toISOString();
  const counted = (await db.execute(sql`
    insert into rate_limit_counters as r (key, count, reset_at)
    values (${key}, 1, ${forgetAt}::timestamptz)
    on conflict (key) do update set
      count = case when r.reset_at <= ${at}::timestamptz then 1 else r.count + 1 end,
      reset_at = excluded.reset_at
    where r.reset_at <= ${at}::timestamptz
      or r.count < ${free}
      or ${at}::timestamptz >= r.reset_at - ${forgetMs} * interval '1 millisecond'
        + least(${baseMs} * power(2, least(r.count - ${free}, 30)), ${maxMs}) * interval '1 millisecond'
    returning count`)) as unknown as { rows: unknown[] };
  if (counted.rows.length > 0) return 0;
  const locked = (await db.execute(sql`
    select count, extract(epoch from reset_at) * 1000 as forget_at
    from rate_limit_counters where key = ${key}`)) as unknown as {
    rows: { count: number; forget_at: string | number }[];
  };
  const row = locked.rows[0];
  if (!row) return 1;
  const failures = Number(row.count);
  const lastAt = Number(row.forget_at) - forgetMs;
  const lockMs = Math.min(baseMs * 2 ** Math.min(failures - free, 30), maxMs);
  return Math.max(1, Math.ceil(lastAt + lockMs - now));
}

/** A successful sign-in: `clear` forgets the key's failures, `undo` takes back one. */
export async function settleSignInAttempt(db: Executor, key: string, mode: 'clear' | 'undo'): Promise<void> {
  await db.execute(
    mode === 'clear'
      ? sql`delete from rate_limit_counters where key = ${key}`
      : sql`update rate_limit_counters set count = greatest(count - 1, 0) where key = ${key}`,
  );
}

/**
 * A sign-in mark (an address an account is known at, decision 048) in rate_limit_counters: `count`
 * 0 and `reset_at` when it lapses, so the table's sweep removes it then. Marking again never
 * shortens it.
 */
export async function markSignInKey(db: Executor, key: string, until: number): Promise<void> {
  const at = new Date(until).toISOString();
  await db.execute(sql`
    insert into rate_limit_counters as r (key, count, reset_at)
    values (${key}, 0, ${at}::timestamptz)
    on conflict (key) do update set reset_at = greatest(r.reset_at, excluded.reset_at)`);
}

export async function isSignInKeyMarked(db: Executor, key: string, now: number): Promise<boolean> {
  const found = (await db.execute(sql`
    select 1 from rate_limit_counters
    where key = ${key} and reset_at > ${new Date(now).toISOString()}::timestamptz`)) as unknown as {
    rows: unknown[];
  };
  return found.rows.length > 0;
}
