// The billing block of the paid plans (docs/product.md#profile-view, #tiers): the plan (Adventurer may still
// go to Hero; Hero reads 'Current plan'), the billing info of GET /api/auth/billing-info and the
// customer portal, with the subscription's state as the provider reports it (renewal, end of a
// cancelled plan, failed payment). The spec only logs a portal failure; a paying user is told instead.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, CircleCheck, CreditCard, ExternalLink, RotateCw, Sparkles } from 'lucide-react';
import type { BillingAddress, SubscriptionState } from '@questkeeper/core/schemas/auth';
import { isTopTier, TIER_LIMITS, type PaidPlan, type Tier } from '@questkeeper/core/tiers';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import type { SessionUser } from '@/lib/session';
import { createPortalSession, useBillingInfo } from '../api/profile-api';
import { EmailText } from './email-text';
import { ProfileCard } from './profile-card';
import { formatCount, planPrice } from '../lib/plan-price';
import { TierBadge } from './tier-badge';

export function BillingBlock({ user, tier }: { user: SessionUser; tier: PaidPlan }) {
  const { t } = useTranslation();
  const upgrade = useUpgrade();

  return (
    <ProfileCard icon={CreditCard} title={t('profile.billing.heading')}>
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-3 rounded-control border border-line bg-surface-muted p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="sr-only">{t('profile.billing.yourPlan')}</span>
              <TierBadge tier={tier} />
              <span className="text-sm text-ink-muted">{planPrice(t, tier)}</span>
            </div>
            {isTopTier(tier) ? (
              <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-success">
                <CircleCheck aria-hidden="true" className="size-4" />
                {t('profile.billing.currentPlan')}
              </span>
            ) : (
              <Button size="sm" onClick={upgrade} icon={<Sparkles aria-hidden="true" className="size-4" />}>
                {t('profile.billing.upgrade')}
              </Button>
            )}
          </div>
          <p className="text-sm text-ink-muted">
            {isTopTier(tier)
              ? t('profile.billing.highest')
              : t('profile.billing.upgradeHint', {
                  campaigns: formatCount(TIER_LIMITS.Hero.campaigns),
                  units: formatCount(TIER_LIMITS.Hero.unitsPerCampaign),
                })}
          </p>
        </div>
        <BillingDetails user={user} />
        <PortalButton />
      </div>
    </ProfileCard>
  );
}

function BillingDetails({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const info = useBillingInfo(user);

  if (info.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner />
        {t('profile.billing.loading')}
      </p>
    );
  }
  if (info.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert tone="error">{t('profile.billing.loadError')}</Alert>
        <Button
          size="sm"
          variant="secondary"
          loading={info.isFetching}
          onClick={() => void info.refetch()}
          icon={<RotateCw aria-hidden="true" className="size-4" />}
        >
          {t('profile.billing.retry')}
        </Button>
      </div>
    );
  }

  const { email, address, subscription } = info.data;
  return (
    <>
      {subscription ? <SubscriptionStatus subscription={subscription} tier={user.tier} /> : null}
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1">
          <dt className="text-sm font-medium text-ink-muted">{t('profile.billing.email')}</dt>
          <dd className="text-ink">
            <EmailText email={email} />
          </dd>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <dt className="text-sm font-medium text-ink-muted">{t('profile.billing.address')}</dt>
          <dd className="text-ink">
            {address ? (
              <AddressLines address={address} />
            ) : (
              <span className="text-sm text-ink-muted">{t('profile.billing.noAddress')}</span>
            )}
          </dd>
        </div>
      </dl>
    </>
  );
}

/** Dates in the UI language: "12 March 2027", "12 mars 2027". */
function formatDate(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'long' }).format(date);
}

/**
 * What the provider last reported (webhooks): a failed payment first (the plan is at risk), then a
 * cancellation that takes effect at the end of the period, else the next renewal.
 */
function SubscriptionStatus({ subscription, tier }: { subscription: SubscriptionState; tier: Tier }) {
  const { t } = useTranslation();
  const plan = subscription.plan ?? tier;
  const date = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
  if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
    return <Alert tone="error">{t('profile.billing.paymentFailed', { plan })}</Alert>;
  }
  if (!['active', 'trialing'].includes(subscription.status)) return null;
  let text;
  if (subscription.cancelAtPeriodEnd) {
    text = date ? t('profile.billing.endsOn', { date, plan }) : t('profile.billing.endsSoon', { plan });
  } else {
    text = date ? t('profile.billing.renews', { date }) : t('profile.billing.active');
  }
  return (
    <p className="flex items-center gap-2 text-sm text-ink">
      <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
      {text}
    </p>
  );
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLanguage()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code; // Not a region code the browser knows: show it as stored.
  }
}

function AddressLines({ address }: { address: BillingAddress }) {
  const lines = [
    address.line1,
    address.line2,
    `${address.postal_code} ${address.city}`.trim(),
    countryName(address.country),
  ].filter((line): line is string => Boolean(line?.trim()));
  return (
    <address className="not-italic">
      {lines.map((line, index) => (
        <span key={index} className="block break-words">
          {line}
        </span>
      ))}
    </address>
  );
}

function PortalButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buttonBox = useRef<HTMLDivElement>(null);

  // Back from the portal through the browser's history (page restored from cache): usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function open() {
    setBusy(true);
    setError(null);
    try {
      const url = await createPortalSession(currentLanguage());
      // Stays busy: the page is leaving.
      window.location.assign(url);
    } catch (failure) {
      setBusy(false);
      // The button was disabled while busy, which dropped the focus: give it back.
      requestAnimationFrame(() => buttonBox.current?.querySelector('button')?.focus());
      setError(
        failure instanceof ApiError && failure.code !== 'NETWORK'
          ? failure.message || t('profile.billing.portalFailed')
          : t('common.genericError'),
      );
    }
  }

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-5">
      <p className="text-sm text-ink-muted">{t('profile.billing.manageHint')}</p>
      <div ref={buttonBox}>
        <Button
          variant="secondary"
          loading={busy}
          onClick={() => void open()}
          icon={<ExternalLink aria-hidden="true" className="size-4" />}
        >
          {t('profile.billing.manage')}
        </Button>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
