// The database store of rate limits (decision 025): exact under parallel hits, windows restart, and
// the keys hold no email or address in clear (decision 048).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresThrottleStore, createSignInThrottle } from '../features/auth/throttle';
import { createTestApp, registerUser, type TestContext } from '../../test/support/harness';
import { createPostgresStore } from './rate-limit-postgres';
import type { RateLimitStore } from './rate-limit';

describe('rate limits in the database', () => {
  let ctx: TestContext;
  let store: RateLimitStore;
  beforeAll(async () => {
    ctx = await createTestApp();
    store = createPostgresStore(ctx.app.database.db);
  });
  afterAll(async () => {
    await store?.close();
    await ctx?.close();
  });

  it('counts parallel hits one by one, with the time left in the window', async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => store.hit('login:ip:10.0.0.1', 60_000)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    for (const hit of hits) expect(hit.resetInMs).toBeGreaterThan(50_000);
    expect((await store.hit('login:ip:10.0.0.2', 60_000)).count).toBe(1);
  });

  it('starts again at 1 once the window has passed', async () => {
    await store.hit('contact:ip:10.0.0.3', 50);
    expect((await store.hit('contact:ip:10.0.0.3', 50)).count).toBe(2);
    await new Promise((wake) => setTimeout(wake, 80));
    const next = await store.hit('contact:ip:10.0.0.3', 50);
    expect(next.count).toBe(1);
    expect(next.resetInMs).toBeLessThanOrEqual(50);
  });
});

describe('rate_limit_counters keys (decision 048)', () => {
  let ctx: TestContext;
  let store: RateLimitStore | undefined;
  beforeAll(async () => {
    // The app's limits count in this database's table whichever driver runs the tests.
    const lazy: RateLimitStore = {
      hit: (key, windowMs) => store!.hit(key, windowMs),
      close: async () => store?.close(),
    };
    ctx = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' }, rateLimitStore: lazy });
    store = createPostgresStore(ctx.app.database.db);
  });
  afterAll(async () => ctx?.close());

  it('hold no email and no IP address in clear, for the fixed windows and the sign-in back-off', async () => {
    const db = ctx.app.database.db;
    const user = await registerUser(ctx.app, { email: `Clear.Text-${crypto.randomUUID()}@Example.test` });
    const email = user.email.toLowerCase();
    const ip = '198.51.100.77';
    const otherIp = '198.51.100.78';
    const call = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, remoteAddress: ip, payload });
    await call('/api/auth/login', { email: user.email, password: 'Wrong!pass1' });
    await call('/api/auth/login', { email: user.email, password: user.password });
    await call('/api/auth/forgot-password', { email: user.email });
    // The back-off's rows too (in this table on PostgreSQL; tested here on both drivers).
    const throttle = createSignInThrottle({ store: createPostgresThrottleStore(db) });
    // From an address the account does not know, so the account's own count is kept too.
    await throttle.begin({ email: user.email, ip: otherIp, language: 'en' });
    await throttle.trust({ email: user.email, ip });

    const rows = (await db.execute(sql`select key from rate_limit_counters`)) as unknown as {
      rows: { key: string }[];
    };
    const keys = rows.rows.map((row) => row.key);
    expect(new Set(keys.map((key) => key.replace(/:[0-9a-f]{64}$/, '')))).toEqual(
      new Set([
        'register:ip',
        'register:email',
        'login:ip',
        'login:email-ip',
        'forgotPassword:ip',
        'forgotPassword:email',
        'signin:ip',
        'signin:account-ip',
        'signin:account',
        'signin:known',
      ]),
    );
    for (const key of keys)
      for (const secret of [email, email.split('@')[0]!, ip, otherIp])
        expect(key.toLowerCase()).not.toContain(secret);
  });
});
