// The entries of the initiative order that are not a lone unit (docs/decisions/062): lair actions and
// hazards (`hazardId`: a turn of their own that loses ties) and groups (units sharing a `groupId`: they
// stand together and take one turn). Pure helpers the rules, the server and the web read alike.
import type { CombatHazard, CombatState, OrderEntry } from '../schemas/combat';
import { GROUP_MIN_MEMBERS } from '../limits';
import { baseName } from '../units/copies';
import { takesTurn } from './death-saves';

type DeathSaves = CombatState['deathSaves'];
interface TurnUnit {
  _id: string;
  name: string;
  currentHp: number;
  isPlayer?: boolean | undefined;
}

/** The same entry in another order: a unit's id, or a hazard's. */
export function entryKey(entry: OrderEntry): string {
  return entry.unitId ?? `hazard:${entry.hazardId}`;
}

/** The entries `[start, end)` whose turn is one with the entry at `index`: its group, or itself. */
export function turnSpan(order: readonly OrderEntry[], index: number): { start: number; end: number } {
  const groupId = order[index]?.groupId;
  if (groupId === undefined) return { start: index, end: index + 1 };
  let start = index;
  while (start > 0 && order[start - 1]!.groupId === groupId) start -= 1;
  let end = index + 1;
  while (end < order.length && order[end]!.groupId === groupId) end += 1;
  return { start, end };
}

/** The units whose turn the turn at `index` is: its group's members, itself, or none (a hazard). */
export function turnUnitIds(order: readonly OrderEntry[], index: number): string[] {
  if (index < 0 || index >= order.length) return [];
  const { start, end } = turnSpan(order, index);
  return order.slice(start, end).flatMap((entry) => (entry.unitId === undefined ? [] : [entry.unitId]));
}

/** A hazard always takes its turn; a unit while it stands (`takesTurn`). */
export function entryTakesTurn(
  entry: OrderEntry | undefined,
  units: ReadonlyMap<string, TurnUnit>,
  deathSaves: DeathSaves,
): boolean {
  if (entry === undefined) return false;
  if (entry.hazardId !== undefined) return true;
  return takesTurn(units.get(entry.unitId!), deathSaves);
}

/** The hazard an entry is, looked up in the fight's list. */
export function hazardOf(state: Pick<CombatState, 'hazards'>, entry: OrderEntry | undefined) {
  if (entry?.hazardId === undefined) return undefined;
  return state.hazards.find((hazard) => hazard.id === entry.hazardId);
}

/** The members of a group, in order. */
export function groupMembers(order: readonly OrderEntry[], groupId: string): string[] {
  return order.flatMap((entry) => (entry.groupId === groupId && entry.unitId ? [entry.unitId] : []));
}

/** How a group is named: its first member's name without its number ("Goblin 2" → "Goblin"). */
export function groupName(
  order: readonly OrderEntry[],
  groupId: string,
  units: ReadonlyMap<string, Pick<TurnUnit, 'name'>>,
): string {
  const first = groupMembers(order, groupId)[0];
  return baseName(first === undefined ? '' : (units.get(first)?.name ?? ''));
}

/** The group a turn is, for the log: its id, name and size; null for a lone unit or a hazard. */
export function groupRef(
  order: readonly OrderEntry[],
  index: number,
  units: ReadonlyMap<string, Pick<TurnUnit, 'name'>>,
): { id: string; name: string; size: number } | null {
  const groupId = order[index]?.groupId;
  if (groupId === undefined) return null;
  return { id: groupId, name: groupName(order, groupId, units), size: groupMembers(order, groupId).length };
}

/**
 * Keeps each group together at its first member's place (an entry that landed inside a group moves
 * after it), and takes the id off a group left with one member.
 */
export function normalizeGroups(order: readonly OrderEntry[]): OrderEntry[] {
  const sizes = new Map<string, number>();
  for (const entry of order) {
    if (entry.groupId !== undefined) sizes.set(entry.groupId, (sizes.get(entry.groupId) ?? 0) + 1);
  }
  const placed = new Set<string>();
  const result: OrderEntry[] = [];
  const lone = (entry: OrderEntry): OrderEntry => {
    const { groupId: _dropped, ...rest } = entry;
    return rest;
  };
  for (const entry of order) {
    const groupId = entry.groupId;
    if (groupId === undefined) {
      result.push(entry);
    } else if ((sizes.get(groupId) ?? 0) < GROUP_MIN_MEMBERS) {
      result.push(lone(entry));
    } else if (!placed.has(groupId)) {
      placed.add(groupId);
      result.push(...order.filter((item) => item.groupId === groupId));
    }
  }
  return result;
}

/** The state with a new order, the turn staying on the entry that had it (or the same index). */
export function withOrder(state: CombatState, order: OrderEntry[]): CombatState {
  const current = state.order[state.turnIndex];
  const found = current === undefined ? -1 : order.findIndex((e) => entryKey(e) === entryKey(current));
  const turnIndex = found !== -1 ? found : Math.min(state.turnIndex, Math.max(order.length - 1, 0));
  return { ...state, order, turnIndex };
}

/**
 * Where a hazard goes: after every entry of its initiative or higher (it loses ties; hazards of one
 * initiative by name, then id), never inside a group.
 */
export function hazardPlace(
  order: readonly OrderEntry[],
  hazard: CombatHazard,
  state: Pick<CombatState, 'hazards'>,
) {
  let index = order.findIndex((entry) => {
    if (entry.initiative < hazard.initiative) return true;
    if (entry.initiative > hazard.initiative || entry.hazardId === undefined) return false;
    const other = hazardOf(state, entry);
    return other !== undefined && compareHazards(hazard, other) < 0;
  });
  if (index === -1) index = order.length;
  // Never between two members of one group.
  while (
    index > 0 &&
    index < order.length &&
    order[index]!.groupId !== undefined &&
    order[index]!.groupId === order[index - 1]!.groupId
  ) {
    index += 1;
  }
  return index;
}

function compareHazards(a: CombatHazard, b: CombatHazard): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Inserts a hazard's entry in the order of a fight. Inserted before the current turn, it acts from the
 * next round on; the unit whose turn it is keeps it.
 */
export function insertHazard(state: CombatState, hazard: CombatHazard): CombatState {
  const index = hazardPlace(state.order, hazard, state);
  const entry: OrderEntry = { hazardId: hazard.id, initiative: hazard.initiative };
  const order = [...state.order.slice(0, index), entry, ...state.order.slice(index)];
  const turnIndex =
    state.order.length > 0 && index <= state.turnIndex ? state.turnIndex + 1 : state.turnIndex;
  return { ...state, order, turnIndex };
}

/** Groups by name (start's `groups: 'byName'`): the non-player units of one side named alike. */
export function groupsByName(
  sides: readonly (readonly string[])[],
  units: ReadonlyMap<string, TurnUnit>,
  newId: () => string,
): Map<string, string> {
  const groupOf = new Map<string, string>();
  for (const side of sides) {
    const byName = new Map<string, string[]>();
    for (const id of side) {
      const unit = units.get(id);
      if (!unit || unit.isPlayer === true) continue;
      const key = baseName(unit.name);
      byName.set(key, [...(byName.get(key) ?? []), id]);
    }
    for (const members of byName.values()) {
      if (members.length < GROUP_MIN_MEMBERS) continue;
      const groupId = newId();
      for (const id of members) groupOf.set(id, groupId);
    }
  }
  return groupOf;
}
