// A t() over one locale file for tests of pure text helpers, without starting i18next: nested keys,
// i18next's plural suffixes (`_one`, `_other` by Intl.PluralRules when `count` is given), and
// {{name}} / {{name, de}} (elision) placeholders.
import type { TFunction } from 'i18next';

export function tOf(messages: Record<string, unknown>, language: 'en' | 'fr' = 'en'): TFunction {
  const plural = new Intl.PluralRules(language);
  const lookup = (key: string) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  return ((key: string, params: Record<string, unknown> = {}) => {
    const count = params.count;
    const text =
      (typeof count === 'number' ? lookup(`${key}_${plural.select(count)}`) : undefined) ?? lookup(key);
    return String(text).replace(/\{\{(\w+)(, de)?\}\}/g, (_, name: string) => String(params[name]));
  }) as unknown as TFunction;
}
