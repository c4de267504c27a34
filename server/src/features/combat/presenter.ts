// The only mapping from stored combat rows to API answers.
import type { Fight } from '@questkeeper/core/rules/combat-action-types';
import type { CombatLogEntry, CombatResponse, ConditionMap } from '@questkeeper/core/schemas/combat';
import type { Status } from '@questkeeper/core/schemas/campaigns';
import type { LogRow } from './repository';

export function toLogEntry(row: LogRow): CombatLogEntry {
  const { data } = row;
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
    statusBefore: data.statusBefore,
    statusAfter: data.statusAfter,
    condition: data.condition,
    initiative: data.initiative,
    // Entries written before typed initiatives (issue #16) have no such field.
    initiatives: data.initiatives ?? null,
    wrapped: data.wrapped,
    defeated: data.defeated,
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

export function toCombatResponse(input: {
  fight: Fight;
  version: number;
  updatedAt: Date | null;
  log: readonly LogRow[];
  statuses: readonly Status[];
}): CombatResponse {
  // Undo takes the last applied step, redo the first undone one (they always follow it).
  const firsts = input.log.filter((row) => row.position === 0);
  const lastApplied = firsts.findLast((row) => !row.undone);
  const firstUndone = firsts.find((row) => row.undone);
  return {
    ...input.fight.state,
    updatedAt: input.updatedAt?.toISOString() ?? null,
    version: input.version,
    conditions: namedConditions(input.fight.conditions, input.statuses),
    canUndo: lastApplied?.undoable ?? false,
    canRedo: firstUndone?.undoable ?? false,
    log: input.log.map(toLogEntry),
  };
}
