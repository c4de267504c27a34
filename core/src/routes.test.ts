import { describe, expect, it } from 'vitest';
import { LOCALIZED_ROUTE_IDS, matchLocalizedRoute, routes } from './routes';

describe('route table', () => {
  it('lists every page of docs/product.md#list-views and the demo payment pages, under the language prefix', () => {
    expect(LOCALIZED_ROUTE_IDS.map((id) => routes[id].path).sort()).toEqual([
      '',
      '/dashboard',
      '/demo-checkout/:id',
      '/demo-portal/:id',
      '/imprint',
      '/login',
      '/play/:id',
      '/pricing',
      '/reset-password',
      '/terms-of-service',
    ]);
    expect(routes.root).toMatchObject({ path: '/', localized: false, noindex: true });
    expect(Object.values(routes).filter((route) => route.noindex)).toEqual([routes.root, routes.playerView]);
  });

  it('keeps the dashboard, and only it, for signed-in users', () => {
    const signedIn = Object.entries(routes).filter(([, route]) => route.access === 'signed-in');
    expect(signedIn.map(([id]) => id)).toEqual(['dashboard']);
  });

  it('builds hrefs that match their own route', () => {
    expect(routes.landing.getHref('fr')).toBe('/fr');
    expect(routes.login.getHref('en', '?plan=Hero')).toBe('/en/login?plan=Hero');
    expect(routes.demoPortal.getHref('fr', 'a/b')).toBe('/fr/demo-portal/a%2Fb');
    for (const id of LOCALIZED_ROUTE_IDS) {
      const route = routes[id];
      // The second argument is the id of a page with one, the query string of the others.
      const href = route.getHref('en', route.path.includes(':') ? 'some-id' : '');
      expect(href.startsWith('/en')).toBe(true);
      expect(matchLocalizedRoute(href.slice('/en'.length))).toBe(id);
    }
  });

  it.each([
    ['', 'landing'],
    ['/', 'landing'],
    ['/login', 'login'],
    ['/terms-of-service/', 'termsOfService'],
    ['/dashboard', 'dashboard'],
    ['/demo-checkout/00000000-0000-4000-8000-000000000000', 'demoCheckout'],
    ['/demo-portal/not-a-uuid/', 'demoPortal'],
  ])('matches %s to %s', (path, id) => {
    expect(matchLocalizedRoute(path)).toBe(id);
  });

  it.each([
    '/nope',
    '/login/extra',
    '/dashboard/extra',
    '/demo-checkout',
    '/demo-portal//',
    '/demo-portal/1/x',
    'login',
  ])('matches nothing for %s', (path) => {
    expect(matchLocalizedRoute(path)).toBeUndefined();
  });
});
