// Requests Node's HTTP parser refuses before Fastify sees them: headers over the 16 KB
// limit answer 431 with `Connection: close`, and the connection then closes cleanly — never a reset
// that a keep-alive client would meet on its next request. A real listening server and raw sockets:
// `inject` never goes through the parser.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenOnFreePort, type TestContext } from '../../test/support/harness';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  port = await listenOnFreePort(ctx);
});
afterAll(async () => ctx?.close());

const OVERSIZED = 'x'.repeat(40_000); // well past Node's 16 KB header limit

interface Reading {
  /** Everything the server sent, as text. */
  text: () => string;
  /** Resolves once `text` matches, or rejects when the socket closes first. */
  until: (pattern: RegExp) => Promise<string>;
  /** How the socket ended: a FIN from the server ('end'), or an error (e.g. ECONNRESET). */
  closed: Promise<{ ended: boolean; error: string | null }>;
}

function read(socket: net.Socket): Reading {
  let received = '';
  let ended = false;
  let error: string | null = null;
  const waiters: (() => void)[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  socket.on('end', () => {
    ended = true;
  });
  socket.on('error', (caught: NodeJS.ErrnoException) => {
    error = caught.code ?? caught.message;
  });
  const closed = new Promise<{ ended: boolean; error: string | null }>((resolve) => {
    socket.on('close', () => {
      for (const wake of waiters.splice(0)) wake();
      resolve({ ended, error });
    });
  });
  return {
    text: () => received,
    closed,
    until: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(received);
          if (match) return resolve(match[0]);
          if (socket.destroyed) return reject(new Error(`closed before ${pattern}: ${received} ${error}`));
          waiters.push(check);
        };
        check();
      }),
  };
}

function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

const GET_HEALTH = 'GET /api/health HTTP/1.1\r\nHost: questkeeper.test\r\nConnection: keep-alive\r\n';

/** The body of a complete response (status line, headers, Content-Length bytes) in `text`. */
const RESPONSE = /HTTP\/1\.1 (\d{3})[^\r]*\r\n((?:[^\r]+\r\n)*)\r\n/;

describe('headers too large (431)', () => {
  it('answers 431 with Connection: close on a kept-alive connection, then closes it cleanly', async () => {
    const socket = await connect();
    const reading = read(socket);

    // A first request keeps the connection open (a keep-alive client would reuse it).
    socket.write(`${GET_HEALTH}\r\n`);
    await reading.until(/"status"[\s\S]*\}\s*$/);
    expect(reading.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(reading.text()).not.toMatch(/connection: close/i);
    const firstLength = reading.text().length;

    socket.write(`${GET_HEALTH}X-Oversized: ${OVERSIZED}\r\n\r\n`);
    await reading.until(/HTTP\/1\.1 431[\s\S]*\r\n\r\n\{[^}]*\}/);
    const answer = RESPONSE.exec(reading.text().slice(firstLength));
    expect(answer?.[1]).toBe('431');
    expect(answer?.[2]).toMatch(/^connection: close\r$/im);
    const body = JSON.parse(reading.text().slice(firstLength).split('\r\n\r\n')[1] ?? '') as {
      code: string;
      message: string;
    };
    expect(body.code).toBe('HEADERS_TOO_LARGE');
    expect(body.message).toMatch(/header/i);

    // The client read the answer and closes its side, as it was told to: a FIN back, no reset.
    socket.end();
    expect(await reading.closed).toEqual({ ended: true, error: null });
  });

  it('lets a keep-alive client send its next request after a 431 without ECONNRESET', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (headers: Record<string, string> = {}) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const request = http.get(
          { port, host: '127.0.0.1', path: '/api/health', agent, headers },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
            );
          },
        );
        request.on('error', reject);
      });
    try {
      expect((await get()).status).toBe(200);
      const refused = await get({ 'x-oversized': OVERSIZED });
      // Sent after the 431 was read: the agent opens a new connection and the request succeeds.
      for (let i = 0; i < 3; i += 1) expect((await get()).status).toBe(200);
      expect(refused).toEqual({ status: 431, connection: 'close' });
    } finally {
      agent.destroy();
    }
  });

  it('closes cleanly when the client is still sending oversized headers after the answer', async () => {
    const socket = await connect();
    const reading = read(socket);
    socket.write(`${GET_HEALTH}X-Oversized: ${OVERSIZED}`);
    await reading.until(/HTTP\/1\.1 431[\s\S]*\r\n\r\n\{[^}]*\}/);
    // More header bytes after the answer: read and dropped, not answered by a reset.
    socket.write(`${OVERSIZED}\r\n\r\n`);
    socket.end();
    expect(await reading.closed).toEqual({ ended: true, error: null });
    expect(reading.text().match(/HTTP\/1\.1/g)).toHaveLength(1);
  });
});
