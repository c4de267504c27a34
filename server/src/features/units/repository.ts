// SQL for units, and the read of a campaign's lists that unit work checks against. Every read or
// write is scoped by user AND campaign: a unit of another user or of another campaign is simply not
// found.
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Money, Unit } from '@questkeeper/core/schemas/units';
import { runPrepared, type Db, type Executor } from '../../db/client';
import { campaigns, encounters, units } from '../../db/schema';
import { versionedUnit, type VersionedUnitRow } from '../../db/shared/units';

/** A unit row with its version (decision 036): what every unit answer is built from. */
export type UnitRow = VersionedUnitRow;
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
    | 'counters'
  >
>;

/** A campaign's lists without its rules text (up to 600,000 characters): what unit fields are checked against. */
export type CampaignLists = Pick<
  typeof campaigns.$inferSelect,
  'id' | 'characteristics' | 'races' | 'classes' | 'statuses'
>;

/**
 * The lists of one of the user's campaigns; `lock` holds the campaign row until the transaction
 * ends, so count-then-insert of units cannot pass the limit.
 */
export async function findOwnedCampaignLists(
  db: Executor,
  userId: string,
  campaignId: string,
  options: { lock?: boolean } = {},
): Promise<CampaignLists | undefined> {
  const query = db
    .select({
      id: campaigns.id,
      characteristics: campaigns.characteristics,
      races: campaigns.races,
      classes: campaigns.classes,
      statuses: campaigns.statuses,
    })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

const ownedBy = (userId: string, campaignId: string, unitId: string) =>
  and(eq(units.id, unitId), eq(units.userId, userId), eq(units.campaignId, campaignId));

/**
 * The user's units of one campaign, oldest first; rows that share a timestamp (one statement, one
 * transaction, a coarse clock) in the order they were written (`seq`). Ownership is part of the WHERE, so a
 * request is this one statement. It is the hottest read of the product: run straight through the driver,
 * prepared, with dates formatted by PostgreSQL exactly as Date.prototype.toISOString writes them
 * (docs/benchmarks.md).
 */
const LIST_OWNED_UNITS = {
  name: 'list_owned_units',
  // Columns named after the API fields (docs/decisions/058-one-mapping-per-model.md): the row is
  // the answer but for its money, which the presenter gathers (toListedUnit).
  text: `select id as "_id", user_id as "userId", campaign_id as "gameDataId", name, gender,
      is_player as "isPlayer", race, class, status, characteristics, hp, current_hp as "currentHp",
      gold, silver, bronze, notes, counters,
      (select json_build_object('etag', i.etag, 'width', i.width, 'height', i.height)
         from images i where i.id = units.portrait_image_id) as portrait,
      to_char(units.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      to_char(units.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
      xmin::text as version
    from units where campaign_id = $1 and user_id = $2
    order by units.created_at asc, units.seq asc, units.id asc`,
};

/**
 * A row of LIST_OWNED_UNITS as both drivers return it: a Unit with its money in three columns (the
 * version is the row's xmin, decision 036; dates are ISO text).
 */
export type ListedUnitRow = Omit<Unit, 'money'> & Money;

export async function listOwnedUnits(db: Db, userId: string, campaignId: string): Promise<ListedUnitRow[]> {
  return runPrepared<ListedUnitRow>(db, LIST_OWNED_UNITS, [campaignId, userId]);
}

export async function countUnits(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(units).where(eq(units.campaignId, campaignId));
  return row?.n ?? 0;
}

/** Every unit name of a campaign (copies are numbered after them). */
export async function unitNames(db: Executor, campaignId: string): Promise<string[]> {
  const rows = await db.select({ name: units.name }).from(units).where(eq(units.campaignId, campaignId));
  return rows.map((row) => row.name);
}

export async function insertUnit(db: Executor, values: NewUnitRow): Promise<UnitRow> {
  // clock_timestamp, not now(), so created_at reads as the creation time; the order of units that
  // share a timestamp anyway (PGlite's clock ticks in milliseconds) is their `seq`.
  const [row] = await db
    .insert(units)
    .values({ ...values, createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .returning(versionedUnit);
  if (!row) throw new Error('insert into units returned no row');
  return row;
}

/**
 * Locks the unit until the transaction ends, for read-modify-write updates. The version read is the
 * one the write will replace: a save checked against it cannot be overtaken (decision 036).
 */
export async function lockOwnedUnit(
  db: Executor,
  userId: string,
  campaignId: string,
  unitId: string,
): Promise<UnitRow | undefined> {
  const [row] = await db
    .select(versionedUnit)
    .from(units)
    .where(ownedBy(userId, campaignId, unitId))
    .for('update')
    .limit(1);
  return row;
}

/** Scoped by owner as well as id: the caller checked it, the statement does not rely on that. */
export async function updateUnit(
  db: Executor,
  userId: string,
  unitId: string,
  changes: UnitChanges,
): Promise<UnitRow> {
  const [row] = await db
    .update(units)
    .set({ ...changes, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(units.id, unitId), eq(units.userId, userId)))
    .returning(versionedUnit);
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

/** `list` (a jsonb array of the encounter's data) without the elements that name `unitId`. */
const withoutUnit = (list: SQL, unitId: string, element: SQL) => sql`(
  select coalesce(jsonb_agg(e.value order by e.at), '[]'::jsonb)
  from jsonb_array_elements(${list}) with ordinality as e(value, at)
  where ${element} is distinct from ${unitId}::text)`;

/**
 * A deleted unit leaves every saved encounter of its campaign (docs/decisions/062): its side, and the
 * units hidden. Run in the transaction of the delete, so no encounter ever names a unit that is gone.
 */
export async function removeUnitFromEncounters(db: Executor, campaignId: string, unitId: string) {
  const named = JSON.stringify([{ unitId }]);
  await db
    .update(encounters)
    .set({
      data: sql`${encounters.data} || jsonb_build_object(
        'allies', ${withoutUnit(sql`${encounters.data} -> 'allies'`, unitId, sql`e.value ->> 'unitId'`)},
        'enemies', ${withoutUnit(sql`${encounters.data} -> 'enemies'`, unitId, sql`e.value ->> 'unitId'`)},
        'hidden', ${withoutUnit(sql`${encounters.data} -> 'hidden'`, unitId, sql`e.value #>> '{}'`)})`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(
      and(
        eq(encounters.campaignId, campaignId),
        sql`(${encounters.data} -> 'allies' @> ${named}::jsonb
          or ${encounters.data} -> 'enemies' @> ${named}::jsonb
          or ${encounters.data} -> 'hidden' @> ${JSON.stringify([unitId])}::jsonb)`,
      ),
    );
}
