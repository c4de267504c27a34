// The Encounters view of a campaign (docs/decisions/062): fights prepared before the session, listed
// with their sides, hazards and notes; created and edited in a dialog; run in one step (the combat
// view then shows the setup), which a fight in progress refuses; deleted after a confirmation, with
// Undo. The tier's limit (3/30/200) shows as "n of max", and at the limit the way up. A place in the
// URL (docs/decisions/063: "Linked from", a search result) shows that encounter and opens it.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Lock, Map as MapIcon, Plus, RotateCcw } from 'lucide-react';
import { isTopTier, TIER_LIMITS } from '@questkeeper/core/tiers';
import { spotlight } from '@/components/toast/spotlight';
import { useToast } from '@/components/toast/toast-store';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useFocusReturn } from '@/components/ui/use-focus-return';
import { useUpgrade } from '@/components/upgrade/upgrade-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useClearPlace } from '@/lib/campaign-links';
import { usePlace } from '@/lib/campaign-places';
import type { CampaignViewProps } from '@/lib/campaigns';
import {
  encounterBodyOf,
  useDeleteEncounter,
  useEncounters,
  useFight,
  useRunEncounter,
  useSaveEncounter,
  type Encounter,
} from '@/lib/encounters';
import { useUnits, type Unit } from '@/lib/units';
import { EncounterCard } from './components/encounter-card';
import { EncounterFormModal } from './components/encounter-form-modal';

const NO_ENCOUNTERS: readonly Encounter[] = [];
const NO_UNITS: readonly Unit[] = [];

type Dialog = { kind: 'form'; encounter: Encounter | null };

export default function EncountersView({ campaign, tier }: CampaignViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focus = useFocusReturn(headingRef);
  const navigate = useNavigate();
  const toast = useToast();
  const upgrade = useUpgrade();
  const confirm = useConfirm();

  const encountersQuery = useEncounters(campaign._id);
  const unitsQuery = useUnits(campaign._id);
  const fightQuery = useFight(campaign._id);
  const encounters = encountersQuery.data ?? NO_ENCOUNTERS;
  const units = unitsQuery.data ?? NO_UNITS;
  const unitsById = useMemo(() => new Map(units.map((unit) => [unit._id, unit] as const)), [units]);
  const max = TIER_LIMITS[tier].encountersPerCampaign;
  const atLimit = encounters.length >= max;
  const loaded = encountersQuery.isSuccess;

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [runFailure, setRunFailure] = useState<{ message: string; code: string } | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const run = useRunEncounter(campaign._id);
  const remove = useDeleteEncounter(campaign._id);
  const restore = useSaveEncounter(campaign._id);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const fightGoingOn = fightQuery.data?.phase === 'fight';
  const runBlocked = fightGoingOn
    ? t('encounters.runBlockedFight')
    : run.isPending
      ? t('encounters.runBlockedBusy')
      : fightQuery.isPending
        ? t('encounters.runBlockedLoading')
        : null;

  const show = useCallback((encounter: Encounter) => {
    requestAnimationFrame(() => {
      const element = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-encounter-id]') ?? [])].find(
        (item) => item.dataset.encounterId === encounter._id,
      );
      spotlight(element);
    });
  }, []);

  const open = useCallback(
    (next: Dialog) => {
      focus.remember();
      setDialog(next);
    },
    [focus],
  );
  const clearPlace = useClearPlace();
  const close = useCallback(() => {
    setDialog(null);
    focus.restore();
    clearPlace();
  }, [focus, clearPlace]);

  // The encounter a place names, once per navigation and once the list is there.
  const { item: placeItem } = usePlace();
  const { key: navigation } = useLocation();
  const [actedOn, setActedOn] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<{ encounter: Encounter } | null>(null);
  if (loaded && actedOn !== navigation) {
    setActedOn(navigation);
    const encounter = placeItem === null ? undefined : encounters.find((item) => item._id === placeItem);
    if (encounter) {
      setDialog({ kind: 'form', encounter });
      setRevealed({ encounter });
    }
  }
  useEffect(() => {
    if (revealed) show(revealed.encounter);
  }, [revealed, show]);

  const onRun = useCallback(
    async (encounter: Encounter) => {
      setRunFailure(null);
      // A setup with units in it is replaced: say so first (undo in the combat view brings it back).
      const setup = fightQuery.data;
      if (
        setup &&
        setup.allies.length + setup.enemies.length > 0 &&
        !(await confirm({
          title: t('encounters.replaceTitle'),
          message: t('encounters.replaceMessage', { name: encounter.name }),
          confirmLabel: t('encounters.replaceConfirm'),
          tone: 'primary',
        }))
      ) {
        return;
      }
      try {
        await run.mutateAsync(encounter._id);
        toast.success(t('encounters.ran', { name: encounter.name }));
        void navigate({ search: `?campaign=${encodeURIComponent(campaign._id)}&view=combat` });
      } catch (error) {
        setRunFailure({
          message: errorMessage(error),
          code: error instanceof ApiError ? error.code : 'NETWORK',
        });
        void fightQuery.refetch();
      }
    },
    [campaign._id, confirm, fightQuery, navigate, run, t, toast],
  );

  const onDelete = useCallback(
    async (encounter: Encounter) => {
      focus.remember();
      const ok = await confirm({
        title: t('encounters.deleteTitle'),
        message: t('encounters.deleteMessage', { name: encounter.name }),
        confirmLabel: t('common.delete'),
      });
      if (ok) {
        setDeleteFailure(null);
        setDeletingId(encounter._id);
        try {
          await remove.mutateAsync(encounter._id);
          toast.success(t('encounters.deleted', { name: encounter.name }), {
            action: {
              label: t('common.undo'),
              onClick: () =>
                void restore.mutateAsync(encounterBodyOf(encounter)).then(
                  (back) => {
                    toast.success(t('encounters.restored', { name: back.name }));
                    show(back);
                  },
                  (error: unknown) =>
                    toast.error(
                      t('encounters.restoreFailed', { name: encounter.name, message: errorMessage(error) }),
                    ),
                ),
            },
          });
        } catch (error) {
          setDeleteFailure(errorMessage(error));
        }
        setDeletingId(null);
      }
      focus.restore();
    },
    [confirm, focus, remove, restore, show, t, toast],
  );

  const runEncounter = useCallback((encounter: Encounter) => void onRun(encounter), [onRun]);
  const deleteEncounter = useCallback((encounter: Encounter) => void onDelete(encounter), [onDelete]);
  const editEncounter = useCallback((encounter: Encounter) => open({ kind: 'form', encounter }), [open]);

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
            <MapIcon aria-hidden="true" className="size-6 shrink-0 text-brand" />
            <span className="min-w-0">{t('encounters.heading', { campaign: campaign.name })}</span>
          </h2>
          <p className="mt-1 text-ink-muted">{t('encounters.intro')}</p>
        </div>
        <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto">
          {loaded ? (
            <p className="text-sm text-ink-muted tabular-nums">
              {t('encounters.limitCount', { count: encounters.length, max })}
            </p>
          ) : null}
          {atLimit ? null : (
            <Button
              className="flex-1 sm:flex-none"
              disabled={!loaded}
              onClick={() => open({ kind: 'form', encounter: null })}
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              {t('encounters.new')}
            </Button>
          )}
        </div>
      </header>

      {loaded && atLimit ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-card border border-line bg-brand-soft px-4 py-3"
        >
          <Lock aria-hidden="true" className="size-5 shrink-0 text-brand" />
          <p className="min-w-0 flex-1 basis-56 font-medium text-ink">
            {t('errors.ENCOUNTER_LIMIT_REACHED', { tier, limit: max })}
          </p>
          {isTopTier(tier) ? null : (
            <Button size="sm" onClick={upgrade} aria-haspopup="dialog">
              {t('encounters.upgrade')}
            </Button>
          )}
        </div>
      ) : null}

      {runFailure ? (
        <Alert tone="error">
          <p>{runFailure.message}</p>
          {runFailure.code === 'UNIT_COPIES_OVER_LIMIT' && !isTopTier(tier) ? (
            <Button size="sm" className="mt-2" onClick={upgrade} aria-haspopup="dialog">
              {t('encounters.upgrade')}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {deleteFailure ? <Alert tone="error">{deleteFailure}</Alert> : null}

      {encountersQuery.isPending ? (
        <div role="status" className="flex items-center justify-center gap-2 py-16 text-ink-muted">
          <Spinner className="size-5" />
          <span>{t('encounters.loading')}</span>
        </div>
      ) : encountersQuery.isError ? (
        <Alert tone="error">
          <p>{t('encounters.loadError')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            loading={encountersQuery.isFetching}
            onClick={() => void encountersQuery.refetch()}
            icon={<RotateCcw aria-hidden="true" className="size-4" />}
          >
            {t('units.retry')}
          </Button>
        </Alert>
      ) : encounters.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-line bg-surface px-4 py-10 text-center">
          <MapIcon aria-hidden="true" className="size-8 text-gold" />
          <p className="text-lg font-semibold">{t('encounters.emptyTitle')}</p>
          <p className="max-w-xl text-ink-muted">{t('encounters.emptyText')}</p>
          {atLimit ? null : (
            <Button
              variant="secondary"
              onClick={() => open({ kind: 'form', encounter: null })}
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              {t('encounters.createFirst')}
            </Button>
          )}
        </div>
      ) : (
        <ul ref={listRef} aria-labelledby={headingId} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {encounters.map((encounter) => (
            <EncounterCard
              key={encounter._id}
              encounter={encounter}
              units={unitsById}
              runBlocked={run.isPending && run.variables === encounter._id ? null : runBlocked}
              running={run.isPending && run.variables === encounter._id}
              deleting={deletingId === encounter._id}
              onRun={runEncounter}
              onEdit={editEncounter}
              onDelete={deleteEncounter}
            />
          ))}
        </ul>
      )}

      {dialog ? (
        <EncounterFormModal
          campaignId={campaign._id}
          tier={tier}
          encounter={dialog.encounter}
          units={units}
          onClose={close}
          onSaved={(saved) => {
            toast.success(
              t(dialog.encounter ? 'encounters.saved' : 'encounters.created', { name: saved.name }),
            );
            close();
            show(saved);
          }}
        />
      ) : null}
      {confirm.dialog}
    </section>
  );
}
