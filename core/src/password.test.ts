import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordRuleResults } from './password';

describe('password policy (docs/product.md#passwords)', () => {
  it('reports each rule for the live checklist', () => {
    expect(passwordRuleResults('abc')).toEqual({
      length: false,
      lowercase: true,
      uppercase: false,
      digit: false,
      special: false,
    });
    expect(passwordRuleResults('Abcdefg1!')).toEqual({
      length: true,
      lowercase: true,
      uppercase: true,
      digit: true,
      special: true,
    });
  });

  it.each(['!', '@', '#', '$', '%', '^', '&', '*'])('accepts %s as the special character', (c) => {
    expect(isStrongPassword(`Abcdefg1${c}`)).toBe(true);
  });

  it.each(['?', '-', '_', ' '])('does not count %j as special', (c) => {
    expect(isStrongPassword(`Abcdefg1${c}`)).toBe(false);
  });
});
