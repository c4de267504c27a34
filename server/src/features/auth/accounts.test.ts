// Account rules with the clock injected (no sleeps): sign-in back-off per account and per
// IP (decision 035) with a localized 429 that says how long to wait, that a stranger cannot use to
// keep the owner out (decision 048), reset links that expire at one hour, sessions that end 90 days
// after sign-in however often refreshed (decision 048), and which sessions a reset and a password
// change revoke. The fixed-window limits of plugins/rate-limit.ts are stubbed out here (they have
// their own tests), so what is measured is the back-off alone. On PGlite the counters are in memory;
// on PostgreSQL, in rate_limit_counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../test/support/manual-clock';
import type { RateLimitStore } from '../../plugins/rate-limit';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  STRONG_PASSWORD,
  testDriver,
  type TestContext,
} from '../../../test/support/harness';
import { writeSection } from '../../../test/support/reliability-report';
import { SIGN_IN_BACKOFF } from './throttle';

// From now on, forward only: the PostgreSQL sweep deletes rows whose time has passed in real time.
const clock = manualClock();
const neverLimited: RateLimitStore = { hit: async () => ({ count: 0, resetInMs: 0 }), close: async () => {} };
const MINUTE = 60_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' }, rateLimitStore: neverLimited, clock });
});
/** What held, for docs/reliability.md. */
const figures: Record<string, string | number> = {};
afterAll(async () => {
  await ctx?.close();
  if (Object.keys(figures).length === 0) return;
  figures['where the counters live'] =
    testDriver === 'postgres' ? 'rate_limit_counters table (shared)' : 'memory (one process)';
  await writeSection('accounts', {
    title: 'Accounts',
    order: 10,
    about: [
      'Sign-in back-off (decisions 035 and 048) through the API with the clock injected (no sleeps) and the fixed-window limits stubbed out: per account, per account and IP, per IP, parallel guesses, forgetting; the 429 is localized and says how long to wait (`features/auth/accounts.test.ts`; each counter store against one contract in `throttle.test.ts`, Redis included).',
      'A stranger failing for a victim, from one address then many, is locked out; the victim still signs in from an address they signed in, registered or reset their password from (decision 048). Counter keys hold no email or address in clear (`plugins/rate-limit-postgres.test.ts`, `rate-limit.test.ts`, `throttle.test.ts` read the raw table and Redis).',
      'Reset links expire at one hour (injected clock); a reset revokes every session, a password change every other one. A session refreshed every day still ends 90 days after sign-in (decision 048).',
      'Secrets compared in code use `sameSecret` (SHA-256 then `crypto.timingSafeEqual`); `lib/tokens.test.ts` reads the server sources and fails on a `===` over a token, secret or hash.',
      'Several processes: a logout through one is refused by the others, and a tier change is seen by all, within 1 s (`server/test/cluster/cluster.test.ts`, decision 025).',
    ],
    figures,
  });
});

let ipCounter = 0;
/** A fresh client address, so one test's IP counters never touch another's. */
const freshIp = () =>
  `10.${testDriver === 'postgres' ? 20 : 10}.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const login = (email: string, password: string, ip = freshIp(), language = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'accept-language': language },
  });

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

describe('sign-in back-off per account', () => {
  const { free } = SIGN_IN_BACKOFF.account;

  it('locks an account after its free failures, for a time that doubles up to 15 minutes', async () => {
    const user = await registerUser(ctx.app);
    const wrong = () => login(user.email, 'Wrong!pass1');
    // Each from another address: the account is what is counted.
    for (let i = 0; i < free; i++) expect((await wrong()).statusCode).toBe(401);

    // Locked for a minute, even with the right password; the answer says how long, in the caller's language.
    const locked = await login(user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect(errorOf(locked)).toEqual({
      code: 'SIGN_IN_THROTTLED',
      message: 'Too many failed sign-in attempts. Try again in one minute.',
    });
    clock.advance(MINUTE - 1000);
    const french = await login(user.email, user.password, freshIp(), 'fr');
    expect(french.headers['retry-after']).toBe('1');
    expect(errorOf(french).message).toBe(
      'Trop de tentatives de connexion échouées. Réessayez dans une seconde.',
    );

    // Each failure past the free ones doubles the lock: 2, 4, 8 minutes, then 15 at most.
    clock.advance(1000);
    const expected = [2, 4, 8, 15, 15];
    for (const minutes of expected) {
      expect((await wrong()).statusCode).toBe(401);
      const refused = await login(user.email, user.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(minutes * 60));
      expect(errorOf(refused).message).toBe(
        `Too many failed sign-in attempts. Try again in ${minutes} minutes.`,
      );
      clock.advance(minutes * MINUTE - 1);
      expect((await login(user.email, user.password)).statusCode).toBe(429);
      clock.advance(1);
    }
    figures['account: free failures, then locks (min)'] = `${free}, then ${[1, ...expected].join(', ')}`;

    // The lock is over: the right password signs in, and clears the account's failures.
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < free; i++) expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(429);
  });

  it('does not lock other accounts, and forgets failures after a day without any', async () => {
    const victim = await registerUser(ctx.app);
    const bystander = await registerUser(ctx.app);
    const ip = freshIp();
    for (let i = 0; i < free; i++)
      expect((await login(victim.email, 'Wrong!pass1', ip)).statusCode).toBe(401);
    expect((await login(victim.email, victim.password)).statusCode).toBe(429);
    expect((await login(bystander.email, bystander.password, ip)).statusCode).toBe(200);

    clock.advance(SIGN_IN_BACKOFF.account.forgetMs);
    // Forgotten: the free failures are available again, then the first lock is one minute again.
    for (let i = 0; i < free; i++) expect((await login(victim.email, 'Wrong!pass1')).statusCode).toBe(401);
    expect((await login(victim.email, victim.password)).headers['retry-after']).toBe('60');
    figures['account: others locked, failures forgotten after (h)'] =
      `0, ${SIGN_IN_BACKOFF.account.forgetMs / 3_600_000}`;
  });

  it('counts unknown emails the same way, so the answers tell nothing about which accounts exist', async () => {
    for (let i = 0; i < free; i++)
      expect((await login('ghost@example.test', 'Wrong!pass1')).statusCode).toBe(401);
    expect(errorOf(await login('Ghost@Example.test', 'Wrong!pass1')).code).toBe('SIGN_IN_THROTTLED');
    clock.advance(SIGN_IN_BACKOFF.account.forgetMs);
  });

  it('lets no more than the free failures through from a burst of parallel guesses', async () => {
    const user = await registerUser(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: free * 3 }, () => login(user.email, 'Wrong!pass1')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(free);
    expect(statuses.filter((status) => status === 429)).toHaveLength(free * 2);
    figures['parallel wrong guesses on one account'] = `${free * 3} sent: ${free}×401, ${free * 2}×429`;
  });
});

describe('sign-in back-off per IP', () => {
  const { free } = SIGN_IN_BACKOFF.ip;

  it('locks an address that fails across many accounts, not the others; its successes never count', async () => {
    const ip = freshIp();
    const user = await registerUser(ctx.app);
    // Successes in between do not count towards the address's failures.
    for (let i = 0; i < free; i++) {
      expect((await login(`spray-${i}@example.test`, 'Wrong!pass1', ip)).statusCode).toBe(401);
      if (i % 5 === 0) expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
    }
    const locked = await login(user.email, user.password, ip, 'fr');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toEqual({
      code: 'SIGN_IN_THROTTLED',
      message: 'Trop de tentatives de connexion échouées. Réessayez dans une minute.',
    });
    // Another address is not affected, nor is the account (its own failures are 0).
    expect((await login(user.email, user.password)).statusCode).toBe(200);

    clock.advance(MINUTE);
    expect((await login('spray-again@example.test', 'Wrong!pass1', ip)).statusCode).toBe(401);
    expect((await login(user.email, user.password, ip)).headers['retry-after']).toBe('120');

    clock.advance(SIGN_IN_BACKOFF.ip.forgetMs);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
    figures['IP: free failures (successes not counted), then locks (min)'] = `${free}, then 1, 2`;
  });
});

describe('a stranger cannot lock the owner out (decision 048)', () => {
  const { free } = SIGN_IN_BACKOFF.account;

  it('failures for a victim from other addresses do not stop the victim at an address they know', async () => {
    const home = freshIp();
    const victim = await registerUser(ctx.app);
    // The victim has signed in from home before (their registration address, 127.0.0.1, is known too).
    expect((await login(victim.email, victim.password, home)).statusCode).toBe(200);

    // A stranger fails from one address until that address is locked out of this account…
    const attacker = freshIp();
    for (let i = 0; i < SIGN_IN_BACKOFF.accountIp.free; i++)
      expect((await login(victim.email, 'Wrong!pass1', attacker)).statusCode).toBe(401);
    const stopped = await login(victim.email, 'Wrong!pass1', attacker);
    expect(stopped.statusCode).toBe(429);
    expect(errorOf(stopped).code).toBe('SIGN_IN_THROTTLED');
    // …and from many more, which locks the account for every address it does not know: a botnet
    // gets no further than one address would, even with the right password.
    for (let i = 0; i < free; i++) await login(victim.email, 'Wrong!pass1');
    const botnet = await login(victim.email, victim.password);
    expect(botnet.statusCode).toBe(429);
    expect(errorOf(botnet).code).toBe('SIGN_IN_THROTTLED');

    // The victim, at home or where they registered, signs in with the right password.
    expect((await login(victim.email, victim.password, home)).statusCode).toBe(200);
    expect((await login(victim.email, victim.password, '127.0.0.1')).statusCode).toBe(200);
    // The owner signing in did not hand the guessers a fresh set of free failures.
    expect((await login(victim.email, victim.password)).statusCode).toBe(429);

    // Away from home the lock applies to them too; a reset link proves who they are, and the address
    // they used it from is known from then on.
    const travelling = freshIp();
    expect((await login(victim.email, victim.password, travelling)).statusCode).toBe(429);
    const { resetToken } = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: victim.email },
        remoteAddress: travelling,
      })
    ).json<{ resetToken: string }>();
    const newPassword = 'N3w!password-after-attack';
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, newPassword },
      remoteAddress: travelling,
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(victim.email, newPassword, travelling)).statusCode).toBe(200);
    figures['stranger’s failures (one address, then many) vs the owner at a known address'] =
      'stranger 429, owner 200';

    clock.advance(SIGN_IN_BACKOFF.account.forgetMs);
  });

  it('the owner’s own typos at a known address lock only that address, after its free failures', async () => {
    const home = freshIp();
    const user = await registerUser(ctx.app);
    expect((await login(user.email, user.password, home)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_BACKOFF.accountIp.free; i++)
      expect((await login(user.email, 'Wrong!pass1', home)).statusCode).toBe(401);
    expect((await login(user.email, user.password, home)).headers['retry-after']).toBe('60');
    // Those failures were not the account's: another address still signs in.
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await login(user.email, user.password, home)).statusCode).toBe(200);
  });
});

describe('sessions have an absolute lifetime (decision 048)', () => {
  const refresh = (token: string) =>
    ctx.app.inject({ url: '/api/auth/refresh-session', headers: bearer(token) });

  it('a session refreshed every day still ends 90 days after it was opened', async () => {
    const user = await registerUser(ctx.app);
    const DAY = 24 * 60 * MINUTE;
    for (let day = 1; day < 90; day++) {
      clock.advance(DAY);
      expect((await refresh(user.token)).statusCode).toBe(200);
    }
    // Day 89 ends here; one more day is 90 days after sign-in.
    clock.advance(DAY - 1);
    expect((await refresh(user.token)).statusCode).toBe(200);
    clock.advance(1);
    const over = await refresh(user.token);
    expect(over.statusCode).toBe(401);
    expect(errorOf(over).code).toBe('UNAUTHENTICATED');
    // Signing in again opens a new session.
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    figures['session refreshed daily: last accepted / refused (days)'] = '90 − 1 ms / 90';
  });

  it('a session not refreshed still ends 30 days after its last refresh', async () => {
    const user = await registerUser(ctx.app);
    clock.advance(30 * 24 * 60 * MINUTE - 1);
    expect((await refresh(user.token)).statusCode).toBe(200);
    clock.advance(30 * 24 * 60 * MINUTE);
    expect((await refresh(user.token)).statusCode).toBe(401);
  });
});

describe('password reset links', () => {
  const forgot = async (email: string) =>
    (await post('/api/auth/forgot-password', { email })).json<{ resetToken: string }>().resetToken;
  const reset = (token: string) => post('/api/auth/reset-password', { token, newPassword: 'N3w!password' });

  it('work until one hour after they were asked for, and not at one hour', async () => {
    const early = await registerUser(ctx.app);
    const late = await registerUser(ctx.app);
    const earlyToken = await forgot(early.email);
    const lateToken = await forgot(late.email);

    clock.advance(60 * MINUTE - 1);
    expect((await reset(earlyToken)).statusCode).toBe(200);
    clock.advance(1);
    const expired = await reset(lateToken);
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired).code).toBe('INVALID_RESET_TOKEN');
    // The old password still signs in: nothing was changed.
    expect((await login(late.email, late.password)).statusCode).toBe(200);
    figures['reset link at 59:59.999 / at 60:00'] = 'accepted / refused';
  });
});

describe('sessions revoked by a reset and by a password change', () => {
  const refresh = (token: string) =>
    ctx.app.inject({ url: '/api/auth/refresh-session', headers: bearer(token) });

  async function signedInThreeTimes() {
    const user = await registerUser(ctx.app);
    const tokens = [user.token];
    for (let i = 0; i < 2; i++)
      tokens.push((await login(user.email, user.password)).json<{ token: string }>().token);
    for (const token of tokens) expect((await refresh(token)).statusCode).toBe(200);
    return { user, tokens };
  }

  it('a reset signs every session out', async () => {
    const { user, tokens } = await signedInThreeTimes();
    const { resetToken } = (await post('/api/auth/forgot-password', { email: user.email })).json<{
      resetToken: string;
    }>();
    expect(
      (await post('/api/auth/reset-password', { token: resetToken, newPassword: 'N3w!password' })).statusCode,
    ).toBe(200);
    for (const token of tokens) expect((await refresh(token)).statusCode).toBe(401);
    figures['sessions revoked by a reset'] = `${tokens.length} of ${tokens.length}`;
  });

  it('a password change signs the other sessions out and keeps the one that made it', async () => {
    const { user, tokens } = await signedInThreeTimes();
    const [current, ...others] = tokens as [string, ...string[]];
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(current),
      payload: { currentPassword: user.password, newPassword: STRONG_PASSWORD.replace('pass', 'Pass9') },
    });
    expect(change.statusCode).toBe(200);
    expect((await refresh(current)).statusCode).toBe(200);
    for (const token of others) expect((await refresh(token)).statusCode).toBe(401);
    figures['sessions revoked by a password change'] =
      `${others.length} of ${tokens.length} (the current one kept)`;
  });
});
