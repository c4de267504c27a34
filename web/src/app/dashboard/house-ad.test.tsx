// The Novice banner's claim: each plan's campaigns at that plan's price, read from the
// tier table — "10 € buys 2 campaigns; 5 is Hero at 20 €" — in both languages. On the
// combat view it folds to a thin line, and stays folded for the session.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIER_LIMITS } from '@questkeeper/core/tiers';
import { i18next } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { HOUSE_AD_FOLDED_KEY, HouseAd } from './house-ad';

afterEach(async () => {
  window.sessionStorage.removeItem(HOUSE_AD_FOLDED_KEY);
  await i18next.changeLanguage('en');
});

const claim = () => screen.getByText(/campaigns|campagnes/).textContent?.replace(/\u00a0/g, ' ');

describe('HouseAd', () => {
  it('pairs each plan with its own campaigns and price (en)', () => {
    renderWithProviders(<HouseAd />);
    const { Adventurer, Hero } = TIER_LIMITS;
    expect(claim()).toBe(
      `Adventurer: ${Adventurer.campaigns} campaigns and your own lists for ${Adventurer.priceEuroPerMonth} € a month. ` +
        `Hero: ${Hero.campaigns} campaigns for ${Hero.priceEuroPerMonth} €.`,
    );
    expect(claim()).toContain('2 campaigns and your own lists for 10 €');
    expect(claim()).toContain('Hero: 5 campaigns for 20 €');
  });

  it('says the same in French, with unbreakable prices', async () => {
    const fr = (await import('@questkeeper/core/locales/fr.json')).default;
    i18next.addResourceBundle('fr', 'translation', fr, true, true);
    await i18next.changeLanguage('fr');
    renderWithProviders(<HouseAd />);
    expect(claim()).toBe(
      'Formule Adventurer : 2 campagnes et vos propres listes pour 10 € par mois. Formule Hero : 5 campagnes pour 20 €.',
    );
    expect(screen.getByText(/campagnes/).textContent).toContain('10\u00a0€');
  });

  it('folds on the combat view only, and stays folded for the session', () => {
    const combat = '/en/dashboard?campaign=c1&view=combat';
    const units = renderWithProviders(<HouseAd />, { route: '/en/dashboard?campaign=c1&view=units' });
    expect(screen.queryByRole('button', { name: 'Fold the banner' })).toBeNull();
    units.unmount();

    const onUpgrade = vi.fn();
    const first = renderWithProviders(<HouseAd />, { route: combat, onUpgrade });
    fireEvent.click(screen.getByRole('button', { name: 'Fold the banner' }));
    expect(screen.queryByText(/campaigns/)).toBeNull();
    const unfold = screen.getByRole('button', { name: 'Unfold the banner' });
    expect(unfold.getAttribute('aria-expanded')).toBe('false');
    // Folded, the plans are still one click away.
    fireEvent.click(screen.getByRole('button', { name: 'See the plans' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    first.unmount();

    // Another visit in the same session: still folded; unfolded again, it says it all.
    renderWithProviders(<HouseAd />, { route: combat });
    fireEvent.click(screen.getByRole('button', { name: 'Unfold the banner' }));
    expect(claim()).toContain('Hero: 5 campaigns for 20 €');
    expect(window.sessionStorage.getItem(HOUSE_AD_FOLDED_KEY)).toBeNull();
  });
});
