// The table view's sorting: by name, class, race, HP or status, either way. Text sorts
// as a reader expects in the UI language ("Goblin 2" before "Goblin 10", "Éloïse" among the E's);
// ties keep the server's order (oldest first), so a sort never shuffles equal rows.
import type { Unit } from '@/lib/units';

export type UnitSortKey = 'name' | 'class' | 'race' | 'hp' | 'status';
export interface UnitSort {
  key: UnitSortKey;
  direction: 'ascending' | 'descending';
}

export const DEFAULT_SORT: UnitSort = { key: 'name', direction: 'ascending' };

/** Sorting again by the same column turns it around; a new column starts ascending. */
export function nextSort(current: UnitSort, key: UnitSortKey): UnitSort {
  return current.key === key
    ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
    : { key, direction: 'ascending' };
}

export function sortUnits(
  units: readonly Unit[],
  sort: UnitSort,
  language: string,
  /** The status as shown (Down at 0 HP). */
  statusOf: (unit: Unit) => string,
): Unit[] {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  const text = (unit: Unit): string => {
    switch (sort.key) {
      case 'class':
        return unit.class;
      case 'race':
        return unit.race;
      case 'status':
        return statusOf(unit);
      default:
        return unit.name;
    }
  };
  const compare = (a: Unit, b: Unit) =>
    sort.key === 'hp'
      ? a.currentHp - b.currentHp || a.hp - b.hp
      : collator.compare(text(a), text(b)) || collator.compare(a.name, b.name);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return units
    .map((unit, index) => ({ unit, index }))
    .sort((a, b) => sign * compare(a.unit, b.unit) || a.index - b.index)
    .map(({ unit }) => unit);
}
