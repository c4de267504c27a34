// Reads a combat event stream (decision 022) from one process, straight, not through the proxy.
import http from 'node:http';

export interface StreamReader {
  /** `{ version }` per data event, `{ retry }` per reconnect hint, in order. */
  events: ({ version: number } | { retry: number })[];
  ended(): boolean;
  /** Resolves with the ms waited once an event matches (one already there counts), or rejects after `ms`. */
  waitFor(match: (event: StreamReader['events'][number]) => boolean, ms: number): Promise<number>;
  waitEnd(ms: number): Promise<void>;
  close(): void;
}

export async function readStream(port: number, token: string, campaignId: string): Promise<StreamReader> {
  const events: StreamReader['events'] = [];
  let ended = false;
  let buffer = '';
  const wakers = new Set<() => void>();
  const wake = () => wakers.forEach((w) => w());
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/combat/events',
        headers: { authorization: `Bearer ${token}`, 'x-campaign-id': campaignId },
        agent: false,
      },
      resolve,
    );
    request.on('error', reject);
  });
  if (response.statusCode !== 200) throw new Error(`stream answered ${response.statusCode}`);
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let cut;
    while ((cut = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      for (const line of block.split('\n')) {
        if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as { version: number });
        if (line.startsWith('retry: ')) events.push({ retry: Number(line.slice(7)) });
      }
    }
    wake();
  });
  const onEnd = () => {
    ended = true;
    wake();
  };
  response.on('end', onEnd);
  response.on('close', onEnd);
  response.on('error', onEnd);

  const until = (ready: () => boolean, ms: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!ready()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${what} not seen within ${ms} ms: ${JSON.stringify(events)}`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        wakers.delete(check);
      };
      wakers.add(check);
      check();
    });

  return {
    events,
    ended: () => ended,
    async waitFor(match, ms) {
      const started = Date.now();
      await until(() => events.some(match), ms, 'event');
      return Date.now() - started;
    },
    waitEnd: (ms) => until(() => ended, ms, 'end of stream'),
    close: () => response.destroy(),
  };
}
