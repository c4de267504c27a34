// Undo and redo shown before the answer (docs/decisions/021): only steps that moved HP, from the log's own
// before/after figures; everything else waits for the server.
import { describe, expect, it } from 'vitest';
import { BLANK_LOG_DETAILS } from '@questkeeper/core/combat/action-types';
import { EMPTY_COMBAT } from '@questkeeper/core/combat/combat';
import type { CombatLogEntry } from '@questkeeper/core/schemas/combat';
import { predictAction, predictTravel, type Fight, type PredictionRules } from './combat';
import type { Unit } from '@/lib/units';

const ref = (id: string) => ({ id, name: id, group: 'enemies' as const });

const blow = (
  step: number,
  target: string,
  hp: [number, number],
  fields: Partial<CombatLogEntry> = {},
): CombatLogEntry => ({
  id: `e${step}-${target}-${hp[1]}`,
  step,
  type: 'attack',
  round: 1,
  turnOf: ref('hero'),
  ...BLANK_LOG_DETAILS,
  actor: ref('hero'),
  target: ref(target),
  amount: hp[0] - hp[1],
  hpBefore: hp[0],
  hpAfter: hp[1],
  statusBefore: 'Normal',
  statusAfter: 'Normal',
  undone: false,
  at: '2026-11-25T10:00:00.000Z',
  ...fields,
});

const fight = (log: CombatLogEntry[], fields: Partial<Fight> = {}): Fight => ({
  ...EMPTY_COMBAT,
  phase: 'fight',
  updatedAt: null,
  version: 7,
  conditions: {},
  canUndo: true,
  canRedo: false,
  log,
  logTotal: log.length,
  logBefore: null,
  logUndoneFrom: null,
  summary: null,
  ...fields,
});

const unit = (id: string, currentHp: number, status = 'Normal') =>
  ({ _id: id, name: id, hp: 20, currentHp, status }) as Unit;

describe('predictTravel', () => {
  it('undoes the last applied blow: its target HP and status back, Redo on, Undo as the log says', () => {
    const log = [
      blow(1, 'orc', [20, 15]),
      blow(2, 'orc', [15, 0], { statusAfter: 'Fallen' }),
      blow(3, 'wolf', [20, 18], { undone: true }),
    ];
    const guess = predictTravel(true)(fight(log, { canRedo: true, logUndoneFrom: 3 }), [
      unit('orc', 0, 'Fallen'),
      unit('wolf', 20),
    ]);
    expect(guess?.units).toEqual([unit('orc', 15, 'Normal'), unit('wolf', 20)]);
    expect(guess?.fight).toMatchObject({ canUndo: true, canRedo: true, version: 7 });
    // The log's marks are the server's to change.
    expect(guess?.fight.log).toBe(log);
  });

  it('takes a whole step: an area blow restores every target, a unit hit twice gets its first HP', () => {
    const log = [blow(4, 'orc', [20, 12]), blow(4, 'wolf', [20, 12]), blow(4, 'orc', [12, 4])];
    const guess = predictTravel(true)(fight(log), [unit('orc', 4), unit('wolf', 12)]);
    expect(guess?.units.map((item) => item.currentHp)).toEqual([20, 20]);
    // Nothing older in the log: nothing left to undo.
    expect(guess?.fight.canUndo).toBe(false);
  });

  it('redoes the first undone step with its HP after', () => {
    const log = [blow(1, 'orc', [20, 15], { undone: true }), blow(2, 'orc', [15, 9], { undone: true })];
    const guess = predictTravel(false)(fight(log, { canUndo: false, canRedo: true, logUndoneFrom: 1 }), [
      unit('orc', 20),
    ]);
    expect(guess?.units[0]?.currentHp).toBe(15);
    expect(guess?.fight).toMatchObject({ canUndo: true, canRedo: true });
  });

  it('leaves turns, conditions, ends and steps outside the window to the server', () => {
    const units = [unit('orc', 0, 'Fallen')];
    const turn = { ...blow(1, 'orc', [20, 20]), type: 'nextTurn' as const };
    expect(predictTravel(true)(fight([turn]), units)).toBeNull();
    const end = blow(1, 'orc', [5, 0], { defeated: 'enemies' });
    expect(predictTravel(true)(fight([end]), units)).toBeNull();
    expect(predictTravel(true)(fight([]), units)).toBeNull();
    // Redo of a step older than the window the answer brought.
    const undone = blow(9, 'orc', [20, 15], { undone: true });
    expect(predictTravel(false)(fight([undone], { logUndoneFrom: 3 }), units)).toBeNull();
  });
});

// Temp HP and death saves (docs/decisions/061-what-a-gm-tracks-every-round.md) wait for the server.
describe('predictTravel of round tracking', () => {
  const units = [unit('orc', 20)];
  it('leaves a blow that moved temp HP, a temp HP change and a death save to the server', () => {
    const soaked = blow(1, 'orc', [20, 20], { tempBefore: 8, tempAfter: 1 });
    expect(predictTravel(true)(fight([soaked]), units)).toBeNull();
    const setTemp = blow(1, 'orc', [20, 20], { type: 'setTempHp', tempBefore: 0, tempAfter: 8 });
    expect(predictTravel(true)(fight([setTemp]), units)).toBeNull();
    const save = blow(1, 'orc', [0, 0], {
      type: 'deathSave',
      hpBefore: null,
      hpAfter: null,
      deathSave: { result: 'success', successes: 1, failures: 0 },
    });
    expect(predictTravel(true)(fight([save]), units)).toBeNull();
    // A plain blow still shows at once.
    expect(predictTravel(true)(fight([blow(1, 'orc', [20, 15])]), [unit('orc', 15)])?.units).toEqual([
      unit('orc', 20),
    ]);
  });
});

describe('predictAction of a blow with modifiers', () => {
  const rules: PredictionRules = {
    statuses: [{ _id: 's1', name: 'Normal' }],
    initiativeRule: 'random_d20',
    initiativeCharacteristic: '',
    initiativeModifier: 'value',
  };
  it("takes each target's share of the one roll", () => {
    const order = [
      { unitId: 'hero', initiative: 15 },
      { unitId: 'orc', initiative: 10 },
      { unitId: 'wolf', initiative: 5 },
    ];
    const guess = predictAction(
      {
        type: 'attack',
        targetId: 'orc',
        targetIds: ['orc', 'wolf'],
        amount: '7',
        modifiers: { orc: 'half' },
      },
      rules,
    )(fight([], { order, allies: ['hero'], enemies: ['orc', 'wolf'] }), [
      { ...unit('hero', 20), isPlayer: true },
      { ...unit('orc', 20), isPlayer: false },
      { ...unit('wolf', 20), isPlayer: false },
    ]);
    expect(guess?.units.map((u) => u.currentHp)).toEqual([20, 17, 13]);
  });
});
