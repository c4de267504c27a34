// Checks a unit's list fields and characteristics against its campaign (rows become answers in
// presenter.ts). Field problems are collected so one answer names every bad field.
import { DEFAULT_CHARACTERISTIC_VALUE } from '@questkeeper/core/constants';
import type { MessageKey } from '@questkeeper/core/i18n';
import {
  UNKNOWN_LIST_CHOICE,
  checkCharacteristicValue,
  matchListChoice,
  type UnitListField,
} from '@questkeeper/core/units/fields';
import type { UnitCounter, UnitCounterInput } from '@questkeeper/core/schemas/units';
import { AppError, type FieldProblem } from '../../lib/app-error';
import type { CampaignLists, UnitRow } from './repository';

export class FieldProblems {
  private readonly problems = new Map<string, FieldProblem>();

  add(field: string, key: MessageKey, params?: Record<string, string | number>): void {
    if (!this.problems.has(field)) this.problems.set(field, params ? { key, params } : { key });
  }

  /** Throws 400 VALIDATION_FAILED naming every field added so far. */
  throwIfAny(): void {
    if (this.problems.size > 0)
      throw new AppError('VALIDATION_FAILED', {}, Object.fromEntries(this.problems));
  }
}

/** The campaign's spelling of a race, class or status name (core's rule); a problem when it has none. */
export function resolveListChoice(
  problems: FieldProblems,
  field: UnitListField,
  list: readonly { name: string }[],
  given: string,
): string {
  const name = matchListChoice(list, given);
  if (name !== undefined) return name;
  problems.add(field, UNKNOWN_LIST_CHOICE[field]);
  return given;
}

/** The value a new unit starts with: 50, or less when the characteristic cannot hold 50. */
export function defaultCharacteristicValue(max: number): number {
  return Math.min(DEFAULT_CHARACTERISTIC_VALUE, max);
}

/**
 * `base` with the `given` values the campaign knows laid over it. Names the campaign does not have
 * are dropped; values above a characteristic's max are reported. Maps are built from Map entries, so
 * names like `__proto__` or `constructor` stay plain data.
 */
export function mergeCharacteristics(
  problems: FieldProblems,
  campaign: Pick<CampaignLists, 'characteristics'>,
  base: ReadonlyMap<string, number>,
  given: Readonly<Record<string, number>>,
): Record<string, number> {
  const result = new Map(base);
  for (const { name, max } of campaign.characteristics) {
    if (!Object.hasOwn(given, name)) continue;
    const value = given[name];
    if (value === undefined) continue;
    const problem = checkCharacteristicValue(value, max);
    if (problem) problems.add(`characteristics.${name}`, problem.key, problem.params);
    else result.set(name, value);
  }
  return Object.fromEntries(result);
}

/** Every characteristic of the campaign at its default value. */
export function defaultCharacteristics(
  campaign: Pick<CampaignLists, 'characteristics'>,
): Map<string, number> {
  return new Map(campaign.characteristics.map(({ name, max }) => [name, defaultCharacteristicValue(max)]));
}

export function storedCharacteristics(row: Pick<UnitRow, 'characteristics'>): Map<string, number> {
  return new Map(Object.entries(row.characteristics));
}

/**
 * A unit's counters as stored (docs/decisions/062): a counter sent without `_id` is new and gets one;
 * the others keep theirs, so a fight's values (keyed by counter id) follow an edit of the label or max.
 */
export function storedCounters(
  counters: readonly UnitCounterInput[],
  newId: () => string = () => crypto.randomUUID(),
): UnitCounter[] {
  return counters.map((counter) => ({
    _id: counter._id ?? newId(),
    label: counter.label,
    max: counter.max,
    kind: counter.kind,
    reset: counter.reset,
    recharge: counter.recharge ? { die: counter.recharge.die, min: counter.recharge.min } : null,
  }));
}
