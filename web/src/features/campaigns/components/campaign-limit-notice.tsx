// The campaign limit of the user's plan, with the way up (docs/product.md#tiers, docs/decisions/012:
// "creation at the limit is refused with a clear message and an upgrade path"). The way up is the dashboard's
// upgrade modal (docs/decisions/012), so the user never leaves what they were doing.
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import type { Tier } from '@questkeeper/core/tiers';
import { Alert, type AlertTone } from '@/components/ui/alert';
import { useUpgrade } from '@/components/upgrade/upgrade-context';

/** "See the plans", inline in a message: opens the upgrade modal. */
export function SeePlansButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const upgrade = useUpgrade();
  return (
    <button
      type="button"
      onClick={upgrade}
      aria-haspopup="dialog"
      className={`inline-flex items-center gap-1 rounded-control font-semibold underline underline-offset-2 ${className}`}
    >
      {t('campaigns.seePlans')}
      <ArrowRight aria-hidden="true" className="size-4" />
    </button>
  );
}

export function CampaignLimitNotice({
  tier,
  limit,
  tone = 'info',
  message,
  link = true,
}: {
  tier: Tier;
  limit: number;
  tone?: AlertTone;
  /** The server's text when it refused; else the same message built here. */
  message?: string;
  /** False where a button to the plans sits right beside the message. */
  link?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert tone={tone}>
      <p>{message ?? t('errors.CAMPAIGN_LIMIT_REACHED', { tier, limit })}</p>
      {link ? <SeePlansButton className="mt-1" /> : null}
    </Alert>
  );
}
