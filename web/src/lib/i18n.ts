// i18next over the shared locale files of `core`. Only the language in use is downloaded: each
// locale is its own chunk. Keys are typed from en.json (see i18next.d.ts), so a missing key fails
// the typecheck; `core/src/locales.test.ts` fails when fr lacks a key.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@questkeeper/core/i18n';

export const LANGUAGES = ['en', 'fr'] as const satisfies readonly Language[];
export type { Language };

export function isLanguage(value: string | undefined): value is Language {
  return value === 'en' || value === 'fr';
}

/** The browser's preferred language: fr when it starts with fr, otherwise en (spec §2). */
export function browserLanguage(): Language {
  const preferred = navigator.languages?.[0] ?? navigator.language ?? '';
  return preferred.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('@questkeeper/core/locales/en.json'),
  fr: () => import('@questkeeper/core/locales/fr.json'),
};

const pending = new Map<Language, Promise<void>>();

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  resources: {},
  partialBundledLanguages: true,
  interpolation: { escapeValue: false }, // React escapes.
  returnNull: false,
  react: { useSuspense: false },
});

/** Downloads a language once; the promise is stable so React's `use()` can suspend on it. */
export function loadLanguage(language: Language): Promise<void> {
  let promise = pending.get(language);
  if (!promise) {
    promise = loaders[language]().then((module) => {
      i18next.addResourceBundle(language, 'translation', module.default, true, true);
    });
    pending.set(language, promise);
  }
  return promise;
}

export function isLanguageLoaded(language: Language): boolean {
  return i18next.hasResourceBundle(language, 'translation');
}

/** Switches the UI language and the document's `lang` attribute (once the locale is loaded). */
export async function applyLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

export { i18next };
