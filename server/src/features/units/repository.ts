// SQL for units, and the read of a campaign's lists that unit work checks against. Every read or
// write is scoped by user AND campaign: a unit of another user or of another campaign is simply not
// found.
import { and, count, eq, sql } from 'drizzle-orm';
import { runPrepared, type Db, type Executor } from '../../db/client';
import { campaigns, units } from '../../db/schema';
import { versionedUnit, type VersionedUnitRow } from '../../db/shared/units';

/** A unit row with its version (decision 036): what every unit answer is built from. */
export type UnitRow = VersionedUnitRow;
/** A unit row as drizzle maps it, or as the hot list query returns it (dates already ISO text). */
export type UnitRowLike = Omit<UnitRow, 'createdAt' | 'updatedAt' | 'seq'> & {
  createdAt: Date | string;
  updatedAt: Date | string;
};
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
 * transaction, a coarse clock) in the order they were written (`seq`, issue #29 item 12). Ownership is part of the WHERE, so a request is this one statement. It is the hottest
 * read of the product: run straight through the driver, prepared, with dates formatted by
 * PostgreSQL exactly as Date.prototype.toISOString writes them (docs/benchmarks.md).
 */
const LIST_OWNED_UNITS = {
  name: 'list_owned_units',
  text: `select id, user_id, campaign_id, name, gender, is_player, race, class, status, characteristics,
      hp, current_hp, gold, silver, bronze, notes, xmin::text as version,
      to_char(units.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      to_char(units.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
    from units where campaign_id = $1 and user_id = $2
    order by units.created_at asc, units.seq asc, units.id asc`,
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
  /** The row's xmin (decision 036). */
  version: string;
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
    version: row.version,
  }));
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
