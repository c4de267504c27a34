// Timed conditions of a fight (docs/decisions/021): which ones end when a turn starts or ends. Pure, so the
// server applies them inside its next-turn action and the web shows the rounds left.
import type { CombatCondition, ConditionMap } from '../schemas/combat';

export type { CombatCondition, ConditionMap };

export type TurnMoment = 'start' | 'end';

/** The start or the end of one unit's turn. */
export interface TurnEvent {
  unitId: string;
  moment: TurnMoment;
}

export interface ExpiredCondition {
  /** The unit that carried it. */
  unitId: string;
  condition: CombatCondition;
  event: TurnEvent;
}

/** How many more counted turn starts/ends the condition lasts; null while it lasts until removed. */
export function roundsLeft(condition: CombatCondition): number | null {
  return condition.rounds === null ? null : Math.max(0, condition.rounds - condition.elapsed);
}

/** The conditions of one unit (a copy-free read: never undefined). */
export function conditionsOf(conditions: ConditionMap, unitId: string): readonly CombatCondition[] {
  return Object.hasOwn(conditions, unitId) ? (conditions[unitId] ?? []) : [];
}

/**
 * Counts `event` on every condition that watches it (its `ofUnitId`'s turn, its `endsOn` moment) and
 * removes those that reach their `rounds`. Untouched units keep their arrays; a unit left without
 * conditions loses its key. Conditions without `rounds` are counted too, which is harmless.
 */
export function tickConditions(
  conditions: ConditionMap,
  event: TurnEvent,
): { conditions: ConditionMap; expired: ExpiredCondition[] } {
  const expired: ExpiredCondition[] = [];
  let next: ConditionMap | null = null;
  for (const [unitId, list] of Object.entries(conditions)) {
    if (!list.some((condition) => watches(condition, event))) continue;
    const kept: CombatCondition[] = [];
    for (const condition of list) {
      if (!watches(condition, event)) {
        kept.push(condition);
        continue;
      }
      const counted = { ...condition, elapsed: condition.elapsed + 1 };
      if (counted.rounds !== null && counted.elapsed >= counted.rounds) {
        expired.push({ unitId, condition: counted, event });
      } else {
        kept.push(counted);
      }
    }
    next ??= { ...conditions };
    if (kept.length > 0) next[unitId] = kept;
    else delete next[unitId];
  }
  return { conditions: next ?? conditions, expired };
}

function watches(condition: CombatCondition, event: TurnEvent): boolean {
  return condition.ofUnitId === event.unitId && condition.endsOn === event.moment;
}

/**
 * The events of a turn change: the end of `from`'s turn, then the start of `to`'s. Nothing when the
 * turn did not move (nobody else standing). A single standing unit playing again still ends and
 * starts a turn.
 */
export function turnChangeEvents(
  from: string | undefined,
  to: string | undefined,
  moved: boolean,
): { ended: TurnEvent[]; started: TurnEvent[] } {
  if (!moved) return { ended: [], started: [] };
  return {
    ended: from === undefined ? [] : [{ unitId: from, moment: 'end' }],
    started: to === undefined ? [] : [{ unitId: to, moment: 'start' }],
  };
}

/** Applies events in order, collecting what expired. */
export function tickAll(
  conditions: ConditionMap,
  events: readonly TurnEvent[],
): { conditions: ConditionMap; expired: ExpiredCondition[] } {
  let current = conditions;
  const expired: ExpiredCondition[] = [];
  for (const event of events) {
    const result = tickConditions(current, event);
    current = result.conditions;
    expired.push(...result.expired);
  }
  return { conditions: current, expired };
}

/** The conditions without those of units that left the fight. */
export function keepConditionsOf(conditions: ConditionMap, unitIds: ReadonlySet<string>): ConditionMap {
  const entries = Object.entries(conditions).filter(([unitId]) => unitIds.has(unitId));
  return entries.length === Object.keys(conditions).length ? conditions : Object.fromEntries(entries);
}
