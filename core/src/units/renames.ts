// Units name their race, class and status and key their characteristics by name. When a campaign
// update renames one of those, or lowers a characteristic's max, the units must follow, or they
// would point at an entry that no longer exists (docs/decisions/014).
import type { CampaignData } from '../campaigns/default-campaign';

export interface Rename {
  from: string;
  to: string;
}

export interface UnitFollowUps {
  race: Rename[];
  class: Rename[];
  status: Rename[];
  characteristics: Rename[];
  /** Characteristics (by their new name) whose values must be capped at a lower max. */
  capped: { name: string; max: number }[];
}

type Named = { _id: string; name: string };

/**
 * Races, classes and statuses carry ids: an entry whose id stays and whose name changes is renamed,
 * unless its old name is still used by another entry or its new name was another entry's (a swap
 * or a merge: units are left alone rather than guessed at).
 */
function renamedById(before: readonly Named[], after: readonly Named[]): Rename[] {
  const beforeNames = new Set(before.map((entry) => entry.name));
  const afterNames = new Set(after.map((entry) => entry.name));
  const oldName = new Map(before.map((entry) => [entry._id, entry.name]));
  const renames: Rename[] = [];
  for (const entry of after) {
    const from = oldName.get(entry._id);
    if (from === undefined || from === entry.name) continue;
    if (afterNames.has(from) || beforeNames.has(entry.name)) continue;
    renames.push({ from, to: entry.name });
  }
  return renames;
}

/**
 * Characteristics have no ids; the dashboard edits one entry in place, so an entry at the same
 * position with a new name, whose old name is gone and whose new name is new, is a rename.
 */
function renamedByPosition(
  before: readonly { name: string }[],
  after: readonly { name: string }[],
): Rename[] {
  const beforeNames = new Set(before.map((entry) => entry.name));
  const afterNames = new Set(after.map((entry) => entry.name));
  const renames: Rename[] = [];
  for (let i = 0; i < Math.min(before.length, after.length); i++) {
    const from = before[i]!.name;
    const to = after[i]!.name;
    if (from !== to && !afterNames.has(from) && !beforeNames.has(to)) renames.push({ from, to });
  }
  return renames;
}

export function unitFollowUps(before: CampaignData, change: Partial<CampaignData>): UnitFollowUps {
  const characteristics = change.characteristics
    ? renamedByPosition(before.characteristics, change.characteristics)
    : [];
  const capped: UnitFollowUps['capped'] = [];
  if (change.characteristics) {
    const newName = new Map(characteristics.map((rename) => [rename.from, rename.to]));
    const oldMax = new Map(before.characteristics.map((c) => [newName.get(c.name) ?? c.name, c.max]));
    for (const { name, max } of change.characteristics) {
      const was = oldMax.get(name);
      if (was !== undefined && max < was) capped.push({ name, max });
    }
  }
  return {
    race: change.races ? renamedById(before.races, change.races) : [],
    class: change.classes ? renamedById(before.classes, change.classes) : [],
    status: change.statuses ? renamedById(before.statuses, change.statuses) : [],
    characteristics,
    capped,
  };
}

export function hasFollowUps(followUps: UnitFollowUps): boolean {
  return Object.values(followUps).some((list: unknown[]) => list.length > 0);
}
