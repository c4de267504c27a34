import { describe, expect, it } from 'vitest';
import { generateCharacteristics, QUICK_TEMPLATE_RANGES, QUICK_TEMPLATES } from './quick-generation';
import { clampCurrentHp } from './hit-points';

const characteristics = [
  { name: 'Strength', max: 100 },
  { name: 'Luck', max: 20 },
];

describe('quick generation (spec §9)', () => {
  it.each(QUICK_TEMPLATES)('draws %s values at both ends of its range, capped at each max', (template) => {
    const { min, max } = QUICK_TEMPLATE_RANGES[template];
    expect(generateCharacteristics(template, characteristics, () => 0)).toEqual({
      Strength: min,
      Luck: Math.min(min, 20),
    });
    expect(generateCharacteristics(template, characteristics, () => 0.999999)).toEqual({
      Strength: max,
      Luck: Math.min(max, 20),
    });
  });

  it('keeps a characteristic whatever its name', () => {
    const result = generateCharacteristics('boss', [{ name: '__proto__', max: 100 }], () => 0);
    expect(Object.keys(result)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('uses the spec ranges', () => {
    expect(QUICK_TEMPLATE_RANGES).toEqual({
      boss: { min: 40, max: 70 },
      strongNpc: { min: 35, max: 60 },
      normalNpc: { min: 30, max: 55 },
      weakNpc: { min: 20, max: 40 },
    });
  });
});

describe('current HP clamping (spec §4)', () => {
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
