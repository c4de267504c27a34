// The fight screen's own state (combat-fight-reducer.ts): target picks and the rows they move,
// a click during the glide, extra targets, the amount and what Enter lacks, a failed blow's kept
// text and Retry, who deals the blows, Next turn, the new round's banner and the dialogs.
import { describe, expect, it } from 'vitest';
import { BLANK_LOG_DETAILS } from '@questkeeper/core/combat/action-types';
import { EMPTY_COMBAT } from '@questkeeper/core/combat/combat';
import type { CombatActionResponse, CombatLogEntry } from '@questkeeper/core/schemas/combat';
import type { Fight } from '../api/combat';
import {
  barBlow,
  extraIdsOf,
  fightOnScreen,
  fightScreenReducer,
  healedAtFull,
  INITIAL_FIGHT_SCREEN,
  missingOf,
  pickedIdOf,
  planEnter,
  planPick,
  quickText,
  sourceIdOf,
  turnOf,
  wrappedRound,
  type Blow,
  type FightScreen,
  type FightScreenAction,
} from './combat-fight-reducer';

const fight = (over: Partial<Fight> = {}): Fight => ({
  ...EMPTY_COMBAT,
  phase: 'fight',
  allies: ['a1', 'a2'],
  enemies: ['e1', 'e2', 'e3'],
  order: [
    { unitId: 'a1', initiative: 18 },
    { unitId: 'e1', initiative: 12 },
    { unitId: 'a2', initiative: 9 },
    { unitId: 'e2', initiative: 5 },
    { unitId: 'e3', initiative: 2 },
  ],
  turnIndex: 0,
  round: 1,
  targetId: null,
  updatedAt: null,
  version: 3,
  conditions: {},
  canUndo: true,
  canRedo: false,
  log: [],
  logTotal: 0,
  logBefore: null,
  logUndoneFrom: null,
  summary: null,
  ...over,
});

const run = (...actions: FightScreenAction[]): FightScreen =>
  actions.reduce(fightScreenReducer, INITIAL_FIGHT_SCREEN);

const T1 = '1:0';
const T2 = '1:1';

describe('target picks', () => {
  it('picks a target for its turn, moves its row to the end of its group, and keeps the rows moved', () => {
    const state = run({ type: 'pick', id: 'e1', turn: T1 }, { type: 'pick', id: 'e2', turn: T1 });
    expect(pickedIdOf(state, T1)).toBe('e2');
    expect(pickedIdOf(state, T2)).toBeNull();
    const shown = fightOnScreen(fight(), state.moves, pickedIdOf(state, T1));
    expect(shown.enemies).toEqual(['e3', 'e1', 'e2']);
    expect(shown.targetId).toBe('e2');
    // Next turn: the server's target again, the rows stay where the picks moved them.
    const next = fightScreenReducer(state, { type: 'nextTurn' });
    const later = fightOnScreen(fight({ turnIndex: 1, targetId: 'a1' }), next.moves, pickedIdOf(next, T2));
    expect(later.targetId).toBe('a1');
    expect(later.enemies).toEqual(['e3', 'e1', 'e2']);
  });

  it('a unit picked again moves once, to the end', () => {
    const state = run(
      { type: 'pick', id: 'e1', turn: T1 },
      { type: 'pick', id: 'e2', turn: T1 },
      { type: 'pick', id: 'e1', turn: T1 },
    );
    expect(state.moves).toEqual(['e2', 'e1']);
  });

  it('plans a click: a move with a glide unless the row is last, nothing on the target itself', () => {
    const shown = fight({ targetId: 'e2' });
    expect(planPick(shown, 'e1', false, false)).toEqual({ kind: 'move', glide: true });
    expect(planPick(shown, 'e3', false, false)).toEqual({ kind: 'move', glide: false });
    expect(planPick(shown, 'a1', false, false)).toEqual({ kind: 'move', glide: true });
    expect(planPick(shown, 'e2', false, false)).toEqual({ kind: 'none' });
  });

  it('waits for the glide under way: the click counts when it ends, never dropped', () => {
    const shown = fight({ targetId: 'e2' });
    expect(planPick(shown, 'e1', false, true)).toEqual({ kind: 'wait' });
    // The same click once the glide is over.
    expect(planPick(shown, 'e1', false, false)).toEqual({ kind: 'move', glide: true });
  });
});

describe('extra targets (Shift-click)', () => {
  it('toggles more targets of the same blow, even during a glide; a plain click drops them', () => {
    const shown = fight({ targetId: 'e1' });
    expect(planPick(shown, 'e2', true, true)).toEqual({ kind: 'extra' });
    // No target yet, or the target itself: a plain pick.
    expect(planPick(fight(), 'e2', true, false)).toEqual({ kind: 'move', glide: true });
    expect(planPick(shown, 'e1', true, false)).toEqual({ kind: 'none' });

    let state = run({ type: 'toggleExtra', id: 'e2', turn: T1 }, { type: 'toggleExtra', id: 'e3', turn: T1 });
    expect([...extraIdsOf(state, T1)]).toEqual(['e2', 'e3']);
    state = fightScreenReducer(state, { type: 'toggleExtra', id: 'e2', turn: T1 });
    expect([...extraIdsOf(state, T1)]).toEqual(['e3']);
    expect(extraIdsOf(state, T2).size).toBe(0);
    expect(fightScreenReducer(state, { type: 'pick', id: 'a1', turn: T1 }).extra).toBeNull();
  });

  it('starts afresh in a new turn', () => {
    const state = run(
      { type: 'toggleExtra', id: 'e2', turn: T1 },
      { type: 'toggleExtra', id: 'e3', turn: T2 },
    );
    expect([...extraIdsOf(state, T2)]).toEqual(['e3']);
  });

  it('leaves the state as it is when there is nothing to clear', () => {
    expect(fightScreenReducer(INITIAL_FIGHT_SCREEN, { type: 'clearExtra' })).toBe(INITIAL_FIGHT_SCREEN);
  });
});

describe('the amount and its intent', () => {
  it('builds the blow the buttons ask for, whatever the sign, with the other targets', () => {
    expect(barBlow('attack', '+5', 'e1', new Set(), 'a1')).toEqual({
      type: 'attack',
      targetId: 'e1',
      amount: 5,
      sourceId: 'a1',
    });
    expect(barBlow('heal', '2d4', 'e1', new Set(['e1', 'e2']), null)).toEqual({
      type: 'heal',
      targetId: 'e1',
      amount: '2d4',
      sourceId: null,
      targetIds: ['e2'],
    });
    expect(barBlow('attack', '5', null, new Set(), 'a1')).toBeNull();
    expect(barBlow('attack', '0', 'e1', new Set(), 'a1')).toBeNull();
    expect(barBlow('attack', '', 'e1', new Set(), 'a1')).toBeNull();
  });

  it('sending a blow clears the amount and the extra targets', () => {
    const state = run(
      { type: 'amount', text: '7' },
      { type: 'toggleExtra', id: 'e2', turn: T1 },
      { type: 'sent' },
    );
    expect(state.amount).toBe('');
    expect(state.extra).toBeNull();
  });

  it('Enter does what the sign says, or says what is missing', () => {
    expect(planEnter('+5', 'e1')).toEqual({ kind: 'act', type: 'heal' });
    expect(planEnter('5', 'e1')).toEqual({ kind: 'act', type: 'attack' });
    expect(planEnter('-5', 'e1')).toEqual({ kind: 'act', type: 'attack' });
    expect(planEnter('5', null)).toEqual({ kind: 'lacking', missing: 'target', focus: false });
    expect(planEnter('', 'e1')).toEqual({ kind: 'lacking', missing: 'amount', focus: true });
    // A mistake in the amount already shows under it: nothing more to say, the field takes the focus.
    expect(planEnter('1000', 'e1')).toEqual({ kind: 'lacking', missing: null, focus: true });
  });

  it('shows what Enter lacked while the amount and the target are what they were', () => {
    const state = run(
      { type: 'amount', text: '5' },
      { type: 'missing', kind: 'target', amount: '5', targetId: null },
    );
    expect(missingOf(state, null)).toBe('target');
    expect(missingOf(state, 'e1')).toBeNull();
    expect(missingOf(fightScreenReducer(state, { type: 'amount', text: '56' }), null)).toBeNull();
    expect(fightScreenReducer(state, { type: 'clearMissing' }).missing).toBeNull();
  });

  it('the text a quick field is kept as', () => {
    expect(quickText('heal', 4)).toBe('+4');
    expect(quickText('attack', '1d6')).toBe('1d6');
  });
});

describe('a blow that fails, and Retry', () => {
  const blow: Blow = { type: 'attack', targetId: 'e2', amount: 7, sourceId: 'a1' };

  it('puts its text back in an empty amount, on its target while the turn holds', () => {
    const state = run({ type: 'sent' }, { type: 'failed', action: blow, text: '7', sentIn: T1, turn: T1 });
    expect(state.amount).toBe('7');
    expect(pickedIdOf(state, T1)).toBe('e2');
    expect(state.kept).toEqual({ action: blow, text: '7' });
  });

  it('keeps what the GM typed since, and the pick of a turn that has moved on', () => {
    const state = run(
      { type: 'pick', id: 'e1', turn: T2 },
      { type: 'amount', text: '3' },
      { type: 'failed', action: blow, text: '7', sentIn: T1, turn: T2 },
    );
    expect(state.amount).toBe('3');
    expect(pickedIdOf(state, T2)).toBe('e1');
  });

  it('Retry applying the kept blow clears its text, not what the GM typed since', () => {
    const failed = run({ type: 'failed', action: blow, text: '7', sentIn: T1, turn: T1 });
    const retried = fightScreenReducer(failed, { type: 'retried', action: blow });
    expect(retried.amount).toBe('');
    expect(retried.kept).toBeNull();
    const typed = fightScreenReducer(fightScreenReducer(failed, { type: 'amount', text: '9' }), {
      type: 'retried',
      action: blow,
    });
    expect(typed.amount).toBe('9');
    // Another action retried: the kept text stays.
    expect(fightScreenReducer(failed, { type: 'retried', action: { ...blow } })).toBe(failed);
  });
});

describe('who deals the blows', () => {
  const order = fight().order;

  it('is the turn’s unit unless the GM picks another or no one, for that turn', () => {
    expect(sourceIdOf(INITIAL_FIGHT_SCREEN, T1, order, 'a1')).toBe('a1');
    const other = run({ type: 'source', id: 'e3', turn: T1 });
    expect(sourceIdOf(other, T1, order, 'a1')).toBe('e3');
    expect(sourceIdOf(other, T2, order, 'e1')).toBe('e1');
    expect(sourceIdOf(run({ type: 'source', id: null, turn: T1 }), T1, order, 'a1')).toBeNull();
    // A unit that left the fight gives way to the turn's unit.
    expect(sourceIdOf(run({ type: 'source', id: 'gone', turn: T1 }), T1, order, 'a1')).toBe('a1');
  });
});

describe('Next turn and the banner', () => {
  it('Next turn clears the amount, the pick and the extra targets', () => {
    const state = run(
      { type: 'pick', id: 'e1', turn: T1 },
      { type: 'toggleExtra', id: 'e2', turn: T1 },
      { type: 'amount', text: '4' },
      { type: 'nextTurn' },
    );
    expect(state).toMatchObject({ amount: '', picked: null, extra: null, moves: ['e1'] });
  });

  it('a wrap shows the new round’s banner, a new wrap restarts it, and it goes', () => {
    const first = run({ type: 'wrapped', round: 2, at: 1000 });
    expect(first.banner).toEqual({ round: 2, at: 1000 });
    const second = fightScreenReducer(first, { type: 'wrapped', round: 3, at: 2000 });
    expect(second.banner).not.toBe(first.banner);
    expect(fightScreenReducer(second, { type: 'bannerDone' }).banner).toBeNull();
  });

  it('reads the wrap and the full-HP heals from the server’s answer', () => {
    const entry = (over: Partial<CombatLogEntry>): CombatLogEntry => ({
      id: 'x',
      step: 1,
      type: 'setStatus',
      round: 1,
      turnOf: null,
      ...BLANK_LOG_DETAILS,
      undone: false,
      at: '2026-11-28T10:00:00.000Z',
      ...over,
    });
    const answer = (entries: CombatLogEntry[]) => ({ entries }) as unknown as CombatActionResponse;
    expect(wrappedRound(answer([entry({ type: 'nextTurn', round: 4, wrapped: true })]))).toBe(4);
    expect(wrappedRound(answer([entry({ type: 'nextTurn', round: 1 })]))).toBeNull();
    expect(wrappedRound(null)).toBeNull();
    const target = (name: string) => ({ id: name, name, group: 'allies' as const });
    expect(
      healedAtFull(
        answer([
          entry({ type: 'heal', target: target('Ana'), hpBefore: 10, hpAfter: 10 }),
          entry({ type: 'heal', target: target('Bo'), hpBefore: 4, hpAfter: 9 }),
        ]),
      ),
    ).toEqual(['Ana']);
  });
});

describe('dialogs', () => {
  it('open one at a time and close only the one open', () => {
    const help = run({ type: 'open', dialog: { kind: 'help' } });
    expect(help.dialog).toEqual({ kind: 'help' });
    expect(fightScreenReducer(help, { type: 'close', kind: 'reinforce' })).toBe(help);
    expect(fightScreenReducer(help, { type: 'close', kind: 'help' }).dialog).toBeNull();
    const conditions = run({ type: 'open', dialog: { kind: 'conditions', unitId: 'e1' } });
    expect(conditions.dialog).toEqual({ kind: 'conditions', unitId: 'e1' });
    expect(fightScreenReducer(conditions, { type: 'close', kind: 'conditions' }).dialog).toBeNull();
  });
});

describe('turnOf', () => {
  it('names a turn by its round and index', () => {
    expect(turnOf({ round: 2, turnIndex: 3 })).toBe('2:3');
  });
});
