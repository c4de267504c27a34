// What players see of lair actions, hazards and groups (docs/decisions/062): a visible hazard by name, a
// hidden one as someone unseen (not even in the order), a group as one row only when they see two of its
// members, and never a number that counts what they do not see.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYER_VIEW_SETTINGS, type PlayerViewSettings } from '../schemas/player-view';
import { EMPTY_COMBAT } from './combat';
import {
  toPlayerView,
  unitsWhoseTurnCame,
  type PlayerViewInput,
  type PlayerViewLogEntry,
} from './player-view';
import { testId } from './fight-table.testing';
import type { CombatState } from '../schemas/combat';

const [HERO, G1, G2, G3] = [1, 2, 3, 4].map(testId) as [string, string, string, string];
const [LAIR, TRAP] = [20, 21].map(testId) as [string, string];
const GROUP = testId(30);

const state: CombatState = {
  ...EMPTY_COMBAT,
  phase: 'fight',
  allies: [HERO],
  enemies: [G1, G2, G3],
  order: [
    { unitId: G1, initiative: 15, groupId: GROUP },
    { unitId: G2, initiative: 15, groupId: GROUP },
    { unitId: G3, initiative: 15, groupId: GROUP },
    { unitId: HERO, initiative: 12 },
    { hazardId: LAIR, initiative: 12 },
    { hazardId: TRAP, initiative: 5 },
  ],
  hazards: [
    { id: LAIR, name: 'Cave tremors', initiative: 12, hidden: false },
    { id: TRAP, name: 'Hidden pit', initiative: 5, hidden: true },
  ],
};

const unit = (id: string, name: string) => ({
  _id: id,
  name,
  class: '',
  hp: 10,
  currentHp: 10,
  isPlayer: false,
});

function view(
  over: Partial<CombatState>,
  settings: PlayerViewSettings = DEFAULT_PLAYER_VIEW_SETTINGS,
  log: PlayerViewLogEntry[] = [],
) {
  const input: PlayerViewInput = {
    state: { ...state, ...over },
    conditions: {},
    units: new Map(
      [unit(HERO, 'Hero'), unit(G1, 'Goblin'), unit(G2, 'Goblin 2'), unit(G3, 'Goblin 3')].map((u) => [
        u._id,
        u,
      ]),
    ),
    classes: [],
    statuses: [],
    settings,
    log,
    turnsCame: unitsWhoseTurnCame(log),
    opaqueId: (id) => `op-${id.slice(-2)}`,
  };
  return toPlayerView(input);
}

const hiding = (...ids: string[]): PlayerViewSettings => ({
  ...DEFAULT_PLAYER_VIEW_SETTINGS,
  units: Object.fromEntries(ids.map((id) => [id, { hidden: true }])),
});

describe('player view of hazards and groups', () => {
  it('a visible hazard is in the order and named on its turn; a hidden one is neither listed nor counted', () => {
    const payload = view({ turnIndex: 4 });
    expect(payload.hazards).toEqual([{ id: `op-${LAIR.slice(-2)}`, name: 'Cave tremors' }]);
    expect(payload.order).toEqual(['op-02', 'op-03', 'op-04', 'op-01', 'op-20']);
    expect(payload.turn).toEqual({ unitId: null, hazardId: 'op-20' });
    const hidden = view({ turnIndex: 5 });
    expect(hidden.turn).toEqual({ unitId: null });
    expect(JSON.stringify(hidden)).not.toContain('Hidden pit');
    expect(JSON.stringify(hidden)).not.toContain('op-21');
  });

  it("log lines name a visible hazard's turn; a hidden hazard's turn is someone unseen", () => {
    const turn = (hazard: { id: string; name: string; hidden: boolean }): PlayerViewLogEntry => ({
      type: 'nextTurn',
      round: 1,
      turnOf: null,
      actor: null,
      target: null,
      amount: null,
      condition: null,
      wrapped: false,
      defeated: null,
      undone: false,
      hazard,
    });
    const payload = view({}, DEFAULT_PLAYER_VIEW_SETTINGS, [
      turn({ id: LAIR, name: 'Cave tremors', hidden: false }),
      turn({ id: TRAP, name: 'Hidden pit', hidden: true }),
    ]);
    expect(payload.log).toEqual([
      expect.objectContaining({ type: 'nextTurn', actor: null, hazard: 'Cave tremors' }),
      expect.not.objectContaining({ hazard: expect.anything() }),
    ]);
    expect(JSON.stringify(payload.log)).not.toContain('Hidden pit');
  });

  it('a group shows as one row only when players see two or more of its members', () => {
    const all = view({});
    expect(all.units.filter((u) => u.groupId === 'op-30').map((u) => u.name)).toEqual([
      'Goblin',
      'Goblin 2',
      'Goblin 3',
    ]);
    const two = view({}, hiding(G3));
    expect(two.units.filter((u) => u.groupId !== undefined)).toHaveLength(2);
    const one = view({}, hiding(G2, G3));
    expect(one.units.find((u) => u.name === 'Goblin')).not.toHaveProperty('groupId');
  });

  it("a group's turn shows on a member players see, and reveals members hidden until their first turn", () => {
    const settings: PlayerViewSettings = {
      ...DEFAULT_PLAYER_VIEW_SETTINGS,
      units: { [G1]: { hidden: true }, [G2]: { hidden: true, revealOnFirstTurn: true } },
    };
    const payload = view({ turnIndex: 0 }, settings);
    expect(payload.turn).toEqual({ unitId: 'op-03' });
    expect(payload.units.map((u) => u.name)).toEqual(['Hero', 'Goblin 2', 'Goblin 3']);
  });
});
