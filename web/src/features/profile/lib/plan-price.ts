import type { TFunction } from 'i18next';
import { TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';
import { currentLanguage } from '@/lib/i18n';

/** "10 € / month", or "Free" for Novice. */
export function planPrice(t: TFunction, tier: Tier): string {
  const price = TIER_LIMITS[tier].priceEuroPerMonth;
  if (price === 0) return t('profile.account.free');
  return `${euros(t, price)} ${t('common.perMonth')}`;
}

export function euros(t: TFunction, amount: number): string {
  return t('common.euro', { amount: new Intl.NumberFormat(currentLanguage()).format(amount) });
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat(currentLanguage()).format(value);
}
