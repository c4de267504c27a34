// i18next over the shared locale files of `core`. Only the language in use is downloaded, in parts
// (web/locale-parts.ts): the main part for every page, the legal texts for the legal pages, the demo
// payment texts for the demo payment pages. Keys are typed from en.json (see i18next.d.ts), so a
// missing key fails the typecheck; `core/src/i18n.test.ts` fails when fr lacks a key.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@questkeeper/core/i18n';
import { frenchDe } from './french-elision';

export const LANGUAGES = ['en', 'fr'] as const satisfies readonly Language[];
export type { Language };

export function isLanguage(value: string | undefined): value is Language {
  return value === 'en' || value === 'fr';
}

/** The browser's preferred language: fr when it starts with fr, otherwise en (docs/product.md#routes). */
export function browserLanguage(): Language {
  const preferred = navigator.languages?.[0] ?? navigator.language ?? '';
  return preferred.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

type Texts = { default: Record<string, unknown> };
const loaders: Record<Language, () => Promise<Texts>> = {
  en: () => import('virtual:locale/en-main'),
  fr: () => import('virtual:locale/fr-main'),
};
/** Long texts only some pages need; every other namespace is in the main locale chunk. */
const legalLoaders: Record<Language, () => Promise<Texts>> = {
  en: () => import('virtual:locale/en-legal'),
  fr: () => import('virtual:locale/fr-legal'),
};

/** The demo payment pages' texts (namespace `demoPayments`). */
const demoLoaders: Record<Language, () => Promise<Texts>> = {
  en: () => import('virtual:locale/en-demo'),
  fr: () => import('virtual:locale/fr-demo'),
};

const pending = new Map<string, Promise<void>>();

function loadOnce(id: string, language: Language, load: () => Promise<Texts>): Promise<void> {
  let promise = pending.get(id);
  if (!promise) {
    promise = load().then((module) => {
      i18next.addResourceBundle(language, 'translation', module.default, true, true);
    });
    promise.catch(() => pending.delete(id)); // A failed download may be retried.
    pending.set(id, promise);
  }
  return promise;
}

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  resources: {},
  partialBundledLanguages: true,
  interpolation: { escapeValue: false }, // React escapes.
  returnNull: false,
  react: { useSuspense: false },
});
// `{{name, de}}` in French strings: "d'Aldric", "de Borin" (french-elision.ts).
i18next.services.formatter?.add('de', (value: unknown, language: string | undefined) =>
  language === 'fr' ? frenchDe(String(value)) : String(value),
);

/** Downloads a language once; the promise is stable so React's `use()` can suspend on it. */
export function loadLanguage(language: Language): Promise<void> {
  return loadOnce(language, language, loaders[language]);
}

/** The imprint and terms texts (namespaces `imprint`, `terms`), for the legal pages. */
export function loadLegalTexts(language: Language): Promise<void> {
  return loadOnce(`legal-${language}`, language, legalLoaders[language]);
}

/** The demo payment pages' texts (namespace `demoPayments`), for those pages only. */
export function loadDemoTexts(language: Language): Promise<void> {
  return loadOnce(`demo-${language}`, language, demoLoaders[language]);
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
