import { describe, expect, it } from 'vitest';
import {
  addToGroup,
  advanceTurn,
  applyAmount,
  applyBlowShare,
  blowShare,
  BLOW_SHARE_MAX,
  canStart,
  d20Modifier,
  effectiveInitiativeRule,
  EMPTY_COMBAT,
  endedCombat,
  removeFromGroups,
  selectTarget,
  startFight,
  type CombatState,
  availableForSetup,
  characteristicValue,
  defeatedGroup,
  initiativeOf,
  initiativeOrder,
  isValidAmount,
  mayUseInitiativeRule,
  moveToEnd,
  nextTurnIndex,
  rollDie,
  type Combatant,
} from './combat';

/** Returns the given floats in turn (then repeats the last). */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)]!;
}

const unit = (id: string, overrides: Partial<Combatant> = {}): Combatant => ({
  _id: id,
  name: id,
  hp: 100,
  currentHp: 100,
  characteristics: {},
  ...overrides,
});
const mapOf = (...units: Combatant[]) => new Map(units.map((u) => [u._id, u]));

describe('dice and characteristics', () => {
  it('rolls 1..sides from the random source', () => {
    expect(rollDie(20, () => 0)).toBe(1);
    expect(rollDie(20, () => 0.9999)).toBe(20);
    expect(rollDie(100, () => 0.5)).toBe(51);
  });

  it('counts a missing characteristic as 0 (and never reads the prototype)', () => {
    expect(characteristicValue(unit('a', { characteristics: { Dexterity: 12 } }), 'Dexterity')).toBe(12);
    expect(characteristicValue(unit('a'), 'Dexterity')).toBe(0);
    expect(characteristicValue(unit('a'), 'constructor')).toBe(0);
  });
});

describe('initiative rules', () => {
  const hero = unit('h', { characteristics: { Dexterity: 30 } });
  it.each([
    ['random_d20', 0.5, 11],
    ['random_d100', 0.5, 51],
    ['caracteristic', 0.5, 30],
    ['d20_plus_carac', 0.5, 41],
    ['d100_plus_carac', 0.5, 81],
  ] as const)('%s', (rule, roll, expected) => {
    expect(initiativeOf(hero, rule, 'Dexterity', () => roll)).toBe(expected);
  });

  it('with the d20 modifier, d20 + and d100 + add floor((score - 10) / 2); the others ignore it', () => {
    expect([10, 11, 14, 9, 8, 1, 30].map(d20Modifier)).toEqual([0, 0, 2, -1, -1, -5, 10]);
    const quick = unit('q', { characteristics: { Dexterity: 14 } });
    const slow = unit('s', { characteristics: { Dexterity: 9 } });
    const at = (who: Combatant, rule: Parameters<typeof initiativeOf>[1]) =>
      initiativeOf(who, rule, 'Dexterity', () => 0.5, 'd20Modifier');
    expect([at(quick, 'd20_plus_carac'), at(slow, 'd20_plus_carac')]).toEqual([13, 10]);
    expect([at(quick, 'd100_plus_carac'), at(slow, 'd100_plus_carac')]).toEqual([53, 50]);
    expect([at(quick, 'caracteristic'), at(slow, 'caracteristic')]).toEqual([14, 9]);
    expect([at(quick, 'random_d20'), at(quick, 'random_d100')]).toEqual([11, 51]);
    const order = initiativeOrder([slow, quick], 'd20_plus_carac', 'Dexterity', () => 0.5, {}, 'd20Modifier');
    expect(order).toEqual([
      { unitId: 'q', initiative: 13 },
      { unitId: 's', initiative: 10 },
    ]);
  });

  it('the characteristic rules read 0 for a unit without the characteristic', () => {
    expect(initiativeOf(unit('x'), 'd20_plus_carac', 'Dexterity', () => 0)).toBe(1);
    expect(initiativeOf(unit('x'), 'caracteristic', 'Dexterity', () => 0)).toBe(0);
  });

  it('sorts descending, ties by the characteristic, then the name, then the id', () => {
    const units = [
      unit('u1', { name: 'Zed', characteristics: { Dex: 5 } }),
      unit('u2', { name: 'Amy', characteristics: { Dex: 5 } }),
      unit('u3', { name: 'Bob', characteristics: { Dex: 9 } }),
      unit('u4', { name: 'Cal', characteristics: { Dex: 1 } }),
      unit('u5', { name: 'Amy', characteristics: { Dex: 5 } }),
    ];
    // d20 rolls in order: 10, 10, 10, 20, 10.
    const order = initiativeOrder(units, 'random_d20', 'Dex', sequence(0.45, 0.45, 0.45, 0.95, 0.45));
    expect(order).toEqual([
      { unitId: 'u4', initiative: 20 },
      { unitId: 'u3', initiative: 10 },
      { unitId: 'u2', initiative: 10 },
      { unitId: 'u5', initiative: 10 },
      { unitId: 'u1', initiative: 10 },
    ]);
  });

  it('gates the characteristic rules for Novice only', () => {
    expect(mayUseInitiativeRule('Novice', 'random_d20')).toBe(true);
    expect(mayUseInitiativeRule('Novice', 'random_d100')).toBe(true);
    for (const rule of ['caracteristic', 'd20_plus_carac', 'd100_plus_carac'] as const) {
      expect(mayUseInitiativeRule('Novice', rule)).toBe(false);
      expect(mayUseInitiativeRule('Adventurer', rule)).toBe(true);
      expect(mayUseInitiativeRule('Hero', rule)).toBe(true);
    }
  });
});

describe('next turn', () => {
  const order = ['a', 'b', 'c', 'd'].map((unitId, i) => ({ unitId, initiative: 10 - i }));

  it('advances to the next living unit', () => {
    expect(nextTurnIndex(order, 0, mapOf(unit('a'), unit('b'), unit('c'), unit('d')), {})).toEqual({
      turnIndex: 1,
      wrapped: false,
    });
  });

  it('skips dead units, several in a row too', () => {
    const units = mapOf(unit('a'), unit('b', { currentHp: 0 }), unit('c', { currentHp: 0 }), unit('d'));
    expect(nextTurnIndex(order, 0, units, {})).toEqual({ turnIndex: 3, wrapped: false });
  });

  it('wraps to the first unit at the end of the order, and says so', () => {
    const units = mapOf(unit('a'), unit('b'), unit('c'), unit('d'));
    expect(nextTurnIndex(order, 3, units, {})).toEqual({ turnIndex: 0, wrapped: true });
  });

  it('wraps past a dead first unit', () => {
    const units = mapOf(unit('a', { currentHp: 0 }), unit('b'), unit('c'), unit('d'));
    expect(nextTurnIndex(order, 3, units, {})).toEqual({ turnIndex: 1, wrapped: true });
  });

  it('treats a deleted unit as dead, and stays put when nobody is alive', () => {
    expect(nextTurnIndex(order, 0, mapOf(unit('a'), unit('c'), unit('d')), {})).toEqual({
      turnIndex: 2,
      wrapped: false,
    });
    expect(nextTurnIndex(order, 2, new Map(), {})).toEqual({ turnIndex: 2, wrapped: false });
    expect(nextTurnIndex([], 0, new Map(), {})).toEqual({ turnIndex: 0, wrapped: false });
  });

  it('gives a downed player character its turn while its death saves go on (decision 061)', () => {
    const units = mapOf(
      unit('a'),
      unit('b', { currentHp: 0, isPlayer: true }),
      unit('c', { currentHp: 0 }),
      unit('d'),
    );
    expect(nextTurnIndex(order, 0, units, {})).toEqual({ turnIndex: 1, wrapped: false });
    expect(nextTurnIndex(order, 0, units, { b: { successes: 2, failures: 2 } })).toEqual({
      turnIndex: 1,
      wrapped: false,
    });
    // Stable or dead: skipped like any fallen unit.
    expect(nextTurnIndex(order, 0, units, { b: { successes: 3, failures: 0 } })).toEqual({
      turnIndex: 3,
      wrapped: false,
    });
    expect(nextTurnIndex(order, 0, units, { b: { successes: 0, failures: 3 } })).toEqual({
      turnIndex: 3,
      wrapped: false,
    });
  });
});

describe("a blow's share (decision 061)", () => {
  it('is the roll whole, half rounded down, double or nothing', () => {
    expect([undefined, null, 'half', 'double', 'none'].map((m) => blowShare(9, m as never))).toEqual([
      9, 9, 4, 18, 0,
    ]);
    expect(blowShare(1, 'half')).toBe(0);
  });

  it('takes temporary HP first, then HP down to 0', () => {
    expect(applyBlowShare({ currentHp: 30 }, 8, 7)).toEqual({ currentHp: 30, tempHp: 1 });
    expect(applyBlowShare({ currentHp: 30 }, 8, 12)).toEqual({ currentHp: 26, tempHp: 0 });
    expect(applyBlowShare({ currentHp: 30 }, 0, 50)).toEqual({ currentHp: 0, tempHp: 0 });
    expect(applyBlowShare({ currentHp: 30 }, 5, 0)).toEqual({ currentHp: 30, tempHp: 5 });
  });

  it('lands shares 0..2 × 999, nothing else, while the amount rule stays 1..999', () => {
    expect(applyBlowShare({ currentHp: 5000 }, 0, BLOW_SHARE_MAX)).toEqual({ currentHp: 3002, tempHp: 0 });
    for (const bad of [-1, BLOW_SHARE_MAX + 1, 1.5, Number.NaN]) {
      expect(() => applyBlowShare({ currentHp: 30 }, 0, bad)).toThrow(RangeError);
    }
    expect(() => applyAmount(unit('a'), 'attack', 1998)).toThrow(RangeError);
  });
});

describe('attack and heal', () => {
  it('attack lowers current HP down to 0', () => {
    expect(applyAmount(unit('a', { currentHp: 30 }), 'attack', 10)).toBe(20);
    expect(applyAmount(unit('a', { currentHp: 30 }), 'attack', 999)).toBe(0);
  });

  it('heal raises current HP up to max', () => {
    expect(applyAmount(unit('a', { currentHp: 30, hp: 100 }), 'heal', 50)).toBe(80);
    expect(applyAmount(unit('a', { currentHp: 90, hp: 100 }), 'heal', 50)).toBe(100);
    expect(applyAmount(unit('a', { currentHp: 0, hp: 100 }), 'heal', 1)).toBe(1);
  });

  it('takes amounts of 1 to 999 only', () => {
    expect([0, 1, 999, 1000, 1.5, Number.NaN].map(isValidAmount)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(() => applyAmount(unit('a'), 'attack', 0)).toThrow(RangeError);
  });
});

describe('end of combat and setup', () => {
  it('names the group left with no living unit', () => {
    const units = mapOf(unit('a1'), unit('a2', { currentHp: 0 }), unit('e1', { currentHp: 0 }));
    expect(defeatedGroup(['a1', 'a2'], ['e1'], units, {})).toBe('enemies');
    expect(defeatedGroup(['a2'], ['e1'], units, {})).toBe('allies');
    expect(defeatedGroup(['a1'], ['a1'], units, {})).toBeNull();
  });

  it('counts a downed player character still rolling death saves as standing (decision 061)', () => {
    const units = mapOf(unit('p', { currentHp: 0, isPlayer: true }), unit('e'));
    expect(defeatedGroup(['p'], ['e'], units, {})).toBeNull();
    expect(defeatedGroup(['p'], ['e'], units, { p: { successes: 1, failures: 2 } })).toBeNull();
    expect(defeatedGroup(['p'], ['e'], units, { p: { successes: 3, failures: 0 } })).toBe('allies');
    expect(defeatedGroup(['p'], ['e'], units, { p: { successes: 0, failures: 3 } })).toBe('allies');
  });

  it('offers only living units not already in a group', () => {
    const units = [unit('a'), unit('b', { currentHp: 0 }), unit('c'), unit('d')];
    expect(availableForSetup(units, ['a'], ['d']).map((u) => u._id)).toEqual(['c']);
  });

  it('moves a target that is not last to the end of its group', () => {
    expect(moveToEnd(['a', 'b', 'c'], 'a')).toEqual(['b', 'c', 'a']);
    expect(moveToEnd(['a', 'b', 'c'], 'c')).toEqual(['a', 'b', 'c']);
    expect(moveToEnd(['a', 'b'], 'z')).toEqual(['a', 'b']);
  });
});

describe('the combat state, change by change', () => {
  const a = unit('a', { characteristics: { Dex: 5 } });
  const b = unit('b', { characteristics: { Dex: 9 } });
  const c = unit('c', { characteristics: { Dex: 1 } });
  const d = unit('d', { currentHp: 0 });
  const units = mapOf(a, b, c, d);
  const setup: CombatState = { ...EMPTY_COMBAT, allies: ['a', 'b'], enemies: ['c'] };

  it('starts empty with amount 10 in setup', () => {
    expect(EMPTY_COMBAT).toMatchObject({
      phase: 'setup',
      allies: [],
      enemies: [],
      amount: 10,
      targetId: null,
    });
  });

  it('adds units to one group only, once, and removes them from either', () => {
    const added = addToGroup(EMPTY_COMBAT, 'allies', ['a', 'b', 'a']);
    expect(added.allies).toEqual(['a', 'b']);
    const enemies = addToGroup(added, 'enemies', ['b', 'c']);
    expect(enemies).toMatchObject({ allies: ['a', 'b'], enemies: ['c'] });
    expect(addToGroup(enemies, 'enemies', ['a'])).toBe(enemies);
    expect(removeFromGroups(enemies, 'b')).toMatchObject({ allies: ['a'], enemies: ['c'] });
    expect(removeFromGroups(enemies, 'c')).toMatchObject({ allies: ['a', 'b'], enemies: [] });
    // Its temporary HP and death saves go with it (decision 061).
    const tracked = {
      ...enemies,
      tempHp: { b: 4, c: 2 },
      deathSaves: { b: { successes: 1, failures: 0 } },
    };
    expect(removeFromGroups(tracked, 'b')).toMatchObject({ tempHp: { c: 2 }, deathSaves: {} });
  });

  it('can start only with at least one ally and one enemy', () => {
    expect(canStart(EMPTY_COMBAT)).toBe(false);
    expect(canStart({ ...EMPTY_COMBAT, allies: ['a'] })).toBe(false);
    expect(canStart({ ...EMPTY_COMBAT, enemies: ['c'] })).toBe(false);
    expect(canStart(setup)).toBe(true);
    expect(() => startFight(EMPTY_COMBAT, units, 'random_d20', '', () => 0)).toThrow();
  });

  it('starts the fight: initiative sorted descending, round 1, first living unit plays, amount kept', () => {
    const fight = startFight({ ...setup, amount: 1 }, units, 'caracteristic', 'Dex', () => 0);
    expect(fight).toMatchObject({ phase: 'fight', round: 1, turnIndex: 0, targetId: null, amount: 1 });
    expect(fight.order).toEqual([
      { unitId: 'b', initiative: 9 },
      { unitId: 'a', initiative: 5 },
      { unitId: 'c', initiative: 1 },
    ]);
    // A unit that fell since it joined gets no first turn.
    const withFallen = startFight(
      { ...setup, allies: ['d', 'a'] },
      units,
      'random_d20',
      '',
      sequence(0.99, 0),
    );
    expect(withFallen.order.map((entry) => entry.unitId)).toEqual(['d', 'a', 'c']);
    expect(withFallen.turnIndex).toBe(1);
    // A unit deleted meanwhile is left out.
    expect(
      startFight({ ...setup, allies: ['gone', 'a'] }, units, 'random_d20', '', () => 0).order,
    ).toHaveLength(2);
  });

  it('next turn clears the target, sets the amount to 0, skips the dead, and counts rounds on a wrap', () => {
    const fight: CombatState = {
      ...setup,
      phase: 'fight',
      enemies: ['c', 'd'],
      order: [
        { unitId: 'a', initiative: 20 },
        { unitId: 'd', initiative: 15 },
        { unitId: 'c', initiative: 10 },
      ],
      turnIndex: 0,
      targetId: 'c',
      amount: 25,
    };
    const second = advanceTurn(fight, units);
    expect(second.wrapped).toBe(false);
    expect(second.state).toMatchObject({ turnIndex: 2, round: 1, targetId: null, amount: 0 });
    const third = advanceTurn(second.state, units);
    expect(third.wrapped).toBe(true);
    expect(third.state).toMatchObject({ turnIndex: 0, round: 2 });
  });

  it('selecting a target moves it to the end of its own group', () => {
    const fight: CombatState = { ...setup, phase: 'fight', allies: ['a', 'b'], enemies: ['c', 'd'] };
    expect(selectTarget(fight, 'a')).toMatchObject({
      targetId: 'a',
      allies: ['b', 'a'],
      enemies: ['c', 'd'],
    });
    expect(selectTarget(fight, 'c')).toMatchObject({
      targetId: 'c',
      allies: ['a', 'b'],
      enemies: ['d', 'c'],
    });
    expect(selectTarget(fight, 'b')).toMatchObject({ targetId: 'b', allies: ['a', 'b'] });
    expect(selectTarget(fight, 'nobody')).toBe(fight);
  });

  it('ending empties both groups and sets the amount to 1', () => {
    expect(endedCombat()).toEqual({ ...EMPTY_COMBAT, amount: 1 });
    expect(endedCombat()).toMatchObject({ tempHp: {}, deathSaves: {} });
  });

  it('falls back to random_d20 when the tier lost the characteristic rules', () => {
    expect(effectiveInitiativeRule('Novice', 'd100_plus_carac')).toBe('random_d20');
    expect(effectiveInitiativeRule('Novice', 'random_d100')).toBe('random_d100');
    expect(effectiveInitiativeRule('Adventurer', 'd100_plus_carac')).toBe('d100_plus_carac');
  });
});
