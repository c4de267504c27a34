// The units view of a campaign (spec §2 "Units view", §5 "Filter", §8, §9): heading, duplicate and
// create buttons, the text filter, the 'filtered count / tier maximum' counter, and the player and
// non-player sections as card grids. Creating or duplicating at the tier's limit shows the limit
// message with the way up instead (the server refuses too). Built to stay fast with 200 units: one
// query, memoised cards with stable callbacks, and a deferred filter.
import { useCallback, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCcw } from 'lucide-react';
import { TIER_LIMITS } from '@questkeeper/core/tiers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFocusReturn } from '@/components/ui/use-focus-return';
import { classColorsByName } from '@/lib/class-color';
import type { CampaignViewProps } from '@/lib/campaigns';
import { filterUnits } from '@/lib/unit-filter';
import { useUnits, type Unit } from '@/lib/units';
import { UnitLimitNotice } from './components/limit-notice';
import { UnitSection } from './components/unit-section';
import { UnitsDialogs, type UnitsDialog } from './components/units-dialogs';
import { UnitsFilter } from './components/units-filter';
import { UnitsHeader } from './components/units-header';
import { useUnitDelete } from './use-unit-delete';

const NO_UNITS: readonly Unit[] = [];

export default function UnitsView({ campaign, tier }: CampaignViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focus = useFocusReturn(headingRef);
  const unitsQuery = useUnits(campaign._id);
  const units = unitsQuery.data ?? NO_UNITS;
  const max = TIER_LIMITS[tier].unitsPerCampaign;
  const atLimit = units.length >= max;

  const [query, setQuery] = useState('');
  // Typing stays instant; the 200-card grid catches up in the background.
  const deferredQuery = useDeferredValue(query);
  const [dialog, setDialog] = useState<UnitsDialog | null>(null);
  const [limitShown, setLimitShown] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const deletion = useUnitDelete(campaign._id, focus, setAnnouncement);

  const classColors = useMemo(() => classColorsByName(campaign.classes), [campaign.classes]);
  const filtered = useMemo(() => filterUnits(units, deferredQuery), [units, deferredQuery]);
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

  const open = useCallback(
    (next: UnitsDialog) => {
      focus.remember();
      setDialog(next);
    },
    [focus],
  );
  const close = useCallback(() => {
    setDialog(null);
    focus.restore();
  }, [focus]);

  // Creating and duplicating add a unit: at the limit, the notice says why not instead.
  const requestCreate = useCallback(
    (defaultIsPlayer?: boolean) => {
      if (atLimit) setLimitShown(true);
      else
        open(
          defaultIsPlayer === undefined
            ? { kind: 'form', unit: null }
            : { kind: 'form', unit: null, defaultIsPlayer },
        );
    },
    [atLimit, open],
  );
  const requestDuplicate = () => (atLimit ? setLimitShown(true) : open({ kind: 'duplicate' }));
  const openEdit = useCallback((unit: Unit) => open({ kind: 'form', unit }), [open]);
  const openNotes = useCallback((unit: Unit) => open({ kind: 'notes', unitId: unit._id }), [open]);

  const sectionProps = {
    visible,
    query: deferredQuery.trim(),
    classColors,
    deletingId: deletion.deletingId,
    onCreate: requestCreate,
    onEdit: openEdit,
    onNotes: openNotes,
    onDelete: deletion.onDelete,
  };

  return (
    <section aria-labelledby={headingId} className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <UnitsHeader
        headingId={headingId}
        headingRef={headingRef}
        campaignName={campaign.name}
        loaded={unitsQuery.isSuccess}
        hasUnits={units.length > 0}
        onDuplicate={requestDuplicate}
        onCreate={() => requestCreate()}
      />
      <UnitsFilter
        inputId={`${headingId}-filter`}
        query={query}
        onQueryChange={setQuery}
        shown={filtered.length}
        max={max}
        atLimit={atLimit}
      />

      {limitShown && atLimit ? <UnitLimitNotice tier={tier} onDismiss={() => setLimitShown(false)} /> : null}
      {deletion.failed ? <Alert tone="error">{t('units.deleteFailed')}</Alert> : null}
      <div role="status" className="sr-only">
        {announcement}
      </div>

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
        announce={setAnnouncement}
      />
      {deletion.dialog}
    </section>
  );
}
