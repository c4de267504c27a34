// Player streams opened from Node (docs/decisions/028 benchmark): each one reads GET /api/play/{token}/events
// over its own socket, as a phone would, and notes when each event arrives. Parsing is the minimum:
// an event ends at a blank line, its data is what follows `data: `.
import http from 'node:http';

export interface PlayerClient {
  /** Wall-clock arrival (Date.now()) and data of each event, in order. */
  events: { at: number; data: string }[];
  /** Resolves with the status code once the answer's headers arrive. */
  status: Promise<number>;
  /** Set when the socket failed or the server ended the stream. */
  error: string | null;
  close(): void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

export function openPlayerClient(origin: string, token: string): PlayerClient {
  const url = new URL(`/api/play/${encodeURIComponent(token)}/events`, origin);
  let buffer = '';
  let closing = false;
  const client: PlayerClient = {
    events: [],
    error: null,
    status: Promise.resolve(0),
    close: () => {
      closing = true;
      request.destroy();
    },
  };
  let request!: http.ClientRequest;
  client.status = new Promise<number>((resolve) => {
    request = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
      resolve(response.statusCode ?? 0);
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = Date.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) client.events.push({ at, data });
        }
      });
      response.on('end', () => {
        if (!closing) client.error ??= 'ended by the server';
      });
      response.on('error', (error) => {
        if (!closing) client.error ??= error.message;
      });
    });
    request.on('error', (error) => {
      if (!closing) client.error ??= error.message;
      resolve(0);
    });
  });
  return client;
}

/** Waits until every client has an event for which `test` holds (or `timeoutMs` passes); answers their arrival times. */
export async function arrivals(
  clients: readonly PlayerClient[],
  test: (data: string) => boolean,
  timeoutMs = 10_000,
): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = clients.map((client) => client.events.find((event) => test(event.data))?.at);
    if (found.every((at) => at !== undefined)) return found as number[];
    if (Date.now() > deadline) {
      const missing = found.filter((at) => at === undefined).length;
      throw new Error(
        `${missing} of ${clients.length} player streams did not get the event within ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
