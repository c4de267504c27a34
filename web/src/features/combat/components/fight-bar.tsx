// The fight's top bar: the round, whose turn it is, the buttons (to the order on a phone,
// reinforcements, the shortcuts, End combat) and the new round's banner.
import { memo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Dices, Flag, Keyboard, ListOrdered, Sparkles, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Round, whose turn, the bar's buttons and the new round's banner; memoised (a blow changes none). */
export const FightBar = memo(function FightBar({
  round,
  turn,
  rerollEachRound,
  banner,
  bannerKey,
  ending,
  orderRef,
  onReinforce,
  onHelp,
  onEnd,
}: {
  round: number;
  /** Whose turn it is, in words ("Turn of Aldric", "Lair action: Cave tremors", "Turn of Goblin ×3"). */
  turn: string | undefined;
  /** Initiative is rolled again each round (docs/decisions/062): the bar says so. */
  rerollEachRound: boolean;
  /** The round the banner announces; null: no banner. */
  banner: number | null;
  bannerKey: number;
  ending: boolean;
  orderRef: RefObject<HTMLElement | null>;
  onReinforce: () => void;
  onHelp: () => void;
  onEnd: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface px-4 py-3 shadow-card">
      <p className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="rounded-full bg-brand-soft px-3 py-0.5 text-sm font-semibold text-brand">
          {t('combat.round', { round })}
        </span>
        <span className="min-w-0 font-display text-xl font-semibold break-words">{turn ?? null}</span>
        {rerollEachRound ? (
          <span className="inline-flex items-center gap-1 rounded-full border border-line px-2 py-0.5 text-xs text-ink-muted">
            <Dices aria-hidden="true" className="size-3.5" />
            {t('combat.monsters.reroll.eachRound')}
          </span>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2 max-sm:basis-full">
        <Button
          variant="secondary"
          size="sm"
          className="lg:hidden"
          onClick={() => {
            orderRef.current?.scrollIntoView({ block: 'start' });
            orderRef.current?.focus({ preventScroll: true });
          }}
          icon={<ListOrdered aria-hidden="true" className="size-4" />}
        >
          {t('combat.fast.bar.toOrder')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={ending}
          aria-haspopup="dialog"
          onClick={onReinforce}
          icon={<UserPlus aria-hidden="true" className="size-4" />}
        >
          {t('combat.fast.reinforce.open')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          // Phones have no keyboard to speak of.
          className="max-sm:hidden"
          aria-haspopup="dialog"
          aria-keyshortcuts="?"
          aria-label={t('combat.fast.shortcuts.open')}
          title={t('combat.fast.shortcuts.open')}
          onClick={onHelp}
          icon={<Keyboard aria-hidden="true" className="size-4" />}
        />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void onEnd()}
          disabled={ending}
          icon={<Flag aria-hidden="true" className="size-4" />}
        >
          {t('combat.end')}
        </Button>
      </div>
      {/* The new round's banner sits in this bar (never over the view's title). */}
      <div role="status" className="basis-full empty:hidden">
        {banner !== null ? (
          <p
            key={bannerKey}
            className="flex items-center justify-center gap-2 rounded-full border border-brand bg-brand-soft px-5 py-2 font-display text-lg font-semibold text-ink"
          >
            <Sparkles aria-hidden="true" className="size-5 text-brand" />
            {t('combat.banner', { round: banner })}
          </p>
        ) : null}
      </div>
    </div>
  );
});
