// A unit names its race, class and status; each must be an entry of its campaign's list
// (docs/product.md#units). The schema cannot say so (it does not know the campaign): the server checks it
// with this function and the unit form mirrors it with the same one, without zod (decision 011).
import { checkWholeNumber, type Problem } from '../checks';
import type { MessageKey } from '../i18n';
import { CHARACTERISTIC_VALUE_MAX } from '../limits';

export const UNIT_LIST_FIELDS = ['race', 'class', 'status'] as const;
export type UnitListField = (typeof UNIT_LIST_FIELDS)[number];

/** The message for a value its campaign's list lacks. */
export const UNKNOWN_LIST_CHOICE = {
  race: 'validation.unknownRace',
  class: 'validation.unknownClass',
  status: 'validation.unknownStatus',
} as const satisfies Record<UnitListField, MessageKey>;

/**
 * The list's spelling of `given` (as the schema leaves it: trimmed), or undefined when the list has
 * no such entry. Case does not matter: a campaign's list names are unique regardless of case
 * (core/src/schemas/campaigns.ts), so the match is unambiguous, and the unit stores the list's
 * spelling, which renames then follow (decision 014). An exact match wins anyway.
 */
export function matchListChoice(list: readonly { name: string }[], given: string): string | undefined {
  const exact = list.find((entry) => entry.name === given);
  if (exact) return exact.name;
  const folded = given.toLocaleLowerCase();
  return list.find((entry) => entry.name.toLocaleLowerCase() === folded)?.name;
}

/**
 * A characteristic's value for a campaign whose characteristic goes up to `max`: the schema's bounds
 * (a whole number 0..100) first, then the campaign's own max. The server's unit checks and the unit
 * form both call this, so a value over the max reads the same on both.
 */
export function checkCharacteristicValue(value: number | string, max: number): Problem | null {
  const problem = checkWholeNumber(value, { min: 0, max: CHARACTERISTIC_VALUE_MAX });
  if (problem) return problem;
  return Number(value) > max ? { key: 'validation.characteristicMax', params: { max } } : null;
}
