// Test support: reads a player stream over a real socket, keeping the raw text (the secrets test
// reads every byte) and each event's data.
import http from 'node:http';

export interface PlayerStream {
  /** Every byte received so far. */
  raw(): string;
  /** The parsed `data` of each event, in order (`{ event: name }` for a named event). */
  events: unknown[];
  status: Promise<number>;
  ended: Promise<void>;
  /** Waits until an event satisfies `test` (5 s at most by default). */
  until(test: (event: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  close(): void;
}

export function openPlayerStream(port: number, token: string): PlayerStream {
  const events: unknown[] = [];
  let text = '';
  let buffer = '';
  let response: http.IncomingMessage | undefined;
  let wake: (() => void) | undefined;
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  const status = new Promise<number>((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: `/api/play/${encodeURIComponent(token)}/events` },
      (res) => {
        response = res;
        resolve(res.statusCode ?? 0);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, cut).split('\n');
            buffer = buffer.slice(cut + 2);
            const name = block.find((line) => line.startsWith('event: '));
            const data = block.find((line) => line.startsWith('data: '));
            if (name) events.push({ event: name.slice(7) });
            else if (data) events.push(JSON.parse(data.slice(6)));
          }
          wake?.();
        });
        res.on('end', () => {
          markEnded();
          wake?.();
        });
        res.on('close', () => markEnded());
      },
    );
    request.on('error', reject);
  });
  let seen = 0;
  return {
    raw: () => text,
    events,
    status,
    ended,
    async until(test, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (seen < events.length) {
          const event = events[seen++];
          if (test(event)) return event;
        }
        if (Date.now() > deadline) throw new Error(`no such event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
    close: () => response?.destroy(),
  };
}
