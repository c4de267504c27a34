// The Novice-only banner of spec §2, at most 65 px high. decisions.md: a house banner for the paid
// plans — no third-party script, tracker or image, only our own text and a button to the plans. Its
// claim is read from core's tier table, plan by plan (issue #16: 10 € buys 2 campaigns, 5 is Hero
// at 20 €), so it can never promise one plan's limit at the other's price.
import { useTranslation } from 'react-i18next';
import { Crown, Sparkles } from 'lucide-react';
import { TIER_LIMITS } from '@questkeeper/core/tiers';
import { Button } from '@/components/ui/button';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { currentLanguage } from '@/lib/i18n';

export function HouseAd() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const upgrade = useUpgrade();
  const number = new Intl.NumberFormat(language);
  // Never split "10 €" over two lines.
  const price = (euros: number) => t('common.euro', { amount: number.format(euros) }).replace(/ /g, '\u00a0');
  const { Adventurer, Hero } = TIER_LIMITS;
  return (
    <div className="max-h-[65px] overflow-hidden border-t border-line bg-linear-to-r from-brand-soft via-surface to-brand-soft">
      <div className="flex min-h-12 items-center gap-3 px-3 py-1.5 sm:px-5">
        <span className="hidden size-8 shrink-0 items-center justify-center rounded-full bg-brand text-on-brand sm:flex">
          <Sparkles aria-hidden="true" className="size-4" />
        </span>
        <p className="line-clamp-2 min-w-0 flex-1 text-sm leading-snug text-ink">
          {/* Two lines at most: the claim takes the title's place where both would not fit. */}
          <span className="font-semibold md:hidden xl:inline">{t('dashboard.ad.title')} </span>
          <span className="hidden text-ink-muted md:inline">
            {t('dashboard.ad.text', {
              adventurerCampaigns: number.format(Adventurer.campaigns),
              adventurerPrice: price(Adventurer.priceEuroPerMonth),
              heroCampaigns: number.format(Hero.campaigns),
              heroPrice: price(Hero.priceEuroPerMonth),
            })}
          </span>
        </p>
        <Button
          onClick={upgrade}
          aria-haspopup="dialog"
          size="sm"
          className="shrink-0"
          icon={<Crown aria-hidden="true" className="size-4" />}
        >
          {t('dashboard.ad.cta')}
        </Button>
      </div>
    </div>
  );
}
