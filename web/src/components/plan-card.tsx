// One subscription plan: name, price and feature list, all read from core's TIER_LIMITS through
// lib/plans.ts. Shared by the pricing page and the dashboard's upgrade modal; the caller supplies the
// action (a link, a checkout button, a disabled "Current plan"…).
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Check, Compass, Crown, Feather, Sparkles, Star } from 'lucide-react';
import { TIER_LIMITS, type Tier } from '@questkeeper/core/tiers';
import { currentLanguage } from '@/lib/i18n';
import { planFeatures, type PlanFeature } from '@/lib/plans';

const tierIcons: Record<Tier, typeof Crown> = { Novice: Feather, Adventurer: Compass, Hero: Crown };

function featureText(t: TFunction, feature: PlanFeature, formatNumber: (value: number) => string): string {
  switch (feature.key) {
    case 'everythingIn':
      return t('plans.features.everythingIn', { plan: feature.plan });
    case 'defaultContent':
    case 'combat':
      return t(`plans.features.${feature.key}`);
    default:
      return t(`plans.features.${feature.key}`, { count: feature.count, value: formatNumber(feature.count) });
  }
}

export function PlanCard({
  tier,
  popular = false,
  action,
  headingLevel: Heading = 'h2',
  className = '',
}: {
  tier: Tier;
  /** Shows the "Popular" badge and highlights the card. */
  popular?: boolean;
  /** The card's button or link, shown under the price. */
  action?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const numberFormat = new Intl.NumberFormat(currentLanguage());
  const formatNumber = (value: number) => numberFormat.format(value);
  const TierIcon = tierIcons[tier];

  return (
    <article
      aria-labelledby={headingId}
      className={
        'relative flex flex-col rounded-card border bg-surface p-6 shadow-card sm:p-7 ' +
        (popular ? 'border-brand ring-1 ring-brand ' : 'border-line ') +
        className
      }
    >
      {popular ? (
        <p className="absolute -top-3.5 left-6 inline-flex items-center gap-1.5 rounded-full bg-brand px-3 py-1 text-xs font-semibold tracking-wide text-on-brand uppercase shadow-sm">
          <Star aria-hidden="true" className="size-3.5 fill-current" />
          {t('plans.popular')}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
          <TierIcon aria-hidden="true" className="size-5" />
        </span>
        <Heading id={headingId} className="text-2xl font-semibold text-ink">
          {tier}
        </Heading>
      </div>
      {/* Two lines reserved, so prices and buttons line up across cards side by side. */}
      <p className="mt-3 min-h-[2lh] text-sm text-ink-muted">{t(`plans.tagline.${tier}`)}</p>
      <p className="mt-5 flex items-baseline gap-1.5">
        <span className="font-display text-4xl font-semibold tracking-tight text-ink">
          {t('common.euro', { amount: formatNumber(TIER_LIMITS[tier].priceEuroPerMonth) })}
        </span>
        <span className="text-sm text-ink-muted">{t('common.perMonth')}</span>
      </p>
      {action ? <div className="mt-6 flex flex-col">{action}</div> : null}
      <ul className="mt-6 flex flex-col gap-3 border-t border-line pt-6 text-sm text-ink">
        {planFeatures(tier).map((feature) => (
          <li key={feature.key} className="flex items-start gap-2.5">
            {feature.key === 'everythingIn' ? (
              <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
            ) : (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
            )}
            <span className={feature.key === 'everythingIn' ? 'font-semibold' : ''}>
              {featureText(t, feature, formatNumber)}
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}
