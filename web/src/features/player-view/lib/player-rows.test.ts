// docs/decisions/062: the player page's rows: a group players see two or more of as one row where its
// first member stands, a lone member as a plain unit, hazards in the order, the rest after it.
import { describe, expect, it } from 'vitest';
import type { PlayerUnit, PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import { groupNames, playerRows, rowHasTurn } from './player-rows';

const unit = (id: string, name: string, groupId?: string): PlayerUnit => ({
  id,
  name,
  group: 'enemies',
  color: null,
  hp: { shown: 'hidden', current: null, max: null, band: null },
  conditions: [],
  ...(groupId === undefined ? {} : { groupId }),
});

const payload = (over: Partial<PlayerViewPayload>) => ({ order: [], units: [], hazards: [], ...over });

describe('playerRows', () => {
  it('folds a group into one row at its first member, in order, hazards included', () => {
    const rows = playerRows(
      payload({
        order: ['a', 'g1', 'lair', 'g2', 'g4'],
        units: [
          unit('a', 'Aria'),
          unit('g1', 'Goblin 1', 'x'),
          unit('g2', 'Goblin 2', 'x'),
          unit('g4', 'Goblin 4', 'x'),
        ],
        hazards: [{ id: 'lair', name: 'Cave tremors' }],
      }),
    );
    expect(rows.map((row) => (row.kind === 'group' ? row.label : row.id))).toEqual([
      'a',
      'Goblin ×3',
      'lair',
    ]);
    const group = rows[1]!;
    expect(group.kind === 'group' && group.members.map((member) => member.name)).toEqual([
      'Goblin 1',
      'Goblin 2',
      'Goblin 4',
    ]);
    expect(rowHasTurn(group, { unitId: 'g4' })).toBe(true);
    expect(rowHasTurn(group, { unitId: 'a' })).toBe(false);
    expect(rowHasTurn(rows[2]!, { unitId: null, hazardId: 'lair' })).toBe(true);
    expect(rowHasTurn(rows[2]!, null)).toBe(false);
  });

  it('shows a lone member as a unit and puts units and hazards outside the order after it', () => {
    const rows = playerRows(
      payload({
        order: ['g1'],
        units: [unit('g1', 'Goblin', 'x'), unit('late', 'Late')],
        hazards: [{ id: 'trap', name: 'Trap' }],
      }),
    );
    expect(rows.map((row) => `${row.kind}:${row.id}`)).toEqual(['unit:g1', 'unit:late', 'hazard:trap']);
  });

  it('names each member after its group', () => {
    const names = groupNames(
      payload({ units: [unit('o1', 'Orc'), unit('o2', 'Orc 2', 'y'), unit('o3', 'Orc 3', 'y')] }),
    );
    expect([...names]).toEqual([
      ['o2', 'Orc ×2'],
      ['o3', 'Orc ×2'],
    ]);
  });
});
