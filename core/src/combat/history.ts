// Undo and redo of combat actions (decision 021): each step stores what it changed — the
// fight fields and the units it touched, before and after — so both directions are exact and cheap,
// whatever dice were rolled.
import type { CombatCondition, CombatState } from '../schemas/combat';
import type { Fight, UnitChange } from './action-types';
import { EMPTY_COMBAT } from './combat';

/**
 * Fight fields kept by unit whose steps store only the units that changed (docs/decisions/062): on a
 * 200 v 200 fight a turn change resets one unit's counters, not 400 units' worth of values.
 */
const BY_UNIT_FIELDS = ['counters'] as const;
type ByUnitField = (typeof BY_UNIT_FIELDS)[number];

/** One side of a step: the fight fields it changed and the units it touched, as they were or became. */
export interface StepSide {
  state: Partial<CombatState>;
  /** Of a field kept by unit: the entries of the units that changed (null: that unit had none). */
  byUnit?: Partial<Record<ByUnitField, Record<string, CombatState[ByUnitField][string] | null>>>;
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
    if ((BY_UNIT_FIELDS as readonly string[]).includes(key)) {
      diffByUnit(
        changes,
        key as ByUnitField,
        was as CombatState[ByUnitField],
        after.state[key as ByUnitField],
      );
      continue;
    }
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

function diffByUnit(
  changes: StepChanges,
  key: ByUnitField,
  was: CombatState[ByUnitField],
  is: CombatState[ByUnitField],
) {
  const entry = (record: CombatState[ByUnitField], id: string) =>
    Object.hasOwn(record, id) ? record[id]! : null;
  for (const id of new Set([...Object.keys(was), ...Object.keys(is)])) {
    const before = entry(was, id);
    const after = entry(is, id);
    if (same(before, after)) continue;
    ((changes.before.byUnit ??= {})[key] ??= {})[id] = before;
    ((changes.after.byUnit ??= {})[key] ??= {})[id] = after;
  }
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
  const state = { ...fight.state, ...side.state };
  for (const [key, byUnit] of Object.entries(side.byUnit ?? {}) as [
    ByUnitField,
    Record<string, CombatState[ByUnitField][string] | null>,
  ][]) {
    const record = { ...state[key] };
    for (const [id, value] of Object.entries(byUnit)) {
      if (value === null) delete record[id];
      else record[id] = value;
    }
    state[key] = record;
  }
  return { state, conditions };
}
