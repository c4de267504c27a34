import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, registerUser, type TestContext } from '../test/harness';
import { createMemoryStore, createRedisStore, RATE_LIMIT_RULES, type RateLimitStore } from './rate-limit';

describe('rate limits (scale 1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(async () => ctx?.close());

  const login = (email: string, ip = '10.0.0.1', language = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'accept-language': language },
      payload: { email, password: 'Wrong!pass1' },
    });

  it('limits login attempts per email, with a localized 429 and Retry-After', async () => {
    const { perEmail } = RATE_LIMIT_RULES.login;
    for (let i = 0; i < perEmail; i++) {
      // Spread over IPs so only the per-email count can trip.
      expect((await login('victim@example.test', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const limited = await login('victim@example.test', '10.1.1.1', 'fr');
    expect(limited.statusCode).toBe(429);
    const error = errorOf(limited);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(/^Trop de tentatives\. Veuillez patienter \d+ secondes/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another email from a fresh IP is unaffected.
    expect((await login('other@example.test', '10.2.0.1')).statusCode).toBe(401);
  });

  it('limits login attempts per IP across emails', async () => {
    const { perIp } = RATE_LIMIT_RULES.login;
    for (let i = 0; i < perIp; i++) {
      expect((await login(`spray${i}@example.test`, '10.9.9.9')).statusCode).toBe(401);
    }
    expect((await login('spray-last@example.test', '10.9.9.9')).statusCode).toBe(429);
  });

  it('limits registration, forgot-password and contact too', async () => {
    const forgot = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '10.3.0.1',
        payload: { email: 'forgetful@example.test' },
      });
    for (let i = 0; i < RATE_LIMIT_RULES.forgotPassword.perEmail; i++)
      expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(429);

    const register = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.4.0.1',
        payload: { email: `bulk${i}@example.test`, password: 'Str0ng!pass' },
      });
    for (let i = 0; i < RATE_LIMIT_RULES.register.perIp; i++)
      expect((await register(i)).statusCode).toBe(201);
    expect((await register(999)).statusCode).toBe(429);

    const user = await registerUser(ctx.app);
    const contact = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/contact/send',
        remoteAddress: '10.5.0.1',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { subject: 'Hello', message: 'A question' },
      });
    for (let i = 0; i < RATE_LIMIT_RULES.contact.perEmail; i++)
      expect((await contact()).statusCode).toBe(200);
    expect((await contact()).statusCode).toBe(429);
  });
});

async function exerciseStore(store: RateLimitStore) {
  const key = `test:${Math.random()}`;
  expect((await store.hit(key, 60_000)).count).toBe(1);
  expect((await store.hit(key, 60_000)).count).toBe(2);
  const third = await store.hit(key, 60_000);
  expect(third.count).toBe(3);
  expect(third.resetInMs).toBeGreaterThan(0);
  expect(third.resetInMs).toBeLessThanOrEqual(60_000);
  // A window that has passed starts again.
  const short = `test:${Math.random()}`;
  await store.hit(short, 30);
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect((await store.hit(short, 30)).count).toBe(1);
}

describe('rate-limit stores', () => {
  it('counts in memory per fixed window', async () => {
    const store = createMemoryStore();
    await exerciseStore(store);
    await store.close();
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'counts in Redis per fixed window (shared between processes)',
    async () => {
      const store = createRedisStore(process.env.TEST_REDIS_URL!, `qk:test:${process.pid}:`);
      const other = createRedisStore(process.env.TEST_REDIS_URL!, `qk:test:${process.pid}:`);
      try {
        await exerciseStore(store);
        const key = `shared:${Math.random()}`;
        await store.hit(key, 60_000);
        expect((await other.hit(key, 60_000)).count).toBe(2);
      } finally {
        await store.close();
        await other.close();
      }
    },
  );
});
