// The unit limit of the tier (spec §9; decisions.md): shown when the user asks for one more unit
// than the plan allows, with the way up (the upgrade modal) unless the plan is already the highest.
import { useTranslation } from 'react-i18next';
import { Lock, X } from 'lucide-react';
import { isTopTier, TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';
import { Button } from '@/components/ui/button';
import { useUpgrade } from '@/components/upgrade/upgrade-context';

export function UnitLimitNotice({ tier, onDismiss }: { tier: Tier; onDismiss: () => void }) {
  const { t } = useTranslation();
  const upgrade = useUpgrade();
  const canUpgrade = !isTopTier(tier);
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-card border border-line bg-brand-soft px-4 py-3"
    >
      <Lock aria-hidden="true" className="size-5 shrink-0 text-brand" />
      <p className="min-w-0 flex-1 basis-56 font-medium text-ink">
        {t('errors.UNIT_LIMIT_REACHED', { tier, limit: TIER_LIMITS[tier].unitsPerCampaign })}
      </p>
      <div className="flex items-center gap-1">
        {canUpgrade ? (
          <Button size="sm" onClick={upgrade}>
            {t('units.upgrade')}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          className="w-9 px-0"
          aria-label={t('units.dismiss')}
          title={t('units.dismiss')}
          onClick={onDismiss}
          icon={<X aria-hidden="true" className="size-4" />}
        />
      </div>
    </div>
  );
}
