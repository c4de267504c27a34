import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checked, checkName, checkText, checkWholeNumber } from './checks';
import { fieldErrors } from './validation';

describe('checkName', () => {
  it.each([
    ['Goblin', null],
    ['  Goblin  ', null],
    ['', { key: 'validation.required', params: {} }],
    ['   ', { key: 'validation.required', params: {} }],
    ['x'.repeat(51), { key: 'validation.tooLong', params: { max: 50 } }],
    [` ${'x'.repeat(50)} `, null],
    ['Gob\u0000lin', { key: 'validation.unsupportedCharacter', params: {} }],
    ['\uD800', { key: 'validation.unsupportedCharacter', params: {} }],
  ])('%j', (text, expected) => {
    expect(checkName(text, 50)).toEqual(expected);
  });
});

describe('checkText', () => {
  it('takes empty text, refuses what is too long or cannot be stored', () => {
    expect(checkText('', 5)).toBeNull();
    expect(checkText('abcdef', 5)).toEqual({ key: 'validation.tooLong', params: { max: 5 } });
    expect(checkText('a\u0000', 5)).toEqual({ key: 'validation.unsupportedCharacter', params: {} });
  });
});

describe('checkWholeNumber', () => {
  const range = { min: 0, max: 9999 };
  it.each([
    [12, null],
    ['12', null],
    [' +12 ', null],
    ['', { key: 'validation.required', params: {} }],
    ['2.5', { key: 'validation.integer', params: {} }],
    [2.5, { key: 'validation.integer', params: {} }],
    ['abc', { key: 'validation.integer', params: {} }],
    [-1, { key: 'validation.tooSmall', params: { min: 0 } }],
    ['10000', { key: 'validation.tooBig', params: { max: 9999 } }],
  ])('%j', (value, expected) => {
    expect(checkWholeNumber(value, range)).toEqual(expected);
  });
});

describe('checked', () => {
  it('words a schema issue as the check does, and answers alone for its field', () => {
    const schema = z.object({
      name: z
        .string()
        .superRefine(checked((text: string) => checkName(text, 5)))
        .trim()
        .max(5),
      hp: z
        .number()
        .superRefine(checked((value: number) => checkWholeNumber(value, { min: 0, max: 10 })))
        .int()
        .max(10),
    });
    const result = schema.safeParse({ name: 'abcdefgh', hp: 11 });
    expect(result.error?.issues).toHaveLength(2);
    expect(fieldErrors(result.error?.issues ?? [], 'en')).toEqual({
      name: 'Must be at most 5 characters.',
      hp: 'Must be at most 10.',
    });
    expect(fieldErrors(result.error?.issues ?? [], 'fr').hp).not.toBe('Must be at most 10.');
  });
});
