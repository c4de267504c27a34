// SQL for the combat of a campaign: its row (fight, conditions, version), its log (which is also the
// undo history, decision 021), and the unit reads and writes an action makes.
import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { FightUnit, LogDraft, UnitChange } from '@questkeeper/core/rules/combat-action-types';
import type { StepChanges } from '@questkeeper/core/rules/combat-history';
import type { CombatState, ConditionMap } from '@questkeeper/core/schemas/combat';
import type { Executor } from '../../db/client';
import { campaigns, combatLog, combats, units } from '../../db/schema';
import { versionedUnit, type VersionedUnitRow } from '../../db/shared/units';

export type CombatRow = typeof combats.$inferSelect;
/** With its version (decision 036): the answer's units carry it. */
export type UnitRow = VersionedUnitRow;
export type LogRow = Pick<
  typeof combatLog.$inferSelect,
  'id' | 'step' | 'position' | 'data' | 'undone' | 'createdAt'
> & {
  /** The step's changes are stored (on its first entry): an imported log has none to undo. */
  undoable: boolean;
};

/** What the combat reads of its campaign (not the rules text, up to 600,000 characters). */
export async function findCombatCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({
      id: campaigns.id,
      statuses: campaigns.statuses,
      initiativeRule: campaigns.initiativeRule,
      initiativeCaracName: campaigns.initiativeCaracName,
    })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .limit(1);
  // The campaign row is the lock every combat write takes: one action at a time per campaign.
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}
export type CombatCampaign = NonNullable<Awaited<ReturnType<typeof findCombatCampaign>>>;

export async function findCombat(db: Executor, campaignId: string): Promise<CombatRow | undefined> {
  const [row] = await db.select().from(combats).where(eq(combats.campaignId, campaignId)).limit(1);
  return row;
}

export async function saveCombat(
  db: Executor,
  campaignId: string,
  values: { state: CombatState; conditions: ConditionMap; version: number },
): Promise<CombatRow> {
  const set = { ...values, updatedAt: sql`clock_timestamp()` };
  const [row] = await db
    .insert(combats)
    .values({ campaignId, ...set })
    .onConflictDoUpdate({ target: combats.campaignId, set })
    .returning();
  if (!row) throw new Error('upsert of combats returned no row');
  return row;
}

const fightUnitColumns = {
  _id: units.id,
  name: units.name,
  hp: units.hp,
  currentHp: units.currentHp,
  status: units.status,
  characteristics: units.characteristics,
};

/** The units among `ids` that belong to this user's campaign (others are absent). */
export async function fightUnits(
  db: Executor,
  userId: string,
  campaignId: string,
  ids: readonly string[],
): Promise<FightUnit[]> {
  if (ids.length === 0) return [];
  return db
    .select(fightUnitColumns)
    .from(units)
    .where(and(eq(units.campaignId, campaignId), eq(units.userId, userId), inArray(units.id, [...ids])));
}

/** Locks the rows an action reads then writes, so a unit edit made meanwhile is not lost. */
export async function lockUnits(db: Executor, campaignId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.campaignId, campaignId), inArray(units.id, [...ids])))
    .for('update');
}

/** Writes HP and status; units deleted meanwhile are skipped. Answers the rows written. */
export async function updateUnits(
  db: Executor,
  campaignId: string,
  changes: Iterable<[string, UnitChange]>,
): Promise<UnitRow[]> {
  const written: UnitRow[] = [];
  for (const [unitId, change] of changes) {
    const [row] = await db
      .update(units)
      .set({ currentHp: change.currentHp, status: change.status, updatedAt: sql`clock_timestamp()` })
      .where(and(eq(units.id, unitId), eq(units.campaignId, campaignId)))
      .returning(versionedUnit);
    if (row) written.push(row);
  }
  return written;
}

const logColumns = {
  id: combatLog.id,
  step: combatLog.step,
  position: combatLog.position,
  data: combatLog.data,
  undone: combatLog.undone,
  createdAt: combatLog.createdAt,
  undoable: sql<boolean>`${combatLog.undo} is not null`,
};

/** A place in the log: entries strictly before it (its (step, position), opaque to clients). */
export interface LogPlace {
  step: number;
  position: number;
}

/**
 * The `limit` entries just before `before` (the newest ones without it), oldest first: a backward
 * scan of the (campaign, step, position) index that stops after `limit` rows (decision 030).
 */
export async function logPage(
  db: Executor,
  campaignId: string,
  limit: number,
  before?: LogPlace,
): Promise<LogRow[]> {
  const rows = await db
    .select(logColumns)
    .from(combatLog)
    .where(
      and(
        eq(combatLog.campaignId, campaignId),
        before
          ? sql`(${combatLog.step}, ${combatLog.position}) < (${before.step}, ${before.position})`
          : undefined,
      ),
    )
    .orderBy(desc(combatLog.step), desc(combatLog.position))
    .limit(limit);
  return rows.reverse();
}

/** What every answer says about the log besides its window (decision 030). */
export interface LogHead {
  total: number;
  /** The last step still applied (undo takes it) and the first undone one (redo takes it). */
  lastApplied: number | null;
  firstUndone: number | null;
  /** Those steps have stored changes (an imported log has none). */
  canUndo: boolean;
  canRedo: boolean;
  /** The last applied step ended the fight (End, or a side left with nobody standing). */
  ended: boolean;
}

export async function logHead(db: Executor, campaignId: string): Promise<LogHead> {
  const result = (await db.execute(sql`
    with applied as (
      select max(step) as last_applied from ${combatLog} where campaign_id = ${campaignId} and not undone
    ),
    edges as (
      -- The undone steps are the newest ones (undo takes the last applied step, redo the first undone
      -- one, a new action drops them all): an index range after the last applied step finds them.
      select
        applied.last_applied,
        (select min(step) from ${combatLog}
          where campaign_id = ${campaignId} and undone and step > coalesce(applied.last_applied, -2147483648)) as first_undone
      from applied
    )
    select
      (select count(*)::int from ${combatLog} where campaign_id = ${campaignId}) as total,
      edges.last_applied,
      edges.first_undone,
      coalesce((select undo is not null from ${combatLog}
        where campaign_id = ${campaignId} and step = edges.last_applied and position = 0), false) as can_undo,
      coalesce((select undo is not null from ${combatLog}
        where campaign_id = ${campaignId} and step = edges.first_undone and position = 0), false) as can_redo,
      exists(select 1 from ${combatLog}
        where campaign_id = ${campaignId} and step = edges.last_applied
          and (type = 'end' or data->>'defeated' is not null)) as ended
    from edges
  `)) as unknown as {
    rows: {
      total: number;
      last_applied: number | null;
      first_undone: number | null;
      can_undo: boolean;
      can_redo: boolean;
      ended: boolean;
    }[];
  };
  const row = result.rows[0];
  return {
    total: Number(row?.total ?? 0),
    lastApplied: row?.last_applied ?? null,
    firstUndone: row?.first_undone ?? null,
    canUndo: row?.can_undo ?? false,
    canRedo: row?.can_redo ?? false,
    ended: row?.ended ?? false,
  };
}

/** The applied entries, oldest first, with only what the end-of-fight summary reads. */
export async function appliedLog(db: Executor, campaignId: string) {
  return db
    .select({ data: combatLog.data, createdAt: combatLog.createdAt })
    .from(combatLog)
    .where(and(eq(combatLog.campaignId, campaignId), eq(combatLog.undone, false)))
    .orderBy(asc(combatLog.step), asc(combatLog.position));
}

/** The last step still applied, or the first undone one (what undo and redo take). */
export async function edgeStep(db: Executor, campaignId: string, undone: boolean): Promise<number | null> {
  const [row] = await db
    .select({ step: undone ? sql<number | null>`min(${combatLog.step})` : max(combatLog.step) })
    .from(combatLog)
    .where(and(eq(combatLog.campaignId, campaignId), eq(combatLog.undone, undone)));
  return row?.step ?? null;
}

export async function stepEntries(db: Executor, campaignId: string, step: number): Promise<LogRow[]> {
  return db
    .select(logColumns)
    .from(combatLog)
    .where(and(eq(combatLog.campaignId, campaignId), eq(combatLog.step, step)))
    .orderBy(asc(combatLog.position));
}

/** What a step changed; null for a step without stored changes (an imported log). */
export async function stepChanges(
  db: Executor,
  campaignId: string,
  step: number,
): Promise<StepChanges | null> {
  const [row] = await db
    .select({ undo: combatLog.undo })
    .from(combatLog)
    .where(and(eq(combatLog.campaignId, campaignId), eq(combatLog.step, step), eq(combatLog.position, 0)));
  return row?.undo ?? null;
}

export async function markStep(db: Executor, campaignId: string, step: number, undone: boolean) {
  await db
    .update(combatLog)
    .set({ undone })
    .where(and(eq(combatLog.campaignId, campaignId), eq(combatLog.step, step)));
}

/** Drops the redo steps (a new action after an undo), or with `all` the whole log (a new fight). */
export async function dropLog(db: Executor, campaignId: string, options: { all: boolean }) {
  await db
    .delete(combatLog)
    .where(
      options.all
        ? eq(combatLog.campaignId, campaignId)
        : and(eq(combatLog.campaignId, campaignId), eq(combatLog.undone, true)),
    );
}

export async function insertStep(
  db: Executor,
  campaignId: string,
  step: number,
  entries: readonly LogDraft[],
  changes: StepChanges,
): Promise<LogRow[]> {
  // clock_timestamp: entries of one step keep their order in time as in position.
  return db
    .insert(combatLog)
    .values(
      entries.map((data, position) => ({
        campaignId,
        step,
        position,
        type: data.type,
        data,
        undo: position === 0 ? changes : null,
        createdAt: sql`clock_timestamp()`,
      })),
    )
    .returning(logColumns);
}
