// Pure helpers on a saved combat: the units it names, the fields a fight saved before they existed
// lacks, and the healing a read applies when units of the fight were deleted since it was saved.
import type { LogDraft } from '@questkeeper/core/combat/action-types';
import type { CombatState } from '@questkeeper/core/schemas/combat';
import { normalizeGroups } from '@questkeeper/core/combat/turns';

/** Every unit id the state refers to. */
export function unitIdsOf(state: CombatState): string[] {
  const ids = new Set([
    ...state.allies,
    ...state.enemies,
    ...state.order.flatMap((entry) => (entry.unitId === undefined ? [] : [entry.unitId])),
  ]);
  if (state.targetId !== null) ids.add(state.targetId);
  return [...ids];
}

/** The fields a fight saved before they existed lacks: temporary HP, death saves (docs/decisions/061), counters, hazards, groups and rerolls (docs/decisions/062). */
type LaterFields =
  'tempHp' | 'deathSaves' | 'counters' | 'hazards' | 'rerollEachRound' | 'typed' | 'grouping';

/**
 * A stored state as the rules read it: a fight saved before a field existed reads it as empty. Every
 * read of a stored state goes through here.
 */
export function storedState(state: Omit<CombatState, LaterFields> & Partial<CombatState>) {
  return {
    ...state,
    tempHp: state.tempHp ?? {},
    deathSaves: state.deathSaves ?? {},
    counters: state.counters ?? {},
    hazards: state.hazards ?? [],
    rerollEachRound: state.rerollEachRound ?? false,
    typed: state.typed ?? [],
    grouping: state.grouping ?? 'none',
  } satisfies CombatState;
}

/** The entries of a by-unit record whose unit still exists. */
function keptOf<T>(byUnit: Readonly<Record<string, T>>, existing: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(byUnit).filter(([id]) => existing.has(id)));
}

/**
 * The state without the units that no longer exist (nor their temporary HP and death saves). The turn
 * stays on the same unit when it still exists, moves to the next one when the current unit is gone,
 * and wraps to the first at the end.
 */
export function withoutMissingUnits(stored: CombatState, existing: ReadonlySet<string>): CombatState {
  const state = storedState(stored);
  // Hazards are not units: they stay (docs/decisions/062).
  const kept = (entry: CombatState['order'][number]) =>
    entry.unitId === undefined || existing.has(entry.unitId);
  const order = normalizeGroups(state.order.filter(kept));
  const removedBeforeTurn = state.order.slice(0, state.turnIndex).filter((entry) => !kept(entry)).length;
  const turnIndex = state.turnIndex - removedBeforeTurn;
  return {
    ...state,
    allies: state.allies.filter((id) => existing.has(id)),
    enemies: state.enemies.filter((id) => existing.has(id)),
    order,
    turnIndex: turnIndex < order.length ? turnIndex : 0,
    targetId: state.targetId !== null && existing.has(state.targetId) ? state.targetId : null,
    tempHp: keptOf(state.tempHp, existing),
    deathSaves: keptOf(state.deathSaves, existing),
    counters: keptOf(state.counters, existing),
    typed: state.typed.filter((id) => existing.has(id)),
  };
}

/**
 * A stored log entry's fields as the rules read them: entries written before temporary HP, blow
 * modifiers and death saves (docs/decisions/061) have none of those fields, read as null.
 */
export function storedLogData(data: LogDraft): LogDraft {
  return {
    ...data,
    tempBefore: data.tempBefore ?? null,
    tempAfter: data.tempAfter ?? null,
    modifier: data.modifier ?? null,
    rolled: data.rolled ?? null,
    deathSave: data.deathSave ?? null,
    counter: data.counter ?? null,
    hazard: data.hazard ?? null,
    group: data.group ?? null,
  };
}
