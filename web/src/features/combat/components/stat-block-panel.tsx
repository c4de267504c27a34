// A unit's stat block beside the fight (docs/product.md#fight-rows, docs/decisions/061): its name, HP
// (and temporary HP), death saves when Down, status, conditions, the campaign's characteristics (the
// pinned ones first) and its notes as rendered markdown, links working. Opened from any fight row
// without leaving the fight: a panel on the right from 1024 px, a bottom sheet on a phone. It is not
// a modal: the fight and its shortcuts stay live beside it. It takes the focus when it opens or shows
// another unit; Escape or its close button closes it (the fight puts the focus back on the row's
// button).
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Pin, X } from 'lucide-react';
import type { CombatCondition, DeathSaveTally } from '@questkeeper/core/schemas/combat';
import { HpBar } from '@/components/hp-bar';
import { classColor } from '@/lib/class-color';
import type { Unit } from '@/lib/units';
import { useConditionLabel } from './condition-chips';
import { DeathSavePips, useOutcomeWord } from './death-saves';
import { valueOf, type CampaignCharacteristic } from './pinned-characteristics';

// The markdown renderer is a chunk of its own, as for the condition notes (condition-chips.tsx).
const MarkdownPreview = lazy(() =>
  import('@/components/markdown-editor/markdown-preview').then((module) => ({
    default: module.MarkdownPreview,
  })),
);

export function StatBlockPanel({
  unit,
  characteristics,
  temp,
  tally,
  conditions,
  classHex,
  onClose,
}: {
  unit: Unit;
  /** The campaign's characteristics, in its order. */
  characteristics: readonly CampaignCharacteristic[];
  /** Temporary HP (0: none). */
  temp: number;
  /** The death saves of a Down player character, else null. */
  tally: DeathSaveTally | null;
  conditions: readonly CombatCondition[];
  classHex: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const label = useConditionLabel();

  useEffect(() => {
    headingRef.current?.focus();
  }, [unit._id]);

  const ordered = [
    ...characteristics.filter((item) => item.pinned),
    ...characteristics.filter((item) => !item.pinned),
  ];
  const kind = [unit.race, unit.class].filter((part) => part.trim() !== '').join(' · ');

  return (
    <aside
      aria-labelledby={headingId}
      data-testid="stat-block"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        onClose();
      }}
      className={
        // A bottom sheet on a phone (above the action bar), a sticky column of the fight from lg.
        'fixed inset-x-0 bottom-0 z-40 flex max-h-[60dvh] flex-col rounded-t-card border border-line bg-surface shadow-card ' +
        'lg:sticky lg:top-4 lg:z-auto lg:max-h-[calc(100dvh-2rem)] lg:self-start lg:rounded-card'
      }
    >
      <div className="flex items-start justify-between gap-2 border-b border-line px-4 py-3">
        <div className="min-w-0">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="flex min-w-0 items-center gap-2 font-display text-lg font-semibold break-words focus-visible:outline-2 focus-visible:outline-focus"
          >
            <span
              aria-hidden="true"
              className="size-3 shrink-0 rounded-full border border-line"
              style={{ backgroundColor: classColor(classHex) }}
            />
            <span className="sr-only">{t('combat.statBlock.title', { name: unit.name })}</span>
            <span aria-hidden="true" className="min-w-0">
              {unit.name}
            </span>
          </h2>
          <p className="text-sm text-ink-muted">
            {[kind, unit.isPlayer ? t('combat.statBlock.playerCharacter') : '']
              .filter((part) => part !== '')
              .join(' — ')}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('combat.statBlock.close')}
          title={t('combat.statBlock.close')}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-4 py-3">
        <section className="flex flex-col gap-1.5">
          <h3 className="sr-only">{t('combat.statBlock.hp')}</h3>
          <div className="flex items-center gap-2">
            <div className="min-w-0 flex-1">
              <HpBar current={unit.currentHp} max={unit.hp} />
            </div>
            <TempHp value={temp} />
          </div>
          {tally ? <SavesLine tally={tally} status={unit.status} /> : null}
        </section>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-ink-muted">{t('combat.statBlock.status')}</dt>
          <dd className="break-words">{unit.status}</dd>
          <dt className="text-ink-muted">{t('combat.statBlock.conditions')}</dt>
          <dd>
            {conditions.length === 0 ? (
              t('combat.statBlock.noConditions')
            ) : (
              <ul>
                {conditions.map((condition) => (
                  <li key={condition.id} className="break-words">
                    {label(condition)}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
        <section className="flex flex-col gap-1.5">
          <h3 className="text-sm font-semibold">{t('combat.statBlock.characteristics')}</h3>
          {ordered.length === 0 ? (
            <p className="text-sm text-ink-muted">{t('combat.statBlock.noCharacteristics')}</p>
          ) : (
            <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 text-sm">
              {ordered.map((item) => (
                <div key={item.name} className="contents">
                  <dt className="flex min-w-0 items-center gap-1 break-words">
                    {item.pinned ? (
                      <Pin
                        aria-label={t('combat.statBlock.pinned')}
                        role="img"
                        className="size-3.5 shrink-0 text-brand"
                      />
                    ) : null}
                    {item.name}
                  </dt>
                  <dd className="text-right font-semibold tabular-nums">
                    {valueOf(unit.characteristics, item.name)}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
        <section className="flex flex-col gap-1.5">
          <h3 className="text-sm font-semibold">{t('combat.statBlock.notes')}</h3>
          {/\S/.test(unit.notes) ? (
            <Suspense fallback={<p className="whitespace-pre-line">{unit.notes}</p>}>
              <MarkdownPreview source={unit.notes} />
            </Suspense>
          ) : (
            <p className="text-sm text-ink-muted">{t('combat.statBlock.noNotes')}</p>
          )}
        </section>
      </div>
    </aside>
  );
}

/** "+8 temp" beside the HP, said in full to a screen reader; nothing without temporary HP. */
export function TempHp({ value }: { value: number }) {
  const { t } = useTranslation();
  if (value <= 0) return null;
  return (
    <span
      data-testid="temp-hp"
      className="shrink-0 rounded-full bg-info-soft px-1.5 text-xs font-semibold text-ink tabular-nums"
    >
      <span aria-hidden="true">{t('combat.rows.tempHp', { value })}</span>
      <span className="sr-only">{t('combat.rows.tempHpLabel', { value })}</span>
    </span>
  );
}

function SavesLine({ tally, status }: { tally: DeathSaveTally; status: string }) {
  const { t } = useTranslation();
  const outcome = useOutcomeWord(tally, status);
  return (
    <p className="flex items-center gap-2 text-sm">
      <span className="text-ink-muted">{t('combat.statBlock.deathSaves')}</span>
      <DeathSavePips tally={tally} />
      {outcome ? <span className="font-semibold">{outcome}</span> : null}
    </p>
  );
}
