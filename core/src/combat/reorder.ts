// The initiative order fixed by hand (decision 031): a game master drags a unit to its
// place when the dice and the table disagree. The order array is the truth; the moved unit's
// initiative is brought between its new neighbours' so the numbers shown still read downwards, and
// the unit whose turn it is keeps it.
import type { CombatState } from '../schemas/combat';
import { entryKey, normalizeGroups } from './turns';

/** The state with `unitId` at `toIndex` of the order, or null when it is not in the order. */
export function moveInOrder(
  state: CombatState,
  unitId: string,
  toIndex: number,
): { state: CombatState; initiative: number } | null {
  const from = state.order.findIndex((entry) => entry.unitId === unitId);
  if (from === -1) return null;
  const currentEntry = state.order[state.turnIndex];
  const current = currentEntry === undefined ? undefined : entryKey(currentEntry);
  const rest = state.order.filter((_, index) => index !== from);
  const moved = state.order[from]!;
  const above = rest[toIndex - 1];
  const below = rest[toIndex];
  let initiative = moved.initiative;
  if (above && initiative > above.initiative) initiative = above.initiative;
  if (below && initiative < below.initiative) initiative = below.initiative;
  // A unit moved by hand leaves its group (docs/decisions/062); one landing inside a group goes after it.
  const order = normalizeGroups([...rest.slice(0, toIndex), { unitId, initiative }, ...rest.slice(toIndex)]);
  const turnIndex = current === undefined ? state.turnIndex : order.findIndex((e) => entryKey(e) === current);
  return { state: { ...state, order, turnIndex: Math.max(0, turnIndex) }, initiative };
}
