// The combat log as the screen holds it (decision 030): every answer about the fight carries its
// newest entries only (`log`, the window); older ones are read page by page with GET
// /api/combat/log when the reader asks for them, and merged by ./combat-log-merge.ts.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { combatLogPage } from '@questkeeper/core/schemas/combat';
import { apiRequest } from '@/lib/api-client';
import { mergeWindow, prependPage, type FightLog, type LoadedLog } from './combat-log-merge';
import { campaignHeader } from '@/lib/units';

export type { FightLog, LoadedLog };

/** Entries one click on "Show older entries" loads (the API's largest page is COMBAT_LOG_PAGE_MAX). */
export const OLDER_PAGE_SIZE = 100;

export function getLogPage(
  campaignId: string,
  before: string,
  limit = OLDER_PAGE_SIZE,
  signal?: AbortSignal,
) {
  return apiRequest<{ response: typeof combatLogPage }>(
    'GET',
    `/api/combat/log?before=${encodeURIComponent(before)}&limit=${limit}`,
    { headers: campaignHeader(campaignId), ...(signal ? { signal } : {}) },
  );
}

/**
 * The fight's log as loaded so far, and `loadOlder` to read the page before it. Only a new window
 * (a new answer or read of the fight) merges: the screen's predictions keep the log they had.
 */
export function useCombatLog(campaignId: string, fight: FightLog | undefined) {
  const [state, setState] = useState<{
    from: FightLog['log'] | null;
    undoneFrom: number | null;
    log: LoadedLog;
  }>(() => ({
    from: fight?.log ?? null,
    undoneFrom: fight?.logUndoneFrom ?? null,
    log: fight ? mergeWindow(null, fight) : { entries: [], before: null },
  }));
  // A new window: merged during render (React's way to derive state), so it paints with the fight.
  let current = state;
  if (fight && fight.log !== state.from) {
    current = { from: fight.log, undoneFrom: fight.logUndoneFrom, log: mergeWindow(state.log, fight) };
    setState(current);
  }
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const cursor = current.log.before;
  const loadOlder = useCallback(async () => {
    if (cursor === null || controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setLoading(true);
    setError(null);
    try {
      const page = await getLogPage(campaignId, cursor, OLDER_PAGE_SIZE, abort.signal);
      setState((previous) => ({
        ...previous,
        log: prependPage(previous.log, cursor, page, previous.undoneFrom),
      }));
    } catch (failure) {
      if (!abort.signal.aborted) setError(failure);
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        if (!abort.signal.aborted) setLoading(false);
      }
    }
  }, [campaignId, cursor]);

  return { entries: current.log.entries, hasOlder: cursor !== null, loading, error, loadOlder };
}
