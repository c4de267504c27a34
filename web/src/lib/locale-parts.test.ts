// The locale parts must cover every namespace of core's locale files exactly once, or a page
// would show raw keys.
import { describe, expect, it } from 'vitest';
import en from '@questkeeper/core/locales/en.json';
import { LAZY_PARTS, SERVER_ONLY, localePart, type LocalePart } from '../../locale-parts';

const parts: LocalePart[] = ['main', ...(Object.keys(LAZY_PARTS) as (keyof typeof LAZY_PARTS)[])];

describe('locale parts', () => {
  it('give every namespace of the locale file to exactly one part, or to the server', () => {
    const shipped = parts.flatMap((part) => Object.keys(localePart(en, part)));
    expect([...shipped, ...SERVER_ONLY].sort()).toEqual(Object.keys(en).sort());
  });

  it('keep the long legal texts and the server texts out of the main part', () => {
    const main = Object.keys(localePart(en, 'main'));
    expect(main).toContain('login');
    expect(main).not.toContain('imprint');
    expect(main).not.toContain('mail');
    expect(Object.keys(localePart(en, 'legal')).sort()).toEqual(['imprint', 'terms']);
  });

  it('ship the demo payment texts in their own part, for the demo payment pages only', () => {
    expect(Object.keys(localePart(en, 'main'))).not.toContain('demoPayments');
    expect(Object.keys(localePart(en, 'demo'))).toEqual(['demoPayments']);
    expect(SERVER_ONLY).not.toContain('demoPayments');
  });
});
