// Pure helpers about units: the text filter of docs/product.md#search and the health-bar tone of
// docs/product.md#combat (units and combat views).
import type { Unit } from '@/lib/units';
import { containsFolded, foldQuery } from '@questkeeper/core/text/fold';

type Filterable = Pick<Unit, 'name' | 'race' | 'class' | 'status'> & Partial<Pick<Unit, 'currentHp'>>;

/**
 * Substring on name, race, class or status, ignoring case and accents (docs/product.md#search;
 * docs/product.md#search: "eclaireur" finds "Éclaireur"); blank shows all. With `downLabel`, a fallen unit
 * (0 HP) also matches the word the view shows for it ("Down").
 */
export function filterUnits<T extends Filterable>(
  units: readonly T[],
  query: string,
  downLabel?: string,
): readonly T[] {
  const needle = foldQuery(query);
  if (!needle) return units;
  const downMatches = downLabel !== undefined && containsFolded(downLabel, needle);
  return units.filter(
    (unit) =>
      (downMatches && isDown(unit)) ||
      [unit.name, unit.race, unit.class, unit.status].some((field) => containsFolded(field, needle)),
  );
}

/** A unit at 0 HP has fallen: the units and combat views show it as Down whatever its status. */
export function isDown(unit: Partial<Pick<Unit, 'currentHp'>>): boolean {
  return unit.currentHp !== undefined && unit.currentHp <= 0;
}

export type HpTone = 'high' | 'mid' | 'low';

/**
 * docs/product.md#combat: above 70 % green, above 30 % orange, otherwise red. A unit without max HP counts as
 * 0 %.
 */
export function hpRatio(current: number, max: number): number {
  if (max <= 0) return 0;
  return Math.min(1, Math.max(0, current / max));
}

export function hpTone(current: number, max: number): HpTone {
  const ratio = hpRatio(current, max);
  if (ratio > 0.7) return 'high';
  if (ratio > 0.3) return 'mid';
  return 'low';
}
