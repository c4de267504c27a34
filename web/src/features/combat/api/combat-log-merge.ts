// The combat log as the screen holds it (decision 030), pure: the entries loaded stay one unbroken
// stretch of the log, oldest first, ending with the fight's newest window. Each new window replaces
// the part it covers (entries flagged, redone or dropped meanwhile included) and keeps what was
// loaded before it; undone flags of that older part follow the fight's `logUndoneFrom`, so an undo
// or redo made anywhere — here or on another device — shows on every loaded entry.
import type { CombatLogEntry, CombatLogPage, CombatResponse } from '@questkeeper/core/schemas/combat';

/** What a loaded log needs of the fight. */
export type FightLog = Pick<CombatResponse, 'log' | 'logBefore' | 'logUndoneFrom'>;

export interface LoadedLog {
  /** An unbroken stretch of the log, oldest first, ending with the fight's window. */
  entries: readonly CombatLogEntry[];
  /** The cursor for the entries older than `entries`; null when they start at the first one. */
  before: string | null;
}

/** The entry with its undone flag as the fight says (the same object when it already is). */
function flagged(entry: CombatLogEntry, undoneFrom: number | null): CombatLogEntry {
  const undone = undoneFrom !== null && entry.step >= undoneFrom;
  return entry.undone === undone ? entry : { ...entry, undone };
}

/**
 * The loaded log once the fight's new window is in: the entries older than the window are kept when
 * the window starts among them (else they no longer join it — a new fight, or more new entries than
 * the window holds — and only the window is left).
 */
export function mergeWindow(loaded: LoadedLog | null, fight: FightLog): LoadedLog {
  const first = fight.log[0];
  if (!loaded || !first) return { entries: fight.log, before: fight.logBefore };
  // The window usually starts near the end of what is loaded: search from there.
  let at = loaded.entries.length - 1;
  while (at >= 0 && loaded.entries[at]!.id !== first.id) at--;
  if (at < 0) return { entries: fight.log, before: fight.logBefore };
  if (at === 0) return { entries: fight.log, before: loaded.before };
  const older = loaded.entries.slice(0, at).map((entry) => flagged(entry, fight.logUndoneFrom));
  return { entries: [...older, ...fight.log], before: loaded.before };
}

/**
 * A page read with `cursor` put before the loaded log; left out when the log moved meanwhile (its
 * start is no longer where the page ends).
 */
export function prependPage(
  loaded: LoadedLog,
  cursor: string,
  page: CombatLogPage,
  undoneFrom: number | null,
): LoadedLog {
  if (loaded.before !== cursor) return loaded;
  const entries = page.entries.map((entry) => flagged(entry, undoneFrom));
  return { entries: [...entries, ...loaded.entries], before: page.before };
}
