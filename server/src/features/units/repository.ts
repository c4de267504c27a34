// SQL for units. Every read or write is scoped by user AND campaign: a unit of another user or of
// another campaign is simply not found.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { units } from '../../db/schema';

export type UnitRow = typeof units.$inferSelect;
export type NewUnitRow = typeof units.$inferInsert;
export type UnitChanges = Partial<
  Pick<
    NewUnitRow,
    | 'name'
    | 'gender'
    | 'isPlayer'
    | 'race'
    | 'class'
    | 'status'
    | 'characteristics'
    | 'hp'
    | 'currentHp'
    | 'gold'
    | 'silver'
    | 'bronze'
    | 'notes'
  >
>;

const ownedBy = (userId: string, campaignId: string, unitId: string) =>
  and(eq(units.id, unitId), eq(units.userId, userId), eq(units.campaignId, campaignId));

/** Oldest first; the id breaks ties between rows written in one statement. */
export function listUnits(db: Executor, campaignId: string): Promise<UnitRow[]> {
  return db
    .select()
    .from(units)
    .where(eq(units.campaignId, campaignId))
    .orderBy(asc(units.createdAt), asc(units.id));
}

export async function countUnits(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(units).where(eq(units.campaignId, campaignId));
  return row?.n ?? 0;
}

export async function insertUnit(db: Executor, values: NewUnitRow): Promise<UnitRow> {
  // clock_timestamp, not now(): two units created in one transaction still sort in creation order.
  const [row] = await db
    .insert(units)
    .values({ ...values, createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .returning();
  if (!row) throw new Error('insert into units returned no row');
  return row;
}

/** Locks the unit until the transaction ends, for read-modify-write updates. */
export async function lockOwnedUnit(
  db: Executor,
  userId: string,
  campaignId: string,
  unitId: string,
): Promise<UnitRow | undefined> {
  const [row] = await db
    .select()
    .from(units)
    .where(ownedBy(userId, campaignId, unitId))
    .for('update')
    .limit(1);
  return row;
}

export async function updateUnit(db: Executor, unitId: string, changes: UnitChanges): Promise<UnitRow> {
  const [row] = await db
    .update(units)
    .set({ ...changes, updatedAt: sql`clock_timestamp()` })
    .where(eq(units.id, unitId))
    .returning();
  if (!row) throw new Error('update of units returned no row');
  return row;
}

/** True when a unit was deleted. */
export async function deleteOwnedUnit(
  db: Executor,
  userId: string,
  campaignId: string,
  unitId: string,
): Promise<boolean> {
  const rows = await db
    .delete(units)
    .where(ownedBy(userId, campaignId, unitId))
    .returning({ id: units.id });
  return rows.length > 0;
}
