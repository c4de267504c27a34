// The units view of a campaign (spec §2 "Units view", §5 "Filter", §8, §9): heading, duplicate and
// create buttons, the text filter, the 'filtered count / tier maximum' counter, and the player and
// non-player sections as card grids. Creating or duplicating at the tier's limit shows the limit
// message with the way up instead (the server refuses too). Built to stay fast with 200 units: one
// query, memoised cards with stable callbacks, and a deferred filter.
import { useCallback, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, Lock, Plus, RotateCcw, Search, Users, X } from 'lucide-react';
import { TIER_LIMITS } from '@questkeeper/core/tiers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { classColorsByName } from '@/lib/class-color';
import type { CampaignViewProps } from '@/lib/campaigns';
import { useDeleteUnit, useUnits, type Unit } from '@/lib/units';
import { DuplicateDialog } from './components/duplicate-dialog';
import { UnitLimitNotice } from './components/limit-notice';
import { UnitFormModal } from './components/unit-form-modal';
import { UnitNotesModal } from './components/unit-notes-modal';
import { UnitSection } from './components/unit-section';
import { filterUnits } from '@/lib/unit-filter';
import { useFocusReturn } from './use-focus-return';

type FormState = { unit: Unit | null; defaultIsPlayer?: boolean };
const NO_UNITS: readonly Unit[] = [];

export default function UnitsView({ campaign, tier }: CampaignViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focus = useFocusReturn(headingRef);
  const confirm = useConfirm();
  const unitsQuery = useUnits(campaign._id);
  const removeUnit = useDeleteUnit(campaign._id);
  const units = unitsQuery.data ?? NO_UNITS;
  const max = TIER_LIMITS[tier].unitsPerCampaign;
  const atLimit = units.length >= max;

  const [query, setQuery] = useState('');
  // Typing stays instant; the 200-card grid catches up in the background.
  const deferredQuery = useDeferredValue(query);
  const [form, setForm] = useState<FormState | null>(null);
  const [duplicating, setDuplicating] = useState(false);
  const [notesId, setNotesId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const [limitShown, setLimitShown] = useState(false);
  const [announcement, setAnnouncement] = useState('');

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

  const requestCreate = useCallback(
    (defaultIsPlayer?: boolean) => {
      if (atLimit) {
        setLimitShown(true);
        return;
      }
      focus.remember();
      setForm(defaultIsPlayer === undefined ? { unit: null } : { unit: null, defaultIsPlayer });
    },
    [atLimit, focus],
  );

  function requestDuplicate() {
    if (atLimit) {
      setLimitShown(true);
      return;
    }
    focus.remember();
    setDuplicating(true);
  }

  const openEdit = useCallback(
    (unit: Unit) => {
      focus.remember();
      setForm({ unit });
    },
    [focus],
  );

  const openNotes = useCallback(
    (unit: Unit) => {
      focus.remember();
      setNotesId(unit._id);
    },
    [focus],
  );

  const { mutateAsync: deleteUnit } = removeUnit;
  const askDelete = useCallback(
    async (unit: Unit) => {
      focus.remember();
      const ok = await confirm({
        title: t('units.deleteTitle'),
        message: t('units.deleteConfirm', { name: unit.name }),
        confirmLabel: t('common.delete'),
      });
      if (ok) {
        setDeleteFailed(false);
        setDeletingId(unit._id);
        try {
          await deleteUnit(unit._id);
          setAnnouncement(t('units.deleted', { name: unit.name }));
        } catch {
          setDeleteFailed(true);
        }
        setDeletingId(null);
      }
      focus.restore();
    },
    [confirm, deleteUnit, focus, t],
  );
  const onDelete = useCallback((unit: Unit) => void askDelete(unit), [askDelete]);

  function closeForm() {
    setForm(null);
    focus.restore();
  }

  function closeDuplicate() {
    setDuplicating(false);
    focus.restore();
  }

  function closeNotes() {
    setNotesId(null);
    focus.restore();
  }

  const notesUnit = notesId ? units.find((unit) => unit._id === notesId) : undefined;
  const trimmedQuery = deferredQuery.trim();

  return (
    <section aria-labelledby={headingId} className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="flex items-center gap-2 text-2xl font-semibold break-words"
          >
            <Users aria-hidden="true" className="size-6 shrink-0 text-brand" />
            <span className="min-w-0">{t('units.heading', { campaign: campaign.name })}</span>
          </h2>
          <p className="mt-1 text-ink-muted">{t('units.intro')}</p>
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <Button
            variant="secondary"
            className="flex-1 sm:flex-none"
            onClick={requestDuplicate}
            disabled={!unitsQuery.isSuccess || units.length === 0}
            icon={<Copy aria-hidden="true" className="size-4" />}
          >
            {t('units.duplicate')}
          </Button>
          <Button
            className="flex-1 sm:flex-none"
            onClick={() => requestCreate()}
            disabled={!unitsQuery.isSuccess}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            {t('units.newUnit')}
          </Button>
        </div>
      </header>

      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1">
          <label htmlFor={`${headingId}-filter`} className="text-sm font-medium text-ink">
            {t('units.filterLabel')}
          </label>
          <p
            className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-0.5 text-sm font-medium tabular-nums ${
              atLimit ? 'border-brand/50 bg-brand-soft text-brand' : 'border-line bg-surface text-ink'
            }`}
          >
            {atLimit ? <Lock aria-hidden="true" className="size-3.5" /> : null}
            <span className="sr-only">{t('units.counterLabel')} </span>
            {filtered.length} / {max}
            {atLimit ? <span className="sr-only">, {t('units.counterFull')}</span> : null}
          </p>
        </div>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
          />
          <input
            id={`${headingId}-filter`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('units.filterPlaceholder')}
            autoComplete="off"
            className="h-11 w-full rounded-control border border-line bg-surface pr-11 pl-9 text-base text-ink placeholder:text-ink-muted [&::-webkit-search-cancel-button]:hidden"
          />
          {query ? (
            <button
              type="button"
              onClick={() => setQuery('')}
              aria-label={t('units.clearFilter')}
              title={t('units.clearFilter')}
              className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-control text-ink-muted hover:bg-surface-muted hover:text-ink"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </div>
      </div>

      {limitShown && atLimit ? <UnitLimitNotice tier={tier} onDismiss={() => setLimitShown(false)} /> : null}
      {deleteFailed ? <Alert tone="error">{t('units.deleteFailed')}</Alert> : null}
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
          <UnitSection
            isPlayer
            units={sections.players}
            visible={visible}
            shown={sections.playersShown}
            query={trimmedQuery}
            classColors={classColors}
            deletingId={deletingId}
            onCreate={requestCreate}
            onEdit={openEdit}
            onNotes={openNotes}
            onDelete={onDelete}
          />
          <UnitSection
            isPlayer={false}
            units={sections.npcs}
            visible={visible}
            shown={sections.npcsShown}
            query={trimmedQuery}
            classColors={classColors}
            deletingId={deletingId}
            onCreate={requestCreate}
            onEdit={openEdit}
            onNotes={openNotes}
            onDelete={onDelete}
          />
        </>
      )}

      {form ? (
        <UnitFormModal
          campaign={campaign}
          tier={tier}
          unit={form.unit}
          {...(form.defaultIsPlayer === undefined ? {} : { defaultIsPlayer: form.defaultIsPlayer })}
          onClose={closeForm}
          onSaved={(saved) => {
            setAnnouncement(t(form.unit ? 'units.saved' : 'units.created', { name: saved.name }));
            closeForm();
          }}
        />
      ) : null}
      {duplicating ? (
        <DuplicateDialog
          campaignId={campaign._id}
          tier={tier}
          units={units}
          onClose={closeDuplicate}
          onDuplicated={(copy) => {
            setAnnouncement(t('units.created', { name: copy.name }));
            closeDuplicate();
          }}
        />
      ) : null}
      {notesUnit ? (
        <UnitNotesModal campaignId={campaign._id} tier={tier} unit={notesUnit} onClose={closeNotes} />
      ) : null}
      {confirm.dialog}
    </section>
  );
}
