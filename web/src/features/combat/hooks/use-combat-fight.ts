// The fight screen's state and handlers: the reducer of combat-fight-reducer.ts wired to the
// server's fight (every blow, heal, status and next turn is one action on it, sent with `onAct`),
// the keyboard shortcuts, the target's glide and the focus. Handlers read the newest fight through
// refs, so they never change and memoised rows stay put. components/combat-fight.tsx renders what
// this returns. The rows' own openers (docs/decisions/061): the stat block beside the fight and the
// temporary HP editor, each giving the focus back to the row's button that opened it.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { availableForSetup, NEXT_TURN_BANNER_MS, type CombatGroup } from '@questkeeper/core/combat/combat';
import { counterValue } from '@questkeeper/core/combat/counters';
import type { CombatActionResponse, CombatHazard, DeathSaveResult } from '@questkeeper/core/schemas/combat';
import type { Tier } from '@questkeeper/core/tiers';
import { useToast } from '@/components/toast/toast-store';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { classColorsByName } from '@/lib/class-color';
import type { Campaign } from '@/lib/campaigns';
import type { Unit } from '@/lib/units';
import { useLatest } from '@/lib/use-latest';
import type { CombatAction, Fight } from '../api/combat';
import type { AmountAction } from '../components/action-bar';
import type { RowOpen } from '../components/fight-group';
import { pinnedOf } from '../components/pinned-characteristics';
import type { Reinforcement } from '../components/reinforce-dialog';
import type { HazardValues } from '../components/hazard-dialog';
import { turnIds, turnTitle } from '../lib/order-rows';
import { parseQuick } from '../components/amount-check';
import { modifiersFor, useBlowModifiers } from '../components/blow-modifiers';
import {
  barBlow,
  extraIdsOf,
  fightOnScreen,
  fightScreenReducer,
  healedAtFull,
  INITIAL_FIGHT_SCREEN,
  missingOf,
  pickedIdOf,
  planEnter,
  planPick,
  quickText,
  sourceIdOf,
  turnOf,
  wrappedRound,
  type Blow,
} from './combat-fight-reducer';
import { useAmountKeys } from './use-amount-keys';
import { useFightShortcuts } from './use-fight-shortcuts';
import { useSpawnCopies } from './use-spawn-copies';
import { useTargetMove } from './use-target-move';

const NO_UNITS: readonly Unit[] = [];

/** A row's button that opened something, and how to find it again if its row was drawn anew. */
const openerOf = (element: HTMLElement, attribute: string, unitId: string) => ({
  element,
  selector: `[${attribute}=${JSON.stringify(unitId)}]`,
});

export interface CombatFightInput {
  campaign: Campaign;
  tier: Tier;
  /** Every unit of the campaign (reinforcements and copies come from them). */
  units: readonly Unit[];
  unitMap: ReadonlyMap<string, Unit>;
  fight: Fight;
  /** A group has just fallen: actions wait for the end. */
  ending: boolean;
  /** An action the failure notice's Retry applied: the amount kept for it goes. */
  retried?: CombatAction | null;
  onAct: (action: CombatAction) => Promise<CombatActionResponse | null>;
  onEnd: () => void | Promise<void>;
}

export function useCombatFight({
  campaign,
  tier,
  units,
  unitMap,
  fight,
  ending,
  retried = null,
  onAct,
  onEnd,
}: CombatFightInput) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const toast = useToast();
  const move = useTargetMove();
  const amountRef = useRef<HTMLInputElement>(null);
  const orderRef = useRef<HTMLElement>(null);
  const spawn = useSpawnCopies({ campaignId: campaign._id, tier, units, onAct });
  const [screen, dispatch] = useReducer(fightScreenReducer, INITIAL_FIGHT_SCREEN);

  const turn = turnOf(fight);
  const turnRef = useLatest(turn);
  const pickedId = pickedIdOf(screen, turn);
  const extraIds = extraIdsOf(screen, turn);
  const extraRef = useLatest(extraIds);
  const { moves, amount, banner, dialog } = screen;
  const state = useMemo(() => fightOnScreen(fight, moves, pickedId), [fight, moves, pickedId]);
  const stateRef = useLatest(state);
  const amountTextRef = useLatest(amount);

  // The new round's banner shows for 4 s; a new wrap restarts it.
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => dispatch({ type: 'bannerDone' }), NEXT_TURN_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const classColors = useMemo(() => classColorsByName(campaign.classes), [campaign.classes]);
  const notes = useMemo(
    () => new Map(campaign.statuses.map((item) => [item._id, item.note] as const)),
    [campaign.statuses],
  );
  const conditionUnit = dialog?.kind === 'conditions' ? unitMap.get(dialog.unitId) : undefined;
  const fighters = useMemo(
    () =>
      state.order.flatMap((entry) => (entry.unitId === undefined ? [] : (unitMap.get(entry.unitId) ?? []))),
    [state.order, unitMap],
  );
  // The source list of the action bar shows names only: a blow (new HP, so new units) keeps the
  // same list, and the bar's select of 400 options is not drawn again (decision 071).
  const sourceKey = fighters.map((unit) => `${unit._id}\n${unit.name}`).join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new list only when the key changes
  const sources = useMemo(() => fighters, [sourceKey]);
  const statuses = useMemo(() => campaign.statuses.map((item) => item.name), [campaign.statuses]);
  const allies = useMemo(() => new Set(state.allies), [state.allies]);
  // The entry whose turn it is: a unit, a group's first member standing, or a lair action (none).
  const currentId = state.order[state.turnIndex]?.unitId;
  const current = currentId ? unitMap.get(currentId) : undefined;
  // Every unit whose turn it is (a group's members all are), and the bar's words for it.
  const currentIds = useMemo(() => turnIds(state.order, state.turnIndex), [state.order, state.turnIndex]);
  const turnText = turnTitle(state, unitMap, t);
  const target = state.targetId ? unitMap.get(state.targetId) : undefined;
  const sourceId = sourceIdOf(screen, turn, state.order, currentId);
  const sourceRef = useLatest(sourceId);
  const shares = useBlowModifiers();
  const sharesRef = useLatest(shares.modifiers);
  const resetShares = shares.reset;
  // Every target of the blow, the target first (kept stable so the memoized action bar stays put).
  const blowTargets = useMemo(
    () =>
      [state.targetId, ...[...extraIds].filter((id) => id !== state.targetId)].flatMap((id) => {
        const unit = id === null ? undefined : unitMap.get(id);
        return unit ? [unit] : [];
      }),
    [state.targetId, extraIds, unitMap],
  );
  const missing = missingOf(screen, state.targetId);
  // Only the reinforcement dialog lists them: not worked out again on every blow (decision 071).
  const reinforcing = dialog?.kind === 'reinforce';
  const available = useMemo(
    () => (reinforcing ? availableForSetup(units, state.allies, state.enemies) : NO_UNITS),
    [reinforcing, units, state.allies, state.enemies],
  );

  const chooseSource = useCallback(
    (id: string | null) => dispatch({ type: 'source', id, turn: turnRef.current }),
    [turnRef],
  );
  const setAmount = useCallback((text: string) => dispatch({ type: 'amount', text }), []);

  const select = useCallback(
    function pick(id: string, additive: boolean) {
      const plan = planPick(stateRef.current, id, additive, move.busy());
      if (plan.kind === 'extra') return dispatch({ type: 'toggleExtra', id, turn: turnRef.current });
      dispatch({ type: 'clearExtra' });
      if (plan.kind === 'wait') return move.afterGlide(() => pick(id, additive));
      if (plan.kind === 'none') return;
      // Before the state change: the glide starts from where the row is now.
      move.start(id, plan.glide);
      dispatch({ type: 'pick', id, turn: turnRef.current });
    },
    [move, stateRef, turnRef],
  );

  /**
   * A blow or a heal; a heal that meets a unit at full HP says so (nothing to heal). One that fails
   * puts its amount back in the bar, on its target, unless the GM typed something since.
   */
  const blow = useCallback(
    async (action: Blow, text: string) => {
      const sentIn = turnRef.current;
      const answer = await onAct(action);
      if (!answer) {
        dispatch({ type: 'failed', action, text, sentIn, turn: turnRef.current });
        return;
      }
      if (action.type !== 'heal') return;
      for (const name of healedAtFull(answer)) toast.info(t('combat.fast.healFull', { name }));
    },
    [onAct, t, toast, turnRef],
  );

  useEffect(() => {
    if (retried) dispatch({ type: 'retried', action: retried });
  }, [retried]);

  /** Attack or Heal, whatever the sign typed (the buttons do what they say). */
  const act = useCallback(
    (type: AmountAction, value: string) => {
      const action = barBlow(type, value, stateRef.current.targetId, extraRef.current, sourceRef.current);
      if (!action) return;
      // Each target's share of the roll (docs/decisions/061-what-a-gm-tracks-every-round.md).
      const modifiers =
        action.type === 'attack'
          ? modifiersFor([action.targetId, ...(action.targetIds ?? [])], sharesRef.current)
          : undefined;
      dispatch({ type: 'sent' });
      resetShares();
      void blow(action.type === 'attack' && modifiers ? { ...action, modifiers } : action, value);
    },
    [blow, stateRef, extraRef, sourceRef, sharesRef, resetShares],
  );

  /** Enter, in the amount or with no field focused: what the sign says, or what is missing. */
  const enter = useCallback(() => {
    const text = amountTextRef.current;
    const targetId = stateRef.current.targetId;
    const plan = planEnter(text, targetId);
    if (plan.kind === 'act') {
      dispatch({ type: 'clearMissing' });
      act(plan.type, text);
      return;
    }
    if (plan.missing) dispatch({ type: 'missing', kind: plan.missing, amount: text, targetId });
    if (plan.focus) amountRef.current?.focus();
  }, [act, amountTextRef, stateRef]);

  // A row's quick field: that unit is the target of this one blow.
  const quick = useCallback(
    (targetId: string, type: AmountAction, value: number | string) => {
      void blow({ type, targetId, amount: value, sourceId: sourceRef.current }, quickText(type, value));
    },
    [blow, sourceRef],
  );

  const nextTurn = useCallback(async () => {
    dispatch({ type: 'nextTurn' });
    const round = wrappedRound(await onAct({ type: 'nextTurn' }));
    if (round !== null) dispatch({ type: 'wrapped', round, at: Date.now() });
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
    dispatch({ type: 'close', kind: 'reinforce' });
    void onAct({ type: 'add', unitId, group, ...(initiative === undefined ? {} : { initiative }) }).then(
      (answer) => {
        const name = unitMap.get(unitId)?.name;
        if (answer && name) toast.success(t('combat.fast.reinforce.added', { name }));
      },
    );
  };
  const copies = spawn.canCopy
    ? (unit: Unit, group?: CombatGroup) => {
        dispatch({ type: 'close', kind: 'reinforce' });
        spawn.open(unit, group);
      }
    : undefined;

  // Keyboard shortcuts (use-fight-shortcuts.ts); Undo and Redo are the view's (undo-redo.tsx).
  const focusAmount = (typed?: string) => {
    if (typed !== undefined) setAmount(typed);
    amountRef.current?.focus();
  };
  const fromKeys = (type: AmountAction) => {
    if (stateRef.current.targetId && parseQuick(amountTextRef.current).ok) act(type, amountTextRef.current);
    else focusAmount();
  };
  // `+` and `-` start the amount as a digit does; Enter with no field focused.
  useAmountKeys({ onSign: focusAmount, onEnter: enter }, !ending);
  useFightShortcuts(
    {
      onNextTurn: () => void nextTurn(),
      onFocusAmount: focusAmount,
      onAttack: () => fromKeys('attack'),
      onHeal: () => fromKeys('heal'),
      onHelp: () => dispatch({ type: 'open', dialog: { kind: 'help' } }),
      onSpendCounter: () => spendCurrentCounter(),
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
  const openReinforce = useCallback(() => dispatch({ type: 'open', dialog: { kind: 'reinforce' } }), []);
  const openHelp = useCallback(() => dispatch({ type: 'open', dialog: { kind: 'help' } }), []);
  const openConditions = useCallback(
    (unitId: string) => dispatch({ type: 'open', dialog: { kind: 'conditions', unitId } }),
    [],
  );
  const closeReinforce = useCallback(() => dispatch({ type: 'close', kind: 'reinforce' }), []);
  const closeHelp = useCallback(() => dispatch({ type: 'close', kind: 'help' }), []);
  const closeConditions = useCallback(() => dispatch({ type: 'close', kind: 'conditions' }), []);
  const conditionAct = useCallback((action: CombatAction) => void onAct(action), [onAct]);

  // The rows' stat block and temporary HP: which unit, and the button the focus goes back to (once
  // the panel or the dialog is gone: nothing outside an open modal dialog takes the focus).
  const pinned = useMemo(() => pinnedOf(campaign.characteristics), [campaign.characteristics]);
  const [statBlockId, setStatBlockId] = useState<string | null>(null);
  const [tempHpId, setTempHpId] = useState<string | null>(null);
  const opener = useRef<{ element: HTMLElement; selector: string } | null>(null);
  const [focusBack, setFocusBack] = useState(0);
  useEffect(() => {
    const from = opener.current;
    if (focusBack === 0 || !from) return;
    opener.current = null;
    // The row may have been drawn again (a windowed list): its button, found anew.
    const element = from.element.isConnected
      ? from.element
      : document.querySelector<HTMLElement>(from.selector);
    element?.focus();
  }, [focusBack]);
  const openStatBlock = useCallback<RowOpen>((unitId, from) => {
    opener.current = openerOf(from, 'data-stat-block-for', unitId);
    // Its button again closes it.
    setStatBlockId((open) => (open === unitId ? null : unitId));
  }, []);
  const closeStatBlock = useCallback(() => {
    setStatBlockId(null);
    setFocusBack((n) => n + 1);
  }, []);
  const openTempHp = useCallback<RowOpen>((unitId, from) => {
    opener.current = openerOf(from, 'data-temp-hp-for', unitId);
    setTempHpId(unitId);
  }, []);
  const closeTempHp = useCallback(() => {
    setTempHpId(null);
    setFocusBack((n) => n + 1);
  }, []);
  const saveTempHp = useCallback(
    (value: number) => {
      if (tempHpId !== null) void onAct({ type: 'setTempHp', unitId: tempHpId, value });
      closeTempHp();
    },
    [closeTempHp, onAct, tempHpId],
  );
  const deathSave = useCallback(
    (unitId: string, result: DeathSaveResult) => void onAct({ type: 'deathSave', unitId, result }),
    [onAct],
  );
  // Monsters that play by their rules (docs/decisions/062): counters, lair actions, groups, rerolls.
  const spendCounter = useCallback(
    (unitId: string, counterId: string) => void onAct({ type: 'useCounter', unitId, counterId }),
    [onAct],
  );
  const setCounter = useCallback(
    (unitId: string, counterId: string, value: number) =>
      void onAct({ type: 'setCounter', unitId, counterId, value }),
    [onAct],
  );
  /** U: the first counter with something left of the unit whose turn it is (a group's first member). */
  const spendCurrentCounter = () => {
    const unit = currentId ? unitMap.get(currentId) : undefined;
    if (!unit) return;
    const counter = (unit.counters ?? []).find(
      (item) => counterValue(stateRef.current.counters, unit._id, item) > 0,
    );
    if (counter) spendCounter(unit._id, counter._id);
    else toast.info(t('combat.monsters.counters.noneLeft', { name: unit.name }));
  };
  const openCounters = useCallback(
    (unitId: string) => dispatch({ type: 'open', dialog: { kind: 'counters', unitId } }),
    [],
  );
  const closeCounters = useCallback(() => dispatch({ type: 'close', kind: 'counters' }), []);
  const openHazard = useCallback(() => dispatch({ type: 'open', dialog: { kind: 'hazard' } }), []);
  const closeHazard = useCallback(() => dispatch({ type: 'close', kind: 'hazard' }), []);
  const addHazard = useCallback(
    (values: HazardValues) => {
      dispatch({ type: 'close', kind: 'hazard' });
      void onAct({ type: 'addHazard', ...values });
    },
    [onAct],
  );
  const removeHazard = useCallback(
    async (hazard: CombatHazard) => {
      const ok = await confirm({
        title: t('combat.monsters.hazards.removeTitle'),
        message: t('combat.monsters.hazards.removeMessage', { name: hazard.name }),
        confirmLabel: t('combat.monsters.hazards.remove'),
      });
      if (ok) await onAct({ type: 'removeHazard', hazardId: hazard.id });
    },
    [confirm, onAct, t],
  );
  const openGroup = useCallback(() => dispatch({ type: 'open', dialog: { kind: 'group' } }), []);
  const closeGroup = useCallback(() => dispatch({ type: 'close', kind: 'group' }), []);
  const group = useCallback(
    (unitIds: string[]) => {
      dispatch({ type: 'close', kind: 'group' });
      void onAct({ type: 'group', unitIds });
    },
    [onAct],
  );
  const ungroup = useCallback((groupId: string) => void onAct({ type: 'ungroup', groupId }), [onAct]);
  const reroll = useCallback(async () => {
    const ok = await confirm({
      title: t('combat.monsters.reroll.title'),
      message: t('combat.monsters.reroll.message'),
      confirmLabel: t('combat.monsters.reroll.confirm'),
      tone: 'primary',
    });
    if (ok) await onAct({ type: 'rerollInitiative' });
  }, [confirm, onAct, t]);
  const removeHazardClick = useCallback((hazard: CombatHazard) => void removeHazard(hazard), [removeHazard]);
  const rerollClick = useCallback(() => void reroll(), [reroll]);
  const countersUnit = dialog?.kind === 'counters' ? unitMap.get(dialog.unitId) : undefined;

  const inFight = (id: string | null) =>
    id !== null && state.order.some((entry) => entry.unitId === id) ? unitMap.get(id) : undefined;

  return {
    /** The fight as this screen shows it (the picks' moves and target). */
    state,
    ending,
    unitMap,
    current,
    currentId,
    currentIds,
    turnText,
    target,
    extraIds,
    extraTargets: [...extraIds].filter((id) => id !== state.targetId).length,
    blowTargets,
    modifiers: shares.modifiers,
    allies,
    fighters,
    sources,
    classColors,
    notes,
    statuses,
    campaignStatuses: campaign.statuses,
    amount,
    amountRef,
    orderRef,
    sourceId,
    missing,
    banner,
    helpOpen: dialog?.kind === 'help',
    hazardOpen: dialog?.kind === 'hazard',
    groupOpen: dialog?.kind === 'group',
    countersUnit: countersUnit && inFight(countersUnit._id),
    reinforcing,
    conditionUnit,
    pinned,
    statBlockUnit: inFight(statBlockId),
    tempHpUnit: inFight(tempHpId),
    available,
    confirmDialog: confirm.dialog,
    spawnDialog: spawn.dialog,
    on: {
      select,
      quick,
      act,
      share: shares.setShare,
      enter,
      amount: setAmount,
      source: chooseSource,
      status: setStatus,
      nextTurn: nextTurnClick,
      reorder,
      end: askEnd,
      openReinforce,
      openHelp,
      openConditions,
      closeReinforce,
      closeHelp,
      closeConditions,
      conditionAct,
      deathSave,
      openStatBlock,
      closeStatBlock,
      openTempHp,
      closeTempHp,
      saveTempHp,
      reinforce,
      copies,
      spendCounter,
      setCounter,
      openCounters,
      closeCounters,
      openHazard,
      closeHazard,
      addHazard,
      removeHazard: removeHazardClick,
      openGroup,
      closeGroup,
      group,
      ungroup,
      reroll: rerollClick,
    },
  };
}

export type CombatFightModel = ReturnType<typeof useCombatFight>;
