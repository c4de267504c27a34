// The combat actions (decision 031): area damage, a typed initiative for reinforcements,
// the order fixed by hand, several units joining in one step — and that each one is undone exactly
// by its stored step.
import { describe, expect, it } from 'vitest';
import { combatAction, type CombatAction } from '../schemas/combat';
import { EMPTY_COMBAT } from './combat';
import { applyCombatAction } from './actions';
import {
  CombatRefusal,
  type ActionContext,
  type Fight,
  type FightUnit,
  type UnitChange,
} from './action-types';
import { applyStepSide, diffSteps } from './history';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [ARA, BOR, CAZ, DUR, ELM] = [1, 2, 3, 4, 5].map(id) as [string, string, string, string, string];

function unit(_id: string, name: string, overrides: Partial<FightUnit> = {}): FightUnit {
  return {
    _id,
    name,
    hp: 30,
    currentHp: 30,
    status: 'Normal',
    characteristics: { Dex: 10 },
    isPlayer: false,
    ...overrides,
  };
}

function context(list: FightUnit[]): ActionContext {
  const rolls = [0.9, 0.5, 0.7, 0.1, 0.3];
  let next = 0;
  let ids = 100;
  return {
    units: new Map(list.map((item) => [item._id, item])),
    statuses: [{ _id: 's1', name: 'Normal' }],
    initiativeRule: 'random_d20',
    initiativeCharacteristic: 'Dex',
    initiativeModifier: 'value',
    random: () => rolls[next++ % rolls.length]!,
    rollDie: () => 4,
    newId: () => id(ids++),
  };
}

const roster = (overrides: Record<string, Partial<FightUnit>> = {}) => [
  unit(ARA, 'Ara', overrides[ARA]),
  unit(BOR, 'Bor', overrides[BOR]),
  unit(CAZ, 'Caz', overrides[CAZ]),
  unit(DUR, 'Dur', overrides[DUR]),
  unit(ELM, 'Elm', overrides[ELM]),
];

/** Ara and Bor against Caz and Dur, typed initiatives: Ara 20, Caz 15, Bor 10, Dur 5. */
function fight(list = roster()): Fight {
  const setup: Fight = {
    state: { ...EMPTY_COMBAT, allies: [ARA, BOR], enemies: [CAZ, DUR] },
    conditions: {},
  };
  const action: CombatAction = {
    type: 'start',
    initiatives: { [ARA]: 20, [BOR]: 10, [CAZ]: 15, [DUR]: 5 },
  };
  return applyCombatAction(setup, action, context(list)).fight;
}

function refusal(run: () => unknown): CombatRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof CombatRefusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Applies, then lays the stored step's `before` back: the fight and units must be what they were. */
function expectExactUndo(before: Fight, action: CombatAction, list: FightUnit[]) {
  const ctx = context(list);
  const outcome = applyCombatAction(before, action, ctx);
  const unitsBefore = new Map<string, UnitChange>();
  for (const key of outcome.units.keys()) {
    const was = ctx.units.get(key)!;
    unitsBefore.set(key, { currentHp: was.currentHp, status: was.status });
  }
  const changes = diffSteps(before, outcome.fight, unitsBefore, outcome.units);
  expect(applyStepSide(outcome.fight, changes.before)).toEqual(before);
  expect(changes.before.units).toEqual(Object.fromEntries(unitsBefore));
  expect(applyStepSide(before, changes.after)).toEqual(outcome.fight);
  return outcome;
}

describe('area damage (attack or heal with targetIds)', () => {
  it('lands one amount on every target, one entry each, one roll', () => {
    let rolls = 0;
    const ctx = { ...context(roster()), rollDie: () => (++rolls, 3) };
    const outcome = applyCombatAction(
      fight(),
      { type: 'attack', targetId: CAZ, targetIds: [DUR, CAZ], amount: '2d6', sourceId: ARA },
      ctx,
    );
    expect(rolls).toBe(2);
    expect(
      outcome.entries.map((entry) => [entry.type, entry.target?.name, entry.amount, entry.hpAfter]),
    ).toEqual([
      ['attack', 'Caz', 6, 24],
      ['attack', 'Dur', 6, 24],
    ]);
    expect(outcome.entries.every((entry) => entry.actor?.name === 'Ara')).toBe(true);
    expect([...outcome.units]).toEqual([
      [CAZ, { currentHp: 24, status: 'Normal' }],
      [DUR, { currentHp: 24, status: 'Normal' }],
    ]);
    expect(outcome.fight.state.targetId).toBe(CAZ);
  });

  it('ends the fight when the blow fells the whole side, flagging the last entry', () => {
    const list = roster({ [CAZ]: { currentHp: 5 }, [DUR]: { currentHp: 3 } });
    const outcome = applyCombatAction(
      fight(list),
      { type: 'attack', targetId: CAZ, targetIds: [DUR], amount: 9 },
      context(list),
    );
    expect(outcome.entries.map((entry) => entry.defeated)).toEqual([null, 'enemies']);
    expect(outcome.fight.state.phase).toBe('setup');
  });

  it('refuses a fallen unit or a unit out of the fight among the targets, naming the field', () => {
    const list = roster({ [DUR]: { currentHp: 0 } });
    const fallen = refusal(() =>
      applyCombatAction(
        fight(),
        { type: 'attack', targetId: CAZ, targetIds: [DUR], amount: 3 },
        context(list),
      ),
    );
    expect(fallen.fields).toEqual({ targetIds: { key: 'validation.targetFallen' } });
    const outside = refusal(() =>
      applyCombatAction(
        fight(),
        { type: 'heal', targetId: ARA, targetIds: [ELM], amount: 3 },
        context(roster()),
      ),
    );
    expect(outside.fields).toEqual({ targetIds: { key: 'validation.unitNotInCombat' } });
    const unknown = refusal(() =>
      applyCombatAction(
        fight(),
        { type: 'heal', targetId: ARA, targetIds: [id(99)], amount: 3 },
        context(roster()),
      ),
    );
    expect(unknown.code).toBe('UNKNOWN_UNIT');
  });

  it('heals several at once, a unit at full HP staying at its max', () => {
    const list = roster({ [ARA]: { currentHp: 10 } });
    const outcome = applyCombatAction(
      fight(list),
      { type: 'heal', targetId: ARA, targetIds: [BOR], amount: 5 },
      context(list),
    );
    expect(outcome.entries.map((entry) => [entry.hpBefore, entry.hpAfter])).toEqual([
      [10, 15],
      [30, 30],
    ]);
  });

  it('is undone exactly, in one step', () => {
    const list = roster({ [CAZ]: { currentHp: 12 } });
    expectExactUndo(fight(list), { type: 'attack', targetId: CAZ, targetIds: [DUR], amount: 7 }, list);
  });

  it('keeps the schema: at least one extra target, the single form unchanged', () => {
    expect(combatAction.safeParse({ type: 'attack', targetId: CAZ, amount: 3 }).success).toBe(true);
    expect(combatAction.safeParse({ type: 'attack', targetId: CAZ, targetIds: [], amount: 3 }).success).toBe(
      false,
    );
  });
});

describe('reinforcements (add with a typed initiative)', () => {
  it('inserts the unit where its typed initiative sorts it, and logs it', () => {
    const outcome = applyCombatAction(
      fight(),
      { type: 'add', unitId: ELM, group: 'enemies', initiative: 12 },
      context(roster()),
    );
    expect(outcome.fight.state.order.map((entry) => [entry.unitId, entry.initiative])).toEqual([
      [ARA, 20],
      [CAZ, 15],
      [ELM, 12],
      [BOR, 10],
      [DUR, 5],
    ]);
    expect(outcome.fight.state.turnIndex).toBe(0);
    expect(outcome.entries).toMatchObject([
      { type: 'add', initiative: 12, target: { name: 'Elm', group: 'enemies' } },
    ]);
  });

  it('keeps the current turn when the newcomer sorts above it', () => {
    const started = fight();
    const second = applyCombatAction(started, { type: 'nextTurn' }, context(roster())).fight;
    const outcome = applyCombatAction(
      second,
      { type: 'add', unitId: ELM, group: 'allies', initiative: 99 },
      context(roster()),
    );
    const { order, turnIndex } = outcome.fight.state;
    expect(order[0]?.unitId).toBe(ELM);
    expect(order[turnIndex]?.unitId).toBe(CAZ);
  });

  it('refuses a typed initiative at setup', () => {
    const setup: Fight = { state: { ...EMPTY_COMBAT, allies: [ARA] }, conditions: {} };
    const refused = refusal(() =>
      applyCombatAction(
        setup,
        { type: 'add', unitId: CAZ, group: 'enemies', initiative: 3 },
        context(roster()),
      ),
    );
    expect(refused.fields).toEqual({ initiative: { key: 'validation.initiativeAtStart' } });
  });

  it('is undone exactly', () => {
    const list = roster();
    expectExactUndo(fight(list), { type: 'add', unitId: ELM, group: 'enemies', initiative: 12 }, list);
  });
});

describe('several units joining in one step (add with unitIds)', () => {
  it('adds them all mid-fight, each with its own roll inserted in order, one entry each', () => {
    const list = [...roster(), unit(id(6), 'Fen'), unit(id(7), 'Gil')];
    // Rolls 0.9, 0.5, 0.7 on a d20 with Dex 10: 19, 11, 15.
    const outcome = applyCombatAction(
      fight(list),
      { type: 'add', unitIds: [ELM, id(6), id(7)], group: 'enemies' },
      context(list),
    );
    expect(outcome.fight.state.enemies).toEqual([CAZ, DUR, ELM, id(6), id(7)]);
    expect(outcome.fight.state.order.map((entry) => [entry.unitId, entry.initiative])).toEqual([
      [ARA, 20],
      [ELM, 19],
      [CAZ, 15],
      [id(7), 15],
      [id(6), 11],
      [BOR, 10],
      [DUR, 5],
    ]);
    expect(outcome.fight.state.order[outcome.fight.state.turnIndex]?.unitId).toBe(ARA);
    expect(outcome.entries.map((entry) => [entry.type, entry.target?.name, entry.initiative])).toEqual([
      ['add', 'Elm', 19],
      ['add', 'Fen', 11],
      ['add', 'Gil', 15],
    ]);
  });

  it('adds them to the group without an order at setup', () => {
    const setup: Fight = { state: { ...EMPTY_COMBAT, allies: [ARA] }, conditions: {} };
    const outcome = applyCombatAction(
      setup,
      { type: 'add', unitIds: [CAZ, DUR], group: 'enemies' },
      context(roster()),
    );
    expect(outcome.fight.state).toMatchObject({ phase: 'setup', enemies: [CAZ, DUR], order: [] });
    expect(outcome.entries.map((entry) => [entry.target?.name, entry.initiative])).toEqual([
      ['Caz', null],
      ['Dur', null],
    ]);
  });

  it('refuses the whole list over one fallen, present, repeated or unknown unit, naming it', () => {
    const list = roster({ [DUR]: { currentHp: 0 } });
    const setup: Fight = { state: { ...EMPTY_COMBAT, allies: [ARA] }, conditions: {} };
    const add = (unitIds: string[], extra: Partial<CombatAction> = {}) =>
      refusal(() =>
        applyCombatAction(
          setup,
          { type: 'add', unitIds, group: 'enemies', ...extra } as CombatAction,
          context(list),
        ),
      );
    expect(add([CAZ, DUR, ELM]).fields).toEqual({ 'unitIds.1': { key: 'validation.unitFallen' } });
    expect(add([CAZ, ARA]).fields).toEqual({ 'unitIds.1': { key: 'validation.unitAlreadyInCombat' } });
    expect(add([CAZ, ELM, CAZ]).fields).toEqual({ 'unitIds.2': { key: 'validation.duplicateUnit' } });
    const unknown = add([id(99), CAZ]);
    expect(unknown.code).toBe('UNKNOWN_UNIT');
    expect(unknown.fields).toEqual({ 'unitIds.0': { key: 'validation.unknownUnit' } });
    expect(add([CAZ], { initiative: 12 }).fields).toEqual({
      initiative: { key: 'validation.initiativeOneUnit' },
    });
    expect(add([CAZ], { unitId: ELM }).fields).toEqual({ unitIds: { key: 'validation.unitIdOrUnitIds' } });
    // The single form is unchanged: an unknown unit names no field.
    const single = refusal(() =>
      applyCombatAction(setup, { type: 'add', unitId: id(99), group: 'enemies' }, context(list)),
    );
    expect([single.code, single.fields]).toEqual(['UNKNOWN_UNIT', {}]);
  });

  it('is undone exactly, in one step', () => {
    const list = [...roster(), unit(id(6), 'Fen')];
    expectExactUndo(fight(list), { type: 'add', unitIds: [ELM, id(6)], group: 'allies' }, list);
  });

  it('keeps the schema: one to the unit limit, the single form unchanged', () => {
    const parse = (action: Record<string, unknown>) =>
      combatAction.safeParse({ type: 'add', group: 'allies', ...action }).success;
    expect(parse({ unitId: ELM })).toBe(true);
    expect(parse({ unitIds: [ELM, CAZ] })).toBe(true);
    expect(parse({ unitIds: [] })).toBe(false);
    expect(parse({ unitIds: Array.from({ length: 201 }, (_, n) => id(n + 1)) })).toBe(false);
    expect(parse({ unitIds: ['not-an-id'] })).toBe(false);
  });
});

describe('reorder', () => {
  it('moves a unit, brings its initiative between its neighbours and keeps the turn', () => {
    const list = roster();
    const second = applyCombatAction(fight(list), { type: 'nextTurn' }, context(list)).fight; // Caz's turn
    const outcome = applyCombatAction(second, { type: 'reorder', unitId: DUR, toIndex: 0 }, context(list));
    const { order, turnIndex } = outcome.fight.state;
    expect(order.map((entry) => [entry.unitId, entry.initiative])).toEqual([
      [DUR, 20],
      [ARA, 20],
      [CAZ, 15],
      [BOR, 10],
    ]);
    expect(order[turnIndex]?.unitId).toBe(CAZ);
    expect(outcome.entries).toMatchObject([{ type: 'reorder', initiative: 20, target: { name: 'Dur' } }]);
  });

  it('keeps an initiative that already sits between the neighbours', () => {
    const outcome = applyCombatAction(
      fight(),
      { type: 'reorder', unitId: BOR, toIndex: 1 },
      context(roster()),
    );
    expect(outcome.fight.state.order.map((entry) => [entry.unitId, entry.initiative])).toEqual([
      [ARA, 20],
      [BOR, 15],
      [CAZ, 15],
      [DUR, 5],
    ]);
  });

  it('refuses a place past the end, the same place, a unit out of the fight, and setup', () => {
    const list = roster();
    expect(
      refusal(() => applyCombatAction(fight(), { type: 'reorder', unitId: ARA, toIndex: 4 }, context(list)))
        .fields,
    ).toEqual({ toIndex: { key: 'validation.tooBig', params: { max: 3 } } });
    expect(
      refusal(() => applyCombatAction(fight(), { type: 'reorder', unitId: ARA, toIndex: 0 }, context(list)))
        .fields,
    ).toEqual({ toIndex: { key: 'validation.samePlace' } });
    expect(
      refusal(() => applyCombatAction(fight(), { type: 'reorder', unitId: ELM, toIndex: 0 }, context(list)))
        .fields,
    ).toEqual({ unitId: { key: 'validation.unitNotInCombat' } });
    const setup: Fight = { state: { ...EMPTY_COMBAT, allies: [ARA], enemies: [CAZ] }, conditions: {} };
    expect(
      refusal(() => applyCombatAction(setup, { type: 'reorder', unitId: ARA, toIndex: 1 }, context(list)))
        .code,
    ).toBe('FIGHT_NOT_STARTED');
  });

  it('is undone exactly', () => {
    const list = roster();
    expectExactUndo(fight(list), { type: 'reorder', unitId: DUR, toIndex: 1 }, list);
  });
});
