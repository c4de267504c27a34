// The loaded combat log (decision 030): new windows merge into what was loaded, pages go before it,
// undone flags follow the fight, and a window that no longer joins what was loaded replaces it.
import { describe, expect, it } from 'vitest';
import { BLANK_LOG_DETAILS } from '@questkeeper/core/combat/action-types';
import type { CombatLogEntry } from '@questkeeper/core/schemas/combat';
import { mergeWindow, prependPage, type FightLog, type LoadedLog } from './combat-log-merge';

const entry = (step: number, undone = false): CombatLogEntry => ({
  id: `e${step}`,
  step,
  type: 'setStatus',
  round: 1,
  turnOf: null,
  ...BLANK_LOG_DETAILS,
  undone,
  at: '2026-11-24T10:00:00.000Z',
});

/** The server's log of `count` one-entry steps, the first undone one at `undoneFrom`. */
const serverLog = (count: number, undoneFrom: number | null = null) =>
  Array.from({ length: count }, (_, i) => entry(i + 1, undoneFrom !== null && i + 1 >= undoneFrom));

/** What an answer carries: the newest `size` entries of the server's log. */
function windowOf(log: CombatLogEntry[], size = 5, undoneFrom: number | null = null): FightLog {
  const from = Math.max(0, log.length - size);
  return { log: log.slice(from), logBefore: from > 0 ? `${from}.0` : null, logUndoneFrom: undoneFrom };
}

/** The page the server gives before `cursor` (its index in the log). */
function pageOf(log: CombatLogEntry[], cursor: string, limit: number) {
  const end = Number(cursor.split('.')[0]);
  const start = Math.max(0, end - limit);
  return { entries: log.slice(start, end), before: start > 0 ? `${start}.0` : null };
}

const ids = (loaded: LoadedLog) => loaded.entries.map((item) => item.id);

describe('mergeWindow', () => {
  it('keeps the pages loaded before a window that slides by one new entry', () => {
    let log = serverLog(20);
    let loaded = mergeWindow(null, windowOf(log));
    loaded = prependPage(loaded, loaded.before!, pageOf(log, loaded.before!, 4), null);
    expect(ids(loaded)).toEqual(log.slice(11).map((item) => item.id));
    log = serverLog(21);
    const next = mergeWindow(loaded, windowOf(log));
    // Every entry once, in order, still joined: the entry that left the window stays.
    expect(ids(next)).toEqual(log.slice(11).map((item) => item.id));
    expect(next.before).toBe(loaded.before);
    // Entries the window did not touch keep their identity (their rows are not rendered again).
    expect(next.entries[0]).toBe(loaded.entries[0]);
  });

  it('flags older loaded entries undone from the fight, and back on redo', () => {
    const log = serverLog(20);
    let loaded = mergeWindow(null, windowOf(log));
    loaded = prependPage(loaded, loaded.before!, pageOf(log, loaded.before!, 10), null);
    // Eight steps undone elsewhere: the window is all undone, and three older entries too.
    const undone = serverLog(20, 13);
    const flagged = mergeWindow(loaded, windowOf(undone, 5, 13));
    expect(flagged.entries.filter((item) => item.undone).map((item) => item.step)).toEqual([
      13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    const redone = mergeWindow(flagged, windowOf(serverLog(20, 14), 5, 14));
    expect(redone.entries.find((item) => item.step === 13)?.undone).toBe(false);
    expect(ids(redone)).toEqual(ids(loaded));
  });

  it('drops entries the server dropped, and starts over when the window no longer joins', () => {
    const log = serverLog(12);
    let loaded = mergeWindow(null, windowOf(log));
    loaded = prependPage(loaded, loaded.before!, pageOf(log, loaded.before!, 7), null);
    expect(ids(loaded)).toHaveLength(12);
    // A new fight: entirely new ids.
    const fresh = [{ ...entry(1), id: 'n1' }];
    expect(mergeWindow(loaded, windowOf(fresh))).toEqual({ entries: fresh, before: null });
    // More new entries than the window holds (another device played on): only the window.
    const far = serverLog(30);
    const moved = mergeWindow(loaded, windowOf(far));
    expect(ids(moved)).toEqual(far.slice(25).map((item) => item.id));
    expect(moved.before).toBe('25.0');
  });
});

describe('prependPage', () => {
  it('pages back to the first entry, every entry once', () => {
    const log = serverLog(23);
    let loaded = mergeWindow(null, windowOf(log));
    while (loaded.before !== null)
      loaded = prependPage(loaded, loaded.before, pageOf(log, loaded.before, 4), null);
    expect(ids(loaded)).toEqual(log.map((item) => item.id));
  });

  it('leaves out a page read before the log moved', () => {
    const log = serverLog(12);
    const loaded = mergeWindow(null, windowOf(log));
    expect(prependPage(loaded, '3.0', pageOf(log, '3.0', 3), null)).toBe(loaded);
  });
});
