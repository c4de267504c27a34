// The unit limit of the tier (docs/product.md#tiers): while the campaign holds the tier's maximum it
// stands where the create buttons were (none is offered at the limit), with the way up
// (the upgrade modal) unless the plan is already the highest. A status: when the last free place is
// taken, it is announced once, politely.
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { isTopTier, TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';
import { Button } from '@/components/ui/button';
import { useUpgrade } from '@/components/upgrade/upgrade-context';

export function UnitLimitNotice({ tier }: { tier: Tier }) {
  const { t } = useTranslation();
  const upgrade = useUpgrade();
  const canUpgrade = !isTopTier(tier);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-card border border-line bg-brand-soft px-4 py-3"
    >
      <Lock aria-hidden="true" className="size-5 shrink-0 text-brand" />
      <p className="min-w-0 flex-1 basis-56 font-medium text-ink">
        {t('errors.UNIT_LIMIT_REACHED', { tier, limit: TIER_LIMITS[tier].unitsPerCampaign })}
      </p>
      {canUpgrade ? (
        <Button size="sm" onClick={upgrade} aria-haspopup="dialog">
          {t('units.upgrade')}
        </Button>
      ) : null}
    </div>
  );
}
