// Pure checks on a saved combat: the shape rules a PUT must pass, and the healing a GET applies when
// units of the fight were deleted since it was saved.
import type { CombatState } from '@questkeeper/core/schemas/combat';
import { FieldProblems } from '../units/unit-fields';

/** Every unit id the state refers to. */
export function unitIdsOf(state: CombatState): string[] {
  const ids = new Set([...state.allies, ...state.enemies, ...state.order.map((entry) => entry.unitId)]);
  if (state.targetId !== null) ids.add(state.targetId);
  return [...ids];
}

/**
 * Throws 400 VALIDATION_FAILED unless: no unit is listed twice or in both groups, every unit of the
 * initiative order and the target is in a group, and the turn index points into the order.
 */
export function assertConsistent(state: CombatState): void {
  const problems = new FieldProblems();
  const allies = new Set<string>();
  state.allies.forEach((id, index) => {
    if (allies.has(id)) problems.add(`allies.${index}`, 'validation.duplicateUnit');
    allies.add(id);
  });
  const enemies = new Set<string>();
  state.enemies.forEach((id, index) => {
    if (allies.has(id)) problems.add(`enemies.${index}`, 'validation.unitInBothGroups');
    else if (enemies.has(id)) problems.add(`enemies.${index}`, 'validation.duplicateUnit');
    enemies.add(id);
  });
  const inCombat = (id: string) => allies.has(id) || enemies.has(id);
  const ordered = new Set<string>();
  state.order.forEach(({ unitId }, index) => {
    if (!inCombat(unitId)) problems.add(`order.${index}.unitId`, 'validation.unitNotInCombat');
    else if (ordered.has(unitId)) problems.add(`order.${index}.unitId`, 'validation.duplicateUnit');
    ordered.add(unitId);
  });
  if (state.targetId !== null && !inCombat(state.targetId)) {
    problems.add('targetId', 'validation.unitNotInCombat');
  }
  const turnOk = state.order.length === 0 ? state.turnIndex === 0 : state.turnIndex < state.order.length;
  if (!turnOk) problems.add('turnIndex', 'validation.turnIndexOutOfRange');
  problems.throwIfAny();
}

/**
 * Throws 400 VALIDATION_FAILED when a change breaks a rule of spec §4 the screen shows: a unit with
 * 0 HP joins a group, or a fight starts without an ally and an enemy, or without every unit of both
 * groups in its initiative order. `previous` is the saved state (null before the first save).
 */
export function assertAllowedChange(
  previous: CombatState | null,
  next: CombatState,
  currentHp: ReadonlyMap<string, number>,
): void {
  const problems = new FieldProblems();
  const before = new Set([...(previous?.allies ?? []), ...(previous?.enemies ?? [])]);
  for (const group of ['allies', 'enemies'] as const) {
    next[group].forEach((id, index) => {
      if (!before.has(id) && (currentHp.get(id) ?? 0) <= 0) {
        problems.add(`${group}.${index}`, 'validation.unitFallen');
      }
    });
  }
  if (next.phase === 'fight' && previous?.phase !== 'fight') {
    if (next.allies.length === 0 || next.enemies.length === 0) {
      problems.add('phase', 'validation.fightNeedsBothGroups');
    } else if (next.order.length !== next.allies.length + next.enemies.length) {
      problems.add('order', 'validation.orderIncomplete');
    }
  }
  problems.throwIfAny();
}

/**
 * The state without the units that no longer exist. The turn stays on the same unit when it still
 * exists, moves to the next one when the current unit is gone, and wraps to the first at the end.
 */
export function withoutMissingUnits(state: CombatState, existing: ReadonlySet<string>): CombatState {
  const order = state.order.filter((entry) => existing.has(entry.unitId));
  const removedBeforeTurn = state.order
    .slice(0, state.turnIndex)
    .filter((entry) => !existing.has(entry.unitId)).length;
  const turnIndex = state.turnIndex - removedBeforeTurn;
  return {
    ...state,
    allies: state.allies.filter((id) => existing.has(id)),
    enemies: state.enemies.filter((id) => existing.has(id)),
    order,
    turnIndex: turnIndex < order.length ? turnIndex : 0,
    targetId: state.targetId !== null && existing.has(state.targetId) ? state.targetId : null,
  };
}
