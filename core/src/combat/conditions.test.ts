import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CombatCondition, ConditionMap } from '../schemas/combat';
import { keepConditionsOf, roundsLeft, tickAll, tickConditions, turnChangeEvents } from './conditions';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';

function condition(overrides: Partial<CombatCondition> = {}): CombatCondition {
  return {
    id: crypto.randomUUID(),
    statusId: 's1',
    status: 'Poisoned',
    rounds: 2,
    endsOn: 'end',
    ofUnitId: A,
    elapsed: 0,
    ...overrides,
  };
}

describe('tickConditions', () => {
  it('ends a 2-round condition at the end of the second turn of its unit, not before', () => {
    const poisoned = condition();
    let conditions: ConditionMap = { [A]: [poisoned] };
    const first = tickConditions(conditions, { unitId: A, moment: 'end' });
    expect(first.expired).toEqual([]);
    expect(roundsLeft(first.conditions[A]![0]!)).toBe(1);
    conditions = first.conditions;
    // Another unit's turn, and the start of A's own turn, do not count for an 'end' condition.
    conditions = tickConditions(conditions, { unitId: B, moment: 'end' }).conditions;
    conditions = tickConditions(conditions, { unitId: A, moment: 'start' }).conditions;
    expect(roundsLeft(conditions[A]![0]!)).toBe(1);
    const second = tickConditions(conditions, { unitId: A, moment: 'end' });
    expect(second.expired).toEqual([
      { unitId: A, condition: { ...poisoned, elapsed: 2 }, event: { unitId: A, moment: 'end' } },
    ]);
    expect(second.conditions).toEqual({});
  });

  it("counts the turn of ofUnitId, at the start when endsOn is 'start'", () => {
    const blessed = condition({ ofUnitId: B, endsOn: 'start', rounds: 1 });
    const conditions: ConditionMap = { [A]: [blessed] };
    expect(tickConditions(conditions, { unitId: A, moment: 'start' }).expired).toEqual([]);
    expect(tickConditions(conditions, { unitId: B, moment: 'end' }).expired).toEqual([]);
    const { expired } = tickConditions(conditions, { unitId: B, moment: 'start' });
    expect(expired.map((item) => item.unitId)).toEqual([A]);
  });

  it('keeps conditions without rounds and the arrays of untouched units', () => {
    const forever = condition({ rounds: null });
    const other = condition({ ofUnitId: B });
    const conditions: ConditionMap = { [A]: [forever], [B]: [other] };
    const result = tickAll(conditions, [
      { unitId: A, moment: 'end' },
      { unitId: A, moment: 'end' },
      { unitId: A, moment: 'end' },
    ]);
    expect(result.expired).toEqual([]);
    expect(result.conditions[A]![0]!.elapsed).toBe(3);
    expect(roundsLeft(result.conditions[A]![0]!)).toBeNull();
    expect(result.conditions[B]).toBe(conditions[B]);
    expect(tickConditions(conditions, { unitId: 'nobody', moment: 'end' }).conditions).toBe(conditions);
  });

  it('never loses or invents a condition: expired + kept = before', () => {
    const arbitrary = fc.array(
      fc.record({
        carrier: fc.constantFrom(A, B),
        ofUnitId: fc.constantFrom(A, B),
        endsOn: fc.constantFrom('start' as const, 'end' as const),
        rounds: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      }),
      { maxLength: 8 },
    );
    const events = fc.array(
      fc.record({ unitId: fc.constantFrom(A, B), moment: fc.constantFrom('start' as const, 'end' as const) }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(arbitrary, events, (specs, turnEvents) => {
        const conditions: ConditionMap = {};
        for (const spec of specs) {
          (conditions[spec.carrier] ??= []).push(condition({ ...spec, id: crypto.randomUUID() }));
        }
        const result = tickAll(conditions, turnEvents);
        const kept = Object.values(result.conditions).flat();
        expect(kept.length + result.expired.length).toBe(specs.length);
        for (const item of kept) expect(item.rounds === null || item.elapsed < item.rounds).toBe(true);
        for (const { condition: gone } of result.expired) expect(gone.elapsed).toBe(gone.rounds);
      }),
    );
  });
});

describe('turnChangeEvents', () => {
  it('ends the old turn then starts the new one, and nothing when the turn stays', () => {
    expect(turnChangeEvents(A, B, true)).toEqual({
      ended: [{ unitId: A, moment: 'end' }],
      started: [{ unitId: B, moment: 'start' }],
    });
    expect(turnChangeEvents(A, A, false)).toEqual({ ended: [], started: [] });
  });
});

describe('keepConditionsOf', () => {
  it('drops the conditions of units that left and keeps the same map when nobody did', () => {
    const conditions: ConditionMap = { [A]: [condition()], [B]: [condition()] };
    expect(Object.keys(keepConditionsOf(conditions, new Set([A])))).toEqual([A]);
    expect(keepConditionsOf(conditions, new Set([A, B]))).toBe(conditions);
  });
});
