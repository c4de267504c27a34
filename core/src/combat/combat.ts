// The combat simulator's rules (docs/product.md#combat, #combat-amounts, #limits; docs/decisions/015), as
// pure functions shared by the web app and the server. Random sources are injected so tests are
// deterministic.
import {
  CHARACTERISTIC_INITIATIVE_RULES,
  DEFAULT_COMBAT_AMOUNT,
  type InitiativeModifier,
  type InitiativeRule,
} from '../constants';
import { COMBAT_AMOUNT_MAX, COMBAT_AMOUNT_MIN } from '../limits';
import { checkAmount } from './amount';
import type { CombatState, DamageModifier, GroupingMode, OrderEntry } from '../schemas/combat';
import type { UnitCounter } from '../schemas/units';
import { takesTurn } from './death-saves';
import { fullCounters } from './counters';
import { entryTakesTurn, groupsByName, insertHazard, normalizeGroups, turnSpan } from './turns';
import { TIER_LIMITS, type Tier } from '../tiers';

export type { CombatState };
export type CombatGroup = 'allies' | 'enemies';

/** Returns a float in [0, 1), like Math.random. */
export type Random = () => number;

/** What the rules read of a unit. */
export interface Combatant {
  _id: string;
  name: string;
  hp: number;
  currentHp: number;
  characteristics: Readonly<Record<string, number>>;
  /** A player character: at 0 HP it is Down and keeps its turn (docs/decisions/061). Absent: not one. */
  isPlayer?: boolean;
  /** Its counters (docs/decisions/062); the fight holds their values. Absent: none. */
  counters?: readonly UnitCounter[];
}

export interface InitiativeEntry {
  unitId: string;
  initiative: number;
}

/**
 * The 'next turn' banner after a wrap (docs/product.md#timings), the target move animation, the end alert's
 * delay.
 */
export const NEXT_TURN_BANNER_MS = 4000;
export const TARGET_MOVE_MS = 250;
export const COMBAT_END_ALERT_MS = 1000;

export function rollDie(sides: number, random: Random): number {
  return 1 + Math.floor(random() * sides);
}

/** The unit's value of a characteristic; docs/product.md#combat: a missing value counts 0. */
export function characteristicValue(unit: Combatant, name: string): number {
  const value = Object.hasOwn(unit.characteristics, name) ? unit.characteristics[name] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function usesCharacteristic(rule: InitiativeRule): boolean {
  return CHARACTERISTIC_INITIATIVE_RULES.includes(rule);
}

/**
 * Novice cannot choose the characteristic-based rules (docs/product.md#tiers); the server refuses them too.
 */
export function mayUseInitiativeRule(tier: Tier, rule: InitiativeRule): boolean {
  return !usesCharacteristic(rule) || TIER_LIMITS[tier].canUseCharacteristicInitiative;
}

/** The rule a fight starts with: a rule the tier lost (a downgrade) falls back to random_d20. */
export function effectiveInitiativeRule(tier: Tier, rule: InitiativeRule): InitiativeRule {
  return mayUseInitiativeRule(tier, rule) ? rule : 'random_d20';
}

/** The modifier of a d20-style score: floor((score - 10) / 2), so 10-11 give 0, 14 gives +2, 9 gives -1. */
export function d20Modifier(score: number): number {
  return Math.floor((score - 10) / 2);
}

/**
 * What the rules that add a characteristic to a die add (docs/decisions/061): the value, or with
 * `d20Modifier` the score's modifier. The rule that takes the characteristic alone keeps the value
 * (the order is the same either way, and ties look at the value).
 */
export function initiativeBonus(score: number, modifier: InitiativeModifier): number {
  return modifier === 'd20Modifier' ? d20Modifier(score) : score;
}

export function initiativeOf(
  unit: Combatant,
  rule: InitiativeRule,
  characteristic: string,
  random: Random,
  modifier: InitiativeModifier = 'value',
): number {
  const value = () => characteristicValue(unit, characteristic);
  const bonus = () => initiativeBonus(value(), modifier);
  switch (rule) {
    case 'random_d20':
      return rollDie(20, random);
    case 'random_d100':
      return rollDie(100, random);
    case 'caracteristic':
      return value();
    case 'd20_plus_carac':
      return rollDie(20, random) + bonus();
    case 'd100_plus_carac':
      return rollDie(100, random) + bonus();
  }
}

/**
 * The initiative order: every unit rolls once, in the order given, then the order is sorted
 * descending. Ties go to the higher value of the chosen characteristic, then to the name (A before
 * B, by code point, so every device agrees), then to the id. A unit in `typed` (players roll their
 * own dice) takes that value and does not roll.
 */
export function initiativeOrder(
  units: readonly Combatant[],
  rule: InitiativeRule,
  characteristic: string,
  random: Random,
  typed: Readonly<Record<string, number>> = {},
  modifier: InitiativeModifier = 'value',
): InitiativeEntry[] {
  const rolled = units.map((unit) => ({
    unit,
    initiative: Object.hasOwn(typed, unit._id)
      ? typed[unit._id]!
      : initiativeOf(unit, rule, characteristic, random, modifier),
  }));
  rolled.sort((a, b) => compareInitiative(a, b, characteristic));
  return rolled.map(({ unit, initiative }) => ({ unitId: unit._id, initiative }));
}

/** The initiative sort (negative: `a` plays before `b`), shared with units joining mid-fight. */
export function compareInitiative(
  a: { unit: Combatant; initiative: number },
  b: { unit: Combatant; initiative: number },
  characteristic: string,
): number {
  return (
    b.initiative - a.initiative ||
    characteristicValue(b.unit, characteristic) - characteristicValue(a.unit, characteristic) ||
    compareText(a.unit.name, b.unit.name) ||
    compareText(a.unit._id, b.unit._id)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The next turn: the index moves on, past fallen units (current HP 0) — the spec skips one; every fallen
 * unit is skipped here, so two fallen units in a row never get a turn — and wraps to the top of the
 * order at its end (`wrapped`: the 'next turn' banner shows). A Down player character whose death
 * saves go on keeps its turn (`takesTurn`, docs/decisions/061). A group takes one turn: the next one
 * starts after its last member, and a group enters at its first member standing; a lair action or
 * hazard always takes its turn (docs/decisions/062). Units missing from `units` (deleted) count as
 * fallen. With nobody standing the index stays.
 */
export function nextTurnIndex(
  order: readonly OrderEntry[],
  turnIndex: number,
  units: ReadonlyMap<string, Combatant>,
  deathSaves: CombatState['deathSaves'],
): { turnIndex: number; wrapped: boolean } {
  if (order.length === 0) return { turnIndex: 0, wrapped: false };
  let index = turnIndex < order.length ? turnSpan(order, turnIndex).end - 1 : turnIndex;
  let wrapped = false;
  for (let step = 0; step < order.length; step++) {
    index += 1;
    if (index >= order.length) {
      index = 0;
      wrapped = true;
    }
    if (entryTakesTurn(order[index], units, deathSaves)) return { turnIndex: index, wrapped };
  }
  return { turnIndex, wrapped: false };
}

/** Whether a number may be applied as an amount: the amount rule of ./amount.ts. */
export function isValidAmount(amount: number): boolean {
  return checkAmount(amount) === null;
}

/** Attack lowers current HP down to 0; heal raises it up to max HP (docs/product.md#combat). */
export function applyAmount(unit: Combatant, action: 'attack' | 'heal', amount: number): number {
  if (!isValidAmount(amount))
    throw new RangeError(`amount must be ${COMBAT_AMOUNT_MIN}..${COMBAT_AMOUNT_MAX}`);
  return action === 'attack'
    ? Math.max(0, unit.currentHp - amount)
    : Math.min(unit.hp, Math.max(unit.currentHp, 0) + amount);
}

/** The most a blow's share may be: a doubled amount (docs/decisions/061). */
export const BLOW_SHARE_MAX = 2 * COMBAT_AMOUNT_MAX;

/**
 * One target's share of a blow's roll (docs/decisions/061): the roll whole (no modifier), half rounded
 * down, double, or nothing.
 */
export function blowShare(roll: number, modifier: DamageModifier | null | undefined): number {
  switch (modifier) {
    case 'half':
      return Math.floor(roll / 2);
    case 'double':
      return roll * 2;
    case 'none':
      return 0;
    default:
      return roll;
  }
}

/**
 * A blow's share on a unit (docs/decisions/061): temporary HP take it first, the rest comes off current
 * HP, down to 0. The share is 0..BLOW_SHARE_MAX (a doubled amount); the amount rule itself bounds the
 * roll, in `applyAmount`.
 */
export function applyBlowShare(
  unit: Pick<Combatant, 'currentHp'>,
  tempHp: number,
  share: number,
): { currentHp: number; tempHp: number } {
  if (!Number.isInteger(share) || share < 0 || share > BLOW_SHARE_MAX) {
    throw new RangeError(`a blow's share must be 0..${BLOW_SHARE_MAX}`);
  }
  const temp = Math.max(0, tempHp);
  return {
    currentHp: Math.max(0, unit.currentHp - Math.max(0, share - temp)),
    tempHp: Math.max(0, temp - share),
  };
}

/**
 * The group that has nobody standing left (combat ends), or null while both fight on. A Down player
 * character whose death saves go on still stands (docs/decisions/061).
 */
export function defeatedGroup(
  allies: readonly string[],
  enemies: readonly string[],
  units: ReadonlyMap<string, Combatant>,
  deathSaves: CombatState['deathSaves'],
): 'allies' | 'enemies' | null {
  const standing = (group: readonly string[]) => group.some((id) => takesTurn(units.get(id), deathSaves));
  if (!standing(allies)) return 'allies';
  if (!standing(enemies)) return 'enemies';
  return null;
}

/** Units that may join a group at setup: HP above 0 and not in a group already (docs/product.md#combat). */
export function availableForSetup<T extends Combatant>(
  units: readonly T[],
  allies: readonly string[],
  enemies: readonly string[],
): T[] {
  const taken = new Set([...allies, ...enemies]);
  return units.filter((unit) => unit.currentHp > 0 && !taken.has(unit._id));
}

/** A chosen target that is not last in its group moves to the end of it (docs/product.md#combat). */
export function moveToEnd(group: readonly string[], id: string): string[] {
  const index = group.indexOf(id);
  if (index === -1 || index === group.length - 1) return [...group];
  return [...group.slice(0, index), ...group.slice(index + 1), id];
}

// ---- The combat state, one change at a time (what the view saves after each of them) ----

/** No fight: both groups empty, amount 10 (docs/product.md#combat-state). */
export const EMPTY_COMBAT: CombatState = {
  phase: 'setup',
  allies: [],
  enemies: [],
  order: [],
  turnIndex: 0,
  round: 1,
  amount: DEFAULT_COMBAT_AMOUNT,
  targetId: null,
  tempHp: {},
  deathSaves: {},
  counters: {},
  hazards: [],
  rerollEachRound: false,
  typed: [],
  grouping: 'none',
};

/**
 * Adds units to a group; a unit already in either group stays where it is. A unit joins with every
 * counter at its max (docs/decisions/062) when `units` knows it.
 */
export function addToGroup(
  state: CombatState,
  group: CombatGroup,
  ids: readonly string[],
  units: ReadonlyMap<string, Combatant> = new Map(),
): CombatState {
  const taken = new Set([...state.allies, ...state.enemies]);
  const added = ids.filter((id) => {
    if (taken.has(id)) return false;
    taken.add(id);
    return true;
  });
  if (added.length === 0) return state;
  let counters = state.counters;
  for (const id of added) {
    const unit = units.get(id);
    const full = unit ? fullCounters(unit) : null;
    if (full) counters = { ...counters, [id]: full };
  }
  return { ...state, [group]: [...state[group], ...added], counters };
}

/** A unit leaves its group, with its temporary HP and death saves (docs/decisions/061). */
export function removeFromGroups(state: CombatState, id: string): CombatState {
  return {
    ...state,
    allies: state.allies.filter((item) => item !== id),
    enemies: state.enemies.filter((item) => item !== id),
    tempHp: withoutKey(state.tempHp, id),
    deathSaves: withoutKey(state.deathSaves, id),
    counters: withoutKey(state.counters, id),
    typed: state.typed.includes(id) ? state.typed.filter((item) => item !== id) : state.typed,
  };
}

/** A record without one key (the same record when it has none). */
export function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  if (!Object.hasOwn(record, key)) return record;
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

export function canStart(state: CombatState): boolean {
  return state.phase === 'setup' && state.allies.length > 0 && state.enemies.length > 0;
}

/** How a fight starts beyond its initiative rule (docs/decisions/062). */
export interface StartOptions {
  /** "byName": the non-player units of a side named alike roll once and take one turn. */
  grouping?: GroupingMode;
  /** Roll every rolled initiative again when the round wraps. */
  rerollEachRound?: boolean;
  /** New group ids. */
  newId?: () => string;
}

/**
 * The order of a fight's units and hazards (docs/decisions/062): each unit or group rolls once (a group
 * at its first member, in the order given, or takes the typed initiative of its first member that has
 * one) and the blocks are sorted descending (ties as `compareInitiative`, read on a group's first
 * member); a group's members stand together, in the order given. Hazards go in last, each after every
 * entry of its initiative or higher.
 */
export function orderFight(
  state: Pick<CombatState, 'hazards'>,
  fighters: readonly Combatant[],
  groupOf: ReadonlyMap<string, string>,
  rule: InitiativeRule,
  characteristic: string,
  random: Random,
  typed: Readonly<Record<string, number>>,
  modifier: InitiativeModifier,
): OrderEntry[] {
  const blocks: {
    unit: Combatant;
    initiative: number;
    typed: boolean;
    members: Combatant[];
    groupId?: string;
  }[] = [];
  const byGroup = new Map<string, (typeof blocks)[number]>();
  for (const unit of fighters) {
    const groupId = groupOf.get(unit._id);
    const block = groupId === undefined ? undefined : byGroup.get(groupId);
    if (block) {
      block.members.push(unit);
      if (!block.typed && Object.hasOwn(typed, unit._id)) {
        block.initiative = typed[unit._id]!;
        block.typed = true;
      }
      continue;
    }
    const isTyped = Object.hasOwn(typed, unit._id);
    const initiative = isTyped
      ? typed[unit._id]!
      : initiativeOf(unit, rule, characteristic, random, modifier);
    const created = {
      unit,
      initiative,
      typed: isTyped,
      members: [unit],
      ...(groupId === undefined ? {} : { groupId }),
    };
    blocks.push(created);
    if (groupId !== undefined) byGroup.set(groupId, created);
  }
  blocks.sort((a, b) => compareInitiative(a, b, characteristic));
  let order: OrderEntry[] = blocks.flatMap((block) =>
    block.members.map((member) => ({
      unitId: member._id,
      initiative: block.initiative,
      ...(block.groupId !== undefined && block.members.length > 1 ? { groupId: block.groupId } : {}),
    })),
  );
  let placed: CombatState = { ...EMPTY_COMBAT, hazards: state.hazards, order };
  for (const hazard of state.hazards) placed = insertHazard(placed, hazard);
  order = normalizeGroups(placed.order);
  return order;
}

/**
 * Start combat (docs/product.md#combat): initiative is rolled for every unit of both groups (or taken from
 * `typed`, the characteristic read as `modifier` says) and sorted descending, groups formed and hazards
 * placed as `options` say (docs/decisions/062); the first entry that takes a turn plays first
 * (`takesTurn`). The amount is kept (10 at first, 1 after an earlier fight ended). Units missing from
 * `units` (deleted) are left out.
 */
export function startFight(
  state: CombatState,
  units: ReadonlyMap<string, Combatant>,
  rule: InitiativeRule,
  characteristic: string,
  random: Random,
  typed: Readonly<Record<string, number>> = {},
  modifier: InitiativeModifier = 'value',
  options: StartOptions = {},
): CombatState {
  if (!canStart(state)) throw new Error('a fight needs at least one ally and one enemy');
  const fighters = [...state.allies, ...state.enemies].flatMap((id) => {
    const unit = units.get(id);
    return unit ? [unit] : [];
  });
  const grouping = options.grouping ?? state.grouping;
  const groupOf =
    grouping === 'byName'
      ? groupsByName([state.allies, state.enemies], units, options.newId ?? defaultId)
      : new Map<string, string>();
  const order = orderFight(state, fighters, groupOf, rule, characteristic, random, typed, modifier);
  const first = order.findIndex((entry) => entryTakesTurn(entry, units, state.deathSaves));
  return {
    ...state,
    phase: 'fight',
    order,
    turnIndex: Math.max(first, 0),
    round: 1,
    targetId: null,
    rerollEachRound: options.rerollEachRound ?? false,
    typed: fighters.filter((unit) => Object.hasOwn(typed, unit._id)).map((unit) => unit._id),
    grouping,
  };
}

let idCounter = 0;
/** Group ids when the caller gives no source (tests of the order alone): unique in this process. */
const defaultId = () => `00000000-0000-4000-8000-${(++idCounter).toString(16).padStart(12, '0')}`;

/**
 * Next turn (docs/product.md#combat): the next standing unit plays (`nextTurnIndex`), the target is
 * cleared and the amount becomes 0.
 */
export function advanceTurn(
  state: CombatState,
  units: ReadonlyMap<string, Combatant>,
): { state: CombatState; wrapped: boolean } {
  const { turnIndex, wrapped } = nextTurnIndex(state.order, state.turnIndex, units, state.deathSaves);
  return {
    state: { ...state, turnIndex, round: wrapped ? state.round + 1 : state.round, targetId: null, amount: 0 },
    wrapped,
  };
}

/** Choosing a target also moves it to the end of its group (docs/product.md#combat). */
export function selectTarget(state: CombatState, id: string): CombatState {
  const group: CombatGroup | null = state.allies.includes(id)
    ? 'allies'
    : state.enemies.includes(id)
      ? 'enemies'
      : null;
  if (group === null) return state;
  return { ...state, targetId: id, [group]: moveToEnd(state[group], id) };
}

/** End Combat, and the end after a defeat (docs/product.md#combat): both groups empty, amount 1. */
export function endedCombat(): CombatState {
  return { ...EMPTY_COMBAT, amount: COMBAT_AMOUNT_MIN };
}
