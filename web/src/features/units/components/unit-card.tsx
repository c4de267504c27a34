// One unit as a card of the grid: what a game master scans for at the table — the name first, then
// race and gender, class on its colour, status (Down at 0 HP), the key characteristics, HP bar and
// purse — with the notes, edit and delete actions. Memoised: the view re-renders 200 cards only when
// their own unit changes.
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, NotebookText, Pencil, Trash2 } from 'lucide-react';
import type { Unit } from '@/lib/units';
import { HpBar } from '@/components/hp-bar';
import { RevealButton } from '@/components/reveals/reveal-button';
import { UnitAvatar } from '@/components/unit-avatar';
import { MoneyLine } from './money-line';
import { ClassChip, StatusBadge, UnitIconButton } from './unit-badges';

/** Characteristics a card lists; the rest are counted ("+4 more") and shown in the form. */
const SHOWN_CHARACTERISTICS = 6;

export interface UnitCardProps {
  /** The campaign, for the reveal button (shown while it has a live share link; issue 34). */
  campaignId?: string | undefined;
  unit: Unit;
  /** Filtered out: kept mounted but hidden, so clearing the filter costs no re-mount. */
  hidden: boolean;
  /** The colour of the unit's class in the campaign, undefined when the class is gone. */
  classHex: string | undefined;
  /** The campaign's characteristics, in its order. */
  characteristics: readonly string[];
  /** The campaign's first status (a new unit's): beside Down it would say nothing. */
  defaultStatus: string | undefined;
  deleting: boolean;
  onEdit: (unit: Unit) => void;
  onNotes: (unit: Unit) => void;
  onDelete: (unit: Unit) => void;
  /** Spawn numbered copies; absent at the unit limit. */
  onCopies?: ((unit: Unit) => void) | undefined;
}

export const UnitCard = memo(function UnitCard({
  campaignId,
  unit,
  hidden,
  classHex,
  characteristics,
  defaultStatus,
  deleting,
  onEdit,
  onNotes,
  onDelete,
  onCopies,
}: UnitCardProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const hasNotes = /\S/.test(unit.notes);
  const shown = characteristics.slice(0, SHOWN_CHARACTERISTICS);
  const more = characteristics.length - shown.length;

  return (
    <li
      aria-labelledby={headingId}
      hidden={hidden}
      data-unit-id={unit._id}
      // Off-screen cards skip layout and paint until scrolled to: 200 cards stay cheap.
      className="[contain-intrinsic-size:auto_16rem] [content-visibility:auto] flex min-w-0 scroll-m-24 flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <div className="flex items-start gap-2">
        <UnitAvatar campaignId={campaignId} unit={unit} size="md" className="mt-0.5" />
        <div className="min-w-0 flex-1">
          <h4 id={headingId} className="font-display text-2xl leading-tight font-bold break-words text-ink">
            {unit.name}
          </h4>
          <dl className="mt-1 flex flex-wrap items-baseline gap-x-1.5 text-sm text-ink-muted">
            <div className="min-w-0">
              <dt className="sr-only">{t('units.race')}</dt>
              <dd className="break-words">{unit.race}</dd>
            </div>
            <div>
              <dt className="sr-only">{t('units.gender')}</dt>
              <dd className="before:mr-1.5 before:content-['·']">{t(`units.genders.${unit.gender}`)}</dd>
            </div>
          </dl>
        </div>
        <div className="-mr-1 flex shrink-0 items-center">
          <UnitIconButton label={t('units.notesOf', { name: unit.name })} onClick={() => onNotes(unit)}>
            <span className="relative">
              <NotebookText aria-hidden="true" className="size-4" />
              {hasNotes ? (
                <span aria-hidden="true" className="absolute -top-1 -right-1 size-2 rounded-full bg-brand" />
              ) : null}
            </span>
          </UnitIconButton>
          <UnitIconButton label={t('units.editUnit', { name: unit.name })} onClick={() => onEdit(unit)}>
            <Pencil aria-hidden="true" className="size-4" />
          </UnitIconButton>
          {campaignId ? (
            <RevealButton campaignId={campaignId} kind="unit" reference={unit._id} name={unit.name} />
          ) : null}
          {onCopies ? (
            <UnitIconButton
              label={t('combat.fast.copies.openFor', { name: unit.name })}
              onClick={() => onCopies(unit)}
            >
              <Copy aria-hidden="true" className="size-4" />
            </UnitIconButton>
          ) : null}
          <UnitIconButton
            label={t('units.deleteUnit', { name: unit.name })}
            loading={deleting}
            danger
            onClick={() => onDelete(unit)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </UnitIconButton>
        </div>
      </div>

      <dl className="flex flex-wrap items-center gap-2">
        <div className="min-w-0">
          <dt className="sr-only">{t('units.class')}</dt>
          <dd>
            <ClassChip name={unit.class} hex={classHex} />
          </dd>
        </div>
        <div>
          <dt className="sr-only">{t('units.status')}</dt>
          <dd>
            <StatusBadge unit={unit} defaultStatus={defaultStatus} />
          </dd>
        </div>
      </dl>

      {shown.length > 0 ? (
        <div>
          <h5 className="sr-only">{t('units.characteristics')}</h5>
          <dl className="grid grid-cols-3 gap-x-3 gap-y-1 text-sm">
            {shown.map((name) => (
              <div key={name} className="min-w-0">
                <dt className="truncate text-xs text-ink-muted" title={name}>
                  {name}
                </dt>
                <dd className="font-semibold text-ink tabular-nums">
                  {(unit.characteristics[name] ?? 0).toLocaleString(i18n.language)}
                </dd>
              </div>
            ))}
          </dl>
          {more > 0 ? (
            <p className="mt-1 text-xs text-ink-muted">{t('units.moreCharacteristics', { count: more })}</p>
          ) : null}
        </div>
      ) : null}

      {unit.counters?.length ? (
        <div>
          <h5 className="sr-only">{t('units.countersLabel')}</h5>
          <ul className="flex flex-wrap gap-1.5 text-xs">
            {unit.counters.map((counter) => (
              <li
                key={counter._id}
                className="max-w-full truncate rounded-full border border-line bg-surface-muted px-2 py-0.5 text-ink"
              >
                {counter.label} <span className="font-semibold tabular-nums">{counter.max}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="mt-auto flex flex-col gap-2 border-t border-line pt-3">
        <HpBar current={unit.currentHp} max={unit.hp} />
        <MoneyLine money={unit.money} />
      </div>
    </li>
  );
});
