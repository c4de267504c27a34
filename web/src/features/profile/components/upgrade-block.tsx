// The Novice-only upgrade block (docs/product.md#profile-view): what the paid plans add, every figure read
// from core's tier table, and the button that opens the dashboard's upgrade modal.
import { useTranslation } from 'react-i18next';
import { Check, Sparkles } from 'lucide-react';
import { TIER_LIMITS } from '@questkeeper/core/tiers';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { Button } from '@/components/ui/button';
import { ProfileCard } from './profile-card';
import { euros, formatCount } from '../lib/plan-price';

export function UpgradeBlock() {
  const { t } = useTranslation();
  const upgrade = useUpgrade();
  const free = TIER_LIMITS.Novice;
  const top = TIER_LIMITS.Hero;
  const cheapest = TIER_LIMITS.Adventurer.priceEuroPerMonth;
  const range = (key: 'campaigns' | 'unitsPerCampaign' | 'rulesChars') => ({
    max: formatCount(top[key]),
    current: formatCount(free[key]),
  });

  const gains = [
    t('profile.upgrade.campaigns', range('campaigns')),
    t('profile.upgrade.units', range('unitsPerCampaign')),
    t('profile.upgrade.lists'),
    t('profile.upgrade.quickGeneration'),
    t('profile.upgrade.initiative'),
    t('profile.upgrade.rules', range('rulesChars')),
    t('profile.upgrade.noAds'),
  ];

  return (
    <ProfileCard
      icon={Sparkles}
      tone="brand"
      title={t('profile.upgrade.heading')}
      description={t('profile.upgrade.intro')}
    >
      <ul className="flex flex-col gap-2.5 text-sm text-ink">
        {gains.map((gain) => (
          <li key={gain} className="flex items-start gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
            <span>{gain}</span>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted">{t('profile.upgrade.from', { price: euros(t, cheapest) })}</p>
        <Button onClick={upgrade} icon={<Sparkles aria-hidden="true" className="size-4" />}>
          {t('profile.upgrade.button')}
        </Button>
      </div>
    </ProfileCard>
  );
}
