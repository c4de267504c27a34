import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generateCharacteristics,
  QUICK_TEMPLATE_RANGES,
  QUICK_TEMPLATES,
  quickTemplateRange,
} from './quick-generation';
import { clampCurrentHp } from '../combat/hit-points';

const characteristics = [
  { name: 'Strength', max: 100 },
  { name: 'Armor Class', max: 20 },
];

describe('quick generation (docs/product.md#quick-generation, turn-2 decision: percentages of each max)', () => {
  it('keeps the spec ranges on max 100 and scales them on max 20 (Boss 8–14, Weak NPC 4–8)', () => {
    expect(Object.fromEntries(QUICK_TEMPLATES.map((t) => [t, quickTemplateRange(t, 100)]))).toEqual({
      boss: { min: 40, max: 70 },
      strongNpc: { min: 35, max: 60 },
      normalNpc: { min: 30, max: 55 },
      weakNpc: { min: 20, max: 40 },
    });
    expect(Object.fromEntries(QUICK_TEMPLATES.map((t) => [t, quickTemplateRange(t, 20)]))).toEqual({
      boss: { min: 8, max: 14 },
      strongNpc: { min: 7, max: 12 },
      normalNpc: { min: 6, max: 11 },
      weakNpc: { min: 4, max: 8 },
    });
    // Halves round up: 35 % of 10 is 3.5 → 4; 55 % of 10 is 5.5 → 6.
    expect(quickTemplateRange('strongNpc', 10)).toEqual({ min: 4, max: 6 });
    expect(quickTemplateRange('normalNpc', 10)).toEqual({ min: 3, max: 6 });
  });

  it.each(QUICK_TEMPLATES)('draws %s values at both ends of the scaled range', (template) => {
    const low = generateCharacteristics(template, characteristics, () => 0);
    const high = generateCharacteristics(template, characteristics, () => 0.999999);
    expect(low).toEqual({
      Strength: quickTemplateRange(template, 100).min,
      'Armor Class': quickTemplateRange(template, 20).min,
    });
    expect(high).toEqual({
      Strength: quickTemplateRange(template, 100).max,
      'Armor Class': quickTemplateRange(template, 20).max,
    });
  });

  it('on any max, every draw is a whole number inside the percent range and within 0..max', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...QUICK_TEMPLATES),
        fc.integer({ min: 1, max: 1000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (template, max, r) => {
          const percent = QUICK_TEMPLATE_RANGES[template];
          const range = quickTemplateRange(template, max);
          // Each end is the nearest whole number to the exact percentage (within half a point).
          expect(Math.abs(range.min - (percent.min * max) / 100)).toBeLessThanOrEqual(0.5);
          expect(Math.abs(range.max - (percent.max * max) / 100)).toBeLessThanOrEqual(0.5);
          expect(range.min).toBeLessThanOrEqual(range.max);
          const { value } = generateCharacteristics(template, [{ name: 'value', max }], () => r);
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(range.min);
          expect(value).toBeLessThanOrEqual(range.max);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(max);
        },
      ),
    );
  });

  it('reaches every value of the range on the 20 and 100 maxima the campaigns use', () => {
    for (const template of QUICK_TEMPLATES) {
      for (const max of [20, 100]) {
        const range = quickTemplateRange(template, max);
        const size = range.max - range.min + 1;
        const seen = new Set(
          Array.from(
            { length: size },
            (_, i) => generateCharacteristics(template, [{ name: 'v', max }], () => (i + 0.5) / size).v,
          ),
        );
        expect(seen.size).toBe(size);
      }
    }
  });

  it('keeps a characteristic whatever its name', () => {
    const result = generateCharacteristics('boss', [{ name: '__proto__', max: 100 }], () => 0);
    expect(Object.keys(result)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the ranges in percent as the spec gives them', () => {
    expect(QUICK_TEMPLATE_RANGES).toEqual({
      boss: { min: 40, max: 70 },
      strongNpc: { min: 35, max: 60 },
      normalNpc: { min: 30, max: 55 },
      weakNpc: { min: 20, max: 40 },
    });
  });
});

describe('current HP clamping (docs/product.md#unit-form)', () => {
  it.each([
    [null, 100, 100],
    [undefined, 80, 80],
    [150, 100, 100],
    [-5, 100, 0],
    [42, 100, 42],
  ])('current %s with max %s → %s', (current, hp, expected) => {
    expect(clampCurrentHp(current, hp)).toBe(expected);
  });
});
