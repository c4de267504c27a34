// The tier messages of docs/product.md#tiers: the upgrade prompt Novice sees instead of add/edit, and the
// limit message that replaces the add button when a list is full.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useUpgrade } from '@/components/upgrade/upgrade-context';

export function TierNotice({
  kind,
  children,
  detail,
  showPlans,
}: {
  /** 'upgrade' for a locked tier, 'limit' for a full list. */
  kind: 'upgrade' | 'limit';
  children: ReactNode;
  detail?: ReactNode;
  /** Offers the upgrade modal (not to Hero, who has nothing to upgrade to). */
  showPlans: boolean;
}) {
  const { t } = useTranslation();
  const upgrade = useUpgrade();
  const Icon = kind === 'upgrade' ? Sparkles : Lock;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-card border border-line bg-brand-soft px-4 py-3">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-brand" />
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium text-ink">{children}</p>
        {detail ? <p className="text-sm text-ink-muted">{detail}</p> : null}
      </div>
      {showPlans ? (
        <Button size="sm" onClick={upgrade} aria-haspopup="dialog">
          {t('lists.seePlans')}
        </Button>
      ) : null}
    </div>
  );
}
