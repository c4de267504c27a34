// One unit as a card of the grid: what a game master scans for at the table (name, race, class on
// its colour, status, gender, HP bar, purse) and the edit, notes and delete actions. Memoised: the
// view re-renders 200 cards only when their own unit changes.
import { memo, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotebookText, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { classColor, readableTextOn } from '@/lib/class-color';
import type { Unit } from '@/lib/units';
import { HpBar } from '@/components/hp-bar';
import { MoneyLine } from './money-line';

export interface UnitCardProps {
  unit: Unit;
  /** Filtered out: kept mounted but hidden, so clearing the filter costs no re-mount. */
  hidden: boolean;
  /** The colour of the unit's class in the campaign, undefined when the class is gone. */
  classHex: string | undefined;
  deleting: boolean;
  onEdit: (unit: Unit) => void;
  onNotes: (unit: Unit) => void;
  onDelete: (unit: Unit) => void;
}

export const UnitCard = memo(function UnitCard({
  unit,
  hidden,
  classHex,
  deleting,
  onEdit,
  onNotes,
  onDelete,
}: UnitCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const background = classColor(classHex);
  const hasNotes = /\S/.test(unit.notes);

  return (
    <li
      aria-labelledby={headingId}
      hidden={hidden}
      // Off-screen cards skip layout and paint until scrolled to: 200 cards stay cheap.
      className="[contain-intrinsic-size:auto_14rem] [content-visibility:auto] flex min-w-0 flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <div className="flex items-start gap-2">
        <h4
          id={headingId}
          className="min-w-0 flex-1 pt-1 font-display text-lg leading-snug font-semibold break-words"
        >
          {unit.name}
        </h4>
        <div className="-mr-1 flex shrink-0 items-center">
          <IconButton label={t('units.notesOf', { name: unit.name })} onClick={() => onNotes(unit)}>
            <span className="relative">
              <NotebookText aria-hidden="true" className="size-4" />
              {hasNotes ? (
                <span aria-hidden="true" className="absolute -top-1 -right-1 size-2 rounded-full bg-brand" />
              ) : null}
            </span>
          </IconButton>
          <IconButton label={t('units.editUnit', { name: unit.name })} onClick={() => onEdit(unit)}>
            <Pencil aria-hidden="true" className="size-4" />
          </IconButton>
          <IconButton
            label={t('units.deleteUnit', { name: unit.name })}
            loading={deleting}
            danger
            onClick={() => onDelete(unit)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <Field label={t('units.race')}>{unit.race}</Field>
        <Field label={t('units.gender')}>{t(`units.genders.${unit.gender}`)}</Field>
        <Field label={t('units.class')}>
          <span
            // Bold 19 px is large text, so the light text on mid-grey class colours still meets AA
            // (same chip as the classes list); the colour is the user's own, hence inline styles.
            className="inline-block max-w-full rounded-full px-2.5 text-[1.1875rem] leading-snug font-bold break-words"
            style={{ backgroundColor: background, color: readableTextOn(background) }}
          >
            {unit.class}
          </span>
        </Field>
        <Field label={t('units.status')}>{unit.status}</Field>
      </dl>

      <div className="mt-auto flex flex-col gap-2 border-t border-line pt-3">
        <HpBar current={unit.currentHp} max={unit.hp} />
        <MoneyLine money={unit.money} />
      </div>
    </li>
  );
});

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </div>
  );
}

function IconButton({
  label,
  onClick,
  loading,
  danger,
  children,
}: {
  label: string;
  onClick: () => void;
  loading?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={`w-9 px-0 ${danger ? 'hover:text-danger' : ''}`}
      aria-label={label}
      title={label}
      loading={loading ?? false}
      onClick={onClick}
      icon={children}
    />
  );
}
