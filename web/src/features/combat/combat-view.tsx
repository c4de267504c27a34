// The combat simulator of a campaign (spec §2, §4 "Combat", §5, §9; issue #6; decision 015). Setup
// (who fights on each side, the initiative rule) or the fight itself, from the combat state saved on
// the server (GET/PUT /api/combat), so a reload or another device resumes it. Every change is shown
// at once and saved behind the screen (lib/combat.ts). The end of a fight lives here, not in the
// fight screen: its alert outlives the fight it announces.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RotateCcw, Swords } from 'lucide-react';
import { COMBAT_END_ALERT_MS, endedCombat, type CombatGroup } from '@questkeeper/core/rules/combat';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import type { CampaignViewProps } from '@/lib/campaigns';
import { useCombat, useFightUnitChange } from '@/lib/combat';
import { useUnits, type Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';
import { CombatFight } from './components/combat-fight';
import { CombatSetup } from './components/combat-setup';

const NO_UNITS: readonly Unit[] = [];

export default function CombatView({ campaign, tier }: CampaignViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const unitsQuery = useUnits(campaign._id);
  const combat = useCombat(campaign._id);
  const unitChange = useFightUnitChange(campaign._id);
  const [, setParams] = useSearchParams();
  const units = unitsQuery.data ?? NO_UNITS;
  const unitMap = useMemo(() => new Map(units.map((unit) => [unit._id, unit] as const)), [units]);
  const state = combat.query.data;
  const { change } = combat;

  const goToUnits = useCallback(
    () =>
      setParams((params) => {
        const next = new URLSearchParams(params);
        next.set('view', 'units');
        return next;
      }),
    [setParams],
  );

  // A blow that leaves a group standing nobody: about a second later the fight ends and says so.
  const [ending, setEnding] = useState<CombatGroup | null>(null);
  const [ended, setEnded] = useState<CombatGroup | null>(null);
  const endTimer = useRef<number | undefined>(undefined);
  const finish = useCallback(
    (group: CombatGroup) => {
      endTimer.current = undefined;
      change(endedCombat());
      setEnding(null);
      setEnded(group);
    },
    [change],
  );
  const onDefeat = useCallback(
    (group: CombatGroup) => {
      if (endTimer.current !== undefined) return;
      setEnding(group);
      endTimer.current = window.setTimeout(() => finish(group), COMBAT_END_ALERT_MS);
    },
    [finish],
  );
  // Leaving the view within that second still ends the fight.
  const endingRef = useLatest(ending);
  useEffect(
    () => () => {
      if (endTimer.current === undefined) return;
      window.clearTimeout(endTimer.current);
      if (endingRef.current) change(endedCombat());
    },
    [change, endingRef],
  );

  const endNow = useCallback(() => {
    change(endedCombat());
    goToUnits();
  }, [change, goToUnits]);

  const unitSaveError = unitChange.saveError;
  const failedUnit = unitSaveError ? unitMap.get(unitSaveError.unitId) : undefined;

  return (
    <section aria-labelledby={headingId} className="mx-auto flex w-full max-w-7xl flex-col gap-5">
      <header className="min-w-0">
        <h2 id={headingId} className="flex items-center gap-2 text-2xl font-semibold break-words">
          <Swords aria-hidden="true" className="size-6 shrink-0 text-brand" />
          <span className="min-w-0">{t('combat.heading', { campaign: campaign.name })}</span>
        </h2>
        {state?.phase !== 'fight' ? <p className="mt-1 text-ink-muted">{t('combat.setupIntro')}</p> : null}
      </header>

      {combat.saveError ? (
        <SaveProblem
          message={t('combat.saveError', { message: errorMessage(combat.saveError) })}
          onDismiss={combat.dismissSaveError}
        />
      ) : null}
      {unitSaveError ? (
        <SaveProblem
          message={t('combat.unitSaveError', {
            name: failedUnit?.name ?? '',
            message: errorMessage(unitSaveError.error),
          })}
          onDismiss={unitChange.dismissSaveError}
        />
      ) : null}

      {combat.query.isError || unitsQuery.isError ? (
        <Alert tone="error">
          <p>{t('combat.loadError')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            icon={<RotateCcw aria-hidden="true" className="size-4" />}
            onClick={() => {
              void combat.query.refetch();
              void unitsQuery.refetch();
            }}
          >
            {t('combat.retry')}
          </Button>
        </Alert>
      ) : !state || !unitsQuery.isSuccess ? (
        <div role="status" className="flex h-60 items-center justify-center gap-2 text-ink-muted">
          <Spinner className="size-6" />
          <span>{t('combat.loading')}</span>
        </div>
      ) : state.phase === 'setup' ? (
        <CombatSetup
          campaign={campaign}
          tier={tier}
          units={units}
          unitMap={unitMap}
          state={state}
          onChange={change}
          onGoToUnits={goToUnits}
        />
      ) : (
        <CombatFight
          campaign={campaign}
          unitMap={unitMap}
          state={state}
          ending={ending !== null}
          onChange={change}
          onUnitChange={unitChange.change}
          onDefeat={onDefeat}
          onEnd={endNow}
        />
      )}

      <Modal
        open={ended !== null}
        size="sm"
        title={t('combat.ended')}
        onClose={() => setEnded(null)}
        footer={
          <Button
            data-autofocus
            onClick={() => {
              setEnded(null);
              goToUnits();
            }}
          >
            {t('combat.backToUnits')}
          </Button>
        }
      >
        <p>{ended === 'allies' ? t('combat.endedAllies') : t('combat.endedEnemies')}</p>
      </Modal>
    </section>
  );
}

function SaveProblem({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>{message}</p>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {t('combat.dismiss')}
        </Button>
      </div>
    </Alert>
  );
}
