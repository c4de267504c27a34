// Every page of the web app, once (docs/product.md#routes; docs/decisions/019). web/src/app/router.tsx
// declares these paths, web/src/lib/paths.ts builds links from them and server/src/plugins/web.ts answers
// them 200 (anything else gets the app's Not Found page with 404). Paths and flags only, no
// components: the landing page's bundle loads this file, so it imports nothing but types.
import type { Language } from './i18n';

/** Who may open a page: a signed-in page sends a visitor to the login page (RequireAuth). */
export type RouteAccess = 'public' | 'signed-in';

/** A page under `/{lang}`; `path` is below the language segment, '' being the language's home. */
function page<const P extends string>(path: P, access: RouteAccess = 'public') {
  return {
    path,
    localized: true,
    access,
    noindex: false,
    getHref: (language: Language, search = '') => `/${language}${path}${search}`,
  } as const;
}

/** A page whose last segment is an id (`:id` in the pattern). */
function pageWithId<const P extends string>(path: P, access: RouteAccess = 'public') {
  return {
    path: `${path}/:id` as const,
    localized: true,
    access,
    noindex: false,
    getHref: (language: Language, id: string) => `/${language}${path}/${encodeURIComponent(id)}`,
  } as const;
}

export const routes = {
  // The bare root only redirects to /fr or /en (docs/product.md#routes: noindex; the server sends
  // X-Robots-Tag).
  root: { path: '/', localized: false, access: 'public', noindex: true, getHref: () => '/' },
  landing: page(''),
  login: page('/login'),
  resetPassword: page('/reset-password'),
  pricing: page('/pricing'),
  imprint: page('/imprint'),
  termsOfService: page('/terms-of-service'),
  dashboard: page('/dashboard', 'signed-in'),
  // The demo payment provider's pages (decision 018). Public: the session id in the URL is the
  // capability, as with a real provider's hosted page.
  demoCheckout: pageWithId('/demo-checkout'),
  demoPortal: pageWithId('/demo-portal'),
  // The live player view (decision 028): the token in the URL is a read-only capability;
  // never indexed (the server sends X-Robots-Tag).
  playerView: { ...pageWithId('/play'), noindex: true },
} as const;

export type RouteId = keyof typeof routes;
/** Routes under `/{lang}`: every one but the bare root. */
export type LocalizedRouteId = Exclude<RouteId, 'root'>;
export const LOCALIZED_ROUTE_IDS = (Object.keys(routes) as RouteId[]).filter(
  (id): id is LocalizedRouteId => routes[id].localized,
);

/**
 * The localized route whose pattern matches `path`, the part of a URL below the language segment
 * ('' or '/…'; trailing slashes ignored). `:name` segments match any one non-empty segment.
 */
export function matchLocalizedRoute(path: string): LocalizedRouteId | undefined {
  const segments = path.replace(/\/+$/, '').split('/');
  return LOCALIZED_ROUTE_IDS.find((id) => {
    const pattern = routes[id].path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  });
}
