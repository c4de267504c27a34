import { describe, expect, it } from 'vitest';
import { isUnprefixedAppPath, localePath, swapLanguage } from './paths';

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

  it('recognises unprefixed app paths, and only those', () => {
    expect(isUnprefixedAppPath('/login')).toBe(true);
    expect(isUnprefixedAppPath('/terms-of-service/')).toBe(true);
    expect(isUnprefixedAppPath('/')).toBe(false);
    expect(isUnprefixedAppPath('/nope')).toBe(false);
    expect(isUnprefixedAppPath('/en/login')).toBe(false);
  });
});
