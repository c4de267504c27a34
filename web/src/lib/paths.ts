// URL helpers for the `/{lang}/…` scheme of docs/product.md#routes, over core's route table.
import { matchLocalizedRoute, type LocalizedRouteId, type routes } from '@questkeeper/core/routes';
import type { Language } from './i18n';

/** Paths of the table's pages without an id segment, below the language ('' is the landing page). */
export type AppPath = Exclude<(typeof routes)[LocalizedRouteId]['path'], `${string}:${string}`>;

export function localePath(language: Language, path: AppPath, search = ''): string {
  return `/${language}${path}${search}`;
}

/** Rewrites the language segment of a path: /en/pricing → /fr/pricing. */
export function swapLanguage(pathname: string, language: Language): string {
  return pathname.replace(/^\/[^/]*/, `/${language}`);
}

/** True for an unprefixed path that exists under a language (/login, /pricing/…). */
export function isUnprefixedAppPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') !== '' && matchLocalizedRoute(pathname) !== undefined;
}
