// The only mapping from stored combat rows to API answers.
import type { Fight } from '@questkeeper/core/combat/action-types';
import type {
  CombatLogEntry,
  CombatResponse,
  CombatSummary,
  ConditionMap,
} from '@questkeeper/core/schemas/combat';
import type { Status } from '@questkeeper/core/schemas/campaigns';
import { storedLogData } from './combat-state';
import type { LogHead, LogPlace, LogRow } from './repository';

export function toLogEntry(row: LogRow): CombatLogEntry {
  const data = storedLogData(row.data);
  return {
    id: row.id,
    step: row.step,
    type: data.type,
    round: data.round,
    turnOf: data.turnOf,
    actor: data.actor,
    target: data.target,
    input: data.input,
    amount: data.amount,
    breakdown: data.breakdown,
    clamped: data.clamped,
    hpBefore: data.hpBefore,
    hpAfter: data.hpAfter,
    tempBefore: data.tempBefore,
    tempAfter: data.tempAfter,
    modifier: data.modifier,
    rolled: data.rolled,
    deathSave: data.deathSave,
    counter: data.counter,
    hazard: data.hazard,
    group: data.group,
    statusBefore: data.statusBefore,
    statusAfter: data.statusAfter,
    condition: data.condition,
    initiative: data.initiative,
    // Entries written before typed initiatives have no such field; before hazards and groups
    // (docs/decisions/062), their items have neither flag.
    initiatives:
      data.initiatives?.map((item) => ({
        ...item,
        hazard: item.hazard ?? false,
        groupId: item.groupId ?? null,
      })) ?? null,
    wrapped: data.wrapped,
    defeated: data.defeated,
    ...(data.requestedBy ? { requestedBy: data.requestedBy } : {}),
    undone: row.undone,
    at: row.createdAt.toISOString(),
  };
}

/** Conditions carry their status's current name: a status renamed since keeps its conditions. */
function namedConditions(conditions: ConditionMap, statuses: readonly Status[]): ConditionMap {
  const names = new Map(statuses.map((status) => [status._id, status.name]));
  return Object.fromEntries(
    Object.entries(conditions).map(([unitId, list]) => [
      unitId,
      list.map((condition) => ({ ...condition, status: names.get(condition.statusId) ?? condition.status })),
    ]),
  );
}

/** The cursor for the entries before `row` (decision 030: `step.position`, opaque to clients). */
export function cursorOf(row: Pick<LogRow, 'step' | 'position'>): string {
  return `${row.step}.${row.position}`;
}

/** A cursor the schema has checked (digits only, at most 9 each) back to its place. */
export function placeOf(cursor: string): LogPlace {
  const [step = '0', position = '0'] = cursor.split('.');
  return { step: Number(step), position: Number(position) };
}

/**
 * The cursor for the entries older than a page (oldest first); null when the page starts at the
 * log's first entry.
 */
export function pageCursor(rows: readonly LogRow[], hasOlder: boolean): string | null {
  const first = rows[0];
  return first && hasOlder ? cursorOf(first) : null;
}

export function toCombatResponse(input: {
  fight: Fight;
  version: number;
  updatedAt: Date | null;
  /** The newest entries (COMBAT_LOG_WINDOW at most), oldest first. */
  window: readonly LogRow[];
  head: LogHead;
  summary: CombatSummary | null;
  statuses: readonly Status[];
}): CombatResponse {
  const { head } = input;
  return {
    ...input.fight.state,
    updatedAt: input.updatedAt?.toISOString() ?? null,
    version: input.version,
    conditions: namedConditions(input.fight.conditions, input.statuses),
    canUndo: head.canUndo,
    canRedo: head.canRedo,
    log: input.window.map(toLogEntry),
    logTotal: head.total,
    logBefore: pageCursor(input.window, head.total > input.window.length),
    logUndoneFrom: head.firstUndone,
    summary: input.summary,
  };
}
