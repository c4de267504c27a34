// One way for the proof suites to call the app: `app.inject` (no socket) with the answer read as a
// stream, so a Server-Sent Events route — whose answer never ends — is read up to its first event and
// then left, instead of hanging the suite. Any new streaming route is handled the same way.
import type { InjectOptions } from 'fastify';
import type { App } from '../../src/app';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The whole body; for a stream, what arrived up to its first `data:` event. */
  body: string;
  streamed: boolean;
}

/** How long a stream gets to send its first event before the suite reads what it has. */
const STREAM_WAIT_MS = 300;

export async function send(
  app: App,
  options: InjectOptions,
  { streamWaitMs = STREAM_WAIT_MS }: { streamWaitMs?: number } = {},
): Promise<Answer> {
  const abort = new AbortController();
  const response = await app.inject({ ...options, payloadAsStream: true, signal: abort.signal });
  const stream = response.stream();
  const streamed = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  const chunks: Buffer[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      if (streamed) timer = setTimeout(resolve, streamWaitMs);
      stream.on('data', (chunk: Buffer | string) => {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        if (streamed && /^data: /m.test(Buffer.concat(chunks).toString('utf8'))) resolve();
      });
      stream.on('end', () => resolve());
      stream.on('error', (error) => (streamed ? resolve() : reject(error)));
    });
  } finally {
    clearTimeout(timer);
    // Only our side of a stream goes: the app ends its open streams when it closes.
    if (streamed) {
      stream.on('error', () => {});
      abort.abort();
    }
  }
  return {
    status: response.statusCode,
    headers: response.headers,
    body: Buffer.concat(chunks).toString('utf8'),
    streamed,
  };
}

/** The answer as JSON, or undefined when it is not JSON. */
export function jsonOf<T = unknown>(answer: Answer): T | undefined {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return undefined;
  }
}
