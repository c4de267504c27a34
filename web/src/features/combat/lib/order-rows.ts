// The initiative order as the GM's screen lists it (docs/decisions/062): a lone unit, a lair action or
// hazard, or a group of units that take one turn, shown as one row that unfolds to its members. The
// order array stays the server's; each row says which of its entries it stands for (`start`, `end`),
// so a drag or a key move lands at a place of the order, and the turn's row is the one holding
// `turnIndex`. Pure: no React.
import type { TFunction } from 'i18next';
import { groupName, hazardOf, turnSpan, turnUnitIds } from '@questkeeper/core/combat/turns';
import { baseName } from '@questkeeper/core/units/copies';
import type { CombatHazard, CombatState, OrderEntry } from '@questkeeper/core/schemas/combat';

interface NamedUnit {
  _id: string;
  name: string;
  currentHp: number;
}

export type OrderRow =
  | { kind: 'unit'; key: string; start: number; end: number; unitId: string; initiative: number }
  | { kind: 'hazard'; key: string; start: number; end: number; hazard: CombatHazard; initiative: number }
  | {
      kind: 'group';
      key: string;
      start: number;
      end: number;
      groupId: string;
      /** The first member's name without its number ("Goblin 2" → "Goblin"). */
      name: string;
      unitIds: string[];
      initiative: number;
      expanded: boolean;
    }
  /**
   * A member of an unfolded group, under its group's row; `start`/`end` are its group's (a drop on it
   * lands where one on its group would: a group stands together).
   */
  | { kind: 'member'; key: string; start: number; end: number; unitId: string; groupId: string };

/** The rows of the order: groups folded unless their id is in `expanded`. */
export function orderRows(
  state: Pick<CombatState, 'order' | 'hazards'>,
  units: ReadonlyMap<string, Pick<NamedUnit, 'name'>>,
  expanded: ReadonlySet<string>,
): OrderRow[] {
  const rows: OrderRow[] = [];
  const { order } = state;
  let index = 0;
  while (index < order.length) {
    const entry = order[index]!;
    if (entry.groupId !== undefined) {
      const { end } = turnSpan(order, index);
      const unitIds = order.slice(index, end).flatMap((item) => (item.unitId ? [item.unitId] : []));
      const open = expanded.has(entry.groupId);
      rows.push({
        kind: 'group',
        key: `group:${entry.groupId}`,
        start: index,
        end,
        groupId: entry.groupId,
        // A group stands together: its first member is the span's first (groupName would scan the
        // whole order for each group, on every blow — decision 071).
        name:
          unitIds[0] === undefined
            ? groupName(order, entry.groupId, units)
            : baseName(units.get(unitIds[0])?.name ?? ''),
        unitIds,
        initiative: entry.initiative,
        expanded: open,
      });
      if (open) {
        for (let at = index; at < end; at++) {
          const unitId = order[at]!.unitId;
          if (unitId !== undefined) {
            rows.push({
              kind: 'member',
              key: `member:${unitId}`,
              start: index,
              end,
              unitId,
              groupId: entry.groupId,
            });
          }
        }
      }
      index = end;
      continue;
    }
    if (entry.hazardId !== undefined) {
      const hazard = hazardOf(state, entry) ?? {
        id: entry.hazardId,
        name: '',
        initiative: entry.initiative,
        hidden: false,
      };
      rows.push({
        kind: 'hazard',
        key: `hazard:${entry.hazardId}`,
        start: index,
        end: index + 1,
        hazard,
        initiative: entry.initiative,
      });
    } else if (entry.unitId !== undefined) {
      rows.push({
        kind: 'unit',
        key: entry.unitId,
        start: index,
        end: index + 1,
        unitId: entry.unitId,
        initiative: entry.initiative,
      });
    }
    index += 1;
  }
  return rows;
}

/** The row that holds the turn (a member's group row, never the member's own). */
export function currentRowIndex(rows: readonly OrderRow[], turnIndex: number): number {
  return rows.findIndex((row) => row.kind !== 'member' && row.start <= turnIndex && turnIndex < row.end);
}

/**
 * Where in the order a row dragged from `from` lands when dropped on `to` (both row indices): above
 * the row it passes going up, below it going down — a whole group is passed at once. Null: no move.
 */
export function dropIndex(rows: readonly OrderRow[], from: number, to: number): number | null {
  const target = rows[to];
  if (!target || to === from) return null;
  return to < from ? target.start : target.end - 1;
}

/** The units whose turn it is: the current entry's group, itself, or none (a lair action). */
export function turnIds(order: readonly OrderEntry[], turnIndex: number): ReadonlySet<string> {
  return new Set(turnUnitIds(order, turnIndex));
}

/**
 * Whose turn it is, as the fight's bar says it: "Turn of Aldric", "Lair action: Cave tremors",
 * "Turn of Goblin ×3". Undefined before anyone's turn.
 */
export function turnTitle(
  state: Pick<CombatState, 'order' | 'hazards' | 'turnIndex'>,
  units: ReadonlyMap<string, Pick<NamedUnit, 'name'>>,
  t: TFunction,
): string | undefined {
  const entry = state.order[state.turnIndex];
  if (!entry) return undefined;
  const hazard = hazardOf(state, entry);
  if (hazard) return t('combat.monsters.hazards.turn', { name: hazard.name });
  if (entry.groupId !== undefined) {
    const size = turnUnitIds(state.order, state.turnIndex).length;
    return t('combat.monsters.groups.turn', {
      name: t('combat.monsters.groups.name', {
        name: groupName(state.order, entry.groupId, units),
        count: size,
      }),
    });
  }
  const name = entry.unitId === undefined ? undefined : units.get(entry.unitId)?.name;
  return name === undefined ? undefined : t('combat.turnOf', { name });
}
