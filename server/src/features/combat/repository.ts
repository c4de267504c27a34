// SQL for the combat of a campaign: its row (fight, conditions, version), its log (which is also the
// undo history, decision 021), and the unit reads and writes an action makes.
import type { UnitCounter } from '@questkeeper/core/schemas/units';
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { FightUnit, LogDraft, UnitChange } from '@questkeeper/core/combat/action-types';
import type { StepChanges } from '@questkeeper/core/combat/history';
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
      initiativeModifier: campaigns.initiativeModifier,
    })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .limit(1);
  // The campaign row is the lock every combat write takes: one action at a time per campaign.
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}
export type CombatCampaign = NonNullable<Awaited<ReturnType<typeof findCombatCampaign>>>;

/**
 * The fight's row, its log's head and the log's newest `window` entries (oldest first), in one round
 * trip (decisions 039 and 042). No row means no fight was ever set up here, so no log either (an
 * imported log comes with its fight's row).
 */
export async function findCombat(
  db: Executor,
  campaignId: string,
  window: number,
): Promise<{ row: CombatRow | undefined; head: LogHead; window: LogRow[] }> {
  const [found] = await db
    .select({
      row: getTableColumns(combats),
      head: logHeadJson(campaignId),
      window: logWindowJson(campaignId, window),
    })
    .from(combats)
    .where(eq(combats.campaignId, campaignId))
    .limit(1);
  if (!found) return { row: undefined, head: EMPTY_LOG_HEAD, window: [] };
  return {
    row: found.row,
    head: { ...(found.head ?? EMPTY_LOG_HEAD), total: found.row.logTotal },
    window: (found.window ?? []).map(fromJsonRow),
  };
}

/** The fight's version: 0 for a campaign that never had a fight. */
export async function combatVersion(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ version: combats.version })
    .from(combats)
    .where(eq(combats.campaignId, campaignId))
    .limit(1);
  return row?.version ?? 0;
}

/** A log row as `logWindowJson` gives it: the time as JSON text. */
type LogJsonRow = Omit<LogRow, 'createdAt'> & { createdAt: string };

function fromJsonRow(row: LogJsonRow): LogRow {
  return { ...row, createdAt: new Date(row.createdAt) };
}

/**
 * The log's newest `limit` entries, oldest first, as one JSON array: a scalar subquery of the same
 * backward index scan as `logPage`, read with the fight's row. Its fields are `logColumns`, keyed
 * alike: the subquery keeps the table's name, so those columns refer to its rows.
 */
function logWindowJson(campaignId: string, limit: number) {
  const fields = sql.join(
    Object.entries(logColumns).map(([key, value]) => sql`${key}::text, ${value}`),
    sql`, `,
  );
  return sql<LogJsonRow[] | null>`(
    select coalesce(json_agg(json_build_object(${fields})
      order by ${combatLog.step}, ${combatLog.position}), '[]')
    from (
      select * from ${combatLog} where ${combatLog.campaignId} = ${campaignId}
      order by ${combatLog.step} desc, ${combatLog.position} desc
      limit ${limit}
    ) as ${combatLog}
  )`;
}

/** Whether two JSON values are equal (key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJson(item, b[index]))
    );
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]))
  );
}

/**
 * The fields of `next` that differ from `stored`, or null when one was dropped (the whole state must
 * be written then).
 */
function statePatch(stored: CombatState, next: CombatState): Partial<CombatState> | null {
  const patch: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(stored), ...Object.keys(next)])) {
    const value = (next as Record<string, unknown>)[key];
    if (sameJson((stored as Record<string, unknown>)[key], value)) continue;
    if (value === undefined) return null;
    patch[key] = value;
  }
  return patch as Partial<CombatState>;
}

/** The units whose counters changed, or null when one lost its entry (the whole record is written then). */
function countersDelta(
  stored: CombatState['counters'],
  next: CombatState['counters'],
): CombatState['counters'] | null {
  const delta: CombatState['counters'] = {};
  for (const id of Object.keys(stored)) if (!Object.hasOwn(next, id)) return null;
  for (const [id, values] of Object.entries(next)) {
    if (!sameJson(Object.hasOwn(stored, id) ? stored[id] : undefined, values)) delta[id] = values;
  }
  return delta;
}

/**
 * Stores the fight. Over a stored one (`stored`: its state as read under the campaign lock) only the
 * fields that changed are sent: an attack changes the amount and the target, not the initiative order
 * nor the groups, which hold 400 units' worth of JSON in a large fight.
 */
export async function saveCombat(
  db: Executor,
  campaignId: string,
  /** `logTotal`: how many entries the log holds once this write's transaction commits. */
  values: { state: CombatState; conditions: ConditionMap; version: number; logTotal: number },
  stored?: CombatState,
): Promise<{ updatedAt: Date }> {
  const patch = stored ? statePatch(stored, values.state) : null;
  // Counters (docs/decisions/062) are kept by unit: a turn change that resets one unit's sends that
  // unit's values, merged into the stored record, not 400 units' worth.
  const counters =
    patch?.counters && stored?.counters ? countersDelta(stored.counters, patch.counters) : null;
  if (counters && patch) delete patch.counters;
  const merged =
    patch === null
      ? null
      : counters
        ? sql`(${combats.state} || ${JSON.stringify(patch)}::jsonb) || jsonb_build_object('counters', coalesce(${combats.state} -> 'counters', '{}'::jsonb) || ${JSON.stringify(counters)}::jsonb)`
        : Object.keys(patch).length === 0
          ? sql`${combats.state}`
          : sql`${combats.state} || ${JSON.stringify(patch)}::jsonb`;
  const set = { ...values, updatedAt: sql`clock_timestamp()` };
  // Only the time comes back: the caller has the state it wrote.
  const [row] = merged
    ? await db
        .update(combats)
        .set({ ...set, state: merged })
        .where(eq(combats.campaignId, campaignId))
        .returning({ updatedAt: combats.updatedAt })
    : await db
        .insert(combats)
        .values({ campaignId, ...set })
        .onConflictDoUpdate({ target: combats.campaignId, set })
        .returning({ updatedAt: combats.updatedAt });
  if (!row) throw new Error('write of combats returned no row');
  return row;
}

/**
 * The units among `ids` that belong to this user's campaign (others are absent). Every action reads
 * the whole fight (400 units at most), so the database builds them as one JSON array: one value to
 * parse instead of 400 rows, and the ids go as one array parameter. Of the characteristics only
 * `characteristic` is read, the one initiative ties look at; `isPlayer` says whether a unit at 0 HP
 * is Down and keeps its turn (docs/decisions/061).
 */
export async function fightUnits(
  db: Executor,
  userId: string,
  campaignId: string,
  ids: readonly string[],
  characteristic: string,
): Promise<FightUnit[]> {
  if (ids.length === 0) return [];
  const result = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(
      ${units.id}, ${units.name}, ${units.hp}, ${units.currentHp}, ${units.status},
      ${units.characteristics} -> ${characteristic}::text, ${units.isPlayer}, ${units.counters}
    )), '[]') as list
    from ${units}
    where ${units.campaignId} = ${campaignId} and ${units.userId} = ${userId}
      and ${units.id} = any(${sql.param([...ids])}::uuid[])
  `)) as unknown as {
    rows: {
      list: [string, string, number, number, string, number | null, boolean, UnitCounter[] | null][];
    }[];
  };
  return (result.rows[0]?.list ?? []).map(
    ([_id, name, hp, currentHp, status, value, isPlayer, counters]) => ({
      _id,
      name,
      hp,
      currentHp,
      status,
      characteristics: value === null ? {} : { [characteristic]: value },
      isPlayer,
      // The fight resets and recharges them (docs/decisions/062).
      counters: counters ?? [],
    }),
  );
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

/** The head of an empty log (a campaign that never had a fight). */
export const EMPTY_LOG_HEAD: LogHead = {
  total: 0,
  lastApplied: null,
  firstUndone: null,
  canUndo: false,
  canRedo: false,
  ended: false,
};

/**
 * The log's head but its count as one JSON value: a scalar subquery, read alone or with the fight's
 * row (whose `log_total` is the count, decision 041).
 */
function logHeadJson(campaignId: string) {
  const log = sql`${combatLog} where campaign_id = ${campaignId}`;
  const hasChanges = (step: SQL) =>
    sql`coalesce((select undo is not null from ${log} and step = ${step} and position = 0), false)`;
  const endsFight = (step: SQL) =>
    sql`exists(select 1 from ${log} and step = ${step} and (type = 'end' or data->>'defeated' is not null))`;
  return sql<Omit<LogHead, 'total'>>`(
    with applied as (
      select max(step) as last_applied from ${log} and not undone
    ),
    edges as (
      -- The undone steps are the newest ones (undo takes the last applied step, redo the first undone
      -- one, a new action drops them all): an index range after the last applied step finds them.
      select
        applied.last_applied,
        (select min(step) from ${log}
          and undone and step > coalesce(applied.last_applied, -2147483648)) as first_undone
      from applied
    )
    select json_build_object(
      'lastApplied', last_applied,
      'firstUndone', first_undone,
      'canUndo', ${hasChanges(sql`last_applied`)},
      'canRedo', ${hasChanges(sql`first_undone`)},
      'ended', ${endsFight(sql`last_applied`)}
    )
    from edges
  )`;
}

export async function logHead(db: Executor, campaignId: string): Promise<LogHead> {
  const result = (await db.execute(sql`
    select ${logHeadJson(campaignId)} as head,
      coalesce((select ${combats.logTotal} from ${combats} where ${combats.campaignId} = ${campaignId}), 0)
        as total
  `)) as unknown as { rows: { head: Omit<LogHead, 'total'> | null; total: number }[] };
  const [row] = result.rows;
  return row?.head ? { ...row.head, total: row.total } : EMPTY_LOG_HEAD;
}

/** The applied entries, oldest first, with only what the end-of-fight summary reads. */
export async function appliedLog(db: Executor, campaignId: string) {
  return db
    .select({ data: combatLog.data, createdAt: combatLog.createdAt })
    .from(combatLog)
    .where(and(eq(combatLog.campaignId, campaignId), eq(combatLog.undone, false)))
    .orderBy(asc(combatLog.step), asc(combatLog.position));
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

/** Marks a step undone or applied again; answers its entries in order. */
export async function markStep(
  db: Executor,
  campaignId: string,
  step: number,
  undone: boolean,
): Promise<LogRow[]> {
  const rows = await db
    .update(combatLog)
    .set({ undone })
    .where(and(eq(combatLog.campaignId, campaignId), eq(combatLog.step, step)))
    .returning(logColumns);
  return rows.sort((a, b) => a.position - b.position);
}

/**
 * Drops the redo steps (a new action after an undo): the undone steps are the newest ones, from
 * `from` (the head's first undone step) on, so the index gives them without reading the rest of a
 * long log. With `all`, the whole log goes (a new fight). Answers how many entries went.
 */
export async function dropLog(
  db: Executor,
  campaignId: string,
  options: { all: true } | { from: number },
): Promise<number> {
  const which = 'all' in options ? sql`` : sql`and step >= ${options.from} and undone`;
  const result = (await db.execute(sql`
    with dropped as (
      delete from ${combatLog}
      where campaign_id = ${campaignId} ${which}
      returning 1
    )
    select count(*)::int as count from dropped
  `)) as unknown as { rows: { count: number }[] };
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * Drops the oldest steps of the log, whole, until at least `excess` entries went (a fight at
 * COMBAT_LOG_MAX_ENTRIES, decision 046); never `keep` (the step just written) nor a later one. One
 * indexed statement per step: the oldest step is the index's first key, found without reading the
 * rest of the log. Answers how many entries went.
 */
export async function trimLog(
  db: Executor,
  campaignId: string,
  excess: number,
  keep: number,
): Promise<number> {
  let gone = 0;
  while (gone < excess) {
    const result = (await db.execute(sql`
      with oldest as (
        select min(step) as step from ${combatLog} where campaign_id = ${campaignId}
      ),
      dropped as (
        delete from ${combatLog}
        where campaign_id = ${campaignId} and step = (select step from oldest) and step < ${keep}
        returning 1
      )
      select count(*)::int as count from dropped
    `)) as unknown as { rows: { count: number }[] };
    const count = Number(result.rows[0]?.count ?? 0);
    if (count === 0) break;
    gone += count;
  }
  return gone;
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
