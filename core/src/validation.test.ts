import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerBody } from './schemas/auth';
import { createUnitBody } from './schemas/units';
import { fieldErrors } from './validation';

const errorsOf = (schema: z.ZodType, input: unknown, language: 'en' | 'fr' = 'en') => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return fieldErrors(result.error.issues, language);
};

describe('field messages', () => {
  it('says which field is missing, in each language', () => {
    expect(errorsOf(registerBody, {})).toMatchObject({ email: 'This field is required.' });
    expect(errorsOf(registerBody, {}, 'fr')).toMatchObject({ email: 'Ce champ est obligatoire.' });
  });

  it('gives bounds in messages', () => {
    const errors = errorsOf(createUnitBody, { name: 'x'.repeat(51), race: 'Elf', class: 'Mage', hp: 10_000 });
    expect(errors.name).toBe('Must be at most 50 characters.');
    expect(errors.hp).toBe('Must be at most 9999.');
  });

  it('names whole numbers and enum choices', () => {
    const errors = errorsOf(
      createUnitBody,
      { name: 'A', race: 'Elf', class: 'Mage', hp: 1.5, gender: 'X' },
      'fr',
    );
    expect(errors.hp).toBe('Doit être un nombre entier.');
    expect(errors.gender).toBe("Doit être l'une de ces valeurs : Male, Female, Other.");
  });
});
