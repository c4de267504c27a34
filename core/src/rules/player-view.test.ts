import { describe, expect, it } from 'vitest';
import type { CombatState } from '../schemas/combat';
import { DEFAULT_PLAYER_VIEW_SETTINGS, type PlayerViewSettings } from '../schemas/player-view';
import { hpBand, toPlayerView, type PlayerViewInput, type PlayerViewLogEntry } from './player-view';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const state: CombatState = {
  phase: 'fight',
  allies: [A],
  enemies: [B, C],
  order: [
    { unitId: A, initiative: 18 },
    { unitId: C, initiative: 12 },
    { unitId: B, initiative: 5 },
  ],
  turnIndex: 0,
  round: 2,
  amount: 0,
  targetId: null,
};

const unit = (id: string, name: string, hp: number, currentHp: number) => ({
  _id: id,
  name,
  class: 'Warrior',
  hp,
  currentHp,
});

const ref = (id: string, name: string, group: 'allies' | 'enemies') => ({ id, name, group });
const line = (over: Partial<PlayerViewLogEntry>): PlayerViewLogEntry => ({
  type: 'attack',
  round: 1,
  turnOf: null,
  actor: null,
  target: null,
  amount: null,
  condition: null,
  wrapped: false,
  defeated: null,
  undone: false,
  ...over,
});

function input(settings: PlayerViewSettings, over: Partial<PlayerViewInput> = {}): PlayerViewInput {
  return {
    state,
    conditions: {},
    units: new Map([
      [A, unit(A, 'Aria', 40, 40)],
      [B, unit(B, 'Bandit', 20, 5)],
      [C, unit(C, 'Cultist', 30, 30)],
    ]),
    classes: [{ name: 'Warrior', color: '#aa0000' }],
    statuses: [],
    settings,
    log: [],
    opaqueId: (id) => `op-${id.slice(-1)}`,
    ...over,
  };
}

describe('player view', () => {
  it('bands carry no number: healthy > 70 %, wounded > 30 %, bloodied > 0, down at 0', () => {
    expect([hpBand(71, 100), hpBand(70, 100), hpBand(31, 100), hpBand(30, 100), hpBand(1, 100)]).toEqual([
      'healthy',
      'wounded',
      'wounded',
      'bloodied',
      'bloodied',
    ]);
    expect(hpBand(0, 100)).toBe('down');
  });

  it('shows allies exact and enemies as bands by default, with opaque ids', () => {
    const view = toPlayerView(input(DEFAULT_PLAYER_VIEW_SETTINGS));
    expect(view.units).toEqual([
      {
        id: 'op-a',
        name: 'Aria',
        group: 'allies',
        color: '#aa0000',
        hp: { shown: 'exact', current: 40, max: 40, band: null },
        conditions: [],
      },
      {
        id: 'op-b',
        name: 'Bandit',
        group: 'enemies',
        color: '#aa0000',
        hp: { shown: 'band', current: null, max: null, band: 'bloodied' },
        conditions: [],
      },
      {
        id: 'op-c',
        name: 'Cultist',
        group: 'enemies',
        color: '#aa0000',
        hp: { shown: 'band', current: null, max: null, band: 'healthy' },
        conditions: [],
      },
    ]);
    expect(view.turn).toEqual({ unitId: 'op-a' });
    expect(view.order).toEqual(['op-a', 'op-c', 'op-b']);
  });

  it('leaves a hidden unit out everywhere, and says only that an unseen one has the turn', () => {
    const settings: PlayerViewSettings = {
      hp: { allies: 'exact', enemies: 'hidden' },
      units: { [C]: { hidden: true, alias: 'x' } },
    };
    const log = [
      line({
        type: 'attack',
        actor: ref(C, 'Cultist', 'enemies'),
        target: ref(A, 'Aria', 'allies'),
        amount: 4,
      }),
      line({ type: 'nextTurn', turnOf: ref(C, 'Cultist', 'enemies') }),
    ];
    const view = toPlayerView(input(settings, { log, state: { ...state, turnIndex: 1 } }));
    const text = JSON.stringify(view);
    expect(text).not.toContain('Cultist');
    expect(text).not.toContain('op-c');
    expect(view.order).toEqual(['op-a', 'op-b']);
    expect(view.turn).toEqual({ unitId: null });
    expect(view.log).toEqual([expect.objectContaining({ type: 'nextTurn', actor: null })]);
    expect(view.units.find((u) => u.id === 'op-b')?.hp).toEqual({
      shown: 'hidden',
      current: null,
      max: null,
      band: null,
    });
  });

  it('reveals a unit on its first turn when told, under its alias', () => {
    const settings: PlayerViewSettings = {
      ...DEFAULT_PLAYER_VIEW_SETTINGS,
      units: { [C]: { hidden: true, revealOnFirstTurn: true, alias: 'Hooded figure' } },
    };
    expect(toPlayerView(input(settings)).units.map((u) => u.name)).toEqual(['Aria', 'Bandit']);
    const view = toPlayerView(input(settings, { state: { ...state, turnIndex: 1 } }));
    expect(view.units.map((u) => u.name)).toEqual(['Aria', 'Bandit', 'Hooded figure']);
    expect(JSON.stringify(view)).not.toContain('Cultist');
  });

  it('gives amounts only where the target side shows exact HP', () => {
    const log = [
      line({
        type: 'attack',
        actor: ref(A, 'Aria', 'allies'),
        target: ref(B, 'Bandit', 'enemies'),
        amount: 15,
      }),
      line({ type: 'heal', actor: ref(B, 'Bandit', 'enemies'), target: ref(A, 'Aria', 'allies'), amount: 3 }),
    ];
    const view = toPlayerView(input(DEFAULT_PLAYER_VIEW_SETTINGS, { log }));
    expect(view.log.map((l) => l.amount)).toEqual([null, 3]);
  });
});
