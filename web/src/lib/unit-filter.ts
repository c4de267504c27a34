// Pure helpers about units: the text filter of spec §5 and the health-bar tone of spec §4 (units and combat views).
import type { Unit } from '@/lib/units';

/** Case-insensitive substring on name, race, class or status (spec §5 "Filter"); blank shows all. */
export function filterUnits<T extends Pick<Unit, 'name' | 'race' | 'class' | 'status'>>(
  units: readonly T[],
  query: string,
): readonly T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return units;
  return units.filter((unit) =>
    [unit.name, unit.race, unit.class, unit.status].some((field) =>
      field.toLocaleLowerCase().includes(needle),
    ),
  );
}

export type HpTone = 'high' | 'mid' | 'low';

/** Spec §4: above 70 % green, above 30 % orange, otherwise red. A unit without max HP counts as 0 %. */
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
