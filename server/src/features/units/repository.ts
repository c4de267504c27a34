// SQL for units. Every read or write is scoped by user AND campaign: a unit of another user or of
// another campaign is simply not found.
import { and, count, eq, sql } from 'drizzle-orm';
import { runPrepared, type Db, type Executor } from '../../db/client';
import { units } from '../../db/schema';
import type { UnitRowLike } from './unit-fields';

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

/**
 * The user's units of one campaign, oldest first (the id breaks ties between rows written in one
 * statement). Ownership is part of the WHERE, so a request is this one statement. It is the hottest
 * read of the product: run straight through the driver, prepared, with dates formatted by
 * PostgreSQL exactly as Date.prototype.toISOString writes them (docs/benchmarks.md).
 */
const LIST_OWNED_UNITS = {
  name: 'list_owned_units',
  text: `select id, user_id, campaign_id, name, gender, is_player, race, class, status, characteristics,
      hp, current_hp, gold, silver, bronze, notes,
      to_char(units.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      to_char(units.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
    from units where campaign_id = $1 and user_id = $2
    order by units.created_at asc, units.id asc`,
};

/** A row of LIST_OWNED_UNITS as both drivers return it (also read by the benchmark's floor). */
export interface ListedUnitRow {
  id: string;
  user_id: string;
  campaign_id: string;
  name: string;
  gender: UnitRow['gender'];
  is_player: boolean;
  race: string;
  class: string;
  status: string;
  characteristics: Record<string, number>;
  hp: number;
  current_hp: number;
  gold: number;
  silver: number;
  bronze: number;
  notes: string;
  created_at: string;
  updated_at: string;
}

export async function listOwnedUnits(db: Db, userId: string, campaignId: string): Promise<UnitRowLike[]> {
  const rows = await runPrepared<ListedUnitRow>(db, LIST_OWNED_UNITS, [campaignId, userId]);
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    campaignId: row.campaign_id,
    name: row.name,
    gender: row.gender,
    isPlayer: row.is_player,
    race: row.race,
    class: row.class,
    status: row.status,
    characteristics: row.characteristics,
    hp: row.hp,
    currentHp: row.current_hp,
    gold: row.gold,
    silver: row.silver,
    bronze: row.bronze,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
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

/** Units follow a renamed race, class or status of their campaign (campaign update, same transaction). */
export async function renameUnitsListValue(
  db: Executor,
  campaignId: string,
  column: 'race' | 'class' | 'status',
  from: string,
  to: string,
): Promise<void> {
  await db
    .update(units)
    .set({ [column]: to, updatedAt: sql`now()` })
    .where(and(eq(units.campaignId, campaignId), eq(units[column], from)));
}

/** Units keep their value of a renamed characteristic under its new name. */
export async function renameUnitsCharacteristic(
  db: Executor,
  campaignId: string,
  from: string,
  to: string,
): Promise<void> {
  await db
    .update(units)
    .set({
      characteristics: sql`(${units.characteristics} - ${from}::text) || jsonb_build_object(${to}::text, ${units.characteristics} -> ${from}::text)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(units.campaignId, campaignId), sql`${units.characteristics} -> ${from}::text is not null`));
}

/** Values above a characteristic's lowered max come down to it. */
export async function capUnitsCharacteristic(
  db: Executor,
  campaignId: string,
  name: string,
  max: number,
): Promise<void> {
  await db
    .update(units)
    .set({
      characteristics: sql`jsonb_set(${units.characteristics}, array[${name}::text], to_jsonb(${max}::int))`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(units.campaignId, campaignId),
        sql`jsonb_typeof(${units.characteristics} -> ${name}::text) = 'number'`,
        sql`(${units.characteristics} ->> ${name}::text)::numeric > ${max}`,
      ),
    );
}
