// One naming rule for campaigns that arrive beside others (turn-3 decision "Safer
// data moves"): an imported campaign whose name is taken gets "(2)", "(3)"… — the first free number,
// counted on the name without a number it may already carry ("Tomb (2)" taken → "Tomb (3)").
// Names compare trimmed and case-insensitively, as a game master reads them on the dashboard, and the
// result stays within the name limit (the base is shortened, never the number).
import { NAME_MAX } from '../limits';

const fold = (name: string) => name.trim().toLocaleLowerCase();

/** The name without a trailing " (n)": "Tomb (2)" → "Tomb". */
export function campaignBaseName(name: string): string {
  const trimmed = name.trim();
  return trimmed.replace(/\s*\(\d+\)$/u, '').trimEnd() || trimmed;
}

/** `name` if no campaign of `existing` has it, else the base name with the first free "(n)", n ≥ 2. */
export function uniqueCampaignName(name: string, existing: readonly string[]): string {
  const trimmed = name.trim();
  const taken = new Set(existing.map(fold));
  if (!taken.has(fold(trimmed))) return trimmed;
  const base = campaignBaseName(trimmed);
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = base.slice(0, NAME_MAX - suffix.length).trimEnd() + suffix;
    if (!taken.has(fold(candidate))) return candidate;
  }
}
