// One unit as players see it (docs/decisions/028): name or alias, its class colour, HP as the game master
// chose (numbers, a band written in words with no number, or nothing) and its conditions as text
// with the rounds left, so colour is never the only cue.
import { useTranslation } from 'react-i18next';
import { Heart, HeartCrack, HeartPulse, Skull } from 'lucide-react';
import { DEATH_SAVES_TO_END } from '@questkeeper/core/limits';
import type { HpBand, PlayerUnit } from '@questkeeper/core/schemas/player-view';
import { classColor } from '@/lib/class-color';

// Palette colours, as the health bar's (components/hp-bar.tsx): each reads at 3:1 or better on the
// card in its theme.
const BAND_CLASSES: Record<HpBand, string> = {
  healthy: 'text-green-800 dark:text-green-300',
  wounded: 'text-orange-800 dark:text-orange-300',
  bloodied: 'text-red-800 dark:text-red-300',
  down: 'text-ink-muted',
};
const BAND_ICONS = { healthy: Heart, wounded: HeartPulse, bloodied: HeartCrack, down: Skull };
const BAR_CLASSES = {
  high: 'bg-green-700 dark:bg-green-400',
  mid: 'bg-orange-600 dark:bg-orange-400',
  low: 'bg-red-700 dark:bg-red-400',
};

function ExactHp({ current, max }: { current: number; max: number }) {
  const { t } = useTranslation();
  const ratio = max > 0 ? Math.min(Math.max(current / max, 0), 1) : 0;
  const tone = ratio > 0.7 ? 'high' : ratio > 0.3 ? 'mid' : 'low';
  return (
    <div className="flex items-center gap-2">
      <div
        role="meter"
        aria-label={t('playerView.hpLabel', { current, max })}
        aria-valuemin={0}
        aria-valuemax={Math.max(max, 0)}
        aria-valuenow={Math.min(Math.max(current, 0), Math.max(max, 0))}
        aria-valuetext={`${current} / ${max}`}
        className="h-2.5 min-w-0 flex-1 overflow-hidden rounded-full border border-line bg-surface-muted"
      >
        <div className={`h-full rounded-full ${BAR_CLASSES[tone]}`} style={{ width: `${ratio * 100}%` }} />
      </div>
      <span aria-hidden="true" className="shrink-0 text-sm font-medium tabular-nums">
        {t('playerView.hp', { current, max })}
      </span>
    </div>
  );
}

function BandHp({ band }: { band: HpBand }) {
  const { t } = useTranslation();
  const Icon = BAND_ICONS[band];
  const word = t(`playerView.bands.${band}`);
  return (
    <p className={`flex items-center gap-1.5 text-sm font-semibold ${BAND_CLASSES[band]}`} data-band={band}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">{t('playerView.bandLabel', { band: word })}</span>
      <span aria-hidden="true">{word}</span>
    </p>
  );
}

/** Temporary HP, sent only where the side's HP show exactly (docs/decisions/061-what-a-gm-tracks-every-round.md). */
function TempHp({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <p data-testid="player-temp-hp" className="text-sm font-semibold text-brand">
      <span className="sr-only">{t('playerView.tempHpLabel', { count })}</span>
      <span aria-hidden="true">{t('playerView.tempHp', { count })}</span>
    </p>
  );
}

/** A Down player character's death saves: a row of pips per kind, and the outcome once reached. */
function DeathSaves({ successes, failures }: { successes: number; failures: number }) {
  const { t } = useTranslation();
  const pips = (filled: number, tone: string) =>
    Array.from({ length: DEATH_SAVES_TO_END }, (_, index) => (
      <span
        key={index}
        className={`inline-block size-2.5 rounded-full border ${index < filled ? tone : 'border-line bg-surface'}`}
      />
    ));
  const outcome =
    successes >= DEATH_SAVES_TO_END
      ? t('playerView.deathSaveStable')
      : failures >= DEATH_SAVES_TO_END
        ? t('playerView.deathSaveDead')
        : null;
  return (
    <div data-testid="player-death-saves" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="sr-only">{t('playerView.deathSaves', { successes, failures })}</span>
      <span aria-hidden="true" className="inline-flex items-center gap-1">
        <span className="text-ink-muted">{t('playerView.deathSavesSuccess')}</span>
        {pips(successes, 'border-green-700 bg-green-700 dark:border-green-400 dark:bg-green-400')}
      </span>
      <span aria-hidden="true" className="inline-flex items-center gap-1">
        <span className="text-ink-muted">{t('playerView.deathSavesFailure')}</span>
        {pips(failures, 'border-red-700 bg-red-700 dark:border-red-400 dark:bg-red-400')}
      </span>
      {outcome ? <span className="font-semibold">{outcome}</span> : null}
    </div>
  );
}

/** Whether players read the unit as down: 0 HP or less, or the Down band. */
export const isShownDown = (unit: PlayerUnit) =>
  (unit.hp.shown === 'exact' && (unit.hp.current ?? 0) <= 0) ||
  (unit.hp.shown === 'band' && unit.hp.band === 'down');

/** What players see of a unit's state: HP as the GM chose, temporary HP, death saves, conditions. */
export function PlayerUnitStatus({ unit }: { unit: PlayerUnit }) {
  const { t } = useTranslation();
  return (
    <>
      {unit.hp.shown === 'exact' && unit.hp.current !== null && unit.hp.max !== null ? (
        <ExactHp current={unit.hp.current} max={unit.hp.max} />
      ) : unit.hp.shown === 'band' && unit.hp.band ? (
        <BandHp band={unit.hp.band} />
      ) : null}
      {unit.tempHp !== undefined ? <TempHp count={unit.tempHp} /> : null}
      {unit.deathSaves ? (
        <DeathSaves successes={unit.deathSaves.successes} failures={unit.deathSaves.failures} />
      ) : null}
      {unit.conditions.length > 0 ? (
        <ul aria-label={t('playerView.conditionsOf', { name: unit.name })} className="flex flex-wrap gap-1.5">
          {unit.conditions.map((condition, index) => (
            <li
              key={`${condition.name}-${index}`}
              className="rounded-full border border-line bg-surface-muted px-2 py-0.5 text-sm"
            >
              {t('playerView.condition', {
                name: condition.name,
                left:
                  condition.roundsLeft === null
                    ? t('playerView.untilRemoved')
                    : t('playerView.roundsLeft', { count: condition.roundsLeft }),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The badges at a row's top right: whose turn it is, and the side (or, `pill`, what the row is). */
export function RowBadges({ current, kind, pill }: { current: boolean; kind: string; pill?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2 text-xs font-semibold tracking-wide uppercase">
      {current ? (
        <span className="rounded-full bg-brand px-2 py-0.5 text-on-brand">{t('playerView.currentTurn')}</span>
      ) : null}
      <span className={pill ? 'rounded-full border border-line px-2 py-0.5 text-ink' : 'text-ink-muted'}>
        {kind}
      </span>
    </span>
  );
}

/** The card's frame: a brand ring on the current turn. */
export const rowFrame = (current: boolean) =>
  'flex min-w-0 gap-3 rounded-card border bg-surface p-3 shadow-card ' +
  (current ? 'border-brand ring-2 ring-brand' : 'border-line');

export function PlayerUnitCard({ unit, current }: { unit: PlayerUnit; current: boolean }) {
  const { t } = useTranslation();
  return (
    <article
      aria-label={unit.name}
      aria-current={current ? 'step' : undefined}
      className={rowFrame(current) + (isShownDown(unit) ? ' opacity-80' : '')}
    >
      <span
        aria-hidden="true"
        className="w-1.5 shrink-0 self-stretch rounded-full"
        style={{ backgroundColor: classColor(unit.color) }}
      />
      {unit.portraitUrl ? (
        // Decorative: the name beside it says who it is.
        <img
          src={unit.portraitUrl}
          alt=""
          referrerPolicy="no-referrer"
          className="size-14 shrink-0 rounded-full border border-line bg-surface-muted object-cover"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-2">
          <h3 className="min-w-0 font-sans text-lg font-semibold break-words">{unit.name}</h3>
          <RowBadges
            current={current}
            kind={unit.group === 'allies' ? t('playerView.ally') : t('playerView.enemy')}
          />
        </div>
        <PlayerUnitStatus unit={unit} />
      </div>
    </article>
  );
}
