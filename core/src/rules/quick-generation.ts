// Quick characteristic generation (spec §9): each template draws every characteristic uniformly in
// its range, capped at the characteristic's max.
export const QUICK_TEMPLATES = ['boss', 'strongNpc', 'normalNpc', 'weakNpc'] as const;
export type QuickTemplate = (typeof QUICK_TEMPLATES)[number];

export const QUICK_TEMPLATE_RANGES: Readonly<Record<QuickTemplate, { min: number; max: number }>> = {
  boss: { min: 40, max: 70 },
  strongNpc: { min: 35, max: 60 },
  normalNpc: { min: 30, max: 55 },
  weakNpc: { min: 20, max: 40 },
};

/** `random` returns a float in [0, 1), like Math.random; injectable for tests. */
export function generateCharacteristics(
  template: QuickTemplate,
  characteristics: readonly { name: string; max: number }[],
  random: () => number = Math.random,
): Record<string, number> {
  const { min, max } = QUICK_TEMPLATE_RANGES[template];
  // fromEntries defines own properties, so even a characteristic named "__proto__" is kept.
  return Object.fromEntries(
    characteristics.map((characteristic) => {
      const value = min + Math.floor(random() * (max - min + 1));
      return [characteristic.name, Math.min(value, characteristic.max)];
    }),
  );
}
