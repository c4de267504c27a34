// The order's rows (docs/decisions/062): a group is one row unless unfolded, a lair action its own,
// and a drop passes a whole group at once.
import { describe, expect, it } from 'vitest';
import type { CombatState } from '@questkeeper/core/schemas/combat';
import en from '@questkeeper/core/locales/en.json';
import { currentRowIndex, dropIndex, orderRows, turnTitle } from './order-rows';
import { tOf } from '@/test/locale-t';

const units = new Map(
  [
    ['a', 'Aria'],
    ['g1', 'Goblin'],
    ['g2', 'Goblin 2'],
    ['b', 'Borin'],
  ].map(([id, name]) => [id!, { name: name! }] as const),
);
const state: Pick<CombatState, 'order' | 'hazards' | 'turnIndex'> = {
  order: [
    { unitId: 'a', initiative: 22 },
    { hazardId: 'h', initiative: 20 },
    { unitId: 'g1', initiative: 12, groupId: 'G' },
    { unitId: 'g2', initiative: 12, groupId: 'G' },
    { unitId: 'b', initiative: 8 },
  ],
  hazards: [{ id: 'h', name: 'Cave tremors', initiative: 20, hidden: false }],
  turnIndex: 3,
};

describe('orderRows', () => {
  it('folds a group into one row, and unfolds it under its row', () => {
    expect(orderRows(state, units, new Set()).map((row) => [row.kind, row.start, row.end])).toEqual([
      ['unit', 0, 1],
      ['hazard', 1, 2],
      ['group', 2, 4],
      ['unit', 4, 5],
    ]);
    const open = orderRows(state, units, new Set(['G']));
    expect(open.map((row) => row.kind)).toEqual(['unit', 'hazard', 'group', 'member', 'member', 'unit']);
    // The turn of a group's second member is its group's row.
    expect(currentRowIndex(open, 3)).toBe(2);
  });

  it('drops above the row passed going up and below it going down, a group as a whole', () => {
    const rows = orderRows(state, units, new Set());
    // Borin (row 3) up onto the group: before its first member.
    expect(dropIndex(rows, 3, 2)).toBe(2);
    // Aria (row 0) down onto the group: after its last member (index in the order without Aria).
    expect(dropIndex(rows, 0, 2)).toBe(3);
    expect(dropIndex(rows, 0, 0)).toBeNull();
  });

  it('says whose turn it is: a unit, a lair action, a group', () => {
    const t = tOf(en);
    expect(turnTitle(state, units, t)).toBe('Turn of Goblin ×2');
    expect(turnTitle({ ...state, turnIndex: 1 }, units, t)).toBe('Lair action: Cave tremors');
    expect(turnTitle({ ...state, turnIndex: 0 }, units, t)).toBe('Turn of Aria');
  });
});
