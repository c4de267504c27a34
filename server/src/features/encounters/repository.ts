// SQL for saved encounters (docs/decisions/062). Every read or write is scoped by user AND campaign:
// an encounter of another user or of another campaign is simply not found.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Encounter } from '@questkeeper/core/schemas/encounters';
import type { Executor } from '../../db/client';
import { campaigns, encounters, units, type EncounterData } from '../../db/schema';
import { toEncounter } from './presenter';

export type EncounterRow = typeof encounters.$inferSelect;
export interface EncounterValues {
  name: string;
  data: EncounterData;
  notes: string;
}

/**
 * True when the campaign is the user's. With `lock`, its row is held until the transaction ends, so
 * count-then-insert of encounters cannot pass the limit (the units' habit).
 */
export async function ownedCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
  options: { lock?: boolean } = {},
): Promise<boolean> {
  const query = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows.length > 0;
}

const ownedBy = (userId: string, campaignId: string, id: string) =>
  and(eq(encounters.id, id), eq(encounters.userId, userId), eq(encounters.campaignId, campaignId));

/** The campaign's encounters, oldest first (`seq` for rows that share a timestamp). */
export async function listEncounters(
  db: Executor,
  userId: string,
  campaignId: string,
): Promise<EncounterRow[]> {
  return db
    .select()
    .from(encounters)
    .where(and(eq(encounters.campaignId, campaignId), eq(encounters.userId, userId)))
    .orderBy(asc(encounters.createdAt), asc(encounters.seq), asc(encounters.id));
}

export async function countEncounters(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(encounters).where(eq(encounters.campaignId, campaignId));
  return row?.n ?? 0;
}

/** One of the user's encounters in its API shape, or null: what the combat's run reads. */
export async function findEncounter(
  executor: Executor,
  userId: string,
  campaignId: string,
  id: string,
): Promise<Encounter | null> {
  const [row] = await executor
    .select()
    .from(encounters)
    .where(ownedBy(userId, campaignId, id))
    .limit(1);
  return row ? toEncounter(row) : null;
}

/**
 * Which of `ids` are units of the campaign, held (FOR SHARE) until the transaction ends: a unit
 * deleted meanwhile either is not found here or has its delete, which takes it out of every
 * encounter, wait for this write.
 */
export async function campaignUnitIds(
  db: Executor,
  campaignId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.campaignId, campaignId), inArray(units.id, [...new Set(ids)])))
    .for('share');
  return new Set(rows.map((row) => row.id));
}

export async function insertEncounter(
  db: Executor,
  userId: string,
  campaignId: string,
  values: EncounterValues,
): Promise<EncounterRow> {
  // clock_timestamp, not now(): encounters created in one transaction still list in creation order.
  const [row] = await db
    .insert(encounters)
    .values({
      ...values,
      userId,
      campaignId,
      createdAt: sql`clock_timestamp()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .returning();
  if (!row) throw new Error('insert into encounters returned no row');
  return row;
}

/** Undefined when the user has no such encounter in this campaign. */
export async function updateEncounter(
  db: Executor,
  userId: string,
  campaignId: string,
  id: string,
  values: EncounterValues,
): Promise<EncounterRow | undefined> {
  const [row] = await db
    .update(encounters)
    .set({ ...values, updatedAt: sql`clock_timestamp()` })
    .where(ownedBy(userId, campaignId, id))
    .returning();
  return row;
}

/** True when an encounter was deleted. */
export async function deleteEncounter(
  db: Executor,
  userId: string,
  campaignId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(encounters)
    .where(ownedBy(userId, campaignId, id))
    .returning({ id: encounters.id });
  return rows.length > 0;
}
