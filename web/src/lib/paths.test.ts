import { describe, expect, it } from 'vitest';
import { LOCALIZED_ROUTE_IDS, routes } from '@questkeeper/core/routes';
import { isUnprefixedAppPath, localePath, swapLanguage, type AppPath } from './paths';

describe('language paths', () => {
  it('rewrites only the language segment', () => {
    expect(swapLanguage('/en/pricing', 'fr')).toBe('/fr/pricing');
    expect(swapLanguage('/fr', 'en')).toBe('/en');
    expect(swapLanguage('/fr/login/', 'en')).toBe('/en/login/');
  });

  it('builds paths under a language', () => {
    expect(localePath('fr', '/login', '?plan=Hero')).toBe('/fr/login?plan=Hero');
    expect(localePath('en', '')).toBe('/en');
  });

  it("builds the same links as the route table's pages", () => {
    for (const id of LOCALIZED_ROUTE_IDS) {
      const { path } = routes[id];
      if (path.includes(':')) continue;
      expect(localePath('fr', path as AppPath, '?x')).toBe(routes[id].getHref('fr', '?x'));
    }
  });

  it('recognises unprefixed app paths, and only those', () => {
    expect(isUnprefixedAppPath('/login')).toBe(true);
    expect(isUnprefixedAppPath('/terms-of-service/')).toBe(true);
    expect(isUnprefixedAppPath('/demo-portal/123')).toBe(true);
    expect(isUnprefixedAppPath('/demo-portal')).toBe(false);
    expect(isUnprefixedAppPath('/')).toBe(false);
    expect(isUnprefixedAppPath('/nope')).toBe(false);
    expect(isUnprefixedAppPath('/en/login')).toBe(false);
  });
});
