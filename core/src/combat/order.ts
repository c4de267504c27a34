// The initiative order while a fight goes on (docs/decisions/021): a unit joining mid-fight takes its place
// by its roll, a unit leaving takes its turn with it. The unit whose turn it is keeps it.
import type { CombatState } from '../schemas/combat';
import { compareInitiative, type Combatant, type InitiativeEntry } from './combat';
import { takesTurn } from './death-saves';

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
  let index = state.order.findIndex((item) => compareInitiative(joining, keyed(item), characteristic) < 0);
  if (index === -1) index = state.order.length;
  const order = [...state.order.slice(0, index), entry, ...state.order.slice(index)];
  const turnIndex =
    state.order.length > 0 && index <= state.turnIndex ? state.turnIndex + 1 : state.turnIndex;
  return { ...state, order, turnIndex };
}

/**
 * Takes a unit out of the order. When it was its turn, the turn goes to the next standing unit
 * (`takesTurn`: a Down player character still rolling death saves too), wrapping to the top without
 * counting a new round: the round is not over, only cut short.
 */
export function removeFromOrder(
  state: CombatState,
  unitId: string,
  units: ReadonlyMap<string, Combatant>,
): CombatState {
  const index = state.order.findIndex((item) => item.unitId === unitId);
  if (index === -1) return state;
  const order = state.order.filter((_, i) => i !== index);
  if (order.length === 0) return { ...state, order, turnIndex: 0 };
  if (index < state.turnIndex) return { ...state, order, turnIndex: state.turnIndex - 1 };
  if (index > state.turnIndex) return { ...state, order };
  const from = index < order.length ? index : 0;
  for (let step = 0; step < order.length; step++) {
    const candidate = (from + step) % order.length;
    if (takesTurn(units.get(order[candidate]!.unitId), state.deathSaves)) {
      return { ...state, order, turnIndex: candidate };
    }
  }
  return { ...state, order, turnIndex: from };
}
