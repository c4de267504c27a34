// Counters in a fight (docs/decisions/062): the values of the units' counters, spent by the game master
// and reset by the fight itself — at the start or the end of the unit's turn, or when a round begins —
// and recharged by a die the server rolls at the start of the unit's turn. Pure: the rolls come in.
import type { CombatState, CounterChangeReason } from '../schemas/combat';
import type { UnitCounter } from '../schemas/units';

/** What these rules read of a unit. */
export interface CounterUnit {
  _id: string;
  counters?: readonly UnitCounter[] | undefined;
}

type Values = CombatState['counters'];

/** A counter's value in the fight: its stored value within 0..max, or its max when none is stored. */
export function counterValue(values: Values, unitId: string, counter: UnitCounter): number {
  const own = Object.hasOwn(values, unitId) ? values[unitId] : undefined;
  const value = own && Object.hasOwn(own, counter._id) ? own[counter._id] : undefined;
  return value === undefined ? counter.max : Math.max(0, Math.min(counter.max, value));
}

/** Every counter of a unit at its max: how a unit joins a fight. Null for a unit without counters. */
export function fullCounters(unit: CounterUnit): Record<string, number> | null {
  const counters = unit.counters ?? [];
  if (counters.length === 0) return null;
  return Object.fromEntries(counters.map((counter) => [counter._id, counter.max]));
}

/** The values with one counter set. */
export function withCounterValue(values: Values, unitId: string, counterId: string, value: number): Values {
  const own = Object.hasOwn(values, unitId) ? values[unitId] : undefined;
  return { ...values, [unitId]: { ...own, [counterId]: value } };
}

/** One change the fight made to a counter, or a recharge roll (for the log). */
export interface CounterChange {
  unitId: string;
  counter: UnitCounter;
  reason: CounterChangeReason;
  before: number;
  after: number;
  roll: number | null;
  ranOut: boolean;
}

export type CounterMoment = 'turnStart' | 'turnEnd' | 'roundStart';

/**
 * The resets of `moment` on the counters of `unitIds`: `uses` back to max, a `countdown` one lower
 * (never below 0). At a turn's start, a counter with a recharge still below its max rolls its die
 * (`rollDie`, after the reset): `min` or more refills it. Every reset that changes a value and every
 * recharge roll is a change; a countdown reaching 0 has `ranOut`.
 */
export function resetCounters(
  values: Values,
  units: ReadonlyMap<string, CounterUnit>,
  unitIds: readonly string[],
  moment: CounterMoment,
  rollDie: (sides: number) => number,
): { values: Values; changes: CounterChange[] } {
  let next = values;
  const changes: CounterChange[] = [];
  for (const unitId of unitIds) {
    for (const counter of units.get(unitId)?.counters ?? []) {
      let value = counterValue(next, unitId, counter);
      if (counter.reset === moment) {
        const after = counter.kind === 'uses' ? counter.max : Math.max(0, value - 1);
        if (after !== value) {
          changes.push({
            unitId,
            counter,
            reason: 'reset',
            before: value,
            after,
            roll: null,
            ranOut: counter.kind === 'countdown' && after === 0,
          });
          next = withCounterValue(next, unitId, counter._id, after);
          value = after;
        }
      }
      if (moment === 'turnStart' && counter.recharge && value < counter.max) {
        const roll = rollDie(counter.recharge.die);
        const after = roll >= counter.recharge.min ? counter.max : value;
        changes.push({ unitId, counter, reason: 'recharge', before: value, after, roll, ranOut: false });
        if (after !== value) next = withCounterValue(next, unitId, counter._id, after);
      }
    }
  }
  return { values: next, changes };
}
