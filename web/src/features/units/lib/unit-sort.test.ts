// The table view's order: as a reader expects in the UI language, stable on ties.
import { describe, expect, it } from 'vitest';
import type { Unit } from '@/lib/units';
import { nextSort, sortUnits, type UnitSort } from './unit-sort';

const unit = (name: string, fields: Partial<Unit> = {}) =>
  ({ name, class: 'Mage', race: 'Elf', status: 'Normal', hp: 100, currentHp: 100, ...fields }) as Unit;
const names = (units: Unit[], sort: UnitSort, language = 'en') =>
  sortUnits(units, sort, language, (item) => (item.currentHp === 0 ? 'Down' : item.status)).map(
    (item) => item.name,
  );

describe('sortUnits', () => {
  const party = [unit('goblin 10'), unit('Goblin 2'), unit('Éloïse'), unit('Aldric'), unit('zed')];

  it('sorts names with numbers as numbers, accents and case ignored', () => {
    expect(names(party, { key: 'name', direction: 'ascending' })).toEqual([
      'Aldric',
      'Éloïse',
      'Goblin 2',
      'goblin 10',
      'zed',
    ]);
    expect(names(party, { key: 'name', direction: 'descending' })[0]).toBe('zed');
  });

  it('sorts HP by the current value, then the maximum', () => {
    const hurt = [
      unit('A', { currentHp: 30, hp: 50 }),
      unit('B', { currentHp: 30, hp: 40 }),
      unit('C', { currentHp: 0 }),
    ];
    expect(names(hurt, { key: 'hp', direction: 'ascending' })).toEqual(['C', 'B', 'A']);
  });

  it('keeps the server order between equal rows, either way', () => {
    const twins = [unit('Twin', { race: 'Orc' }), unit('Twin', { race: 'Elf' })];
    expect(sortUnits(twins, { key: 'name', direction: 'ascending' }, 'en', (u) => u.status)).toEqual(twins);
    expect(sortUnits(twins, { key: 'name', direction: 'descending' }, 'en', (u) => u.status)).toEqual(twins);
  });

  it('turns a column around on a second click, and starts a new one ascending', () => {
    const byName: UnitSort = { key: 'name', direction: 'ascending' };
    expect(nextSort(byName, 'name')).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort({ key: 'name', direction: 'descending' }, 'hp')).toEqual({
      key: 'hp',
      direction: 'ascending',
    });
  });
});
