// Undo and redo of combat actions (decision 021): each step stores what it changed — the
// fight fields and the units it touched, before and after — so both directions are exact and cheap,
// whatever dice were rolled.
import type { CombatCondition, CombatState } from '../schemas/combat';
import type { Fight, UnitChange } from './action-types';
import { EMPTY_COMBAT } from './combat';

/** One side of a step: the fight fields it changed and the units it touched, as they were or became. */
export interface StepSide {
  state: Partial<CombatState>;
  /** Conditions of the units whose list changed; an empty list: none. */
  conditions: Record<string, CombatCondition[]>;
  units: Record<string, UnitChange>;
}

export interface StepChanges {
  before: StepSide;
  after: StepSide;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function diffSteps(
  before: Fight,
  after: Fight,
  unitsBefore: ReadonlyMap<string, UnitChange>,
  unitsAfter: ReadonlyMap<string, UnitChange>,
): StepChanges {
  const changes: StepChanges = {
    before: { state: {}, conditions: {}, units: {} },
    after: { state: {}, conditions: {}, units: {} },
  };
  for (const key of Object.keys(after.state) as (keyof CombatState)[]) {
    // A field a fight saved before it existed lacks (temporary HP, death saves: decision 061) was
    // empty then, and undo must bring that back rather than leave the new value.
    const was = before.state[key] ?? EMPTY_COMBAT[key];
    if (same(was, after.state[key])) continue;
    Object.assign(changes.before.state, { [key]: was });
    Object.assign(changes.after.state, { [key]: after.state[key] });
  }
  const unitIds = new Set([...Object.keys(before.conditions), ...Object.keys(after.conditions)]);
  for (const unitId of unitIds) {
    const was = listOf(before, unitId);
    const is = listOf(after, unitId);
    if (same(was, is)) continue;
    changes.before.conditions[unitId] = was;
    changes.after.conditions[unitId] = is;
  }
  for (const [unitId, change] of unitsAfter) {
    const was = unitsBefore.get(unitId);
    if (!was) continue;
    changes.before.units[unitId] = was;
    changes.after.units[unitId] = change;
  }
  return changes;
}

function listOf(fight: Fight, unitId: string): CombatCondition[] {
  return Object.hasOwn(fight.conditions, unitId) ? (fight.conditions[unitId] ?? []) : [];
}

/** The fight with one side of a step laid over it (the units are the caller's to write). */
export function applyStepSide(fight: Fight, side: StepSide): Fight {
  const conditions = { ...fight.conditions };
  for (const [unitId, list] of Object.entries(side.conditions)) {
    if (list.length > 0) conditions[unitId] = list;
    else delete conditions[unitId];
  }
  return { state: { ...fight.state, ...side.state }, conditions };
}
