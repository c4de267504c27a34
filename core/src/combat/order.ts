// The initiative order while a fight goes on (docs/decisions/021): a unit joining mid-fight takes its place
// by its roll, a unit leaving takes its turn with it. The unit whose turn it is keeps it.
import type { CombatState, OrderEntry } from '../schemas/combat';
import { compareInitiative, type Combatant, type InitiativeEntry } from './combat';
import { entryKey, entryTakesTurn, normalizeGroups } from './turns';

/**
 * Inserts `entry` where the initiative sort puts it (ties look at the characteristic's value, whatever
 * the campaign's initiative modifier: docs/decisions/061). Inserted before the current turn, it plays from
 * the next round on; after it, later in this round. Units missing from `units` sort as unnamed.
 */
export function insertInOrder(
  state: CombatState,
  entry: InitiativeEntry,
  units: ReadonlyMap<string, Combatant>,
  characteristic: string,
): CombatState {
  const keyed = (item: InitiativeEntry) => ({
    unit: units.get(item.unitId) ?? { _id: item.unitId, name: '', hp: 0, currentHp: 0, characteristics: {} },
    initiative: item.initiative,
  });
  const joining = keyed(entry);
  // A hazard loses ties (docs/decisions/062): a unit of its initiative goes before it.
  let index = state.order.findIndex((item) =>
    item.hazardId !== undefined
      ? joining.initiative >= item.initiative
      : compareInitiative(joining, keyed(item as InitiativeEntry), characteristic) < 0,
  );
  if (index === -1) index = state.order.length;
  // Never inside a group: normalizeGroups moves it after the group's last member.
  const order = normalizeGroups([...state.order.slice(0, index), entry, ...state.order.slice(index)]);
  if (state.order.length === 0) return { ...state, order };
  const current = entryKey(state.order[state.turnIndex]!);
  return { ...state, order, turnIndex: order.findIndex((item) => entryKey(item) === current) };
}

/**
 * Takes a unit out of the order. When it was its turn, the turn goes to the next entry that takes one
 * (`entryTakesTurn`: a Down player character still rolling death saves too, a hazard), wrapping to the
 * top without counting a new round: the round is not over, only cut short. A group left with one
 * member is no group any more.
 */
export function removeFromOrder(
  state: CombatState,
  unitId: string,
  units: ReadonlyMap<string, Combatant>,
): CombatState {
  return removeEntry(state, (item) => item.unitId === unitId, units);
}

/** Takes a lair action or hazard out of the order, as `removeFromOrder` does a unit. */
export function removeHazardFromOrder(
  state: CombatState,
  hazardId: string,
  units: ReadonlyMap<string, Combatant>,
): CombatState {
  return removeEntry(state, (item) => item.hazardId === hazardId, units);
}

function removeEntry(
  state: CombatState,
  matches: (entry: OrderEntry) => boolean,
  units: ReadonlyMap<string, Combatant>,
): CombatState {
  const index = state.order.findIndex(matches);
  if (index === -1) return state;
  // Removing one entry keeps every group together: the indices below stay true.
  const order = normalizeGroups(state.order.filter((_, i) => i !== index));
  if (order.length === 0) return { ...state, order, turnIndex: 0 };
  if (index < state.turnIndex) return { ...state, order, turnIndex: state.turnIndex - 1 };
  if (index > state.turnIndex) return { ...state, order };
  const from = index < order.length ? index : 0;
  for (let step = 0; step < order.length; step++) {
    const candidate = (from + step) % order.length;
    if (entryTakesTurn(order[candidate], units, state.deathSaves)) {
      return { ...state, order, turnIndex: candidate };
    }
  }
  return { ...state, order, turnIndex: from };
}
