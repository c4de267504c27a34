import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { LANGUAGES } from '../i18n';
import { TIERS } from '../tiers';
import { checked, checkName, checkText, checkWholeNumber } from '../checks';
import { NAME_MAX } from '../limits';
import { isStorableText } from '../validation';

export const idSchema = z.uuid({ error: 'validation.uuid' });
export const languageSchema = z.enum(LANGUAGES);
export const tierSchema = z.enum(TIERS);

/**
 * Every text a user writes starts here: a string the database can store as it is (no U+0000, no
 * lone surrogate; `isStorableText`), refused with a localized 400 instead of a 500.
 */
export const userText = () => z.string().refine(isStorableText, { error: 'validation.unsupportedCharacter' });

/**
 * The same rule for a structure whose strings the schema does not list one by one (a fight and its
 * log read back from an export file): every string in it, at any depth, must be storable.
 */
export const storableStrings = (value: unknown, ctx: z.RefinementCtx, path: PropertyKey[] = []): void => {
  if (typeof value === 'string') {
    if (!isStorableText(value))
      ctx.addIssue({ code: 'custom', message: 'validation.unsupportedCharacter', path });
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (!isStorableText(key))
        ctx.addIssue({ code: 'custom', message: 'validation.unsupportedCharacter', path });
      storableStrings(inner, ctx, [...path, Array.isArray(value) ? Number(key) : key]);
    }
  }
};

// The fields a form also checks call the same check functions as the form (../checks.ts), so a 400
// words a mistake as the form does. Each check comes first and answers alone; the bounds after it
// only describe the field in the API's JSON schema (docs/decisions/056-core-by-domain-one-rule-once.md).

/** A trimmed, non-blank name of at most `max` characters (checkName). */
export const nameSchema = (max = NAME_MAX) =>
  z
    .string()
    .superRefine(checked((text: string) => checkName(text, max)))
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

/** An optional text of at most `max` characters, kept as written (checkText). */
export const textSchema = (max: number) =>
  z
    .string()
    .superRefine(checked((text: string) => checkText(text, max)))
    .max(max, { error: 'validation.tooLong' });

/** An optional text of at most `max` characters once trimmed (checkText of the trimmed text). */
export const trimmedTextSchema = (max: number) =>
  z
    .string()
    .superRefine(checked((text: string) => checkText(text.trim(), max)))
    .trim()
    .max(max, { error: 'validation.tooLong' });

/** A whole number in `range` (checkWholeNumber); `base` says what a value of another type gets. */
export const wholeNumberSchema = (range: { min: number; max: number }, base = z.number()) =>
  base
    .superRefine(checked((value: number) => checkWholeNumber(value, range)))
    .int({ error: 'validation.integer' })
    .min(range.min)
    .max(range.max);

export const idParams = z.object({ id: idSchema });

export const errorBody = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Header that names the campaign a units or combat call works on. */
export const campaignHeaders = z.object({ 'x-campaign-id': z.string().optional() });
