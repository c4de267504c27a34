// The fight (spec §4 "Combat", §5, §9; issue #14): round and turn, the initiative order, both groups,
// and the action bar. Every blow, heal, status and next turn is one action on the server's fight;
// picking a target is this screen's own until a blow sends it (the server moves the target to the
// end of its group then, as the screen already shows). Handlers read the newest fight through refs,
// so they never change and memoised rows stay put. Issue #16: each row's quick field, keyboard
// shortcuts (? lists them), area blows (Shift-click more targets), reinforcements, copies, the order
// fixed by hand, and a word when a heal meets a unit at full HP.
import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag, Keyboard, ListOrdered, Sparkles, UserPlus } from 'lucide-react';
import {
  availableForSetup,
  NEXT_TURN_BANNER_MS,
  selectTarget,
  type CombatState,
} from '@questkeeper/core/combat/combat';
import type { Tier } from '@questkeeper/core/tiers';
import { useToast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { classColorsByName } from '@/lib/class-color';
import type { Campaign } from '@/lib/campaigns';
import type { CombatAction, Fight } from '../api/combat';
import type { CombatActionResponse } from '@questkeeper/core/schemas/combat';
import type { Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';
import { ActionBar, type AmountAction } from './action-bar';
import { parseQuick } from './amount-check';
import { ConditionDialog } from './condition-dialog';
import { FightGroup } from './fight-group';
import { ShortcutsDialog, useFightShortcuts } from './fight-shortcuts';
import { InitiativeOrder } from './initiative-order';
import { ReinforceDialog, type Reinforcement } from './reinforce-dialog';
import { useSpawnCopies } from './use-spawn-copies';
import { useTargetMove } from './use-target-move';
import { useAmountKeys, type Missing } from './use-amount-keys';

const NO_IDS: ReadonlySet<string> = new Set();

interface CombatFightProps {
  campaign: Campaign;
  tier: Tier;
  /** Every unit of the campaign (reinforcements and copies come from them). */
  units: readonly Unit[];
  unitMap: ReadonlyMap<string, Unit>;
  fight: Fight;
  /** A group has just fallen: actions wait for the end. */
  ending: boolean;
  /** An action the failure notice's Retry applied (issue #29): the amount kept for it goes. */
  retried?: CombatAction | null;
  onAct: (action: CombatAction) => Promise<CombatActionResponse | null>;
  onEnd: () => void | Promise<void>;
}

export function CombatFight({
  campaign,
  tier,
  units,
  unitMap,
  fight,
  ending,
  retried = null,
  onAct,
  onEnd,
}: CombatFightProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const toast = useToast();
  const move = useTargetMove();
  const amountRef = useRef<HTMLInputElement>(null);
  const orderRef = useRef<HTMLElement>(null);
  const [help, setHelp] = useState(false);
  const [reinforcing, setReinforcing] = useState(false);
  const spawn = useSpawnCopies({ campaignId: campaign._id, tier, units, onAct });

  // The target picked on this screen holds for the turn it was picked in; the rows it moved stay
  // moved while the view is open (only a blow sends a target, and its move, to the server).
  const turn = `${fight.round}:${fight.turnIndex}`;
  const [picked, setPicked] = useState<{ id: string; turn: string } | null>(null);
  const [moves, setMoves] = useState<readonly string[]>([]);
  const pickedId = picked?.turn === turn ? picked.id : null;
  // More targets of the next blow (area damage), for the turn they were picked in.
  const [extra, setExtra] = useState<{ ids: ReadonlySet<string>; turn: string } | null>(null);
  const extraIds = extra?.turn === turn ? extra.ids : NO_IDS;
  const extraRef = useLatest(extraIds);
  const state = useMemo(() => {
    let next: CombatState = fight;
    for (const id of moves) next = selectTarget(next, id);
    return { ...fight, ...next, targetId: pickedId ?? fight.targetId };
  }, [fight, moves, pickedId]);
  const stateRef = useLatest(state);
  const turnRef = useLatest(turn);

  // The amount (decisions.md turn-2): empty at first, cleared after a blow and after Next turn.
  const [amount, setAmount] = useState('');
  const amountTextRef = useLatest(amount);
  // What Enter lacked (issue #29: "Pick a target first"), while the amount and target stay as they were.
  const [missing, setMissing] = useState<{ kind: Missing; amount: string; targetId: string | null } | null>(
    null,
  );
  // A blow that failed, with the text kept for it (issue #29): Retry applying it clears that text.
  const kept = useRef<{ action: CombatAction; text: string } | null>(null);
  // Who deals the blows (issue #29): the unit whose turn it is unless the GM picks another unit or no
  // one, for the turn it was picked in (Next turn resets it).
  const [chosenSource, setChosenSource] = useState<{ id: string | null; turn: string } | null>(null);

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
  const chosen = chosenSource?.turn === turn ? chosenSource.id : undefined;
  const sourceId =
    chosen === null || (chosen !== undefined && state.order.some((entry) => entry.unitId === chosen))
      ? chosen
      : (currentId ?? null);
  const sourceRef = useLatest(sourceId);
  const chooseSource = useCallback(
    (id: string | null) => setChosenSource({ id, turn: turnRef.current }),
    [turnRef],
  );
  const missingNow =
    missing && missing.amount === amount && missing.targetId === state.targetId ? missing.kind : null;

  const select = useCallback(
    function pick(id: string, additive: boolean) {
      const now = stateRef.current;
      if (additive && now.targetId && now.targetId !== id) {
        // One more target of the same blow (or one less): the rows stay where they are.
        setExtra((current) => {
          const ids = new Set(current?.turn === turnRef.current ? current.ids : []);
          if (ids.has(id)) ids.delete(id);
          else ids.add(id);
          return { ids, turn: turnRef.current };
        });
        return;
      }
      setExtra(null);
      // A pick during the glide counts when it ends (issue #29), never dropped.
      if (move.busy()) return move.afterGlide(() => pick(id, additive));
      if (now.targetId === id) return;
      const group = now.allies.includes(id) ? now.allies : now.enemies;
      move.start(id, group[group.length - 1] !== id);
      setPicked({ id, turn: turnRef.current });
      setMoves((list) => [...list.filter((item) => item !== id), id]);
    },
    [move, stateRef, turnRef],
  );

  /**
   * A blow or a heal; a heal that meets a unit at full HP says so (nothing to heal). One that fails
   * puts its amount back in the bar, on its target (issue #29), unless the GM typed something since.
   */
  const blow = useCallback(
    async (action: Extract<CombatAction, { type: AmountAction }>, text: string) => {
      const sentIn = turnRef.current;
      const answer = await onAct(action);
      if (!answer) {
        kept.current = { action, text };
        setAmount((now) => (now === '' ? text : now));
        if (turnRef.current === sentIn) setPicked({ id: action.targetId, turn: sentIn });
        return;
      }
      if (action.type !== 'heal') return;
      for (const entry of answer.entries) {
        if (entry.type === 'heal' && entry.hpBefore !== null && entry.hpBefore === entry.hpAfter) {
          toast.info(t('combat.fast.healFull', { name: entry.target?.name ?? '' }));
        }
      }
    },
    [onAct, t, toast, turnRef],
  );

  // Retry applied a kept blow: its text leaves the bar (unless the GM typed something else since).
  useEffect(() => {
    const item = kept.current;
    if (!retried || item?.action !== retried) return;
    kept.current = null;
    setAmount((now) => (now === item.text ? '' : now));
  }, [retried]);

  /** Attack or Heal, whatever the sign typed (issue #29: the buttons do what they say). */
  const act = useCallback(
    (type: AmountAction, value: string) => {
      const targetId = stateRef.current.targetId;
      const typed = parseQuick(value);
      if (!targetId || !typed.ok) return;
      setAmount('');
      const others = [...extraRef.current].filter((id) => id !== targetId);
      setExtra(null);
      void blow(
        {
          type,
          targetId,
          amount: typed.amount,
          sourceId: sourceRef.current,
          ...(others.length > 0 ? { targetIds: others } : {}),
        },
        value,
      );
    },
    [blow, stateRef, extraRef, sourceRef],
  );

  /** Enter, in the amount or with no field focused: what the sign says, or what is missing. */
  const enter = useCallback(() => {
    const text = amountTextRef.current;
    const targetId = stateRef.current.targetId;
    const typed = parseQuick(text);
    if (targetId && typed.ok) {
      setMissing(null);
      act(typed.type, text);
      return;
    }
    if (!targetId) setMissing({ kind: 'target', amount: text, targetId });
    else if (!typed.ok && typed.problem === null) setMissing({ kind: 'amount', amount: text, targetId });
    if (targetId) amountRef.current?.focus();
  }, [act, amountTextRef, stateRef]);

  // A row's quick field: that unit is the target of this one blow.
  const quick = useCallback(
    (targetId: string, type: AmountAction, value: number | string) => {
      void blow(
        { type, targetId, amount: value, sourceId: sourceRef.current },
        `${type === 'heal' ? '+' : ''}${value}`,
      );
    },
    [blow, sourceRef],
  );

  const nextTurn = useCallback(async () => {
    setAmount('');
    setPicked(null);
    setExtra(null);
    const answer = await onAct({ type: 'nextTurn' });
    const wrapped = answer?.entries.find((entry) => entry.type === 'nextTurn' && entry.wrapped);
    if (wrapped) setBanner({ round: wrapped.round, at: Date.now() });
  }, [onAct]);

  const nextTurnClick = useCallback(() => void nextTurn(), [nextTurn]);

  const setStatus = useCallback(
    (unit: Unit, status: string) => void onAct({ type: 'setStatus', unitId: unit._id, status }),
    [onAct],
  );

  const reorder = useCallback(
    (unitId: string, toIndex: number) => void onAct({ type: 'reorder', unitId, toIndex }),
    [onAct],
  );

  const reinforce = ({ unitId, group, initiative }: Reinforcement) => {
    setReinforcing(false);
    void onAct({ type: 'add', unitId, group, ...(initiative === undefined ? {} : { initiative }) }).then(
      (answer) => {
        const name = unitMap.get(unitId)?.name;
        if (answer && name) toast.success(t('combat.fast.reinforce.added', { name }));
      },
    );
  };
  const available = useMemo(
    () => availableForSetup(units, state.allies, state.enemies),
    [units, state.allies, state.enemies],
  );

  // Keyboard shortcuts (fight-shortcuts.tsx); Undo and Redo are the view's (undo-redo.tsx).
  const focusAmount = (typed?: string) => {
    if (typed !== undefined) setAmount(typed);
    amountRef.current?.focus();
  };
  const fromKeys = (type: AmountAction) => {
    if (stateRef.current.targetId && parseQuick(amountTextRef.current).ok) act(type, amountTextRef.current);
    else focusAmount();
  };
  // `+` and `-` start the amount as a digit does; Enter with no field focused (issue #29).
  useAmountKeys({ onSign: focusAmount, onEnter: enter }, !ending);
  useFightShortcuts(
    {
      onNextTurn: () => void nextTurn(),
      onFocusAmount: focusAmount,
      onAttack: () => fromKeys('attack'),
      onHeal: () => fromKeys('heal'),
      onHelp: () => setHelp(true),
    },
    !ending,
  );

  const askEnd = useCallback(async () => {
    const ok = await confirm({
      title: t('combat.endTitle'),
      message: t('combat.endMessage'),
      confirmLabel: t('combat.end'),
    });
    if (ok) await onEnd();
  }, [confirm, t, onEnd]);
  const openReinforce = useCallback(() => setReinforcing(true), []);
  const openHelp = useCallback(() => setHelp(true), []);

  return (
    <div className="flex flex-col gap-4">
      {confirm.dialog}
      <FightBar
        round={state.round}
        current={current?.name}
        banner={banner?.round ?? null}
        bannerKey={banner?.at ?? 0}
        ending={ending}
        orderRef={orderRef}
        onReinforce={openReinforce}
        onHelp={openHelp}
        onEnd={askEnd}
      />

      <div className="grid gap-4 lg:grid-cols-[minmax(14rem,18rem)_minmax(0,1fr)]">
        <InitiativeOrder
          order={state.order}
          turnIndex={state.turnIndex}
          unitMap={unitMap}
          allies={allies}
          onReorder={ending ? undefined : reorder}
          sectionRef={orderRef}
        />
        <div className="grid min-w-0 gap-4 md:grid-cols-2">
          <FightGroup
            group="allies"
            ids={state.allies}
            unitMap={unitMap}
            targetId={state.targetId}
            extraIds={extraIds}
            currentId={currentId}
            classColors={classColors}
            conditions={state.conditions}
            notes={notes}
            disabled={ending}
            onSelect={select}
            onQuick={quick}
          />
          <FightGroup
            group="enemies"
            ids={state.enemies}
            unitMap={unitMap}
            targetId={state.targetId}
            extraIds={extraIds}
            currentId={currentId}
            classColors={classColors}
            conditions={state.conditions}
            notes={notes}
            disabled={ending}
            onSelect={select}
            onQuick={quick}
          />
        </div>
      </div>

      {/* Stuck to the bottom: toasts and a gliding target keep clear of it (lib/bottom-bar.ts). */}
      <div data-bottom-bar="" className="contents">
        <ActionBar
          target={target}
          extraTargets={[...extraIds].filter((id) => id !== state.targetId).length}
          amountRef={amountRef}
          statuses={statuses}
          amount={amount}
          disabled={ending}
          sources={fighters}
          sourceId={sourceId}
          missing={missingNow}
          onSource={chooseSource}
          onEnter={enter}
          onAmount={setAmount}
          onAct={act}
          onStatus={setStatus}
          onConditions={setConditionsOf}
          onNextTurn={nextTurnClick}
        />
      </div>
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
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
      {reinforcing ? (
        <ReinforceDialog
          units={available}
          fighting={fighters}
          allyIds={allies}
          onAdd={reinforce}
          onCopies={
            spawn.canCopy
              ? (unit, group) => {
                  setReinforcing(false);
                  spawn.open(unit, group);
                }
              : undefined
          }
          onClose={() => setReinforcing(false)}
        />
      ) : null}
      {spawn.dialog}
    </div>
  );
}

/** Round, whose turn, the bar's buttons and the new round's banner; memoised (a blow changes none). */
const FightBar = memo(function FightBar({
  round,
  current,
  banner,
  bannerKey,
  ending,
  orderRef,
  onReinforce,
  onHelp,
  onEnd,
}: {
  round: number;
  /** The name of the unit whose turn it is. */
  current: string | undefined;
  /** The round the banner announces; null: no banner. */
  banner: number | null;
  bannerKey: number;
  ending: boolean;
  orderRef: RefObject<HTMLElement | null>;
  onReinforce: () => void;
  onHelp: () => void;
  onEnd: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface px-4 py-3 shadow-card">
      <p className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="rounded-full bg-brand-soft px-3 py-0.5 text-sm font-semibold text-brand">
          {t('combat.round', { round })}
        </span>
        <span className="min-w-0 font-display text-xl font-semibold break-words">
          {current !== undefined ? t('combat.turnOf', { name: current }) : null}
        </span>
      </p>
      <div className="flex flex-wrap gap-2 max-sm:basis-full">
        <Button
          variant="secondary"
          size="sm"
          className="lg:hidden"
          onClick={() => {
            orderRef.current?.scrollIntoView({ block: 'start' });
            orderRef.current?.focus({ preventScroll: true });
          }}
          icon={<ListOrdered aria-hidden="true" className="size-4" />}
        >
          {t('combat.fast.bar.toOrder')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={ending}
          aria-haspopup="dialog"
          onClick={onReinforce}
          icon={<UserPlus aria-hidden="true" className="size-4" />}
        >
          {t('combat.fast.reinforce.open')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          // Phones have no keyboard to speak of.
          className="max-sm:hidden"
          aria-haspopup="dialog"
          aria-keyshortcuts="?"
          aria-label={t('combat.fast.shortcuts.open')}
          title={t('combat.fast.shortcuts.open')}
          onClick={onHelp}
          icon={<Keyboard aria-hidden="true" className="size-4" />}
        />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void onEnd()}
          disabled={ending}
          icon={<Flag aria-hidden="true" className="size-4" />}
        >
          {t('combat.end')}
        </Button>
      </div>
      {/* The new round's banner sits in this bar (never over the view's title, issue #16). */}
      <div role="status" className="basis-full empty:hidden">
        {banner !== null ? (
          <p
            key={bannerKey}
            className="flex items-center justify-center gap-2 rounded-full border border-brand bg-brand-soft px-5 py-2 font-display text-lg font-semibold text-ink"
          >
            <Sparkles aria-hidden="true" className="size-5 text-brand" />
            {t('combat.banner', { round: banner })}
          </p>
        ) : null}
      </div>
    </div>
  );
});
