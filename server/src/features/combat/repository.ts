// SQL for the combat of a campaign: its row (fight, conditions, version), its log (which is also the
// undo history, decision 021), and the unit reads and writes an action makes.
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { FightUnit, LogDraft, UnitChange } from '@questkeeper/core/rules/combat-action-types';
import type { StepChanges } from '@questkeeper/core/rules/combat-history';
import type { CombatState, ConditionMap } from '@questkeeper/core/schemas/combat';
import type { Executor } from '../../db/client';
import { campaigns, combatLog, combats, units } from '../../db/schema';

export type CombatRow = typeof combats.$inferSelect;
export type UnitRow = typeof units.$inferSelect;
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
      .returning();
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

export async function listLog(db: Executor, campaignId: string): Promise<LogRow[]> {
  return db
    .select(logColumns)
    .from(combatLog)
    .where(eq(combatLog.campaignId, campaignId))
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
