// The live data of a player link (decision 032). The stream needs no session, so the
// browser's EventSource reads it: it reconnects by itself after a drop or a server restart (the
// server's `retry:`), and every connection begins with the whole payload, so a page that was away
// catches up with its first event. When the server refuses the stream (EventSource gives up on any
// answer but 200), the JSON says why: 404 is a link that no longer works, anything else is retried
// with a growing delay, the JSON's payload shown meanwhile.
import { useEffect, useState } from 'react';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import { ApiError } from '@/lib/api-client';
import { getPlayerView, playerEventsPath } from '@/lib/player-view';

export type PlayerConnection = 'connecting' | 'live' | 'reconnecting' | 'gone';

export interface PlayerStream {
  connection: PlayerConnection;
  payload: PlayerViewPayload | null;
  /** The last payload of a fight that has since ended: its final picture stays readable. */
  lastFight: PlayerViewPayload | null;
}

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

export function usePlayerStream(token: string): PlayerStream {
  const [state, setState] = useState<PlayerStream>({
    connection: 'connecting',
    payload: null,
    lastFight: null,
  });

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let delay = FIRST_DELAY_MS;
    const abort = new AbortController();

    const show = (payload: PlayerViewPayload) =>
      setState((before) => ({
        connection: 'live',
        payload,
        lastFight:
          payload.phase === 'fight'
            ? null
            : before.payload?.phase === 'fight'
              ? before.payload
              : before.lastFight,
      }));
    const gone = () => {
      stopped = true;
      source?.close();
      setState((before) => ({ ...before, connection: 'gone' }));
    };

    const connect = () => {
      if (stopped) return;
      const stream = new EventSource(playerEventsPath(token));
      source = stream;
      stream.onmessage = (event: MessageEvent<string>) => {
        delay = FIRST_DELAY_MS;
        try {
          show(JSON.parse(event.data) as PlayerViewPayload);
        } catch {
          // A garbled event: the next one carries the whole state again.
        }
      };
      stream.addEventListener('revoked', gone);
      stream.onerror = () => {
        if (stopped) return;
        setState((before) =>
          before.connection === 'gone' ? before : { ...before, connection: 'reconnecting' },
        );
        // Still CONNECTING: the browser retries by itself. CLOSED: the server refused; ask why.
        if (stream.readyState === EventSource.CLOSED) void check();
      };
    };

    const retryLater = () => {
      if (stopped) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    };

    const check = async () => {
      try {
        show(await getPlayerView(token, abort.signal));
        setState((before) => ({ ...before, connection: 'reconnecting' }));
        retryLater();
      } catch (error) {
        if (stopped || abort.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) gone();
        else retryLater();
      }
    };

    connect();
    return () => {
      stopped = true;
      abort.abort();
      clearTimeout(timer);
      source?.close();
    };
  }, [token]);

  return state;
}
