import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { DICE_MAX_DICE, DICE_MAX_SIDES } from '../limits';
import {
  clampRoll,
  diceBounds,
  formatExpression,
  formatRoll,
  isPlainNumber,
  parseDice,
  rollDice,
  type DiceExpression,
  type DiceTerm,
  type DieRoller,
} from './dice';

const FC = { seed: 14, numRuns: 1000 };

function parsed(input: string): DiceExpression {
  const result = parseDice(input);
  if (!result.ok) throw new Error(`${input}: ${result.error.key} ${JSON.stringify(result.error.params)}`);
  return result.expression;
}
const termsOf = (input: string) => parsed(input).terms;
const errorOf = (input: string) => {
  const result = parseDice(input);
  return result.ok ? undefined : result.error;
};
/** Returns the given values in turn (then repeats the last), whatever the sides. */
const sequence =
  (...values: number[]): DieRoller =>
  () =>
    values.length > 1 ? values.shift()! : values[0]!;
/** A deterministic roller from a seed (mulberry32), for the properties. */
function seededRoller(seed: number): DieRoller {
  let state = seed >>> 0;
  return (sides) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return 1 + (((t ^ (t >>> 14)) >>> 0) % sides);
  };
}

describe('parseDice: the grammar', () => {
  it.each<[string, DiceTerm[]]>([
    ['2d6', [{ kind: 'dice', sign: 1, count: 2, sides: 6 }]],
    ['d20', [{ kind: 'dice', sign: 1, count: 1, sides: 20 }]],
    ['7', [{ kind: 'constant', sign: 1, value: 7 }]],
    [
      '2d6+3',
      [
        { kind: 'dice', sign: 1, count: 2, sides: 6 },
        { kind: 'constant', sign: 1, value: 3 },
      ],
    ],
    [
      '1d8-1d4-2',
      [
        { kind: 'dice', sign: 1, count: 1, sides: 8 },
        { kind: 'dice', sign: -1, count: 1, sides: 4 },
        { kind: 'constant', sign: -1, value: 2 },
      ],
    ],
    ['2d20kh1', [{ kind: 'dice', sign: 1, count: 2, sides: 20, keep: { mode: 'kh', count: 1 } }]],
    ['4d6kl3', [{ kind: 'dice', sign: 1, count: 4, sides: 6, keep: { mode: 'kl', count: 3 } }]],
    ['-1d4', [{ kind: 'dice', sign: -1, count: 1, sides: 4 }]],
    ['+5', [{ kind: 'constant', sign: 1, value: 5 }]],
    ['d1', [{ kind: 'dice', sign: 1, count: 1, sides: 1 }]],
    ['100d1000', [{ kind: 'dice', sign: 1, count: 100, sides: 1000 }]],
  ])('%s', (input, terms) => {
    expect(termsOf(input)).toEqual(terms);
  });

  it('allows spaces between any two tokens and ignores case', () => {
    expect(termsOf(' 4 D 6 KL 3 +\t2 ')).toEqual(termsOf('4d6kl3+2'));
    expect(termsOf('2d20 Kh 1')).toEqual(termsOf('2d20kh1'));
    expect(termsOf('- d 4')).toEqual(termsOf('-d4'));
  });

  it('keeps the input as the source and gives a canonical form', () => {
    expect(parsed(' 2D6 + 3 ').source).toBe(' 2D6 + 3 ');
    expect(formatExpression(parsed(' 2D6 + 3 '))).toBe('2d6+3');
    expect(formatExpression(parsed('-1d20KH1 - 02'))).toBe('-d20kh1-2');
  });

  it('counts dice over all terms', () => {
    expect(parseDice('50d6+50d4').ok).toBe(true);
    expect(errorOf('50d6+50d4+d8')).toEqual({
      key: 'dice.errors.tooManyDice',
      params: { max: DICE_MAX_DICE, position: 11 },
    });
  });
});

describe('parseDice: errors name the position, counted from 1', () => {
  it.each<[string, string, Record<string, string | number>]>([
    ['', 'empty', {}],
    ['   ', 'empty', {}],
    ['2d', 'unexpectedEnd', { position: 3 }],
    ['2d6+', 'unexpectedEnd', { position: 5 }],
    ['-', 'unexpectedEnd', { position: 2 }],
    ['2d6k', 'unexpectedEnd', { position: 5 }],
    ['2d20kh', 'unexpectedEnd', { position: 7 }],
    ['2d6x', 'unexpected', { char: 'x', position: 4 }],
    ['2d6 3', 'unexpected', { char: '3', position: 5 }],
    ['2d6++3', 'unexpected', { char: '+', position: 5 }],
    ['2d6d6', 'unexpected', { char: 'd', position: 4 }],
    ['3kh1', 'unexpected', { char: 'k', position: 2 }],
    ['4d6kx3', 'unexpected', { char: 'x', position: 5 }],
    ['4d6k h1', 'unexpected', { char: ' ', position: 5 }],
    ['2d6 * 2', 'unexpected', { char: '*', position: 5 }],
    ['１d6', 'unexpected', { char: '１', position: 1 }],
    ['🎲+x', 'unexpected', { char: '🎲', position: 1 }],
    ['2+🎲', 'unexpected', { char: '🎲', position: 3 }],
    ['🎲🎲', 'unexpected', { char: '🎲', position: 1 }],
    ['2d6+\u202e', 'unexpected', { char: 'U+202E', position: 5 }],
    ['1+\ud800', 'unexpected', { char: 'U+D800', position: 3 }],
    ['1000d6', 'tooManyDice', { max: DICE_MAX_DICE, position: 1 }],
    ['101d6', 'tooManyDice', { max: DICE_MAX_DICE, position: 1 }],
    ['0d6', 'noDice', { position: 1 }],
    ['d0', 'sidesOutOfRange', { max: DICE_MAX_SIDES, position: 2 }],
    ['2 + d1001', 'sidesOutOfRange', { max: DICE_MAX_SIDES, position: 6 }],
    ['4d6kh5', 'keepOutOfRange', { max: 4, position: 6 }],
    ['4d6kl0', 'keepOutOfRange', { max: 4, position: 6 }],
    ['100001', 'numberTooBig', { max: 100_000, position: 1 }],
    // The first problem from the left wins.
    ['1000d6+x', 'tooManyDice', { max: DICE_MAX_DICE, position: 1 }],
    ['2d6+x+1000d6', 'unexpected', { char: 'x', position: 5 }],
  ])('%j → %s', (input, key, params) => {
    expect(errorOf(input)).toEqual({ key: `dice.errors.${key}`, params });
  });

  it('refuses long input before reading it, and reads the longest allowed input', () => {
    expect(parseDice(`${'1+'.repeat(99)}1`).ok).toBe(true);
    expect(errorOf(`${'1+'.repeat(100)}1`)).toEqual({ key: 'dice.errors.tooLong', params: { max: 200 } });
    for (const filler of ['1', 'd', '1d', '+', ' ', '🎲', 'x', '1d1+', 'd6kh']) {
      expect(errorOf(filler.repeat(10_000))?.key).toBe('dice.errors.tooLong');
      // Worst cases for a backtracking matcher, at the length limit (no regex reads the input; speed
      // belongs in benchmarks, not timed tests).
      expect(parseDice(filler.repeat(200).slice(0, 199) + '!').ok).toBe(false);
    }
  });

  it('gives messages the locales can show, in both languages', () => {
    const error = errorOf('2d6x')!;
    expect(translate('en', error.key, error.params)).toBe("Unexpected 'x' at 4.");
    expect(translate('fr', error.key, error.params)).toBe('« x » inattendu en position 4.');
    const tooMany = errorOf('1000d6')!;
    expect(translate('en', tooMany.key, tooMany.params)).toBe('Too many dice: at most 100 in total (at 1).');
  });
});

describe('isPlainNumber', () => {
  it.each([
    ['7', true],
    [' 12 ', true],
    ['-3', true],
    ['d6', false],
    ['2+3', false],
    ['', false],
    ['7x', false],
  ])('%j → %s', (input, plain) => {
    expect(isPlainNumber(input)).toBe(plain);
  });
});

describe('rollDice and formatRoll', () => {
  it('adds the dice and constants and shows the breakdown', () => {
    const roll = rollDice(parsed('2d6+3'), sequence(4, 2));
    expect(roll.total).toBe(9);
    expect(roll.terms.map((t) => t.rolls)).toEqual([[4, 2], []]);
    expect(formatRoll(roll)).toBe('2d6+3 → [4, 2] + 3 = 9');
  });

  it('subtracts negative terms', () => {
    const roll = rollDice(parsed('-d4 + 1d8 - 2'), sequence(3, 5));
    expect(roll.total).toBe(0);
    expect(formatRoll(roll)).toBe('-d4+d8-2 → -[3] + [5] - 2 = 0');
  });

  it('keeps the highest or lowest dice and strikes out the dropped ones', () => {
    const low = rollDice(parsed('4d6kl3'), sequence(6, 1, 5, 3));
    expect(low.terms[0]!.kept).toEqual([false, true, true, true]);
    expect(formatRoll(low)).toBe('4d6kl3 → [~6~, 1, 5, 3] = 9');
    const high = rollDice(parsed('2d20kh1'), sequence(7, 18));
    expect(formatRoll(high)).toBe('2d20kh1 → [~7~, 18] = 18');
    // Ties: the earlier die is kept.
    expect(rollDice(parsed('3d6kh1'), sequence(5, 5, 2)).terms[0]!.kept).toEqual([true, false, false]);
  });

  it('shows a plain number as is', () => {
    expect(formatRoll(rollDice(parsed('7'), sequence(1)))).toBe('7 → 7 = 7');
  });

  it('refuses a roller outside 1..sides and hand-built expressions past the limits', () => {
    expect(() => rollDice(parsed('d6'), () => 7)).toThrow(RangeError);
    expect(() => rollDice(parsed('d6'), () => 2.5)).toThrow(RangeError);
    const huge: DiceExpression = { source: '', terms: [{ kind: 'dice', sign: 1, count: 1e9, sides: 6 }] };
    expect(() => rollDice(huge, () => 1)).toThrow(RangeError);
  });

  it('clamps to the amount range and says so', () => {
    expect(clampRoll(rollDice(parsed('1d4-10'), sequence(2)), 1, 999)).toEqual({ amount: 1, clamped: true });
    expect(clampRoll(rollDice(parsed('20d100'), sequence(100)), 1, 999)).toEqual({
      amount: 999,
      clamped: true,
    });
    expect(clampRoll(rollDice(parsed('2d6+3'), sequence(4, 2)), 1, 999)).toEqual({
      amount: 9,
      clamped: false,
    });
  });
});

const term: fc.Arbitrary<DiceTerm> = fc.oneof(
  fc.record({
    kind: fc.constant('constant' as const),
    sign: fc.constantFrom(1 as const, -1 as const),
    value: fc.integer({ min: 0, max: 100_000 }),
  }),
  fc
    .record({
      sign: fc.constantFrom(1 as const, -1 as const),
      count: fc.integer({ min: 1, max: 20 }),
      sides: fc.integer({ min: 1, max: DICE_MAX_SIDES }),
      keep: fc.option(fc.record({ mode: fc.constantFrom('kh' as const, 'kl' as const), count: fc.nat() }), {
        nil: undefined,
      }),
    })
    .map(({ keep, ...dice }): DiceTerm => ({
      kind: 'dice',
      ...dice,
      ...(keep ? { keep: { mode: keep.mode, count: 1 + (keep.count % dice.count) } } : {}),
    })),
);
/** Valid expressions (at most 5 terms of 20 dice, within every limit). */
const expression = fc
  .array(term, { minLength: 1, maxLength: 5 })
  .map((terms): DiceExpression => ({ source: '', terms }));

describe('properties', () => {
  it('parses back its own canonical form, whatever the spacing and case', () => {
    const spacing = fc.array(fc.constantFrom('', '', ' ', '  ', '\t'), { minLength: 40, maxLength: 40 });
    fc.assert(
      fc.property(expression, spacing, fc.boolean(), (expr, spaces, upper) => {
        const canonical = formatExpression(expr);
        expect(termsOf(canonical)).toEqual(expr.terms);
        const tokens = canonical.match(/\d+|k[hl]|d|[+-]/g)!;
        const spaced = tokens.map((token, i) => spaces[i % spaces.length] + token).join('');
        expect(termsOf(upper ? spaced.toUpperCase() : spaced)).toEqual(expr.terms);
      }),
      FC,
    );
  });

  it('rolls within the bounds of its terms, keeps the right dice and formats the true total', () => {
    fc.assert(
      fc.property(expression, fc.integer(), (expr, seed) => {
        const roll = rollDice(expr, seededRoller(seed));
        const { min, max } = diceBounds(expr);
        expect(roll.total).toBeGreaterThanOrEqual(min);
        expect(roll.total).toBeLessThanOrEqual(max);
        for (const rolled of roll.terms) {
          const { term, rolls, kept } = rolled;
          if (term.kind === 'constant') continue;
          expect(rolls).toHaveLength(term.count);
          for (const value of rolls) expect(value >= 1 && value <= term.sides).toBe(true);
          const keptValues = rolls.filter((_, i) => kept[i]);
          const dropped = rolls.filter((_, i) => !kept[i]);
          expect(keptValues).toHaveLength(term.keep?.count ?? term.count);
          if (term.keep?.mode === 'kh')
            expect(Math.min(...keptValues)).toBeGreaterThanOrEqual(Math.max(...dropped));
          if (term.keep?.mode === 'kl')
            expect(Math.max(...keptValues)).toBeLessThanOrEqual(Math.min(...dropped));
          expect(rolled.subtotal).toBe(term.sign * keptValues.reduce((a, b) => a + b, 0));
        }
        expect(roll.total).toBe(roll.terms.reduce((sum, t) => sum + t.subtotal, 0));
        expect(formatRoll(roll).endsWith(` = ${roll.total}`)).toBe(true);
        const { amount, clamped } = clampRoll(roll, 1, 999);
        expect(amount >= 1 && amount <= 999).toBe(true);
        expect(clamped).toBe(amount !== roll.total);
      }),
      FC,
    );
  });

  it('never throws on any string: an expression or an error with a locale key', () => {
    const anyString = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      // Lone surrogates included.
      fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
      fc.string({ unit: fc.constantFrom(...'0123456789dDkKhHlL+- x') }),
      fc.string({ unit: fc.constantFrom(...'0123456789dDkKhHlL+- x'), minLength: 190, maxLength: 220 }),
    );
    fc.assert(
      fc.property(anyString, (input) => {
        const result = parseDice(input);
        if (result.ok) return;
        expect(result.error.key.startsWith('dice.errors.')).toBe(true);
        const message = translate('fr', result.error.key, result.error.params);
        expect(message).not.toMatch(/\{\{/);
      }),
      FC,
    );
  });
});
