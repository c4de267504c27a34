// The tier messages of spec §5 and §9: the upgrade prompt Novice sees instead of add/edit, and the
// limit message that replaces the add button when a list is full.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, Sparkles } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';

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
  /** Links to the pricing page (not for Hero, who has nothing to upgrade to). */
  showPlans: boolean;
}) {
  const { t } = useTranslation();
  const Icon = kind === 'upgrade' ? Sparkles : Lock;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-card border border-line bg-brand-soft px-4 py-3">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-brand" />
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium text-ink">{children}</p>
        {detail ? <p className="text-sm text-ink-muted">{detail}</p> : null}
      </div>
      {showPlans ? (
        <ButtonLink to={localePath(currentLanguage(), '/pricing')} size="sm">
          {t('lists.seePlans')}
        </ButtonLink>
      ) : null}
    </div>
  );
}
