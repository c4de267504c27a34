// One section of the units view (players or non-players): its heading, the card grid or the table,
// or the empty-state card telling apart "nothing here yet" from "the filter hides everything" (with
// a create button unless the campaign is full). The grid follows its own width (container queries),
// since the dashboard's sidebar takes part of the screen: one column on phones, two, then three.
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, SearchX, UserRound, VenetianMask } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Unit } from '@/lib/units';
import type { UnitsLayout } from '../hooks/use-units-layout';
import type { UnitSort, UnitSortKey } from '../lib/unit-sort';
import { UnitCard } from './unit-card';
import { UnitsTable } from './units-table';

export interface UnitSectionProps {
  /** For the cards' reveal buttons (issue 34). */
  campaignId: string;
  isPlayer: boolean;
  /** Every unit of the section, filtered or not. */
  units: readonly Unit[];
  /** The ids the filter lets through; null when it lets everything through. */
  visible: ReadonlySet<string> | null;
  /** How many of `units` the filter shows. */
  shown: number;
  /** The trimmed filter text; empty when no filter is applied. */
  query: string;
  layout: UnitsLayout;
  sort: UnitSort;
  onSort: (key: UnitSortKey) => void;
  classColors: ReadonlyMap<string, string>;
  characteristics: readonly string[];
  defaultStatus: string | undefined;
  /** False at the unit limit: no create button is offered. */
  canCreate: boolean;
  deletingId: string | null;
  onCreate: (isPlayer: boolean) => void;
  onEdit: (unit: Unit) => void;
  onNotes: (unit: Unit) => void;
  onDelete: (unit: Unit) => void;
  /** Copies of a unit; absent at the unit limit. */
  onCopies?: ((unit: Unit) => void) | undefined;
}

export const UnitSection = memo(function UnitSection({
  campaignId,
  isPlayer,
  units,
  visible,
  shown,
  query,
  layout,
  sort,
  onSort,
  classColors,
  characteristics,
  defaultStatus,
  canCreate,
  deletingId,
  onCreate,
  onEdit,
  onNotes,
  onDelete,
  onCopies,
}: UnitSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const Icon = isPlayer ? UserRound : VenetianMask;
  const filtered = units.length > 0 && shown === 0;
  const actions = { deletingId, onEdit, onNotes, onDelete };

  return (
    <section aria-labelledby={headingId} className="@container flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3 border-b border-line pb-2">
        <h3 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-brand" />
          {t(isPlayer ? 'units.players' : 'units.npcs')}
        </h3>
        <p className="text-sm text-ink-muted tabular-nums">{t('units.sectionCount', { count: shown })}</p>
      </div>
      {shown === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-line bg-surface px-4 py-8 text-center">
          {filtered ? (
            <SearchX aria-hidden="true" className="size-7 text-ink-muted" />
          ) : (
            <Icon aria-hidden="true" className="size-7 text-gold" />
          )}
          <p className="max-w-md text-ink-muted">
            {filtered
              ? t(isPlayer ? 'units.noMatchPlayers' : 'units.noMatchNpcs', { query })
              : t(isPlayer ? 'units.emptyPlayers' : 'units.emptyNpcs')}
          </p>
          {canCreate ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onCreate(isPlayer)}
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              {t(isPlayer ? 'units.createPlayer' : 'units.createNpc')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {units.length === 0 ? null : layout === 'table' ? (
        <div hidden={shown === 0}>
          <UnitsTable
            units={units}
            visible={visible}
            labelledBy={headingId}
            classColors={classColors}
            defaultStatus={defaultStatus}
            sort={sort}
            onSort={onSort}
            {...actions}
            onCopies={canCreate ? onCopies : undefined}
          />
        </div>
      ) : (
        <ul hidden={shown === 0} className="grid grid-cols-1 gap-3 @xl:grid-cols-2 @4xl:grid-cols-3">
          {units.map((unit) => (
            <UnitCard
              key={unit._id}
              campaignId={campaignId}
              unit={unit}
              hidden={visible !== null && !visible.has(unit._id)}
              classHex={classColors.get(unit.class)}
              characteristics={characteristics}
              defaultStatus={defaultStatus}
              deleting={deletingId === unit._id}
              onEdit={onEdit}
              onNotes={onNotes}
              onDelete={onDelete}
              onCopies={canCreate ? onCopies : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
});
