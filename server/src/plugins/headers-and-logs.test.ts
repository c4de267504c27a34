// Decision 049: what every answer and every log line may carry. Each /api answer has Cache-Control
// (no-store unless its route chose a policy); HSTS only on requests that came over HTTPS; the request
// log never holds a capability (a player link's token, a demo session id); a failed query is logged
// without the values it was given.
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { serializeError, withoutSqlParameters } from '../lib/log-errors';
import { bearer, createTestApp, openTestDatabase, type TestContext } from '../../test/support/harness';
import { send } from '../../test/support/proof-client';
import { buildParty, openDemoSession } from '../../test/support/proof-world';
import { readRouteTable } from '../../test/support/route-table';
import { idsOf, unknownIds, validRequest } from '../../test/support/valid-requests';
import { HSTS } from './security';

const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    RATE_LIMIT_SCALE: '0',
    WEB_DIST: '/nonexistent-web-dist',
    PUBLIC_URL: 'http://questkeeper.test',
    ...env,
  });

describe('Cache-Control', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('is on every /api answer: each route of the table signed in, signed out, and unknown paths', async () => {
    const routes = await readRouteTable(ctx.app);
    const owner = await buildParty(ctx.app, 'cache');
    const session = await openDemoSession(ctx.app, owner, 'checkout');
    const missing: string[] = [];
    let answers = 0;
    const check = async (label: string, request: Parameters<typeof send>[1]) => {
      const answer = await send(ctx.app, request);
      answers += 1;
      if (!answer.headers['cache-control']) missing.push(`${label} → ${answer.status}`);
      return answer;
    };
    // Reads and writes first, then what ends the world (logout, account deletion).
    const last = (key: string) => /logout|DELETE \/api\/auth\/account/.test(key);
    for (const route of [...routes.filter((r) => !last(r.key)), ...routes.filter((r) => last(r.key))]) {
      const ids = idsOf(owner, session);
      await check(
        `${route.key} (signed in)`,
        validRequest(route, { party: owner, token: owner.token, pathIds: ids, headerIds: ids, bodyIds: ids }),
      );
      await check(
        `${route.key} (signed out)`,
        validRequest(route, { pathIds: unknownIds(), headerIds: unknownIds(), bodyIds: unknownIds() }),
      );
    }
    for (const url of ['/api/nowhere', '/api/units/%E0%A4%A', `/api/units/${'x'.repeat(600)}`])
      await check(url, { url, headers: bearer(owner.token) });
    expect(missing).toEqual([]);
    expect(answers).toBeGreaterThan(routes.length * 2);
  });

  it('keeps the policy a route chose, and says no-store on login and refresh-session', async () => {
    expect((await ctx.app.inject({ url: '/api/site' })).headers['cache-control']).toMatch(/max-age/);
    const owner = await buildParty(ctx.app, 'login');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refresh = await ctx.app.inject({
      url: '/api/auth/refresh-session',
      headers: bearer(owner.token),
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
  });
});

describe('HSTS', () => {
  let proxied: TestContext;
  let direct: TestContext;
  beforeAll(async () => {
    // Demo mail and payments behind a proxy: meant here (decision 045).
    proxied = await createTestApp({ env: { TRUST_PROXY: 'true', DEMO_MODE: 'true' } });
    direct = await createTestApp();
  });
  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
  });

  it('is sent over HTTPS through a trusted proxy, streams included, and never over plain HTTP', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    expect(
      (await proxied.app.inject({ url: '/api/health', headers: https })).headers['strict-transport-security'],
    ).toBe(HSTS);
    expect(
      (await proxied.app.inject({ url: '/api/nowhere', headers: https })).headers[
        'strict-transport-security'
      ],
    ).toBe(HSTS);
    const owner = await buildParty(proxied.app, 'hsts');
    const stream = await send(proxied.app, {
      url: '/api/combat/events',
      headers: { ...bearer(owner.token, owner.campaignId), ...https },
    });
    expect(stream.streamed).toBe(true);
    expect(stream.headers['strict-transport-security']).toBe(HSTS);

    expect(
      (await proxied.app.inject({ url: '/api/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
    expect(
      (await proxied.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } })).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();
    // Without TRUST_PROXY anyone can write the header: plain HTTP it stays.
    expect(
      (await direct.app.inject({ url: '/api/health', headers: https })).headers['strict-transport-security'],
    ).toBeUndefined();
  });

  it('is set by the shipped Caddyfile, replacing the app copy rather than doubling it', () => {
    const caddyfile = fs.readFileSync(new URL('../../../Caddyfile', import.meta.url), 'utf8');
    expect(caddyfile).toMatch(
      /header \{\s*Strict-Transport-Security "max-age=31536000; includeSubDomains"\s*defer\s*\}/,
    );
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
  });
});

/** An app whose pino output is kept, line by line. */
async function loggedApp(beforeReady?: (app: App) => void) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream } });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    lines,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

describe('request log', () => {
  it('holds no player-link token and no demo session id, only where they were', async () => {
    const logged = await loggedApp();
    try {
      const { app, lines } = logged;
      const owner = await buildParty(app, 'logs');
      const share = await app.inject({
        method: 'POST',
        url: '/api/combat/share',
        headers: bearer(owner.token, owner.campaignId),
      });
      const token = share.json<{ url: string }>().url.split('/').pop()!;
      const checkout = await openDemoSession(app, owner, 'checkout');
      const portal = await openDemoSession(app, owner, 'portal');
      const secrets = [token, checkout, portal];
      const urls = [
        `/api/play/${token}`,
        `/api/play/${token}?x=1`,
        `/en/play/${token}`,
        `/fr/play/${token}`,
        `/api/stripe/demo/checkout/${checkout}`,
        `/api/stripe/demo/portal/${portal}`,
        `/en/demo-checkout/${checkout}`,
        `/fr/demo-portal/${portal}`,
      ];
      for (const url of urls) await app.inject({ url });
      await send(app, { url: `/api/play/${token}/events` });
      await app.inject({ method: 'POST', url: `/api/stripe/demo/checkout/${checkout}/cancel` });
      await app.close();

      const requests = lines.map((line) => JSON.parse(line) as { msg: string; path?: string });
      const paths = requests.filter((line) => line.msg === 'request').map((line) => line.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/play/:secret',
          '/api/play/:secret/events',
          '/en/play/:secret',
          '/api/stripe/demo/checkout/:secret',
          '/api/stripe/demo/checkout/:secret/cancel',
          '/api/stripe/demo/portal/:secret',
          '/en/demo-checkout/:secret',
          '/fr/demo-portal/:secret',
        ]),
      );
      for (const secret of secrets) expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe('error log', () => {
  const SECRET = 'secret-parameter-value';

  it('never prints the parameters of a failed query, nor the value PostgreSQL quotes', async () => {
    const logged = await loggedApp((app) => {
      app.get('/api/test-only/db-error', async () => {
        await app.database.db.execute(sql`select ${SECRET}::int as n`);
        return {};
      });
    });
    try {
      const answer = await logged.app.inject({ url: '/api/test-only/db-error' });
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toMatchObject({ code: 'INTERNAL' });
      const errors = logged.lines.filter((line) => line.includes('unhandled error'));
      expect(errors).toHaveLength(1);
      expect(errors[0]).not.toContain(SECRET);
      // Still enough to find the fault: the SQL with its placeholder and the SQLSTATE.
      expect(errors[0]).toContain('select $1::int as n');
      expect(errors[0]).toContain('22P02');
    } finally {
      await logged.close();
    }
  });

  it("serializes any logger's errors the same way (the app logger's `err`)", async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const error = await database.db.execute(sql`select ${SECRET}::int as n`).then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
      expect(error).toBeDefined();
      // Today's error carries the value in its message, its params and its cause.
      expect(JSON.stringify({ ...error, message: error!.message, stack: error!.stack })).toContain(SECRET);
      const serialized = JSON.stringify(serializeError(error!));
      expect(serialized).not.toContain(SECRET);
      expect(serialized).toContain('[redacted]');
      // The original is left alone: the handler may still read it.
      expect(error!.message).toContain(SECRET);
      expect(withoutSqlParameters('plain')).toBe('plain');
    } finally {
      await drop();
    }
  });
});
