// Locale files and a dependency-free translate function for code that runs outside React (the
// server's error messages and mails). The web app loads the same JSON into i18next.
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export type LocaleMessages = typeof en;
export const locales: Readonly<Record<Language, LocaleMessages>> = { en, fr };

/** Dotted paths to the string leaves of the English locale: a missing key fails the typecheck. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${P}${K}`
    : T[K] extends readonly unknown[]
      ? never
      : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<LocaleMessages>;

export function isMessageKey(value: string): value is MessageKey {
  return typeof lookup(en, value) === 'string';
}

function lookup(tree: unknown, path: string): unknown {
  let node: unknown = tree;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** i18next-style `{{name}}` interpolation, so both sides read the same strings. */
export function translate(
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const text = lookup(locales[language], key) ?? lookup(en, key);
  if (typeof text !== 'string') return key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** 'fr' for any fr, fr-CA, fr-FR…; otherwise the default language. */
export function toLanguage(value: string | null | undefined): Language {
  return value?.trim().toLowerCase().startsWith('fr') ? 'fr' : DEFAULT_LANGUAGE;
}

/** Picks the first supported language of an Accept-Language header, by weight. */
export function languageFromAcceptHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('fr')) return 'fr';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}
