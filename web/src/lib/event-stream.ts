// Server-Sent Events read with a streaming fetch (decision 022): EventSource cannot send the
// Authorization header, and a token in a URL ends up in logs. Parses `text/event-stream` (data
// lines joined by newlines, `retry:` honoured, comments ignored), reconnects by itself with a
// growing delay, and stops when the signal aborts.
import { ApiError, apiStream } from './api-client';
import { eventParser } from './event-stream-parser';

export interface EventStreamOptions {
  headers?: Record<string, string>;
  signal: AbortSignal;
  /** The `data` of each event. */
  onMessage: (data: string) => void;
  /** Each time a connection opens, the first and every one after a drop (events may have been missed). */
  onOpen?: () => void;
}

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Reads the stream until `signal` aborts, reconnecting after each drop (1 s, 2 s, 4 s… 30 s at most). */
export async function readEventStream(path: string, options: EventStreamOptions): Promise<void> {
  const { signal } = options;
  let delay = FIRST_DELAY_MS;
  let serverRetry = FIRST_DELAY_MS;
  while (!signal.aborted) {
    try {
      const body = await apiStream(path, {
        signal,
        ...(options.headers ? { headers: options.headers } : {}),
      });
      options.onOpen?.();
      const reader = body.getReader();
      const decoder = new TextDecoder();
      const parser = eventParser(
        (data) => {
          // A live event: the connection works, the next drop starts the back-off again.
          delay = serverRetry;
          options.onMessage(data);
        },
        (ms) => {
          serverRetry = ms;
        },
      );
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      if (signal.aborted) return;
      // A signed-out session or a campaign that is gone will not come back by asking again.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404))
        return;
    }
    if (signal.aborted) return;
    await wait(delay, signal);
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  }
}
