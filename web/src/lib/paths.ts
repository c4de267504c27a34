// URL helpers for the `/{lang}/…` scheme of spec §2 and decisions.md.
import type { Language } from './i18n';

/** Paths that exist under each language prefix ('' is the landing page). */
export const APP_PATHS = [
  '',
  '/login',
  '/reset-password',
  '/pricing',
  '/dashboard',
  '/imprint',
  '/terms-of-service',
] as const;
export type AppPath = (typeof APP_PATHS)[number];

export function localePath(language: Language, path: AppPath, search = ''): string {
  return `/${language}${path}${search}`;
}

/** Rewrites the language segment of a path: /en/pricing → /fr/pricing. */
export function swapLanguage(pathname: string, language: Language): string {
  return pathname.replace(/^\/[^/]*/, `/${language}`);
}

/** True for an unprefixed path that exists under a language (/login, /pricing/…). */
export function isUnprefixedAppPath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed !== '' && (APP_PATHS as readonly string[]).includes(trimmed);
}
