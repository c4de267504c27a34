// docs/product.md#pricing-page, #tiers: three plan cards whose prices and
// limits come from core's TIER_LIMITS (through lib/plans.ts). Anonymous visitors go to login with
// the plan preselected; signed-in users open the checkout in a new tab.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Check } from 'lucide-react';
import { tierAtLeast, TIERS, type PaidPlan, type Tier } from '@questkeeper/core/tiers';
import { PlanCard } from '@/components/plan-card';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { errorMessage, refreshSession } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';
import { createCheckoutSession, isPaidPlan, openInNewTab } from '@/lib/payments';
import { useSession } from '@/lib/session';

/** How often the page checks whether the checkout tab was closed (docs/product.md#timings: 1000 ms). */
const CHECKOUT_POLL_MS = 1000;

export default function PricingPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const session = useSession();
  const userTier = session?.user.tier;
  /** The plan whose checkout is being created, or is open in another tab. */
  const [pending, setPending] = useState<PaidPlan | null>(null);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const poll = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearInterval(poll.current), []);

  async function upgrade(plan: PaidPlan) {
    setError(null);
    setPending(plan);
    try {
      const opened = openInNewTab(await createCheckoutSession(plan, language));
      // Pop-ups blocked: this tab is on its way to the checkout, keep the buttons busy.
      if (!opened) return;
      setCheckoutOpen(true);
      window.clearInterval(poll.current);
      poll.current = window.setInterval(() => {
        if (!opened.closed) return;
        window.clearInterval(poll.current);
        setCheckoutOpen(false);
        setPending(null);
        // The tier may have changed in the checkout tab: the cards then show the new current plan.
        refreshSession().catch(() => undefined);
      }, CHECKOUT_POLL_MS);
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(null);
    }
  }

  function action(tier: Tier) {
    const wide = 'w-full';
    if (userTier && tier === userTier) {
      return (
        <Button variant="secondary" className={wide} disabled>
          {t('pricing.currentPlan')}
        </Button>
      );
    }
    if (userTier && tierAtLeast(userTier, tier)) {
      return (
        <Button
          variant="secondary"
          className={wide}
          disabled
          icon={<Check aria-hidden="true" className="size-4" />}
        >
          {t('pricing.included')}
        </Button>
      );
    }
    const variant = tier === 'Adventurer' ? 'primary' : 'secondary';
    if (!isPaidPlan(tier)) {
      return (
        <ButtonLink
          variant={variant}
          className={wide}
          to={session ? localePath(language, '/dashboard') : localePath(language, '/login', '?mode=register')}
        >
          {t('pricing.getStarted')}
        </ButtonLink>
      );
    }
    if (!session) {
      return (
        <ButtonLink variant={variant} className={wide} to={localePath(language, '/login', `?plan=${tier}`)}>
          {t('pricing.choose', { plan: tier })}
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      );
    }
    return (
      <Button
        variant={variant}
        className={wide}
        loading={pending === tier}
        disabled={pending !== null}
        onClick={() => void upgrade(tier)}
      >
        {t('pricing.upgrade', { plan: tier })}
      </Button>
    );
  }

  return (
    <section
      aria-labelledby="pricing-title"
      className="bg-[radial-gradient(ellipse_70%_40%_at_50%_0%,var(--qk-brand-soft),transparent_70%)]"
    >
      <PageTitle title={t('pricing.documentTitle')} />
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-20 sm:px-6 sm:pt-20 sm:pb-24">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-widest text-brand uppercase">{t('pricing.eyebrow')}</p>
          <h1 id="pricing-title" className="mt-3 text-4xl font-semibold text-balance text-ink sm:text-5xl">
            {t('pricing.heading')}
          </h1>
          <p className="mt-5 text-lg text-pretty text-ink-muted">{t('pricing.intro')}</p>
        </div>

        <div className="mx-auto mt-8 flex max-w-2xl flex-col gap-3">
          {error ? <Alert tone="error">{error}</Alert> : null}
          {checkoutOpen ? <Alert tone="info">{t('pricing.checkoutOpened')}</Alert> : null}
        </div>

        <div className="mx-auto mt-10 grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3 lg:gap-6 xl:gap-8">
          {TIERS.map((tier) => (
            <PlanCard key={tier} tier={tier} popular={tier === 'Adventurer'} action={action(tier)} />
          ))}
        </div>

        <p className="mx-auto mt-12 max-w-2xl text-center text-sm text-pretty text-ink-muted">
          {t('pricing.footnote')}
        </p>
      </div>
    </section>
  );
}
