// The rows of the player page's order (docs/decisions/062): a unit, a group players see at least two
// members of (the payload marks them with one `groupId`) folded into ONE row, or a lair action /
// hazard. The payload is already redacted: a group counts only the members it carries, so the row
// never says that unseen ones exist.
import { baseName } from '@questkeeper/core/units/copies';
import type { PlayerUnit, PlayerViewPayload } from '@questkeeper/core/schemas/player-view';

export type PlayerHazard = PlayerViewPayload['hazards'][number];

export type PlayerRow =
  | { kind: 'unit'; id: string; unit: PlayerUnit }
  /** `name`: the members' name without its number; `label`: with their count ("Goblin ×3"). */
  | { kind: 'group'; id: string; name: string; label: string; members: PlayerUnit[] }
  | { kind: 'hazard'; id: string; hazard: PlayerHazard };

/**
 * A group's name: the first member's shown name without its trailing number, times the members
 * players see ("Goblin ×3"). A symbol and a number, the same in every language.
 */
export const groupBaseName = (members: readonly PlayerUnit[]) => baseName(members[0]?.name ?? '');
export const groupLabel = (members: readonly PlayerUnit[]) => `${groupBaseName(members)} ×${members.length}`;

/** Each grouped unit's group name, for the turn line and the log's turn lines. */
export function groupNames(payload: Pick<PlayerViewPayload, 'units'>): Map<string, string> {
  const members = new Map<string, PlayerUnit[]>();
  for (const unit of payload.units) {
    if (unit.groupId === undefined) continue;
    members.set(unit.groupId, [...(members.get(unit.groupId) ?? []), unit]);
  }
  const names = new Map<string, string>();
  for (const group of members.values()) {
    if (group.length < 2) continue; // the server sends none, but one alone is a plain unit
    const label = groupLabel(group);
    for (const unit of group) names.set(unit.id, label);
  }
  return names;
}

/**
 * The rows in initiative order; units and hazards outside it (a setup, a late join) after them. A
 * group's row stands where its first member does, its members in their order.
 */
export function playerRows(payload: Pick<PlayerViewPayload, 'order' | 'units' | 'hazards'>): PlayerRow[] {
  const units = new Map(payload.units.map((unit) => [unit.id, unit]));
  const hazards = new Map((payload.hazards ?? []).map((hazard) => [hazard.id, hazard]));
  const inOrder = new Set(payload.order);
  const sequence: (PlayerUnit | PlayerHazard)[] = [
    ...payload.order.flatMap((id) => units.get(id) ?? hazards.get(id) ?? []),
    ...payload.units.filter((unit) => !inOrder.has(unit.id)),
    ...(payload.hazards ?? []).filter((hazard) => !inOrder.has(hazard.id)),
  ];
  const grouped = new Map<string, PlayerUnit[]>();
  for (const item of sequence) {
    if (!('group' in item) || item.groupId === undefined) continue;
    grouped.set(item.groupId, [...(grouped.get(item.groupId) ?? []), item]);
  }

  const rows: PlayerRow[] = [];
  const placed = new Set<string>();
  for (const item of sequence) {
    if (placed.has(item.id)) continue;
    placed.add(item.id);
    if (!('group' in item)) {
      rows.push({ kind: 'hazard', id: item.id, hazard: item });
      continue;
    }
    const members = item.groupId === undefined ? [] : (grouped.get(item.groupId) ?? []);
    if (members.length < 2) {
      rows.push({ kind: 'unit', id: item.id, unit: item });
      continue;
    }
    for (const member of members) placed.add(member.id);
    rows.push({
      kind: 'group',
      id: `group-${item.groupId}`,
      name: groupBaseName(members),
      label: groupLabel(members),
      members,
    });
  }
  return rows;
}

/** Whether a row has the turn: the unit, any member of the group, or the hazard. */
export function rowHasTurn(row: PlayerRow, turn: PlayerViewPayload['turn'] | null): boolean {
  if (!turn) return false;
  switch (row.kind) {
    case 'unit':
      return turn.unitId === row.unit.id;
    case 'group':
      return row.members.some((member) => member.id === turn.unitId);
    case 'hazard':
      return turn.hazardId === row.hazard.id;
  }
}
