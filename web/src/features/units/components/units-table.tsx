// The compact table of a section's units (campaigns with many units): one row per unit,
// sortable by name, class, race, HP and status (aria-sort on the column), with the card's actions.
// Filtered rows stay mounted but hidden, as the cards do. The race column gives way on phones; the
// table scrolls sideways inside its own focusable box rather than widening the page, the names
// staying in place.
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, ChevronsUpDown, Copy, NotebookText, Pencil, Trash2 } from 'lucide-react';
import { hpTone } from '@/lib/unit-filter';
import type { Unit } from '@/lib/units';
import { HP_TONE_CLASSES } from '@/components/hp-bar';
import { UnitAvatar } from '@/components/unit-avatar';
import { sortUnits, type UnitSort, type UnitSortKey } from '../lib/unit-sort';
import { ClassChip, shownStatus, StatusBadge, UnitIconButton } from './unit-badges';

export interface UnitsTableProps {
  units: readonly Unit[];
  visible: ReadonlySet<string> | null;
  /** The section heading's id: the table's name. */
  labelledBy: string;
  classColors: ReadonlyMap<string, string>;
  defaultStatus: string | undefined;
  sort: UnitSort;
  onSort: (key: UnitSortKey) => void;
  deletingId: string | null;
  onEdit: (unit: Unit) => void;
  onNotes: (unit: Unit) => void;
  onDelete: (unit: Unit) => void;
  /** Spawn numbered copies, as on the cards; absent at the unit limit. */
  onCopies?: ((unit: Unit) => void) | undefined;
}

export const UnitsTable = memo(function UnitsTable({
  units,
  visible,
  labelledBy,
  classColors,
  defaultStatus,
  sort,
  onSort,
  deletingId,
  onEdit,
  onNotes,
  onDelete,
  onCopies,
}: UnitsTableProps) {
  const { t, i18n } = useTranslation();
  const down = t('units.down');
  const rows = useMemo(
    () => sortUnits(units, sort, i18n.language, (unit) => shownStatus(unit, defaultStatus, down)),
    [units, sort, i18n.language, defaultStatus, down],
  );
  const header = (key: UnitSortKey, label: string, className = '') => (
    <SortHeader key={key} column={key} label={label} sort={sort} onSort={onSort} className={className} />
  );

  return (
    <div
      // A group, not a second region of the section's name; focusable: it may scroll sideways
      // (axe: scrollable-region-focusable).
      role="group"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className="overflow-x-auto rounded-card border border-line bg-surface shadow-card"
    >
      <table aria-labelledby={labelledBy} className="w-full border-collapse text-left text-sm">
        <thead className="border-b border-line bg-surface-muted text-xs tracking-wide text-ink-muted uppercase">
          <tr>
            {/* The names stay in sight while a phone scrolls the other columns. */}
            {header('name', t('units.name'), 'sticky left-0 z-[1] bg-surface-muted')}
            {header('class', t('units.class'))}
            {header('race', t('units.race'), 'hidden sm:table-cell')}
            {header('status', t('units.status'))}
            {header('hp', t('units.hp'))}
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              <span className="sr-only">{t('units.manage')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((unit) => (
            <tr
              key={unit._id}
              data-unit-id={unit._id}
              hidden={visible !== null && !visible.has(unit._id)}
              className="scroll-m-24 align-middle hover:bg-surface-muted/60"
            >
              <th
                scope="row"
                className="sticky left-0 z-[1] max-w-[45vw] bg-surface px-3 py-2 font-display text-base font-bold break-words text-ink sm:max-w-none"
              >
                <span className="flex items-center gap-2">
                  <UnitAvatar unit={unit} size="xs" />
                  <span className="min-w-0">{unit.name}</span>
                </span>
              </th>
              <td className="px-3 py-2 text-ink">
                <ClassChip name={unit.class} hex={classColors.get(unit.class)} compact />
              </td>
              <td className="hidden px-3 py-2 text-ink sm:table-cell">{unit.race}</td>
              <td className="px-3 py-2">
                <StatusBadge unit={unit} defaultStatus={defaultStatus} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-ink tabular-nums">
                <span
                  aria-hidden="true"
                  className={`mr-1.5 inline-block size-2.5 rounded-full ${HP_TONE_CLASSES[hpTone(unit.currentHp, unit.hp)]}`}
                />
                <span className="sr-only">
                  {t('units.hpLabel', { current: unit.currentHp, max: unit.hp })}
                </span>
                <span aria-hidden="true">
                  {unit.currentHp} / {unit.hp}
                </span>
              </td>
              <td className="px-1 py-1">
                <div className="flex justify-end">
                  <UnitIconButton
                    label={t('units.notesOf', { name: unit.name })}
                    onClick={() => onNotes(unit)}
                  >
                    <NotebookText aria-hidden="true" className="size-4" />
                  </UnitIconButton>
                  <UnitIconButton
                    label={t('units.editUnit', { name: unit.name })}
                    onClick={() => onEdit(unit)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </UnitIconButton>
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
                    loading={deletingId === unit._id}
                    danger
                    onClick={() => onDelete(unit)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </UnitIconButton>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

function SortHeader({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: UnitSortKey;
  label: string;
  sort: UnitSort;
  onSort: (key: UnitSortKey) => void;
  className: string;
}) {
  const { t } = useTranslation();
  const active = sort.key === column;
  const Icon = !active ? ChevronsUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? sort.direction : undefined}
      className={`px-1 py-1 font-semibold ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        title={t('units.sortBy', { column: label })}
        className={`inline-flex min-h-9 items-center gap-1 rounded-control px-2 uppercase hover:bg-surface hover:text-ink ${active ? 'text-ink' : ''}`}
      >
        {label}
        <Icon aria-hidden="true" className="size-3.5" />
      </button>
    </th>
  );
}
