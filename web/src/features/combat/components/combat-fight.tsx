// The fight (spec §4 "Combat", §5, §9; issue #14): round and turn, the initiative order, both groups,
// and the action bar. Every blow, heal, status and next turn is one action on the server's fight;
// picking a target is this screen's own until a blow sends it (the server moves the target to the
// end of its group then, as the screen already shows). Handlers read the newest fight through refs,
// so they never change and memoised rows stay put.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag, Sparkles } from 'lucide-react';
import { NEXT_TURN_BANNER_MS, selectTarget, type CombatState } from '@questkeeper/core/rules/combat';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { classColorsByName } from '@/lib/class-color';
import type { Campaign } from '@/lib/campaigns';
import type { CombatAction, Fight } from '@/lib/combat';
import type { CombatActionResponse } from '@questkeeper/core/schemas/combat';
import type { Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';
import { ActionBar, type AmountAction } from './action-bar';
import { ConditionDialog } from './condition-dialog';
import { FightGroup } from './fight-group';
import { InitiativeOrder } from './initiative-order';
import { useTargetMove } from './use-target-move';

interface CombatFightProps {
  campaign: Campaign;
  unitMap: ReadonlyMap<string, Unit>;
  fight: Fight;
  /** A group has just fallen: actions wait for the end. */
  ending: boolean;
  onAct: (action: CombatAction) => Promise<CombatActionResponse | null>;
  onEnd: () => void | Promise<void>;
}

export function CombatFight({ campaign, unitMap, fight, ending, onAct, onEnd }: CombatFightProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const move = useTargetMove();

  // The target picked on this screen holds for the turn it was picked in; the rows it moved stay
  // moved while the view is open (only a blow sends a target, and its move, to the server).
  const turn = `${fight.round}:${fight.turnIndex}`;
  const [picked, setPicked] = useState<{ id: string; turn: string } | null>(null);
  const [moves, setMoves] = useState<readonly string[]>([]);
  const pickedId = picked?.turn === turn ? picked.id : null;
  const state = useMemo(() => {
    let next: CombatState = fight;
    for (const id of moves) next = selectTarget(next, id);
    return { ...fight, ...next, targetId: pickedId ?? fight.targetId };
  }, [fight, moves, pickedId]);
  const stateRef = useLatest(state);
  const turnRef = useLatest(turn);

  // The amount (decisions.md turn-2): empty at first, cleared after a blow and after Next turn.
  const [amount, setAmount] = useState('');

  // The 'next turn' banner of a new round, shown for 4 s (spec §9); a new wrap restarts it.
  const [banner, setBanner] = useState<{ round: number; at: number } | null>(null);
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), NEXT_TURN_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const classColors = useMemo(() => classColorsByName(campaign.classes), [campaign.classes]);
  const notes = useMemo(
    () => new Map(campaign.statuses.map((item) => [item._id, item.note] as const)),
    [campaign.statuses],
  );
  const [conditionsOf, setConditionsOf] = useState<string | null>(null);
  const conditionUnit = conditionsOf ? unitMap.get(conditionsOf) : undefined;
  const fighters = useMemo(
    () => state.order.flatMap((entry) => unitMap.get(entry.unitId) ?? []),
    [state.order, unitMap],
  );
  const statuses = useMemo(() => campaign.statuses.map((item) => item.name), [campaign.statuses]);
  const allies = useMemo(() => new Set(state.allies), [state.allies]);
  const currentId = state.order[state.turnIndex]?.unitId;
  const current = currentId ? unitMap.get(currentId) : undefined;
  const target = state.targetId ? unitMap.get(state.targetId) : undefined;

  const select = useCallback(
    (id: string) => {
      const now = stateRef.current;
      if (move.busy() || now.targetId === id) return;
      const group = now.allies.includes(id) ? now.allies : now.enemies;
      if (group[group.length - 1] !== id) move.start(id);
      setPicked({ id, turn: turnRef.current });
      setMoves((list) => [...list.filter((item) => item !== id), id]);
    },
    [move, stateRef, turnRef],
  );

  const act = useCallback(
    (type: AmountAction, value: string) => {
      const targetId = stateRef.current.targetId;
      if (!targetId) return;
      setAmount('');
      const trimmed = value.trim();
      void onAct({ type, targetId, amount: /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed });
    },
    [onAct, stateRef],
  );

  const nextTurn = useCallback(async () => {
    setAmount('');
    setPicked(null);
    const answer = await onAct({ type: 'nextTurn' });
    const wrapped = answer?.entries.find((entry) => entry.type === 'nextTurn' && entry.wrapped);
    if (wrapped) setBanner({ round: wrapped.round, at: Date.now() });
  }, [onAct]);

  const setStatus = useCallback(
    (unit: Unit, status: string) => void onAct({ type: 'setStatus', unitId: unit._id, status }),
    [onAct],
  );

  async function askEnd() {
    const ok = await confirm({
      title: t('combat.endTitle'),
      message: t('combat.endMessage'),
      confirmLabel: t('combat.end'),
    });
    if (ok) await onEnd();
  }

  return (
    <div className="flex flex-col gap-4">
      {confirm.dialog}
      <div role="status" className="pointer-events-none fixed inset-x-0 top-28 z-30 flex justify-center px-4">
        {banner ? (
          <p
            key={banner.at}
            className="flex items-center gap-2 rounded-full border border-brand bg-surface px-5 py-2.5 font-display text-lg font-semibold text-ink shadow-card"
          >
            <Sparkles aria-hidden="true" className="size-5 text-brand" />
            {t('combat.banner', { round: banner.round })}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface px-4 py-3 shadow-card">
        <p className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="rounded-full bg-brand-soft px-3 py-0.5 text-sm font-semibold text-brand">
            {t('combat.round', { round: state.round })}
          </span>
          <span className="min-w-0 font-display text-xl font-semibold break-words">
            {current ? t('combat.turnOf', { name: current.name }) : null}
          </span>
        </p>
        <Button
          variant="secondary"
          onClick={() => void askEnd()}
          disabled={ending}
          icon={<Flag aria-hidden="true" className="size-4" />}
        >
          {t('combat.end')}
        </Button>
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(14rem,18rem)_minmax(0,1fr)]">
        <InitiativeOrder order={state.order} turnIndex={state.turnIndex} unitMap={unitMap} allies={allies} />
        <div className="grid min-w-0 gap-4 md:grid-cols-2">
          <FightGroup
            group="allies"
            ids={state.allies}
            unitMap={unitMap}
            targetId={state.targetId}
            currentId={currentId}
            classColors={classColors}
            conditions={state.conditions}
            notes={notes}
            disabled={ending}
            onSelect={select}
          />
          <FightGroup
            group="enemies"
            ids={state.enemies}
            unitMap={unitMap}
            targetId={state.targetId}
            currentId={currentId}
            classColors={classColors}
            conditions={state.conditions}
            notes={notes}
            disabled={ending}
            onSelect={select}
          />
        </div>
      </div>

      <ActionBar
        target={target}
        statuses={statuses}
        amount={amount}
        disabled={ending}
        onAmount={setAmount}
        onAct={act}
        onStatus={setStatus}
        onConditions={setConditionsOf}
        onNextTurn={() => void nextTurn()}
      />
      {conditionUnit ? (
        <ConditionDialog
          unit={conditionUnit}
          conditions={state.conditions[conditionUnit._id] ?? []}
          statuses={campaign.statuses}
          fighters={fighters}
          onAct={(action) => void onAct(action)}
          onClose={() => setConditionsOf(null)}
        />
      ) : null}
    </div>
  );
}
