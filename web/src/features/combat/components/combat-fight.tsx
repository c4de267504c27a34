// The fight (spec §4 "Combat", §5, §9): round and turn, the initiative order, both groups, and the
// action bar. Each change goes out at once: HP and status to the unit, the rest to the combat state.
// Handlers read the newest state through refs, so they never change and memoised rows stay put.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag, Sparkles } from 'lucide-react';
import {
  advanceTurn,
  applyAmount,
  defeatedGroup,
  isValidAmount,
  NEXT_TURN_BANNER_MS,
  selectTarget,
  type CombatGroup,
  type CombatState,
} from '@questkeeper/core/rules/combat';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { classColorsByName } from '@/lib/class-color';
import type { Campaign } from '@/lib/campaigns';
import type { FightUnitChanges } from '@/lib/combat';
import type { Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';
import { ActionBar } from './action-bar';
import { FightGroup } from './fight-group';
import { InitiativeOrder } from './initiative-order';
import { useTargetMove } from './use-target-move';

interface CombatFightProps {
  campaign: Campaign;
  unitMap: ReadonlyMap<string, Unit>;
  state: CombatState;
  /** A group has just fallen: actions wait for the end. */
  ending: boolean;
  onChange: (state: CombatState) => void;
  onUnitChange: (unit: Unit, changes: FightUnitChanges) => void;
  onDefeat: (group: CombatGroup) => void;
  onEnd: () => void;
}

export function CombatFight({
  campaign,
  unitMap,
  state,
  ending,
  onChange,
  onUnitChange,
  onDefeat,
  onEnd,
}: CombatFightProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const stateRef = useLatest(state);
  const unitsRef = useLatest(unitMap);
  const move = useTargetMove();

  // The 'next turn' banner of a new round, shown for 4 s (spec §9); a new wrap restarts it.
  const [banner, setBanner] = useState<{ round: number; at: number } | null>(null);
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), NEXT_TURN_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const classColors = useMemo(() => classColorsByName(campaign.classes), [campaign.classes]);
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
      onChange(selectTarget(now, id));
    },
    [move, onChange, stateRef],
  );

  const act = useCallback(
    (action: 'attack' | 'heal', amount: number) => {
      const now = stateRef.current;
      const unit = now.targetId ? unitsRef.current.get(now.targetId) : undefined;
      if (!unit || !isValidAmount(amount)) return;
      const currentHp = applyAmount(unit, action, amount);
      if (currentHp !== unit.currentHp) onUnitChange(unit, { currentHp });
      if (action !== 'attack') return;
      const after = new Map(unitsRef.current).set(unit._id, { ...unit, currentHp });
      const fallen = defeatedGroup(now.allies, now.enemies, after);
      if (fallen) onDefeat(fallen);
    },
    [onUnitChange, onDefeat, stateRef, unitsRef],
  );

  const nextTurn = useCallback(() => {
    const { state: next, wrapped } = advanceTurn(stateRef.current, unitsRef.current);
    onChange(next);
    if (wrapped) setBanner({ round: next.round, at: Date.now() });
  }, [onChange, stateRef, unitsRef]);

  const setAmount = useCallback(
    (amount: number) => {
      if (stateRef.current.amount !== amount) onChange({ ...stateRef.current, amount });
    },
    [onChange, stateRef],
  );
  const setStatus = useCallback(
    (unit: Unit, status: string) => onUnitChange(unit, { status }),
    [onUnitChange],
  );

  async function askEnd() {
    const ok = await confirm({
      title: t('combat.endTitle'),
      message: t('combat.endMessage'),
      confirmLabel: t('combat.end'),
    });
    if (ok) onEnd();
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
            disabled={ending}
            onSelect={select}
          />
        </div>
      </div>

      <ActionBar
        target={target}
        statuses={statuses}
        amount={state.amount}
        disabled={ending}
        onAmount={setAmount}
        onAct={act}
        onStatus={setStatus}
        onNextTurn={nextTurn}
      />
    </div>
  );
}
