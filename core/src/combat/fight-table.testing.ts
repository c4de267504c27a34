// A table for tests of the combat rules: units, a fight, actions applied as the server applies them
// (unit changes written back, each step kept for undo), with scripted random sources.
import type { CombatAction, CombatState } from '../schemas/combat';
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

export const testId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function testUnit(_id: string, name: string, overrides: Partial<FightUnit> = {}): FightUnit {
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

export interface TableOptions {
  units: FightUnit[];
  state: Partial<CombatState>;
  /** Initiative draws in [0, 1), used in turn (a d20 gives 1 + floor(r × 20)). */
  rolls?: number[];
  /** Dice and recharge rolls, used in turn (then 4). */
  dice?: number[];
  rule?: ActionContext['initiativeRule'];
}

export function fightTable(options: TableOptions) {
  const units = new Map(options.units.map((item) => [item._id, item]));
  const rolls = options.rolls ?? [0.5];
  const dice = [...(options.dice ?? [])];
  let drawn = 0;
  let ids = 0;
  const ctx = (): ActionContext => ({
    units: new Map(units),
    statuses: [{ _id: 's1', name: 'Normal' }],
    initiativeRule: options.rule ?? 'random_d20',
    initiativeCharacteristic: 'Dex',
    initiativeModifier: 'value',
    random: () => rolls[drawn++ % rolls.length]!,
    rollDie: () => dice.shift() ?? 4,
    newId: () => testId(900 + ++ids),
  });
  let fight: Fight = { state: { ...EMPTY_COMBAT, ...options.state }, conditions: {} };
  const steps: StepChanges[] = [];
  const write = (changes: Record<string, UnitChange>) => {
    for (const [unitId, change] of Object.entries(changes)) {
      units.set(unitId, { ...units.get(unitId)!, ...change });
    }
  };
  return {
    units,
    get fight() {
      return fight;
    },
    get state() {
      return fight.state;
    },
    /** How many initiative draws were made so far. */
    get drawn() {
      return drawn;
    },
    /** The names of the order, a hazard as "[name]". */
    order: () =>
      fight.state.order.map((entry) =>
        entry.unitId !== undefined
          ? units.get(entry.unitId)!.name
          : `[${fight.state.hazards.find((hazard) => hazard.id === entry.hazardId)?.name}]`,
      ),
    /** Whose turn: a unit's name, or a hazard's as "[name]". */
    turn: () => {
      const entry = fight.state.order[fight.state.turnIndex];
      if (!entry) return undefined;
      return entry.unitId !== undefined
        ? units.get(entry.unitId)!.name
        : `[${fight.state.hazards.find((hazard) => hazard.id === entry.hazardId)?.name}]`;
    },
    setDice(values: number[]) {
      dice.splice(0, dice.length, ...values);
    },
    act(action: CombatAction): LogDraft[] {
      const before = fight;
      const outcome = applyCombatAction(fight, action, ctx());
      const unitsBefore = new Map<string, UnitChange>();
      for (const key of outcome.units.keys()) {
        const was = units.get(key)!;
        unitsBefore.set(key, { currentHp: was.currentHp, status: was.status });
      }
      steps.push(diffSteps(before, outcome.fight, unitsBefore, outcome.units));
      fight = outcome.fight;
      write(Object.fromEntries(outcome.units));
      return outcome.entries;
    },
    undo() {
      const step = steps.pop()!;
      fight = applyStepSide(fight, step.before);
      write(step.before.units);
    },
    redo(step: StepChanges) {
      fight = applyStepSide(fight, step.after);
      write(step.after.units);
    },
    lastStep: () => steps.at(-1)!,
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
}
