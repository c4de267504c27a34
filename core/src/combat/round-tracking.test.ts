// What a game master tracks every round (docs/decisions/061), played through the actions as the server
// plays them: a downed player character keeps its turn and rolls death saves, temporary HP take a blow
// first, a blow lands whole, halved, doubled or not at all on each target, and undo brings every bit back.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CombatAction } from '../schemas/combat';
import { EMPTY_COMBAT } from './combat';
import { applyCombatAction } from './actions';
import {
  CombatRefusal,
  type ActionContext,
  type Fight,
  type FightUnit,
  type LogDraft,
  type UnitChange,
} from './action-types';
import { applyStepSide, diffSteps, type StepChanges } from './history';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [ARA, BOR, CAZ, DUR] = [1, 2, 3, 4].map(id) as [string, string, string, string];

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

const STATUSES = [
  { _id: 's1', name: 'Normal' },
  { _id: 's2', name: ' dead ' },
  { _id: 's3', name: 'Stabilisé(e)' },
];

/**
 * A table: Ara (player character) and Bor (an ally, not a player) against Caz and Dur. Initiative rolls
 * 0.9, 0.7, 0.5, 0.1 on a d20 give Ara 19, Bor 15, Caz 11, Dur 3: the order is Ara, Bor, Caz, Dur.
 * Each action's unit changes are written back, and its step kept for undo.
 */
function table(options: { statuses?: ActionContext['statuses']; roll?: number } = {}) {
  const units = new Map<string, FightUnit>(
    [unit(ARA, 'Ara', { isPlayer: true }), unit(BOR, 'Bor'), unit(CAZ, 'Caz'), unit(DUR, 'Dur')].map(
      (item) => [item._id, item],
    ),
  );
  const rolls = [0.9, 0.7, 0.5, 0.1];
  let next = 0;
  let dice = 0;
  const ctx = (): ActionContext => ({
    units: new Map(units),
    statuses: options.statuses ?? STATUSES,
    initiativeRule: 'random_d20',
    initiativeCharacteristic: 'Dex',
    initiativeModifier: 'value',
    random: () => rolls[next++ % rolls.length]!,
    rollDie: () => (++dice, options.roll ?? 4),
    newId: () => id(100 + next),
  });
  let fight: Fight = { state: { ...EMPTY_COMBAT, allies: [ARA, BOR], enemies: [CAZ, DUR] }, conditions: {} };
  const steps: { changes: StepChanges }[] = [];
  const write = (changes: Record<string, UnitChange>) => {
    for (const [unitId, change] of Object.entries(changes)) {
      units.set(unitId, { ...units.get(unitId)!, ...change });
    }
  };
  const t = {
    units,
    get fight() {
      return fight;
    },
    get dice() {
      return dice;
    },
    turn: () => fight.state.order[fight.state.turnIndex]?.unitId,
    act(action: CombatAction): LogDraft[] {
      const before = fight;
      const outcome = applyCombatAction(fight, action, ctx());
      const unitsBefore = new Map<string, UnitChange>();
      for (const key of outcome.units.keys()) {
        const was = units.get(key)!;
        unitsBefore.set(key, { currentHp: was.currentHp, status: was.status });
      }
      const changes = diffSteps(before, outcome.fight, unitsBefore, outcome.units);
      steps.push({ changes });
      fight = outcome.fight;
      write(Object.fromEntries(outcome.units));
      return outcome.entries;
    },
    undo() {
      const step = steps.pop()!;
      fight = applyStepSide(fight, step.changes.before);
      write(step.changes.before.units);
    },
    refusal(action: CombatAction): CombatRefusal {
      try {
        applyCombatAction(fight, action, ctx());
      } catch (error) {
        if (error instanceof CombatRefusal) return error;
        throw error;
      }
      throw new Error('expected a refusal');
    },
  };
  return t;
}

/** Started, Ara's turn, then Ara dropped to 0 HP by Caz. */
function araDown(options?: Parameters<typeof table>[0]) {
  const t = table(options);
  t.act({ type: 'start' });
  expect(t.turn()).toBe(ARA);
  t.act({ type: 'attack', targetId: ARA, amount: 30, sourceId: CAZ });
  expect(t.units.get(ARA)!.currentHp).toBe(0);
  return t;
}

describe('a downed player character', () => {
  it('keeps its turn when it comes round, while an NPC at 0 HP is skipped', () => {
    const t = araDown();
    t.act({ type: 'attack', targetId: DUR, amount: 30, sourceId: ARA });
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      t.act({ type: 'nextTurn' });
      seen.push(t.units.get(t.turn()!)!.name);
    }
    // Dur (NPC, 0 HP) never plays; Ara (Down) does.
    expect(seen).toEqual(['Bor', 'Caz', 'Ara', 'Bor']);
    expect(t.fight.state.round).toBe(2);
  });

  it('is the first to play when a fight starts with it Down', () => {
    const t = table();
    t.units.set(ARA, { ...t.units.get(ARA)!, currentHp: 0 });
    t.act({ type: 'start' });
    expect(t.turn()).toBe(ARA);
  });

  it('keeps its side in the fight: it does not end when the last standing ally drops', () => {
    const t = araDown();
    const [entry] = t.act({ type: 'attack', targetId: BOR, amount: 30, sourceId: CAZ });
    expect(entry!.defeated).toBeNull();
    expect(t.fight.state.phase).toBe('fight');
  });

  it('three failures: dead, the campaign status written (any case, spaces), the fight ends with nobody up', () => {
    const t = araDown();
    t.act({ type: 'attack', targetId: BOR, amount: 30, sourceId: CAZ });
    const first = t.act({ type: 'deathSave', unitId: ARA, result: 'failure' });
    expect(first).toMatchObject([
      {
        type: 'deathSave',
        target: { id: ARA, name: 'Ara', group: 'allies' },
        deathSave: { result: 'failure', successes: 0, failures: 1 },
        statusBefore: null,
        statusAfter: null,
        defeated: null,
      },
    ]);
    t.act({ type: 'deathSave', unitId: ARA, result: 'success' });
    t.act({ type: 'deathSave', unitId: ARA, result: 'failure' });
    expect(t.fight.state.deathSaves[ARA]).toEqual({ successes: 1, failures: 2 });
    const [last] = t.act({ type: 'deathSave', unitId: ARA, result: 'failure' });
    expect(last).toMatchObject({
      deathSave: { result: 'failure', successes: 1, failures: 3 },
      statusBefore: 'Normal',
      statusAfter: ' dead ',
      defeated: 'allies',
    });
    expect(t.units.get(ARA)!.status).toBe(' dead ');
    expect(t.fight.state).toEqual({ ...EMPTY_COMBAT, amount: 1 });

    // Undo of the third failure brings the status, the tally and the fight back.
    t.undo();
    expect(t.units.get(ARA)!.status).toBe('Normal');
    expect(t.fight.state.phase).toBe('fight');
    expect(t.fight.state.deathSaves[ARA]).toEqual({ successes: 1, failures: 2 });
  });

  it('three successes: stable from the tally only when the campaign has no matching status', () => {
    const t = araDown({ statuses: [{ _id: 's1', name: 'Normal' }] });
    for (let i = 0; i < 3; i++) t.act({ type: 'deathSave', unitId: ARA, result: 'success' });
    expect(t.fight.state.deathSaves[ARA]).toEqual({ successes: 3, failures: 0 });
    expect(t.units.get(ARA)!.status).toBe('Normal');
    // Bor still stands: the fight goes on, and Ara, stable, no longer gets a turn.
    expect(t.fight.state.phase).toBe('fight');
    const turns = new Set<string>();
    for (let i = 0; i < 6; i++) {
      t.act({ type: 'nextTurn' });
      turns.add(t.turn()!);
    }
    expect(turns.has(ARA)).toBe(false);
  });

  it('three successes write a stable status matched without case or accents', () => {
    const t = araDown({ statuses: [...STATUSES, { _id: 's4', name: 'STABILISÉE' }] });
    let entries: LogDraft[] = [];
    for (let i = 0; i < 3; i++) entries = t.act({ type: 'deathSave', unitId: ARA, result: 'success' });
    // The first matching status of the campaign's list.
    expect(entries[0]).toMatchObject({ statusBefore: 'Normal', statusAfter: 'Stabilisé(e)', defeated: null });
  });

  it('refuses a save on a unit that is not Down, once saves ended, and outside a fight', () => {
    const t = araDown({ statuses: [] });
    expect(t.refusal({ type: 'deathSave', unitId: BOR, result: 'success' }).fields).toEqual({
      unitId: { key: 'validation.notDown' },
    });
    t.act({ type: 'attack', targetId: DUR, amount: 30, sourceId: ARA });
    // An NPC at 0 HP is not Down either.
    expect(t.refusal({ type: 'deathSave', unitId: DUR, result: 'failure' }).fields).toEqual({
      unitId: { key: 'validation.notDown' },
    });
    for (let i = 0; i < 3; i++) t.act({ type: 'deathSave', unitId: ARA, result: 'failure' });
    expect(t.refusal({ type: 'deathSave', unitId: ARA, result: 'success' }).fields).toEqual({
      unitId: { key: 'validation.deathSavesEnded' },
    });
    const setup = table();
    setup.units.set(ARA, { ...setup.units.get(ARA)!, currentHp: 0 });
    expect(setup.refusal({ type: 'deathSave', unitId: ARA, result: 'success' }).code).toBe(
      'FIGHT_NOT_STARTED',
    );
  });

  it('a heal clears the tally, and its undo brings the tally back', () => {
    const t = araDown();
    t.act({ type: 'deathSave', unitId: ARA, result: 'failure' });
    t.act({ type: 'deathSave', unitId: ARA, result: 'success' });
    t.act({ type: 'heal', targetId: ARA, amount: 5, sourceId: BOR });
    expect(t.units.get(ARA)!.currentHp).toBe(5);
    expect(t.fight.state.deathSaves).toEqual({});
    t.undo();
    expect(t.units.get(ARA)!.currentHp).toBe(0);
    expect(t.fight.state.deathSaves).toEqual({ [ARA]: { successes: 1, failures: 1 } });
  });

  it('leaving the fight takes its tally and temporary HP with it', () => {
    const t = araDown();
    t.act({ type: 'deathSave', unitId: ARA, result: 'failure' });
    t.act({ type: 'setTempHp', unitId: ARA, value: 5 });
    t.act({ type: 'remove', unitId: ARA });
    expect(t.fight.state.deathSaves).toEqual({});
    expect(t.fight.state.tempHp).toEqual({});
  });
});

describe('temporary HP', () => {
  it('are set in setup too, replace rather than add up, and 0 removes them', () => {
    const t = table();
    expect(t.act({ type: 'setTempHp', unitId: ARA, value: 8 })).toMatchObject([
      { type: 'setTempHp', target: { id: ARA }, tempBefore: 0, tempAfter: 8 },
    ]);
    t.act({ type: 'setTempHp', unitId: ARA, value: 5 });
    expect(t.fight.state.tempHp).toEqual({ [ARA]: 5 });
    expect(t.act({ type: 'setTempHp', unitId: ARA, value: 0 })).toMatchObject([
      { tempBefore: 5, tempAfter: 0 },
    ]);
    expect(t.fight.state.tempHp).toEqual({});
  });

  it('refuses a unit outside the groups', () => {
    const t = table();
    t.act({ type: 'remove', unitId: DUR });
    expect(t.refusal({ type: 'setTempHp', unitId: DUR, value: 3 }).fields).toEqual({
      unitId: { key: 'validation.unitNotInCombat' },
    });
  });

  it('take a blow first: HP 30 → 30, temp 8 → 1; then the rest comes off HP; undo restores both', () => {
    const t = table();
    t.act({ type: 'start' });
    t.act({ type: 'setTempHp', unitId: CAZ, value: 8 });
    const [first] = t.act({ type: 'attack', targetId: CAZ, amount: 7, sourceId: ARA });
    expect(first).toMatchObject({ amount: 7, hpBefore: 30, hpAfter: 30, tempBefore: 8, tempAfter: 1 });
    expect(t.fight.state.tempHp).toEqual({ [CAZ]: 1 });
    const [second] = t.act({ type: 'attack', targetId: CAZ, amount: 5, sourceId: ARA });
    expect(second).toMatchObject({ hpBefore: 30, hpAfter: 26, tempBefore: 1, tempAfter: 0 });
    expect(t.fight.state.tempHp).toEqual({});
    const [third] = t.act({ type: 'attack', targetId: CAZ, amount: 5, sourceId: ARA });
    // No temporary HP: nothing said of them.
    expect(third).toMatchObject({ hpBefore: 26, hpAfter: 21, tempBefore: null, tempAfter: null });
    t.undo();
    t.undo();
    expect(t.units.get(CAZ)!.currentHp).toBe(30);
    expect(t.fight.state.tempHp).toEqual({ [CAZ]: 1 });
  });

  it('end with the fight', () => {
    const t = table();
    t.act({ type: 'start' });
    t.act({ type: 'setTempHp', unitId: CAZ, value: 8 });
    t.act({ type: 'end' });
    expect(t.fight.state.tempHp).toEqual({});
  });

  it('never let more HP go than the share beyond them (generated)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 60 }),
        (temp, hp, amount) => {
          const t = table();
          t.units.set(CAZ, { ...t.units.get(CAZ)!, hp: 40, currentHp: hp });
          t.act({ type: 'start' });
          t.act({ type: 'setTempHp', unitId: CAZ, value: temp });
          const [entry] = t.act({ type: 'attack', targetId: CAZ, amount, sourceId: ARA });
          expect(entry!.hpAfter).toBe(Math.max(0, hp - Math.max(0, amount - temp)));
          expect(t.fight.state.tempHp[CAZ] ?? 0).toBe(Math.max(0, temp - amount));
        },
      ),
    );
  });
});

describe('per-target modifiers of a blow', () => {
  it('one roll for all: whole, half rounded down, double and none, each logged with its share', () => {
    const t = table({ roll: 4 });
    t.act({ type: 'start' });
    t.act({ type: 'setTempHp', unitId: DUR, value: 3 });
    t.units.set(BOR, { ...t.units.get(BOR)!, hp: 40, currentHp: 40 });
    // 2d6+1 with every die on 4: a roll of 9.
    const entries = t.act({
      type: 'attack',
      targetId: CAZ,
      targetIds: [DUR, BOR, ARA],
      amount: '2d6+1',
      sourceId: ARA,
      modifiers: { [DUR]: 'half', [BOR]: 'double', [ARA]: 'none' },
    });
    expect(t.dice).toBe(2);
    expect(
      entries.map((e) => [e.target!.name, e.amount, e.modifier, e.rolled, e.hpBefore, e.hpAfter]),
    ).toEqual([
      ['Caz', 9, null, null, 30, 21],
      ['Dur', 4, 'half', 9, 30, 29],
      ['Bor', 18, 'double', 9, 40, 22],
      ['Ara', 0, 'none', 9, 30, 30],
    ]);
    expect(entries[1]).toMatchObject({ tempBefore: 3, tempAfter: 0 });
    expect(entries.every((e) => e.input === '2d6+1')).toBe(true);
  });

  it('a doubled share may pass 999 and still lands', () => {
    const t = table();
    t.units.set(CAZ, { ...t.units.get(CAZ)!, hp: 5000, currentHp: 5000 });
    t.act({ type: 'start' });
    const [entry] = t.act({
      type: 'attack',
      targetId: CAZ,
      amount: 999,
      sourceId: ARA,
      modifiers: { [CAZ]: 'double' },
    });
    expect(entry).toMatchObject({ amount: 1998, rolled: 999, hpAfter: 3002 });
  });

  it('refuses a modifier naming a unit outside the blow, and changes nothing', () => {
    const t = table();
    t.act({ type: 'start' });
    const before = t.fight;
    const refusal = t.refusal({
      type: 'attack',
      targetId: CAZ,
      targetIds: [DUR],
      amount: 5,
      modifiers: { [BOR]: 'half', [DUR]: 'double' },
    });
    expect(refusal.code).toBe('VALIDATION_FAILED');
    expect(refusal.fields).toEqual({ [`modifiers.${BOR}`]: { key: 'validation.modifierNotTarget' } });
    expect(t.fight).toBe(before);
    expect(t.units.get(CAZ)!.currentHp).toBe(30);
  });

  it('half of 1 is 0: nothing changes, and the target is still logged', () => {
    const t = table();
    t.act({ type: 'start' });
    const [entry] = t.act({ type: 'attack', targetId: CAZ, amount: 1, modifiers: { [CAZ]: 'half' } });
    expect(entry).toMatchObject({ amount: 0, rolled: 1, modifier: 'half', hpBefore: 30, hpAfter: 30 });
  });
});

describe('the initiative modifier', () => {
  const RULES = ['random_d20', 'random_d100', 'caracteristic', 'd20_plus_carac', 'd100_plus_carac'] as const;
  // A d20 or d100 rolled at 0.5: 11 or 51. Dex 14 → +2, Dex 9 → −1 with the d20 modifier.
  const expected: Record<(typeof RULES)[number], Record<'value' | 'd20Modifier', [number, number]>> = {
    random_d20: { value: [11, 11], d20Modifier: [11, 11] },
    random_d100: { value: [51, 51], d20Modifier: [51, 51] },
    caracteristic: { value: [14, 9], d20Modifier: [14, 9] },
    d20_plus_carac: { value: [25, 20], d20Modifier: [13, 10] },
    d100_plus_carac: { value: [65, 60], d20Modifier: [53, 50] },
  };
  const context = (
    rule: (typeof RULES)[number],
    modifier: 'value' | 'd20Modifier',
    units: FightUnit[],
  ): ActionContext => ({
    units: new Map(units.map((item) => [item._id, item])),
    statuses: [],
    initiativeRule: rule,
    initiativeCharacteristic: 'Dex',
    initiativeModifier: modifier,
    random: () => 0.5,
    rollDie: () => 1,
    newId: () => id(99),
  });

  for (const rule of RULES) {
    for (const modifier of ['value', 'd20Modifier'] as const) {
      it(`${rule} with ${modifier}: at the start and for a unit joining mid-fight`, () => {
        const units = [
          unit(ARA, 'Ara', { characteristics: { Dex: 14 } }),
          unit(CAZ, 'Caz', { characteristics: { Dex: 9 } }),
          unit(DUR, 'Dur', { characteristics: { Dex: 14 } }),
        ];
        const ctx = context(rule, modifier, units);
        const setup: Fight = { state: { ...EMPTY_COMBAT, allies: [ARA], enemies: [CAZ] }, conditions: {} };
        const started = applyCombatAction(setup, { type: 'start' }, ctx);
        const initiatives = Object.fromEntries(
          started.fight.state.order.map((entry) => [entry.unitId, entry.initiative]),
        );
        expect([initiatives[ARA], initiatives[CAZ]]).toEqual(expected[rule][modifier]);
        const joined = applyCombatAction(started.fight, { type: 'add', unitId: DUR, group: 'enemies' }, ctx);
        expect(joined.entries[0]!.initiative).toBe(expected[rule][modifier][0]);
      });
    }
  }
});

describe('undo of a fight saved before temporary HP and death saves existed', () => {
  it('brings back none, rather than keeping the new values', () => {
    const {
      tempHp: _t,
      deathSaves: _d,
      ...old
    } = {
      ...EMPTY_COMBAT,
      allies: [ARA],
      enemies: [CAZ],
    };
    // As the store would read it, without the new fields.
    const before = { state: old, conditions: {} } as unknown as Fight;
    const after: Fight = {
      state: { ...EMPTY_COMBAT, allies: [ARA], enemies: [CAZ], tempHp: { [CAZ]: 8 } },
      conditions: {},
    };
    const changes = diffSteps(before, after, new Map(), new Map());
    expect(changes.before.state).toEqual({ tempHp: {} });
    // Stored as JSON, then laid over the fight.
    const stored = JSON.parse(JSON.stringify(changes)) as StepChanges;
    expect(applyStepSide(after, stored.before).state.tempHp).toEqual({});
  });
});

describe('the modifiers of an attack, as the API reads them', () => {
  it('refuses more modifiers than a blow can have targets, with the list message', async () => {
    const { combatAction } = await import('../schemas/combat');
    const many = Object.fromEntries(Array.from({ length: 402 }, (_, n) => [id(1000 + n), 'half']));
    const result = combatAction.safeParse({ type: 'attack', targetId: ARA, amount: 5, modifiers: many });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: 'validation.tooManyItems',
      params: { max: 401 },
    });
    const few = combatAction.safeParse({
      type: 'attack',
      targetId: ARA,
      amount: 5,
      modifiers: { [ARA]: 'half' },
    });
    expect(few.success).toBe(true);
  });
});
