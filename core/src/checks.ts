// The one-rule checks: each returns the problem of a value as a message key and its params (null when
// the value is fine). A web form shows `t(problem.key, problem.params)`; the zod schemas call the same
// functions (`checked` below), so the server's 400 field message and the form's words are the same
// (docs/decisions/056-core-by-domain-one-rule-once.md).
import type { z } from 'zod';
import type { MessageKey } from './i18n';
import { isStorableText } from './validation';

export interface Problem {
  key: MessageKey;
  params: Record<string, string | number>;
}

const problem = (key: MessageKey, params: Record<string, string | number> = {}): Problem => ({ key, params });

/** Trimmed, 1..max characters, storable text (isStorableText). null when fine. */
export function checkName(text: string, max: number): Problem | null {
  if (!isStorableText(text)) return problem('validation.unsupportedCharacter');
  const trimmed = text.trim();
  if (trimmed === '') return problem('validation.required');
  if (trimmed.length > max) return problem('validation.tooLong', { max });
  return null;
}

/** Optional text: 0..max characters, storable. */
export function checkText(text: string, max: number): Problem | null {
  if (!isStorableText(text)) return problem('validation.unsupportedCharacter');
  if (text.length > max) return problem('validation.tooLong', { max });
  return null;
}

/** A whole number typed in a field: null when empty, NaN when not a whole number. */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[-+]?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A whole number in min..max; accepts a number or the text of a form field ("" → required). */
export function checkWholeNumber(
  value: number | string,
  range: { min: number; max: number },
): Problem | null {
  const number = typeof value === 'number' ? value : parseWhole(value);
  if (number === null) return problem('validation.required');
  if (!Number.isInteger(number)) return problem('validation.integer');
  if (number < range.min) return problem('validation.tooSmall', { min: range.min });
  if (number > range.max) return problem('validation.tooBig', { max: range.max });
  return null;
}

/**
 * A zod refinement from a check: the issue's message is the problem's key and its params ride along
 * (as `params`, and `min`/`max` as the issue's `minimum`/`maximum`, which `validation.ts` reads), so a
 * schema words a mistake exactly as the form does. The issue stops the checks after it: put the
 * refinement first and keep the schema's own bounds after it (`.min`, `.max`, `.int`) — they still
 * describe the field in the API's JSON schema, but the check has already answered for them.
 *   z.string().superRefine(checked((text) => checkName(text, NAME_MAX))).trim().min(1).max(NAME_MAX)
 */
export function checked<T>(check: (value: T) => Problem | null) {
  return (value: T, ctx: z.RefinementCtx<T>): void => {
    const found = check(value);
    if (!found) return;
    const { min, max } = found.params;
    ctx.addIssue({
      code: 'custom',
      message: found.key,
      params: found.params,
      ...(min === undefined ? {} : { minimum: min }),
      ...(max === undefined ? {} : { maximum: max }),
      continue: false,
    });
  };
}
