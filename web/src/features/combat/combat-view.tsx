// The combat simulator of a campaign (docs/product.md#screens, #combat, #combat-amounts, #limits;
// docs/decisions/015, docs/decisions/021; decisions 015, 021, 022). Setup or the fight, from the fight the
// server holds: every change is one action (lib/combat.ts) with the version last seen, undo and redo
// included, so two devices never overwrite each other and a second device follows within a second. The end of
// a fight lives here: the server ends it in the blow's own action, and this view keeps the last picture of
// the fight on screen for a second before saying so (decision 015's delay).
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RotateCcw, Swords } from 'lucide-react';
import { COMBAT_END_ALERT_MS, type CombatGroup } from '@questkeeper/core/combat/combat';
import type { CombatSummary } from '@questkeeper/core/schemas/combat';
import { effectiveInitiativeRule } from '@questkeeper/core/combat/combat';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import type { CampaignViewProps } from '@/lib/campaigns';
import { predictAction, useCombat, type CombatAction, type Fight, type PredictionRules } from './api/combat';
import { useUnits, type Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';
import { CombatFight } from './components/combat-fight';
import { CombatLog } from './components/combat-log';
import { FightSummary } from './components/fight-summary';
import { CombatSetup } from './components/combat-setup';
import { UndoRedo } from './components/undo-redo';
import { SharePanel } from './components/share-panel';
import { PlayerRequestsPanel } from './components/player-requests-panel';
import { FailureNotice } from './components/failure-notice';

const NO_UNITS: readonly Unit[] = [];

export default function CombatView({ campaign, tier }: CampaignViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const unitsQuery = useUnits(campaign._id);
  const combat = useCombat(campaign._id);
  const [, setParams] = useSearchParams();
  const units = unitsQuery.data ?? NO_UNITS;
  const unitMap = useMemo(() => new Map(units.map((unit) => [unit._id, unit] as const)), [units]);
  const fight = combat.query.data;
  // What the share panel's settings list: the fight's units by name. A blow changes HP, not this
  // list, so the panel keeps the same one (it is memoised) unless a unit joins, leaves or is renamed.
  const roster = useMemo(
    () =>
      [...(fight?.allies ?? []), ...(fight?.enemies ?? [])].flatMap((id) => {
        const unit = unitMap.get(id);
        return unit ? [{ _id: id, name: unit.name }] : [];
      }),
    [fight?.allies, fight?.enemies, unitMap],
  );
  const rosterKey = roster.map((unit) => `${unit._id}\n${unit.name}`).join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new list only when the key changes
  const fightUnits = useMemo(() => roster, [rosterKey]);

  const rules = useMemo<PredictionRules>(
    () => ({
      statuses: campaign.statuses,
      initiativeRule: effectiveInitiativeRule(tier, campaign.initiativeRule),
      initiativeCharacteristic: campaign.initiativeCaracName,
      initiativeModifier: campaign.initiativeModifier,
    }),
    [
      campaign.statuses,
      campaign.initiativeRule,
      campaign.initiativeCaracName,
      campaign.initiativeModifier,
      tier,
    ],
  );

  const goToUnits = useCallback(
    () =>
      setParams((params) => {
        const next = new URLSearchParams(params);
        next.set('view', 'units');
        return next;
      }),
    [setParams],
  );

  // Read through a ref: `act` stays the same function, so memoised setup rows stay put.
  const fightRef = useLatest(fight);

  // The blow that felled a side ended the fight on the server: its last picture stays a second.
  const [ending, setEnding] = useState<{ group: CombatGroup; fight: Fight } | null>(null);
  // The fight's end, and its summary (the server's, from the whole log; null group: ended with End
  // combat).
  const [ended, setEnded] = useState<{ group: CombatGroup | null; summary: CombatSummary | null } | null>(
    null,
  );
  useEffect(() => {
    if (!ending) return;
    const timer = window.setTimeout(() => {
      setEnded({ group: ending.group, summary: fightRef.current?.summary ?? null });
      setEnding(null);
    }, COMBAT_END_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [ending, fightRef]);

  const { act: send } = combat;
  const act = useCallback(
    async (action: CombatAction) => {
      const before = fightRef.current;
      const answer = await send(action, predictAction(action, rules));
      const defeated = answer?.entries.find((entry) => entry.defeated !== null)?.defeated;
      if (answer && defeated && before?.phase === 'fight') {
        // What the blow did, shown as the fight it ended: the target's HP come from the units.
        const target = 'targetId' in action ? action.targetId : null;
        setEnding({ group: defeated, fight: { ...before, targetId: target ?? before.targetId, amount: 0 } });
      }
      return answer;
    },
    [send, rules, fightRef],
  );

  const endNow = useCallback(async () => {
    const answer = await act({ type: 'end' });
    if (answer) setEnded({ group: null, summary: answer.combat.summary });
  }, [act]);

  const { undo: sendUndo, redo: sendRedo } = combat;
  const undo = useCallback(() => void sendUndo(), [sendUndo]);
  const redo = useCallback(() => void sendRedo(), [sendRedo]);

  const shown = ending?.fight ?? fight;
  const notice = combat.notice;
  // Retry: the very action that failed, at the fight's newest version; the fight view
  // hears of it (`retried`) so the amount it kept for that blow goes once the blow is applied.
  const failed = notice?.action ?? null;
  const [retrying, setRetrying] = useState(false);
  const [retried, setRetried] = useState<CombatAction | null>(null);
  const retry = useCallback(async () => {
    if (!failed) return;
    setRetrying(true);
    const answer = await act(failed);
    setRetrying(false);
    if (answer) setRetried(failed);
  }, [act, failed]);

  return (
    <section aria-labelledby={headingId} className="mx-auto flex w-full max-w-7xl flex-col gap-5">
      <header className="flex min-w-0 flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="flex items-center gap-2 text-2xl font-semibold break-words">
            <Swords aria-hidden="true" className="size-6 shrink-0 text-brand" />
            <span className="min-w-0">{t('combat.heading', { campaign: campaign.name })}</span>
          </h2>
          {shown?.phase !== 'fight' ? <p className="mt-1 text-ink-muted">{t('combat.setupIntro')}</p> : null}
        </div>
        {fight ? (
          <UndoRedo
            canUndo={fight.canUndo && ending === null}
            canRedo={fight.canRedo && ending === null}
            onUndo={undo}
            onRedo={redo}
          />
        ) : null}
      </header>

      {/* The live player view (docs/decisions/028): its link and what players see of the fight's units. */}
      <SharePanel campaignId={campaign._id} units={fightUnits} />

      {/* Players' requests from their phones (docs/product.md#players-take-part). */}
      <PlayerRequestsPanel campaignId={campaign._id} version={fight?.version} />

      <FailureNotice
        notice={notice}
        offline={combat.offline}
        retrying={retrying}
        onRetry={() => void retry()}
        onDismiss={combat.dismissNotice}
      />

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
      ) : !shown || !unitsQuery.isSuccess ? (
        <div role="status" className="flex h-60 items-center justify-center gap-2 text-ink-muted">
          <Spinner className="size-6" />
          <span>{t('combat.loading')}</span>
        </div>
      ) : shown.phase === 'setup' ? (
        <CombatSetup
          campaign={campaign}
          tier={tier}
          units={units}
          unitMap={unitMap}
          state={shown}
          onAct={act}
          onGoToUnits={goToUnits}
        />
      ) : (
        <CombatFight
          campaign={campaign}
          tier={tier}
          units={units}
          unitMap={unitMap}
          fight={shown}
          ending={ending !== null}
          retried={retried}
          onAct={act}
          onEnd={endNow}
        />
      )}

      {fight && shown && unitsQuery.isSuccess ? (
        <CombatLog
          campaignId={campaign._id}
          log={fight.log}
          logBefore={fight.logBefore}
          logUndoneFrom={fight.logUndoneFrom}
          total={fight.logTotal}
        />
      ) : null}

      <Modal
        open={ended !== null}
        size="lg"
        title={ended?.group ? t('combat.ended') : t('combat.summary.titleEnded')}
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
        {ended?.group ? (
          <p className="mb-4">
            {ended.group === 'allies' ? t('combat.endedAllies') : t('combat.endedEnemies')}
          </p>
        ) : null}
        {ended?.summary ? <FightSummary summary={ended.summary} /> : null}
      </Modal>
    </section>
  );
}
