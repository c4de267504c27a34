// docs/product.md#overview landing: hero with "Start free" (→ login in register mode, docs/product.md#first-session),
// four feature cards, a closing call to
// action; the footer comes from the layout. Kept light on purpose (no TanStack, no zod, no images): the h1
// text is the largest contentful paint.
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAID_PLANS } from '@questkeeper/core/tiers';
import { ArrowRight, Map as MapIcon, ScrollText, Sparkles, Swords, Users } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { PageTitle } from '@/components/page-title';
import { currentLanguage } from '@/lib/i18n';
import { localePath } from '@/lib/paths';
import { useHydrated } from '@/lib/use-hydrated';
import { HeroEmblem } from './components/hero-emblem';
import { Ornament } from './components/ornament';

const FEATURES = [
  { id: 'campaigns', Icon: MapIcon },
  { id: 'characters', Icon: Users },
  { id: 'combat', Icon: Swords },
  { id: 'rules', Icon: ScrollText },
] as const;

export default function LandingPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [params] = useSearchParams();
  // Start free opens the register form; a plan chosen on the way here (?plan=Hero) travels with it. The
  // prerendered page knows no query: the plan joins the link once React owns the page.
  const plan = useHydrated() ? params.get('plan') : null;
  const login = localePath(
    language,
    '/login',
    `?mode=register${PAID_PLANS.some((paid) => paid === plan) ? `&plan=${plan}` : ''}`,
  );

  return (
    <>
      <PageTitle title={t('common.tagline')} />

      <section
        aria-labelledby="landing-title"
        className="relative overflow-hidden border-b border-line bg-[radial-gradient(ellipse_80%_60%_at_20%_0%,var(--qk-brand-soft),transparent_70%)]"
      >
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-16">
          <div className="flex flex-col items-start">
            <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-sm font-medium text-brand shadow-sm">
              <Sparkles aria-hidden="true" className="size-4 text-gold" />
              {t('landing.eyebrow')}
            </p>
            <h1
              id="landing-title"
              className="mt-6 text-4xl leading-[1.1] font-semibold text-balance text-ink sm:text-5xl lg:text-6xl"
            >
              {t('landing.heading')}
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-pretty text-ink-muted sm:text-xl">
              {t('landing.pitch')}
            </p>
            <div className="mt-9 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <ButtonLink to={login} size="lg" className="group">
                {t('landing.startFree')}
                <ArrowRight
                  aria-hidden="true"
                  className="size-5 transition-transform group-hover:translate-x-0.5"
                />
              </ButtonLink>
              <ButtonLink to={localePath(language, '/pricing')} size="lg" variant="secondary">
                {t('landing.seePricing')}
              </ButtonLink>
            </div>
            <p className="mt-4 text-sm text-ink-muted">{t('landing.freeNote')}</p>
          </div>
          <HeroEmblem className="mx-auto hidden w-full max-w-sm lg:block" />
        </div>
      </section>

      <section aria-labelledby="landing-features" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <Ornament className="mx-auto h-4 w-40" />
          <h2 id="landing-features" className="mt-5 text-3xl font-semibold text-balance text-ink sm:text-4xl">
            {t('landing.featuresTitle')}
          </h2>
          <p className="mt-4 text-lg text-pretty text-ink-muted">{t('landing.featuresIntro')}</p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ id, Icon }) => (
            <li
              key={id}
              className="group relative flex flex-col rounded-card border border-line bg-surface p-6 shadow-card transition-colors hover:border-brand/50"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-control border border-line bg-brand-soft text-brand">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-ink">{t(`landing.features.${id}.title`)}</h3>
              <p className="mt-2 text-ink-muted">{t(`landing.features.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="landing-cta" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 sm:pb-28">
        <div className="relative overflow-hidden rounded-card border border-line bg-surface-muted bg-[radial-gradient(ellipse_60%_80%_at_50%_0%,var(--qk-brand-soft),transparent_75%)] px-6 py-14 text-center shadow-card sm:px-12">
          <Ornament className="mx-auto h-4 w-40" />
          <h2 id="landing-cta" className="mt-5 text-3xl font-semibold text-balance text-ink sm:text-4xl">
            {t('landing.ctaTitle')}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-ink-muted">{t('landing.ctaText')}</p>
          <ButtonLink to={login} size="lg" className="mt-8">
            {t('landing.ctaButton')}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
