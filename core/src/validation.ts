// Turns zod issues into localized field messages. Schemas carry message keys (`validation.*`) as
// their error text; anything else is mapped from the issue code, so every field error is translated.
import { isMessageKey, translate, type Language, type MessageKey } from './i18n';

export interface IssueLike {
  code: string;
  message: string;
  path?: readonly PropertyKey[];
  minimum?: unknown;
  maximum?: unknown;
  origin?: unknown;
  expected?: unknown;
  values?: unknown;
  format?: unknown;
  /** A custom issue's params: what a check (`checks.ts`) put beside its message key. */
  params?: unknown;
}

export function issueMessage(issue: IssueLike, language: Language): string {
  const params = {
    min: formatNumber(issue.minimum),
    max: formatNumber(issue.maximum),
    values: Array.isArray(issue.values) ? issue.values.join(', ') : '',
    ...customParams(issue.params),
  };
  if (isMessageKey(issue.message)) return translate(language, issue.message, params);
  return translate(language, keyFor(issue), params);
}

function customParams(params: unknown): Record<string, string> {
  if (!params || typeof params !== 'object') return {};
  const found: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') found[name] = String(value);
  }
  return found;
}

function keyFor(issue: IssueLike): MessageKey {
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined|received null/.test(issue.message)) return 'validation.required';
      return issue.expected === 'int' ? 'validation.integer' : 'validation.invalid';
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1 ? 'validation.required' : 'validation.tooShort';
      if (issue.origin === 'array' || issue.origin === 'set') return 'validation.tooFewItems';
      return 'validation.tooSmall';
    case 'too_big':
      if (issue.origin === 'string') return 'validation.tooLong';
      if (issue.origin === 'array' || issue.origin === 'set') return 'validation.tooManyItems';
      return 'validation.tooBig';
    case 'invalid_value':
      return 'validation.oneOf';
    case 'invalid_format':
      if (issue.format === 'email') return 'validation.email';
      if (issue.format === 'uuid') return 'validation.uuid';
      return 'validation.invalid';
    default:
      return 'validation.invalid';
  }
}

/**
 * A lone surrogate: not Unicode, so jsonb refuses it and text would keep U+FFFD instead. With the `u`
 * flag a well-formed pair is one code point, so emoji and other astral characters pass.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Whether a text a user wrote can be stored as it is — no U+0000 (PostgreSQL refuses it in text and
 * jsonb) and no lone surrogate: the one rule behind `userText()`.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

function formatNumber(value: unknown): string {
  return typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
}

/** `a.b.0.c` style field name for a path; the root is `_`. */
export function fieldName(path: readonly PropertyKey[] | undefined): string {
  if (!path || path.length === 0) return '_';
  return path.map(String).join('.');
}

/** First message per field, in path order. */
export function fieldErrors(issues: readonly IssueLike[], language: Language): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = fieldName(issue.path);
    if (!Object.hasOwn(fields, name)) fields[name] = issueMessage(issue, language);
  }
  return fields;
}
