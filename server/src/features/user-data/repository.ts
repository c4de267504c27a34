// SQL of a user's data going out (exports), coming in (imports) and away (account deletion). Reads
// are scoped by user id: another user's campaign is simply not found.
import { asc, eq, or, sql } from 'drizzle-orm';
import type { CombatState, ConditionMap } from '@questkeeper/core/schemas/combat';
import type { Executor } from '../../db/client';
import { combatLog, combats, contactMessages, mailOutbox, units, users } from '../../db/schema';

// The campaign reads and insert that the campaigns feature runs too live in db/shared.
export {
  countCampaigns,
  findOwnedCampaign,
  insertCampaign,
  listCampaigns,
  type CampaignRow,
  type CampaignValues as NewCampaign,
} from '../../db/shared/campaigns';

export type UnitRow = typeof units.$inferSelect;
export type FightRow = typeof combats.$inferSelect;
export type LogRow = typeof combatLog.$inferSelect;
/** A log entry's stored fields (the combat's LogDraft). */
export type LogData = LogRow['data'];

/** A campaign's units in the order the units view lists them. */
export async function listUnits(db: Executor, campaignId: string): Promise<UnitRow[]> {
  return db
    .select()
    .from(units)
    .where(eq(units.campaignId, campaignId))
    .orderBy(asc(units.createdAt), asc(units.id));
}

export async function findFight(
  db: Executor,
  campaignId: string,
): Promise<{ row: FightRow; log: LogRow[] } | undefined> {
  const [row] = await db.select().from(combats).where(eq(combats.campaignId, campaignId)).limit(1);
  if (!row) return undefined;
  const log = await db
    .select()
    .from(combatLog)
    .where(eq(combatLog.campaignId, campaignId))
    .orderBy(asc(combatLog.step), asc(combatLog.position));
  return { row, log };
}

export type NewUnit = Omit<typeof units.$inferInsert, 'userId' | 'campaignId' | 'createdAt' | 'updatedAt'> & {
  id: string;
};

/**
 * Inserts the units in file order. Units list by creation time, and one statement gives every row the
 * same now(): a microsecond apart each keeps the file's order on the next export.
 */
export async function insertUnits(
  db: Executor,
  userId: string,
  campaignId: string,
  rows: readonly NewUnit[],
): Promise<void> {
  // Chunks keep each statement well under PostgreSQL's 65,535 bind parameters.
  for (let start = 0; start < rows.length; start += 500) {
    await db.insert(units).values(
      rows.slice(start, start + 500).map((row, offset) => {
        const at = sql`now() + ${start + offset} * interval '1 microsecond'`;
        return { ...row, userId, campaignId, createdAt: at, updatedAt: at };
      }),
    );
  }
}

export interface NewLogEntry {
  step: number;
  position: number;
  data: LogData;
  undone: boolean;
  createdAt: Date;
}

export async function insertFight(
  db: Executor,
  campaignId: string,
  fight: { state: CombatState; conditions: ConditionMap },
  log: readonly NewLogEntry[],
): Promise<void> {
  await db.insert(combats).values({ campaignId, ...fight, version: 0, logTotal: log.length });
  for (let start = 0; start < log.length; start += 1_000) {
    await db.insert(combatLog).values(
      log.slice(start, start + 1_000).map((entry) => ({
        campaignId,
        ...entry,
        type: entry.data.type,
        // The undo history of a fight stays on the server it was played on (decision 024).
        undo: null,
      })),
    );
  }
}

/**
 * Deletes the account and everything that names it. The user row takes with it (ON DELETE CASCADE)
 * sessions, reset tokens, campaigns with their units, fights and logs, the subscription row and demo
 * payment sessions; contact messages (which only lose their user id on cascade) and queued or kept
 * mails of the address go explicitly. Answers false when the user was already gone.
 */
export async function deleteAccount(db: Executor, userId: string, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  await db
    .delete(contactMessages)
    .where(or(eq(contactMessages.userId, userId), eq(sql`lower(${contactMessages.email})`, address)));
  await db
    .delete(mailOutbox)
    .where(or(eq(sql`lower(${mailOutbox.to})`, address), eq(sql`lower(${mailOutbox.replyTo})`, address)));
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}
