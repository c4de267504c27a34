// The Novice-only banner of docs/product.md#dashboard, at most 65 px high. docs/product.md#dashboard: a house
// banner for the paid plans — no third-party script, tracker or image, only our own text and a button to the
// plans. Its claim is read from core's tier table, plan by plan (10 € buys 2 campaigns, 5 is Hero
// at 20 €), so it can never promise one plan's limit at the other's price. At most 65 px
// on every screen size, phones included; on the combat view the game master may fold it to a thin
// line (remembered for the session), so the fight gets the room.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronUp, Crown, Sparkles } from 'lucide-react';
import { TIER_LIMITS } from '@questkeeper/core/tiers';
import { Button } from '@/components/ui/button';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { currentLanguage } from '@/lib/i18n';

/** Where the fold is remembered: this tab's session only. */
export const HOUSE_AD_FOLDED_KEY = 'qk:house-ad-folded';

function readFolded(): boolean {
  try {
    return window.sessionStorage.getItem(HOUSE_AD_FOLDED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeFolded(folded: boolean) {
  try {
    if (folded) window.sessionStorage.setItem(HOUSE_AD_FOLDED_KEY, '1');
    else window.sessionStorage.removeItem(HOUSE_AD_FOLDED_KEY);
  } catch {
    // Storage refused (private mode): the fold lasts as long as the page.
  }
}

export function HouseAd() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const upgrade = useUpgrade();
  const [params] = useSearchParams();
  const combat = params.get('view') === 'combat';
  const [folded, setFolded] = useState(readFolded);
  const fold = (next: boolean) => {
    writeFolded(next);
    setFolded(next);
  };
  if (combat && folded) {
    return (
      <div className="flex h-7 items-center justify-end gap-1 border-t border-line bg-brand-soft px-2 sm:px-4">
        <button
          type="button"
          onClick={upgrade}
          aria-haspopup="dialog"
          className="inline-flex h-6 items-center gap-1.5 rounded-control px-2 text-xs font-semibold text-brand hover:underline"
        >
          <Crown aria-hidden="true" className="size-3.5" />
          {t('dashboard.ad.cta')}
        </button>
        <button
          type="button"
          onClick={() => fold(false)}
          aria-expanded="false"
          aria-label={t('dashboard.ad.unfold')}
          title={t('dashboard.ad.unfold')}
          className="inline-flex size-6 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <ChevronDown aria-hidden="true" className="size-4" />
        </button>
      </div>
    );
  }
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
        {combat ? (
          <button
            type="button"
            onClick={() => fold(true)}
            aria-expanded="true"
            aria-label={t('dashboard.ad.fold')}
            title={t('dashboard.ad.fold')}
            className="-mr-1 inline-flex size-9 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-ink"
          >
            <ChevronUp aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
