// A unit's counters (docs/decisions/062): legendary actions "2/3" that come back at the start of its
// turn, a breath weapon that recharges on a d6 of 5 or 6, a spell that counts down rounds. One check for
// the unit form and the API, and the fight's reading of a counter's value.
import type { Problem } from '../checks';
import { COUNTERS_PER_UNIT_MAX } from '../limits';

/** What the check reads of a counter (the form's draft or the API's body). */
export interface CounterShape {
  _id?: string | undefined;
  recharge?: { die: number; min: number } | null | undefined;
}

/** At most COUNTERS_PER_UNIT_MAX, no id twice, a recharge's min within its die. Null when fine. */
export function checkCounters(counters: readonly CounterShape[]): Problem | null {
  if (counters.length > COUNTERS_PER_UNIT_MAX) {
    return { key: 'validation.tooManyItems', params: { max: COUNTERS_PER_UNIT_MAX } };
  }
  const ids = new Set<string>();
  for (const counter of counters) {
    if (counter._id !== undefined) {
      if (ids.has(counter._id)) return { key: 'validation.duplicateCounter', params: {} };
      ids.add(counter._id);
    }
    const problem = checkRecharge(counter.recharge);
    if (problem) return problem;
  }
  return null;
}

/** A recharge's `min` must be a face of its die. */
export function checkRecharge(recharge: CounterShape['recharge']): Problem | null {
  if (recharge && Number.isInteger(recharge.min) && recharge.min > recharge.die) {
    return { key: 'validation.rechargeMinOverDie', params: { die: recharge.die } };
  }
  return null;
}
