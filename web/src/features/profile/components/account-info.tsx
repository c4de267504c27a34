// Account info (docs/product.md#profile-view): the email, which cannot be changed (docs/product.md#entities,
// #validation), and the plan.
import { useTranslation } from 'react-i18next';
import { Lock, UserRound } from 'lucide-react';
import type { SessionUser } from '@/lib/session';
import { EmailText } from './email-text';
import { ProfileCard } from './profile-card';
import { planPrice } from '../lib/plan-price';
import { TierBadge } from './tier-badge';

export function AccountInfo({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <ProfileCard icon={UserRound} title={t('profile.account.heading')}>
      <dl className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <dt className="text-sm font-medium text-ink-muted">{t('profile.account.email')}</dt>
          <dd className="flex items-center gap-2 rounded-control border border-line bg-surface-muted px-3 py-2.5 text-ink">
            <Lock aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            <span className="min-w-0">
              <EmailText email={user.email} />
            </span>
          </dd>
          <dd className="text-sm text-ink-muted">{t('profile.account.emailReadOnly')}</dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm font-medium text-ink-muted">{t('profile.account.plan')}</dt>
          <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <TierBadge tier={user.tier} />
            <span className="text-sm text-ink-muted">{planPrice(t, user.tier)}</span>
          </dd>
        </div>
      </dl>
    </ProfileCard>
  );
}
