// The units view of a campaign (docs/product.md#units-view, #search, #messages, #limits): heading,
// duplicate and create buttons (none at the tier's limit, where the limit notice shows the way up),
// the accent-insensitive filter, the 'filtered / maximum — total' counter, the cards / table switch,
// and the player and non-player sections. Every save says so in a toast and shows its unit (scrolled
// to and outlined for a moment). Built to stay fast with 200 units: one query, memoised cards with
// stable callbacks, and a deferred filter. A place in the URL (docs/decisions/063: a link, a search
// result) opens that unit's notes; a missing link's "Create unit" opens the form with its name.
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RotateCcw } from 'lucide-react';
import { TIER_LIMITS } from '@questkeeper/core/tiers';
import { spotlight } from '@/components/toast/spotlight';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFocusReturn } from '@/components/ui/use-focus-return';
import { useClearPlace, useCreateUnitRequest } from '@/lib/campaign-links';
import { usePlace } from '@/lib/campaign-places';
import { classColorsByName } from '@/lib/class-color';
import type { CampaignViewProps } from '@/lib/campaigns';
import { filterUnits } from '@/lib/unit-filter';
import { useUnits, type Unit } from '@/lib/units';
import { UnitLimitNotice } from './components/limit-notice';
import { UnitSection } from './components/unit-section';
import { UnitsDialogs, type UnitsDialog } from './components/units-dialogs';
import { UnitsFilter } from './components/units-filter';
import { UnitsHeader } from './components/units-header';
import { DEFAULT_SORT, nextSort, type UnitSortKey } from './lib/unit-sort';
import { useUnitDelete } from './hooks/use-unit-delete';
import { useUnitsLayout } from './hooks/use-units-layout';

const NO_UNITS: readonly Unit[] = [];

export default function UnitsView({ campaign, tier }: CampaignViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const viewRef = useRef<HTMLElement>(null);
  const focus = useFocusReturn(headingRef);
  const unitsQuery = useUnits(campaign._id);
  const units = unitsQuery.data ?? NO_UNITS;
  const max = TIER_LIMITS[tier].unitsPerCampaign;
  const atLimit = units.length >= max;
  const canCreate = unitsQuery.isSuccess && !atLimit;

  const [query, setQuery] = useState('');
  // Typing stays instant; the 200-card grid catches up in the background.
  const deferredQuery = useDeferredValue(query);
  const [dialog, setDialog] = useState<UnitsDialog | null>(null);
  const [layout, setLayout] = useUnitsLayout();
  const [sort, setSort] = useState(DEFAULT_SORT);
  const onSort = useCallback((key: UnitSortKey) => setSort((current) => nextSort(current, key)), []);
  const down = t('units.down');
  // The unit just created, changed or brought back: shown once its card is on screen. A filter that
  // would hide it gives way.
  const [toShow, setToShow] = useState<{ id: string } | null>(null);
  const shown = useRef<object | null>(null);
  const show = useCallback(
    (unit: Unit) => {
      setQuery((current) => (filterUnits([unit], current, down).length === 0 ? '' : current));
      setToShow({ id: unit._id });
    },
    [down],
  );
  const deletion = useUnitDelete(campaign._id, focus, show);

  const classColors = useMemo(() => classColorsByName(campaign.classes), [campaign.classes]);
  const characteristics = useMemo(
    () => campaign.characteristics.map(({ name }) => name),
    [campaign.characteristics],
  );
  const defaultStatus = campaign.statuses[0]?.name;
  const filtered = useMemo(() => filterUnits(units, deferredQuery, down), [units, deferredQuery, down]);
  // The filter hides cards rather than unmounting them: clearing it shows 200 cards again at once.
  const visible = useMemo(
    () => (filtered === units ? null : new Set(filtered.map((unit) => unit._id))),
    [filtered, units],
  );
  const sections = useMemo(() => {
    const players = units.filter((unit) => unit.isPlayer);
    const npcs = units.filter((unit) => !unit.isPlayer);
    const shown = (list: readonly Unit[]) =>
      visible ? list.filter((unit) => visible.has(unit._id)).length : list.length;
    return { players, npcs, playersShown: shown(players), npcsShown: shown(npcs) };
  }, [units, visible]);

  useEffect(() => {
    if (!toShow || shown.current === toShow || (visible && !visible.has(toShow.id))) return;
    const marked = viewRef.current?.querySelectorAll<HTMLElement>('[data-unit-id]') ?? [];
    const element = [...marked].find((item) => item.dataset.unitId === toShow.id);
    if (!element) return;
    shown.current = toShow;
    spotlight(element);
  }, [toShow, units, visible, layout]);

  const open = useCallback(
    (next: UnitsDialog) => {
      focus.remember();
      setDialog(next);
    },
    [focus],
  );
  const clearPlace = useClearPlace();
  const close = useCallback(() => {
    setDialog(null);
    focus.restore();
    // What the URL asked to open is closed: a reload shows the list.
    clearPlace();
  }, [focus, clearPlace]);

  // A place or a create request: acted on once per navigation (the same link followed twice opens
  // the notes twice), once the units are there. Nothing opened it on this page: closing it focuses
  // the heading.
  const { item } = usePlace();
  const createName = useCreateUnitRequest();
  const { key: navigation } = useLocation();
  const [actedOn, setActedOn] = useState<string | null>(null);
  if (unitsQuery.isSuccess && actedOn !== navigation) {
    setActedOn(navigation);
    const unit = item === null ? undefined : units.find((candidate) => candidate._id === item);
    if (unit) {
      setQuery((current) => (filterUnits([unit], current, down).length === 0 ? '' : current));
      setDialog({ kind: 'notes', unitId: unit._id });
    } else if (item === null && createName !== null && canCreate) {
      setDialog({ kind: 'form', unit: null, name: createName.trim() });
    }
  }

  const requestCreate = useCallback(
    (defaultIsPlayer?: boolean) =>
      open(
        defaultIsPlayer === undefined
          ? { kind: 'form', unit: null }
          : { kind: 'form', unit: null, defaultIsPlayer },
      ),
    [open],
  );
  const openEdit = useCallback((unit: Unit) => open({ kind: 'form', unit }), [open]);
  const openNotes = useCallback((unit: Unit) => open({ kind: 'notes', unitId: unit._id }), [open]);
  const openCopies = useCallback((unit: Unit) => open({ kind: 'copies', unit }), [open]);

  const sectionProps = {
    campaignId: campaign._id,
    visible,
    query: deferredQuery.trim(),
    layout,
    sort,
    onSort,
    classColors,
    characteristics,
    defaultStatus,
    canCreate,
    deletingId: deletion.deletingId,
    onCreate: requestCreate,
    onEdit: openEdit,
    onNotes: openNotes,
    onDelete: deletion.onDelete,
    onCopies: openCopies,
  };

  return (
    <section
      ref={viewRef}
      aria-labelledby={headingId}
      className="mx-auto flex w-full max-w-6xl flex-col gap-5"
    >
      <UnitsHeader
        headingId={headingId}
        headingRef={headingRef}
        campaignName={campaign.name}
        loaded={unitsQuery.isSuccess}
        hasUnits={units.length > 0}
        atLimit={atLimit}
        onDuplicate={() => open({ kind: 'duplicate' })}
        onCreate={() => requestCreate()}
        onImport={() => open({ kind: 'import' })}
      />
      {unitsQuery.isSuccess && atLimit ? <UnitLimitNotice tier={tier} /> : null}
      <UnitsFilter
        inputId={`${headingId}-filter`}
        query={query}
        onQueryChange={setQuery}
        shown={filtered.length}
        total={units.length}
        max={max}
        atLimit={atLimit}
        layout={layout}
        onLayoutChange={setLayout}
      />

      {deletion.failed ? <Alert tone="error">{t('units.deleteFailed')}</Alert> : null}

      {unitsQuery.isPending ? (
        <div className="flex items-center justify-center gap-2 py-16 text-ink-muted">
          <Spinner className="size-5" />
          <span>{t('units.loading')}</span>
        </div>
      ) : unitsQuery.isError ? (
        <Alert tone="error">
          <p>{t('units.loadError')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            loading={unitsQuery.isFetching}
            onClick={() => void unitsQuery.refetch()}
            icon={<RotateCcw aria-hidden="true" className="size-4" />}
          >
            {t('units.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <UnitSection isPlayer units={sections.players} shown={sections.playersShown} {...sectionProps} />
          <UnitSection isPlayer={false} units={sections.npcs} shown={sections.npcsShown} {...sectionProps} />
        </>
      )}

      <UnitsDialogs
        dialog={dialog}
        campaign={campaign}
        tier={tier}
        units={units}
        onClose={close}
        onSaved={show}
      />
      {deletion.dialog}
    </section>
  );
}
