// Copies of a unit (decision 031): "Goblin" spawns "Goblin 2", "Goblin 3"… numbered after
// the highest number the campaign already uses for that name, so a second batch goes on from the
// first. The source counts as number 1; names stay within the name limit.
import { NAME_MAX } from '../limits';

/** The name without a trailing number: "Goblin 3" → "Goblin". */
export function baseName(name: string): string {
  return name.trim().replace(/\s+\d+$/u, '') || name.trim();
}

/** The next `count` names for copies of `source`, given every unit name of the campaign. */
export function copyNames(source: string, existing: readonly string[], count: number): string[] {
  const base = baseName(source);
  const folded = base.toLocaleLowerCase();
  let highest = 1;
  for (const name of existing) {
    const trimmed = name.trim();
    const match = /^(.*?)\s+(\d+)$/u.exec(trimmed);
    if (match && match[1]!.toLocaleLowerCase() === folded) highest = Math.max(highest, Number(match[2]));
  }
  return Array.from({ length: count }, (_, index) => {
    const suffix = ` ${highest + 1 + index}`;
    return base.slice(0, NAME_MAX - suffix.length).trimEnd() + suffix;
  });
}
