// Decision 049: an event stream is bounded. At most 20 open per user (combat) and per IP (player
// view), the 21st answering 429 until one closes; a combat stream ends when its session does
// (logout, password change, account deletion) but not on a language change; and the request timeout
// that cuts a stalled body never cuts a stream that has started. Over real sockets: a slot is given
// back when the socket closes, which app.inject cannot show.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../app';
import { loadConfig } from '../../../config';
import { readStream } from '../../../../test/cluster/sse-reader';
import { openTestDatabase } from '../../../../test/support/harness';
import { openPlayerStream } from '../../../../test/support/player-stream-client';
import { buildParty, type Party } from '../../../../test/support/proof-world';
import { STREAM_LIMIT } from './stream-slots';

const TIMEOUT_MS = 1_000;

let app: App;
let port: number;
let drop: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // The stream limit scales with the rate limits (0 would lift it).
    RATE_LIMIT_SCALE: '1',
    WEB_DIST: '/nonexistent-web-dist',
    PUBLIC_URL: 'http://questkeeper.test',
  });
  app = await buildApp({ config, database: opened.database, logger: false, requestTimeoutMs: TIMEOUT_MS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

const call = async (method: string, url: string, token?: string, body?: unknown) => {
  const response = await app.inject({
    method: method as 'POST',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return response;
};

/** Retries `open` until it succeeds: a slot comes back once the server sees the socket close. */
async function eventually<T>(open: () => Promise<T>, ms = 2000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await open();
    } catch (error) {
      if (Date.now() - started > ms) throw error;
      await new Promise((wake) => setTimeout(wake, 25));
    }
  }
}

const streamOf = async (party: Party, token = party.token) => {
  const stream = await readStream(port, token, party.campaignId);
  await stream.waitFor((event) => 'version' in event, 5000);
  return stream;
};

describe('open event streams', () => {
  it('lets a user open 20 combat streams, answers the 21st 429, and frees a slot when one closes', async () => {
    const gm = await buildParty(app, 'many');
    const other = await buildParty(app, 'other');
    const streams = [];
    try {
      for (let i = 0; i < STREAM_LIMIT; i++) streams.push(await readStream(port, gm.token, gm.campaignId));
      await expect(readStream(port, gm.token, gm.campaignId)).rejects.toThrow('stream answered 429');
      // app.inject: the same limit, and the localized body.
      const answer = await app.inject({
        url: '/api/combat/events',
        headers: {
          authorization: `Bearer ${gm.token}`,
          'x-campaign-id': gm.campaignId,
          'accept-language': 'fr',
        },
      });
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toMatchObject({ code: 'TOO_MANY_STREAMS' });
      expect(answer.json<{ message: string }>().message).toContain('20');
      // Per user: someone else is not held back.
      const theirs = await streamOf(other);
      theirs.close();

      streams.shift()!.close();
      streams.push(await eventually(() => readStream(port, gm.token, gm.campaignId)));
      await expect(readStream(port, gm.token, gm.campaignId)).rejects.toThrow('stream answered 429');
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('lets one IP open 20 player streams, answers the 21st 429, and frees a slot when one closes', async () => {
    const gm = await buildParty(app, 'players');
    const share = await app.inject({
      method: 'POST',
      url: '/api/combat/share',
      headers: { authorization: `Bearer ${gm.token}`, 'x-campaign-id': gm.campaignId },
    });
    expect(share.statusCode).toBe(200);
    const token = share.json<{ url: string }>().url.split('/').pop()!;
    const streams = [];
    try {
      for (let i = 0; i < STREAM_LIMIT; i++) {
        const stream = openPlayerStream(port, token);
        streams.push(stream);
        expect(await stream.status).toBe(200);
      }
      const refused = openPlayerStream(port, token);
      expect(await refused.status).toBe(429);
      refused.close();
      streams.shift()!.close();
      const again = await eventually(async () => {
        const stream = openPlayerStream(port, token);
        if ((await stream.status) === 200) return stream;
        stream.close();
        throw new Error('still full');
      });
      streams.push(again);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('a stream ends with its session', () => {
  it('ends on logout, and not on a language change', async () => {
    const gm = await buildParty(app, 'logout');
    const stream = await streamOf(gm);
    try {
      expect((await call('PUT', '/api/auth/language', gm.token, { language: 'fr' })).statusCode).toBe(200);
      await new Promise((wake) => setTimeout(wake, 300));
      expect(stream.ended()).toBe(false);
      expect((await call('POST', '/api/auth/logout', gm.token)).statusCode).toBe(204);
      await stream.waitEnd(1000);
    } finally {
      stream.close();
    }
  });

  it("ends another session's stream on a password change, and every stream on account deletion", async () => {
    const gm = await buildParty(app, 'password');
    const login = await call('POST', '/api/auth/login', undefined, {
      email: gm.email,
      password: gm.password,
    });
    expect(login.statusCode).toBe(200);
    const otherToken = login.json<{ token: string }>().token;
    const mine = await streamOf(gm);
    const theirs = await streamOf(gm, otherToken);
    try {
      const changed = await call('POST', '/api/auth/change-password', gm.token, {
        currentPassword: gm.password,
        newPassword: 'An0ther!passw0rd',
      });
      expect(changed.statusCode).toBe(200);
      await theirs.waitEnd(1000);
      // The session that changed the password stays signed in, and so does its stream.
      expect(mine.ended()).toBe(false);
      const deleted = await call('DELETE', '/api/auth/account', gm.token, { password: 'An0ther!passw0rd' });
      expect(deleted.statusCode).toBe(204);
      await mine.waitEnd(1000);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

describe('request timeout', () => {
  it('answers 408 to a body that stalls, while an open stream outlives the timeout', async () => {
    const gm = await buildParty(app, 'timeout');
    const stream = await streamOf(gm);
    try {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      const started = Date.now();
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\n\r\n{"email":',
      );
      await closed;
      const waited = Date.now() - started;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
      expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      // Started before the stalled request, still open after it was cut.
      expect(stream.ended()).toBe(false);
      const before = stream.events.length;
      const acted = await app.inject({
        method: 'POST',
        url: '/api/combat/actions',
        headers: { authorization: `Bearer ${gm.token}`, 'x-campaign-id': gm.campaignId },
        payload: { version: gm.combatVersion, action: { type: 'add', unitId: gm.benchId, group: 'allies' } },
      });
      expect(acted.statusCode).toBe(200);
      await stream.waitFor(() => stream.events.length > before, 2000);
    } finally {
      stream.close();
    }
  });
});
