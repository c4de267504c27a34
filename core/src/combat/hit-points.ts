/** docs/product.md#unit-form: current HP empty or above hp becomes hp; below 0 becomes 0. */
export function clampCurrentHp(currentHp: number | null | undefined, hp: number): number {
  if (currentHp === null || currentHp === undefined || Number.isNaN(currentHp)) return hp;
  return Math.max(0, Math.min(currentHp, hp));
}
