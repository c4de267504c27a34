// What the fight screen holds of its own, as a pure reducer (use-combat-fight.ts wires it to the
// server's fight, the keys and the DOM; components/combat-fight.tsx only renders). Every blow, heal,
// status and next turn is an action on the server's fight; this state is the rest: the target
// picked and the rows it moved (until a blow sends them), more targets of the next blow (area
// damage), the amount typed, what Enter lacked, the text kept for a blow that failed, who deals the
// blows, the new round's banner and the dialog open. A pick, the extra targets and the source hold
// for the turn they were made in (`turn`, see turnOf); Next turn drops the pick and the amount.
// The deciders below (planPick, planEnter, barBlow) are what a click or a key means, given this
// state and the fight on screen; the hook runs their side effects (the glide, the focus, the call).
import { selectTarget, type CombatState } from '@questkeeper/core/combat/combat';
import type { CombatActionResponse } from '@questkeeper/core/schemas/combat';
import type { CombatAction, Fight } from '../api/combat';
import type { AmountAction } from '../components/action-bar';
import { parseQuick } from '../components/amount-check';
import type { Missing } from './use-amount-keys';

/** A turn of the fight, "round:turnIndex": what the screen picks holds for the turn it was picked in. */
export type TurnKey = string;

export const turnOf = (fight: Pick<CombatState, 'round' | 'turnIndex'>): TurnKey =>
  `${fight.round}:${fight.turnIndex}`;

/** A blow or a heal: the actions with an amount. */
export type Blow = Extract<CombatAction, { type: AmountAction }>;

export type FightDialog =
  | { kind: 'help' }
  | { kind: 'reinforce' }
  | { kind: 'conditions'; unitId: string }
  /** A lair action or hazard joins the order; units of one side take one turn; a unit's counters set. */
  | { kind: 'hazard' }
  | { kind: 'group' }
  | { kind: 'counters'; unitId: string };

export interface FightScreen {
  /** The target picked on this screen (the server's holds otherwise). */
  picked: { id: string; turn: TurnKey } | null;
  /** The targets picked while the view is open, oldest first: their rows stay moved to the end. */
  moves: readonly string[];
  /** More targets of the next blow (Shift-click). */
  extra: { ids: ReadonlySet<string>; turn: TurnKey } | null;
  /** The amount's text: empty at first, cleared after a blow from the bar and after Next turn. */
  amount: string;
  /** What Enter lacked, with the amount and target it was pressed with (shown while they hold). */
  missing: { kind: Missing; amount: string; targetId: string | null } | null;
  /** A blow that failed and the text it was typed as: Retry applying it clears that text. */
  kept: { action: Blow; text: string } | null;
  /** Who deals the blows when the GM picked (null: no one); otherwise the unit whose turn it is. */
  source: { id: string | null; turn: TurnKey } | null;
  /** The new round's banner (`at` tells two wraps apart, so a new one restarts it). */
  banner: { round: number; at: number } | null;
  dialog: FightDialog | null;
}

export const INITIAL_FIGHT_SCREEN: FightScreen = {
  picked: null,
  moves: [],
  extra: null,
  amount: '',
  missing: null,
  kept: null,
  source: null,
  banner: null,
  dialog: null,
};

export type FightScreenAction =
  /** Shift-click on another unit: one more target of the same blow, or one less. */
  | { type: 'toggleExtra'; id: string; turn: TurnKey }
  | { type: 'clearExtra' }
  /** A unit becomes the target: its row moves to the end of its group. */
  | { type: 'pick'; id: string; turn: TurnKey }
  | { type: 'amount'; text: string }
  /** The bar sent a blow: the amount and the extra targets go. */
  | { type: 'sent' }
  /** A blow failed: its text comes back to an empty amount, on its target while the turn holds. */
  | { type: 'failed'; action: Blow; text: string; sentIn: TurnKey; turn: TurnKey }
  /** Retry applied `action`: the text kept for it leaves the amount, unless the GM typed since. */
  | { type: 'retried'; action: CombatAction }
  | { type: 'missing'; kind: Missing; amount: string; targetId: string | null }
  | { type: 'clearMissing' }
  | { type: 'source'; id: string | null; turn: TurnKey }
  | { type: 'nextTurn' }
  /** Next turn began a new round. */
  | { type: 'wrapped'; round: number; at: number }
  | { type: 'bannerDone' }
  | { type: 'open'; dialog: FightDialog }
  | { type: 'close'; kind: FightDialog['kind'] };

export function fightScreenReducer(state: FightScreen, action: FightScreenAction): FightScreen {
  switch (action.type) {
    case 'toggleExtra': {
      const ids = new Set(state.extra?.turn === action.turn ? state.extra.ids : []);
      if (ids.has(action.id)) ids.delete(action.id);
      else ids.add(action.id);
      return { ...state, extra: { ids, turn: action.turn } };
    }
    case 'clearExtra':
      return state.extra === null ? state : { ...state, extra: null };
    case 'pick':
      return {
        ...state,
        extra: null,
        picked: { id: action.id, turn: action.turn },
        moves: [...state.moves.filter((id) => id !== action.id), action.id],
      };
    case 'amount':
      return state.amount === action.text ? state : { ...state, amount: action.text };
    case 'sent':
      return state.amount === '' && state.extra === null ? state : { ...state, amount: '', extra: null };
    case 'failed':
      return {
        ...state,
        kept: { action: action.action, text: action.text },
        amount: state.amount === '' ? action.text : state.amount,
        picked:
          action.turn === action.sentIn ? { id: action.action.targetId, turn: action.sentIn } : state.picked,
      };
    case 'retried': {
      const kept = state.kept;
      if (kept?.action !== action.action) return state;
      return { ...state, kept: null, amount: state.amount === kept.text ? '' : state.amount };
    }
    case 'missing':
      return { ...state, missing: { kind: action.kind, amount: action.amount, targetId: action.targetId } };
    case 'clearMissing':
      return state.missing === null ? state : { ...state, missing: null };
    case 'source':
      return { ...state, source: { id: action.id, turn: action.turn } };
    case 'nextTurn':
      return { ...state, amount: '', picked: null, extra: null };
    case 'wrapped':
      return { ...state, banner: { round: action.round, at: action.at } };
    case 'bannerDone':
      return state.banner === null ? state : { ...state, banner: null };
    case 'open':
      return { ...state, dialog: action.dialog };
    case 'close':
      return state.dialog?.kind === action.kind ? { ...state, dialog: null } : state;
  }
}

// ---- What the screen shows ----

const NO_IDS: ReadonlySet<string> = new Set();

export function pickedIdOf(state: FightScreen, turn: TurnKey): string | null {
  return state.picked?.turn === turn ? state.picked.id : null;
}

/** The extra targets of this turn's next blow (the same empty set when there are none). */
export function extraIdsOf(state: FightScreen, turn: TurnKey): ReadonlySet<string> {
  return state.extra?.turn === turn ? state.extra.ids : NO_IDS;
}

/** The fight as this screen shows it: the rows the picks moved, and the target picked here. */
export function fightOnScreen(fight: Fight, moves: readonly string[], pickedId: string | null): Fight {
  let next: CombatState = fight;
  for (const id of moves) next = selectTarget(next, id);
  return { ...fight, ...next, targetId: pickedId ?? fight.targetId };
}

/**
 * Who deals the blows: the unit the GM picked this turn (while it fights) or no one, else the unit
 * whose turn it is.
 */
export function sourceIdOf(
  state: FightScreen,
  turn: TurnKey,
  order: CombatState['order'],
  currentId: string | undefined,
): string | null {
  const chosen = state.source?.turn === turn ? state.source.id : undefined;
  if (chosen === null) return null;
  if (chosen !== undefined && order.some((entry) => entry.unitId === chosen)) return chosen;
  return currentId ?? null;
}

/** What the last Enter lacked, while the amount and the target are still what they were. */
export function missingOf(state: FightScreen, targetId: string | null): Missing | null {
  const missing = state.missing;
  return missing && missing.amount === state.amount && missing.targetId === targetId ? missing.kind : null;
}

// ---- What a click or a key means ----

export type PickPlan =
  /** One more target of the same blow (or one less): the rows stay where they are. */
  | { kind: 'extra' }
  /** A glide is under way: the pick counts when it ends, never dropped. */
  | { kind: 'wait' }
  /** Already the target. */
  | { kind: 'none' }
  /** The new target; `glide`: its row moves to the end of its group. */
  | { kind: 'move'; glide: boolean };

/** A click on a unit (`additive`: with Shift), given the fight on screen and a glide under way. */
export function planPick(screen: CombatState, id: string, additive: boolean, gliding: boolean): PickPlan {
  if (additive && screen.targetId && screen.targetId !== id) return { kind: 'extra' };
  if (gliding) return { kind: 'wait' };
  if (screen.targetId === id) return { kind: 'none' };
  const group = screen.allies.includes(id) ? screen.allies : screen.enemies;
  return { kind: 'move', glide: group[group.length - 1] !== id };
}

/**
 * Attack or Heal from the bar, whatever the sign typed: the blow on the target (and the extra
 * targets), or null when the target or a valid amount is missing.
 */
export function barBlow(
  type: AmountAction,
  text: string,
  targetId: string | null,
  extraIds: ReadonlySet<string>,
  sourceId: string | null,
): Blow | null {
  const typed = parseQuick(text);
  if (!targetId || !typed.ok) return null;
  const others = [...extraIds].filter((id) => id !== targetId);
  return {
    type,
    targetId,
    amount: typed.amount,
    sourceId,
    ...(others.length > 0 ? { targetIds: others } : {}),
  };
}

export type EnterPlan =
  | { kind: 'act'; type: AmountAction }
  /** `missing`: what to say (null: the amount's own mistake already shows); `focus`: the amount. */
  | { kind: 'lacking'; missing: Missing | null; focus: boolean };

/** Enter, in the amount or with no field focused: what the sign says, or what is missing. */
export function planEnter(text: string, targetId: string | null): EnterPlan {
  const typed = parseQuick(text);
  if (targetId && typed.ok) return { kind: 'act', type: typed.type };
  if (!targetId) return { kind: 'lacking', missing: 'target', focus: false };
  return { kind: 'lacking', missing: !typed.ok && typed.problem === null ? 'amount' : null, focus: true };
}

/** The text a row's quick field is kept as when its blow fails. */
export const quickText = (type: AmountAction, value: number | string) =>
  `${type === 'heal' ? '+' : ''}${value}`;

/** The units a heal met at full HP (nothing to heal), by name. */
export function healedAtFull(answer: CombatActionResponse): string[] {
  return answer.entries.flatMap((entry) =>
    entry.type === 'heal' && entry.hpBefore !== null && entry.hpBefore === entry.hpAfter
      ? [entry.target?.name ?? '']
      : [],
  );
}

/** The round Next turn began, when it wrapped. */
export function wrappedRound(answer: CombatActionResponse | null): number | null {
  const wrapped = answer?.entries.find((entry) => entry.type === 'nextTurn' && entry.wrapped);
  return wrapped ? wrapped.round : null;
}
