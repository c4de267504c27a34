// The campaign limit of the user's plan, with the way up (spec §9, issue #4: "creation at the
// limit is refused with a clear message and an upgrade path").
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { Tier } from '@questkeeper/core/tiers';
import { Alert, type AlertTone } from '@/components/ui/alert';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';

export function PricingLink({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={localePath(currentLanguage(), '/pricing')}
      className={`inline-flex items-center gap-1 font-semibold underline underline-offset-2 ${className}`}
    >
      {t('campaigns.seePlans')}
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
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
      {link ? <PricingLink className="mt-1" /> : null}
    </Alert>
  );
}
