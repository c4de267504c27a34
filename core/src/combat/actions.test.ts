import { describe, expect, it } from 'vitest';
import type { CombatAction } from '../schemas/combat';
import { EMPTY_COMBAT } from './combat';
import { applyCombatAction } from './actions';
import { CombatRefusal, type ActionContext, type Fight, type FightUnit } from './action-types';

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

function context(units: FightUnit[], overrides: Partial<ActionContext> = {}): ActionContext {
  let ids = 100;
  // Initiatives follow the list: 0.9 → 19, 0.5 → 11, … on a d20.
  const rolls = [0.9, 0.5, 0.7, 0.1, 0.3];
  let next = 0;
  return {
    units: new Map(units.map((item) => [item._id, item])),
    statuses: [
      { _id: 's1', name: 'Normal' },
      { _id: 's2', name: 'Poisoned' },
    ],
    initiativeRule: 'random_d20',
    initiativeCharacteristic: 'Dex',
    initiativeModifier: 'value',
    random: () => rolls[next++ % rolls.length]!,
    rollDie: () => 4,
    newId: () => id(ids++),
    ...overrides,
  };
}

const setup = (): Fight => ({
  state: { ...EMPTY_COMBAT, allies: [ARA, BOR], enemies: [CAZ] },
  conditions: {},
});
const units = () => [
  unit(ARA, 'Ara'),
  unit(BOR, 'Bor'),
  unit(CAZ, 'Caz'),
  unit(DUR, 'Dur'),
  unit(ELM, 'Elm'),
];

function refusal(run: () => unknown): CombatRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof CombatRefusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Starts the fight: order Ara (19), Caz (15), Bor (11). */
function started(ctx = context(units())): Fight {
  return applyCombatAction(setup(), { type: 'start' }, ctx).fight;
}

describe('setup actions', () => {
  it('adds a unit to a group with a log entry, refusing fallen, duplicate and foreign units', () => {
    const ctx = context([...units(), unit(id(9), 'Fallen', { currentHp: 0 })]);
    const outcome = applyCombatAction(setup(), { type: 'add', unitId: DUR, group: 'enemies' }, ctx);
    expect(outcome.fight.state.enemies).toEqual([CAZ, DUR]);
    expect(outcome.entries).toMatchObject([
      { type: 'add', round: 1, turnOf: null, target: { id: DUR, name: 'Dur', group: 'enemies' } },
    ]);
    const again = refusal(() =>
      applyCombatAction(setup(), { type: 'add', unitId: ARA, group: 'enemies' }, ctx),
    );
    expect(again.fields).toEqual({ unitId: { key: 'validation.unitAlreadyInCombat' } });
    const fallen = refusal(() =>
      applyCombatAction(setup(), { type: 'add', unitId: id(9), group: 'allies' }, ctx),
    );
    expect(fallen.fields).toEqual({ unitId: { key: 'validation.unitFallen' } });
    expect(
      refusal(() => applyCombatAction(setup(), { type: 'add', unitId: id(77), group: 'allies' }, ctx)).code,
    ).toBe('UNKNOWN_UNIT');
  });

  it('refuses to start without a standing unit on each side, and twice', () => {
    const ctx = context([...units(), unit(id(9), 'Fallen', { currentHp: 0 })]);
    const lonely: Fight = { state: { ...EMPTY_COMBAT, allies: [ARA], enemies: [id(9)] }, conditions: {} };
    expect(refusal(() => applyCombatAction(lonely, { type: 'start' }, ctx)).code).toBe(
      'FIGHT_NEEDS_BOTH_GROUPS',
    );
    expect(refusal(() => applyCombatAction(started(), { type: 'start' }, ctx)).code).toBe(
      'FIGHT_ALREADY_STARTED',
    );
  });

  it('refuses fight-only actions before the start', () => {
    const ctx = context(units());
    for (const action of [
      { type: 'attack', targetId: CAZ, amount: 5 },
      { type: 'nextTurn' },
    ] as CombatAction[]) {
      expect(refusal(() => applyCombatAction(setup(), action, ctx)).code).toBe('FIGHT_NOT_STARTED');
    }
    const empty: Fight = { state: EMPTY_COMBAT, conditions: {} };
    expect(refusal(() => applyCombatAction(empty, { type: 'end' }, ctx)).code).toBe('FIGHT_NOT_STARTED');
  });
});

describe('fight actions', () => {
  it('rolls initiative at start and logs whose turn it is', () => {
    const outcome = applyCombatAction(setup(), { type: 'start' }, context(units()));
    expect(outcome.fight.state.order.map((entry) => entry.unitId)).toEqual([ARA, CAZ, BOR]);
    expect(outcome.entries).toMatchObject([
      { type: 'start', round: 1, turnOf: { id: ARA, group: 'allies' } },
    ]);
    expect(outcome.fight.state.order.map((entry) => entry.initiative)).toEqual([19, 15, 11]);
    // The order is the fight's own; the entry does not list it again (docs/decisions/074).
    expect(outcome.entries[0]!.initiatives).toBeNull();
  });

  it('takes typed initiatives, rolls the others, breaks ties as the order does, and keeps which was typed', () => {
    const ctx = context([
      unit(ARA, 'Ara'),
      unit(BOR, 'Bor'),
      unit(CAZ, 'Caz', { characteristics: { Dex: 12 } }),
    ]);
    // Caz typed 19; Ara rolls 19 and Bor 11 (the first two rolls: typed units do not roll).
    const outcome = applyCombatAction(setup(), { type: 'start', initiatives: { [CAZ]: 19 } }, ctx);
    expect(outcome.fight.state.order).toEqual([
      { unitId: CAZ, initiative: 19 },
      { unitId: ARA, initiative: 19 },
      { unitId: BOR, initiative: 11 },
    ]);
    expect(outcome.fight.state.typed).toEqual([CAZ]);
    expect(outcome.entries).toMatchObject([{ type: 'start', turnOf: { id: CAZ }, initiatives: null }]);
    const all = applyCombatAction(
      setup(),
      { type: 'start', initiatives: { [ARA]: -3, [BOR]: 0, [CAZ]: 7 } },
      ctx,
    );
    expect(all.fight.state.order.map((entry) => entry.initiative)).toEqual([7, 0, -3]);
  });

  it('refuses a typed initiative for a unit outside the fight, naming it', () => {
    const ctx = context(units());
    const outside = refusal(() =>
      applyCombatAction(setup(), { type: 'start', initiatives: { [ARA]: 5, [DUR]: 4, [id(77)]: 3 } }, ctx),
    );
    expect(outside.code).toBe('VALIDATION_FAILED');
    expect(outside.fields).toEqual({
      [`initiatives.${DUR}`]: { key: 'validation.unitNotInCombat' },
      [`initiatives.${id(77)}`]: { key: 'validation.unitNotInCombat' },
    });
  });

  it('attacks with its source as actor, a dice breakdown, and the target selected', () => {
    const fight = started();
    const outcome = applyCombatAction(
      fight,
      { type: 'attack', targetId: CAZ, amount: '2d6+3', sourceId: ARA },
      context(units()),
    );
    expect(outcome.units.get(CAZ)).toEqual({ currentHp: 19, status: 'Normal' });
    expect(outcome.entries).toMatchObject([
      {
        type: 'attack',
        actor: { id: ARA, name: 'Ara', group: 'allies' },
        target: { id: CAZ, name: 'Caz', group: 'enemies' },
        input: '2d6+3',
        amount: 11,
        breakdown: '2d6+3 → [4, 4] + 3 = 11',
        clamped: false,
        hpBefore: 30,
        hpAfter: 19,
        defeated: null,
      },
    ]);
    expect(outcome.fight.state).toMatchObject({ targetId: CAZ, amount: 0, phase: 'fight' });
  });

  // Who did it is the action's source, never the turn's unit by default.
  it('credits the source it names, whoever has the turn, and no one without one', () => {
    const fight = started(); // Ara's turn
    const ctx = context(units());
    const byBor = applyCombatAction(fight, { type: 'attack', targetId: CAZ, amount: 4, sourceId: BOR }, ctx);
    expect(byBor.entries[0]).toMatchObject({ actor: { id: BOR, name: 'Bor' }, turnOf: { id: ARA } });
    const trap = applyCombatAction(fight, { type: 'attack', targetId: CAZ, amount: 4, sourceId: null }, ctx);
    expect(trap.entries[0]).toMatchObject({ actor: null, hpAfter: 26 });
    const absent = applyCombatAction(fight, { type: 'heal', targetId: ARA, amount: 4 }, ctx);
    expect(absent.entries[0]!.actor).toBeNull();
    // The target itself may be the source (a self-heal).
    const self = applyCombatAction(fight, { type: 'heal', targetId: CAZ, amount: 4, sourceId: CAZ }, ctx);
    expect(self.entries[0]!.actor).toMatchObject({ id: CAZ });
    for (const sourceId of [DUR, id(99)]) {
      const error = refusal(() =>
        applyCombatAction(fight, { type: 'attack', targetId: CAZ, amount: 4, sourceId }, ctx),
      );
      expect(error.fields).toEqual({ sourceId: { key: 'validation.sourceNotInCombat' } });
    }
  });

  it('clamps a roll outside 1..999 and says so; refuses bad amounts under `amount`', () => {
    const fight = started();
    const ctx = context(units());
    const low = applyCombatAction(fight, { type: 'heal', targetId: BOR, amount: '1d4-10' }, ctx);
    expect(low.entries[0]).toMatchObject({ amount: 1, clamped: true });
    for (const [amount, key] of [
      [0, 'validation.tooSmall'],
      [1000, 'validation.tooBig'],
      [2.5, 'validation.integer'],
      ['1000', 'validation.tooBig'],
      ['1000d6', 'dice.errors.tooManyDice'],
      ['2d', 'dice.errors.unexpectedEnd'],
      ['x'.repeat(10_000), 'dice.errors.tooLong'],
    ] as const) {
      const error = refusal(() => applyCombatAction(fight, { type: 'attack', targetId: CAZ, amount }, ctx));
      expect(error.fields.amount?.key, String(amount).slice(0, 10)).toBe(key);
    }
  });

  it('refuses to attack a fallen unit but lets a heal raise it', () => {
    const ctx = context([unit(ARA, 'Ara'), unit(BOR, 'Bor', { currentHp: 0 }), unit(CAZ, 'Caz')]);
    const fight = started(ctx);
    const error = refusal(() => applyCombatAction(fight, { type: 'attack', targetId: BOR, amount: 3 }, ctx));
    expect(error.fields).toEqual({ targetId: { key: 'validation.targetFallen' } });
    const healed = applyCombatAction(fight, { type: 'heal', targetId: BOR, amount: 3 }, ctx);
    expect(healed.units.get(BOR)?.currentHp).toBe(3);
  });

  it('ends the fight with the blow that leaves a side with nobody standing', () => {
    const fight = started();
    const outcome = applyCombatAction(
      fight,
      { type: 'attack', targetId: CAZ, amount: 999 },
      context(units()),
    );
    expect(outcome.entries[0]).toMatchObject({ hpAfter: 0, defeated: 'enemies' });
    expect(outcome.fight.state).toMatchObject({ phase: 'setup', allies: [], enemies: [], amount: 1 });
    expect(outcome.fight.conditions).toEqual({});
  });

  it('inserts a reinforcement by its roll and keeps the turn on the same unit', () => {
    const fight = applyCombatAction(started(), { type: 'nextTurn' }, context(units())).fight;
    expect(fight.state.order[fight.state.turnIndex]?.unitId).toBe(CAZ);
    // Dur rolls 20: first in the order, so it plays from the next round on.
    const ctx = context(units(), { random: () => 0.99 });
    const joined = applyCombatAction(fight, { type: 'add', unitId: DUR, group: 'enemies' }, ctx);
    expect(joined.fight.state.order.map((entry) => entry.unitId)).toEqual([DUR, ARA, CAZ, BOR]);
    expect(joined.fight.state.order[joined.fight.state.turnIndex]?.unitId).toBe(CAZ);
    expect(joined.entries[0]).toMatchObject({ type: 'add', initiative: 20 });
  });

  it('moves the turn on when the current unit is removed', () => {
    const fight = started();
    const outcome = applyCombatAction(fight, { type: 'remove', unitId: ARA }, context(units()));
    expect(outcome.fight.state.order.map((entry) => entry.unitId)).toEqual([CAZ, BOR]);
    expect(outcome.fight.state.turnIndex).toBe(0);
    expect(outcome.entries[0]).toMatchObject({ type: 'remove', target: { id: ARA, group: 'allies' } });
  });
});

describe('conditions', () => {
  it('adds a condition with a campaign status and expires it on the right turn, logged', () => {
    const ctx = context(units());
    let fight = started(ctx);
    const added = applyCombatAction(
      fight,
      { type: 'addCondition', unitId: CAZ, status: 'poisoned', rounds: 1, endsOn: 'start' },
      ctx,
    );
    expect(added.fight.conditions[CAZ]).toEqual([
      {
        id: id(100),
        statusId: 's2',
        status: 'Poisoned',
        rounds: 1,
        endsOn: 'start',
        ofUnitId: CAZ,
        elapsed: 0,
      },
    ]);
    fight = added.fight;
    const next = applyCombatAction(fight, { type: 'nextTurn' }, ctx);
    expect(next.entries.map((entry) => entry.type)).toEqual(['nextTurn', 'conditionExpired']);
    expect(next.entries[1]).toMatchObject({
      target: { id: CAZ },
      turnOf: { id: CAZ },
      condition: { status: 'Poisoned', ofUnit: { id: CAZ } },
    });
    expect(next.fight.conditions).toEqual({});
  });

  it('logs end-of-turn expiries before the turn change', () => {
    const ctx = context(units());
    const fight = applyCombatAction(
      started(ctx),
      { type: 'addCondition', unitId: BOR, status: 'Poisoned', rounds: 1, ofUnitId: ARA },
      ctx,
    ).fight;
    const next = applyCombatAction(fight, { type: 'nextTurn' }, ctx);
    expect(next.entries.map((entry) => [entry.type, entry.turnOf?.id])).toEqual([
      ['conditionExpired', ARA],
      ['nextTurn', CAZ],
    ]);
  });

  it('refuses an unknown status, an unknown condition, and a unit outside the fight', () => {
    const ctx = context(units());
    const fight = started(ctx);
    const bad = refusal(() =>
      applyCombatAction(fight, { type: 'addCondition', unitId: CAZ, status: 'Dragon', ofUnitId: DUR }, ctx),
    );
    expect(bad.fields).toEqual({
      status: { key: 'validation.unknownStatus' },
      ofUnitId: { key: 'validation.unitNotInCombat' },
    });
    const missing = refusal(() =>
      applyCombatAction(fight, { type: 'removeCondition', unitId: CAZ, conditionId: id(55) }, ctx),
    );
    expect(missing.fields).toEqual({ conditionId: { key: 'validation.unknownCondition' } });
    const outside = refusal(() =>
      applyCombatAction(fight, { type: 'setStatus', unitId: DUR, status: 'Normal' }, ctx),
    );
    expect(outside.fields).toEqual({ unitId: { key: 'validation.unitNotInCombat' } });
  });
});
