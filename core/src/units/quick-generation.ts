// Quick characteristic generation (docs/product.md#quick-generation, turn-2 decision): each template's range
// is a percentage of the characteristic's max (Boss 40–70 %, Strong NPC 35–60 %, Normal NPC 30–55 %, Weak NPC
// 20–40 %), and every characteristic is drawn uniformly, as a whole number, in its scaled range.
//
// Rounding: each end of the range is rounded to the nearest whole number, halves up
// (`round(percent × max / 100)`), computed in integers so no float error creeps in. On a max-100
// characteristic the range is the spec's, unchanged; on a max-20 one a Boss gets 8–14 and a Weak NPC
// 4–8 exactly (both ends are whole there). Rounding is monotonic, so the low end never passes the high
// end, and a percentage ≤ 100 never passes the max.
export const QUICK_TEMPLATES = ['boss', 'strongNpc', 'normalNpc', 'weakNpc'] as const;
export type QuickTemplate = (typeof QUICK_TEMPLATES)[number];

/** The ranges in percent of each characteristic's max. */
export const QUICK_TEMPLATE_RANGES: Readonly<Record<QuickTemplate, { min: number; max: number }>> = {
  boss: { min: 40, max: 70 },
  strongNpc: { min: 35, max: 60 },
  normalNpc: { min: 30, max: 55 },
  weakNpc: { min: 20, max: 40 },
};

/** `percent` of `max`, rounded to the nearest whole number, halves up (integer arithmetic). */
function percentOf(percent: number, max: number): number {
  return Math.floor((percent * max + 50) / 100);
}

/** The values a template can draw on a characteristic whose max is `characteristicMax`. */
export function quickTemplateRange(
  template: QuickTemplate,
  characteristicMax: number,
): { min: number; max: number } {
  const { min, max } = QUICK_TEMPLATE_RANGES[template];
  const top = Math.max(0, Math.floor(characteristicMax));
  return { min: percentOf(min, top), max: percentOf(max, top) };
}

/** `random` returns a float in [0, 1), like Math.random; injectable for tests. */
export function generateCharacteristics(
  template: QuickTemplate,
  characteristics: readonly { name: string; max: number }[],
  random: () => number = Math.random,
): Record<string, number> {
  // fromEntries defines own properties, so even a characteristic named "__proto__" is kept.
  return Object.fromEntries(
    characteristics.map((characteristic) => {
      const { min, max } = quickTemplateRange(template, characteristic.max);
      return [characteristic.name, min + Math.floor(random() * (max - min + 1))];
    }),
  );
}
