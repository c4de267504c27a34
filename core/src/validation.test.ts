import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginBody, registerBody } from './schemas/auth';
import { createCampaignBody, updateCampaignBody } from './schemas/campaigns';
import { contactBody } from './schemas/contact';
import { createUnitBody, updateUnitBody } from './schemas/units';
import { fieldErrors, isStorableText } from './validation';

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

describe('user text', () => {
  it('refuses U+0000 and lone surrogates, keeps emoji, RTL and accents', () => {
    for (const bad of ['a\u0000b', '\u0000', 'a\ud800b', '\udfff', 'x\ud83d'])
      expect(isStorableText(bad)).toBe(false);
    for (const good of ['', 'Élodie', '🐉 dragon', 'مرحبا\u202Eabc', '\u200d\ufeff', '\ud83d\udc09']) {
      expect(isStorableText(good)).toBe(true);
    }
  });

  // The 13 fields where PostgreSQL refused the byte with a 500, and the list texts where a lone
  // surrogate did: each answers a localized field message instead.
  const cases: [string, z.ZodType, (text: string) => unknown, string][] = [
    ['login email', loginBody, (text) => ({ email: text, password: 'x' }), 'email'],
    ['register email', registerBody, (text) => ({ email: text, password: 'Str0ng!pass' }), 'email'],
    ['campaign name', createCampaignBody, (text) => ({ name: text }), 'name'],
    ['rename', updateCampaignBody, (text) => ({ name: text }), 'name'],
    ['rules', updateCampaignBody, (text) => ({ rules: text }), 'rules'],
    ['race name', updateCampaignBody, (text) => ({ races: [{ name: text }] }), 'races.0.name'],
    ['race note', updateCampaignBody, (text) => ({ races: [{ name: 'A', note: text }] }), 'races.0.note'],
    [
      'class note',
      updateCampaignBody,
      (text) => ({ classes: [{ name: 'A', note: text }] }),
      'classes.0.note',
    ],
    ['status name', updateCampaignBody, (text) => ({ statuses: [{ name: text }] }), 'statuses.0.name'],
    [
      'status note',
      updateCampaignBody,
      (text) => ({ statuses: [{ name: 'A', note: text }] }),
      'statuses.0.note',
    ],
    [
      'characteristic',
      updateCampaignBody,
      (text) => ({ characteristics: [{ name: text }] }),
      'characteristics.0.name',
    ],
    ['unit name', updateUnitBody, (text) => ({ name: text }), 'name'],
    ['unit notes', updateUnitBody, (text) => ({ notes: text }), 'notes'],
    ['contact subject', contactBody, (text) => ({ subject: text, message: 'm' }), 'subject'],
    ['contact message', contactBody, (text) => ({ subject: 's', message: text }), 'message'],
  ];
  it.each(cases)('%s', (_label, schema, body, field) => {
    for (const text of ['a\u0000b', 'a\ud800b']) {
      expect(errorsOf(schema, body(text))[field]).toBe(
        'This text contains an invisible or broken character that cannot be saved.',
      );
      expect(errorsOf(schema, body(text), 'fr')[field]).toMatch(/^Ce texte contient un caractère/);
    }
    const good = field === 'email' ? 'dragon@example.test' : 'Dragon 🐉';
    expect(schema.safeParse(body(good)).success).toBe(true);
  });
});
