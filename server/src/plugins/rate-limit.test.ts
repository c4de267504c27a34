import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, errorOf, registerUser, type TestContext } from '../../test/support/harness';
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

  it('limits login attempts per email at one IP, with a localized 429 and Retry-After', async () => {
    const { perEmail } = RATE_LIMIT_RULES.login;
    for (let i = 0; i < perEmail; i++) {
      expect((await login('victim@example.test', '10.1.0.1')).statusCode).toBe(401);
    }
    const limited = await login('victim@example.test', '10.1.0.1', 'fr');
    expect(limited.statusCode).toBe(429);
    const error = errorOf(limited);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(/^Trop de tentatives\. Veuillez patienter \d+ secondes/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another email from a fresh IP is unaffected.
    expect((await login('other@example.test', '10.2.0.1')).statusCode).toBe(401);
  });

  it('does not let a stranger who burns an email’s attempts keep its owner out (decision 048)', async () => {
    const home = '10.1.2.1';
    const owner = await registerUser(ctx.app);
    const signIn = (password: string, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: owner.email, password },
      });
    expect((await signIn(owner.password, home)).statusCode).toBe(200);
    // The stranger spends every attempt the window allows, from one address and then from others.
    const { perEmail } = RATE_LIMIT_RULES.login;
    for (let i = 0; i < perEmail + 1; i++) await signIn('Wrong!pass1', '10.1.3.1');
    expect(errorOf(await signIn(owner.password, '10.1.3.1')).code).toBe('RATE_LIMITED');
    for (let i = 0; i < perEmail; i++) await signIn('Wrong!pass1', `10.1.4.${i + 1}`);
    // The owner, at home, signs in.
    expect((await signIn(owner.password, home)).statusCode).toBe(200);
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

  describe('password change (decision 048)', () => {
    const change = (token: string, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        remoteAddress: ip,
        headers: bearer(token),
        payload: { currentPassword: 'Wrong!guess1', newPassword: 'N3w!password' },
      });

    it('limits guesses of the current password per account, whatever the address', async () => {
      // A signed-in user is answered in their own language.
      const user = await registerUser(ctx.app, { language: 'fr' });
      const { perEmail } = RATE_LIMIT_RULES.changePassword;
      for (let i = 0; i < perEmail; i++)
        expect(errorOf(await change(user.token, `10.6.0.${i + 1}`)).code).toBe('WRONG_PASSWORD');
      const limited = await change(user.token, '10.6.1.1');
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).code).toBe('RATE_LIMITED');
      expect(errorOf(limited).message).toMatch(/^Trop de tentatives\. Veuillez patienter \d+ secondes/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Even the right password waits: the limit is on trying, not on failing.
      const right = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        remoteAddress: '10.6.1.2',
        headers: bearer(user.token),
        payload: { currentPassword: user.password, newPassword: 'N3w!password' },
      });
      expect(right.statusCode).toBe(429);
    });

    it('limits guesses per address across accounts', async () => {
      const { perIp, perEmail } = RATE_LIMIT_RULES.changePassword;
      const ip = '10.7.0.1';
      const perUser = perEmail - 1;
      let sent = 0;
      while (sent < perIp) {
        const user = await registerUser(ctx.app);
        for (let i = 0; i < perUser && sent < perIp; i++, sent++)
          expect((await change(user.token, ip)).statusCode).toBe(400);
      }
      const fresh = await registerUser(ctx.app);
      const limited = await change(fresh.token, ip);
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).code).toBe('RATE_LIMITED');
      // The same account from another address is not limited.
      expect((await change(fresh.token, '10.7.0.2')).statusCode).toBe(400);
    });
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

/** Every email and address a request named, as they could appear in a key. */
function expectNoneInClear(keys: string[], secrets: string[]) {
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) for (const secret of secrets) expect(key.toLowerCase()).not.toContain(secret);
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
      const connections = [new Redis(process.env.TEST_REDIS_URL!), new Redis(process.env.TEST_REDIS_URL!)];
      const [store, other] = connections.map((redis) => createRedisStore(redis, `qk:test:${process.pid}:`));
      try {
        await exerciseStore(store!);
        const key = `shared:${Math.random()}`;
        await store!.hit(key, 60_000);
        expect((await other!.hit(key, 60_000)).count).toBe(2);
      } finally {
        for (const redis of connections) redis.disconnect();
      }
    },
  );

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'keeps no email and no IP address in clear in Redis (decision 048)',
    async () => {
      const prefix = `qk-test:${crypto.randomUUID()}:`;
      const redis = new Redis(process.env.TEST_REDIS_URL!);
      const ctx = await createTestApp({
        env: { RATE_LIMIT_SCALE: '1' },
        rateLimitStore: createRedisStore(redis, prefix),
      });
      try {
        const email = `Clear.Text-${crypto.randomUUID()}@Example.test`;
        const ip = '192.0.2.123';
        for (const url of ['/api/auth/login', '/api/auth/forgot-password'])
          await ctx.app.inject({
            method: 'POST',
            url,
            remoteAddress: ip,
            payload: { email, password: 'Wrong!pass1' },
          });
        const keys = await redis.keys(`${prefix}*`);
        expect(keys.map((key) => key.slice(prefix.length).replace(/:[0-9a-f]{64}$/, ''))).toEqual(
          expect.arrayContaining(['login:ip', 'login:email-ip', 'forgotPassword:ip', 'forgotPassword:email']),
        );
        expectNoneInClear(keys, [email.toLowerCase(), email.toLowerCase().split('@')[0]!, ip]);
      } finally {
        redis.disconnect();
        await ctx.close();
      }
    },
  );
});
