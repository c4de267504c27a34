// What the card and the table both show of a unit: its class on the class's colour, and its status —
// Down at 0 HP whatever the status says ("Normal" at 0 HP read as a bug), with the status
// beside it when it tells more than the campaign's default one.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartCrack } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { classColor, readableTextOn } from '@/lib/class-color';
import { isDown } from '@/lib/unit-filter';
import type { Unit } from '@/lib/units';

export function ClassChip({
  name,
  hex,
  compact = false,
}: {
  name: string;
  hex: string | undefined;
  compact?: boolean;
}) {
  const background = classColor(hex);
  if (compact) {
    // In the table the name stays in the text colour, after a swatch of the class colour.
    return (
      <span className="inline-flex max-w-full items-center gap-1.5">
        <span
          aria-hidden="true"
          className="size-3 shrink-0 rounded-full border border-line"
          style={{ backgroundColor: background }}
        />
        <span className="min-w-0 break-words">{name}</span>
      </span>
    );
  }
  return (
    <span
      // Bold 19 px is large text, so the light text on mid-grey class colours still meets AA (same
      // chip as the classes list); the colour is the user's own, hence inline styles.
      className="inline-block max-w-full rounded-full px-2.5 text-[1.1875rem] leading-snug font-bold break-words"
      style={{ backgroundColor: background, color: readableTextOn(background) }}
    >
      {name}
    </span>
  );
}

/** The words the view shows for a unit's status (what the table sorts and the filter reads). */
export function shownStatus(
  unit: Pick<Unit, 'status' | 'currentHp'>,
  defaultStatus: string | undefined,
  down: string,
) {
  if (!isDown(unit)) return unit.status;
  return unit.status === defaultStatus ? down : `${down} · ${unit.status}`;
}

export function StatusBadge({ unit, defaultStatus }: { unit: Unit; defaultStatus: string | undefined }) {
  const { t } = useTranslation();
  if (!isDown(unit)) {
    return (
      <span className="inline-flex items-center rounded-full border border-line bg-surface-muted px-2.5 py-0.5 text-sm font-medium text-ink">
        {unit.status}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <span className="inline-flex items-center gap-1 rounded-full border border-danger/50 bg-danger-soft px-2.5 py-0.5 text-sm font-semibold text-danger">
        <HeartCrack aria-hidden="true" className="size-3.5" />
        {t('units.down')}
      </span>
      {unit.status === defaultStatus ? null : (
        <span className="inline-flex items-center rounded-full border border-line bg-surface-muted px-2.5 py-0.5 text-sm font-medium text-ink">
          {unit.status}
        </span>
      )}
    </span>
  );
}

export function UnitIconButton({
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
