// Pure helpers on a saved combat: the units it names, and the healing a read applies when units of
// the fight were deleted since it was saved.
import type { CombatState } from '@questkeeper/core/schemas/combat';

/** Every unit id the state refers to. */
export function unitIdsOf(state: CombatState): string[] {
  const ids = new Set([...state.allies, ...state.enemies, ...state.order.map((entry) => entry.unitId)]);
  if (state.targetId !== null) ids.add(state.targetId);
  return [...ids];
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
