// "You are now on Hero — 5 campaigns, 200 units…": whichever way the plan went up (the
// upgrade modal's pop-up, a checkout in another tab, the pricing page), the dashboard sees the
// session's tier rise and says what it brings, from core's tier table.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TIER_LIMITS, tierAtLeast, type Tier } from '@questkeeper/core/tiers';
import { useToast } from '@/components/toast/toast-store';

export function usePlanChangeToast(tier: Tier) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const before = useRef(tier);
  useEffect(() => {
    const previous = before.current;
    before.current = tier;
    if (tier === previous || !tierAtLeast(tier, previous)) return;
    const limits = TIER_LIMITS[tier];
    const number = new Intl.NumberFormat(i18n.language);
    toast.success(
      t('dashboard.upgraded', {
        plan: tier,
        campaigns: number.format(limits.campaigns),
        units: number.format(limits.unitsPerCampaign),
        rules: number.format(limits.rulesChars),
      }),
    );
  }, [tier, t, i18n.language, toast]);
}
