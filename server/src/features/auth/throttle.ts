// Sign-in back-off (decisions 035 and 048): failed sign-ins are counted per client IP, per account
// *and* IP, and per account; past a few free failures each further one locks that key out of signing
// in for a time that doubles, up to 15 minutes. The fixed-window limits of plugins/rate-limit.ts still
// apply on top.
//
// The per-account count is what slows one account guessed from many addresses; it does not apply
// to an address the account signed in from before (a "known" address, remembered 90 days), so a
// stranger failing on purpose cannot keep the owner out of their own account from where they
// usually sign in — only the account+IP count applies there (OWASP's device-cookie scheme, with the
// address standing in for the cookie).
//
// An attempt is counted as a failure *before* the password is checked, in one atomic step with the
// lock check, so a burst of parallel guesses cannot all slip in before the first failure lands; a
// success then clears what it counted, except the IP's, where it takes back its one. The counters
// live where decision 025 puts every limit: memory on the embedded database (one process), the
// rate_limit_counters table on PostgreSQL, Redis when REDIS_URL is set — the app picks one of the
// three stores below through server/src/infra/ (decision 055). Keys are hashed
// (lib/limit-key.ts): no email or address in clear.
import type { Redis } from 'ioredis';
import type { Language } from '@questkeeper/core/i18n';
import { translate } from '@questkeeper/core/i18n';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { systemClock, type Clock } from '../../lib/clock';
import { limitKey } from '../../lib/limit-key';
import * as repo from './repository';

export interface BackoffPolicy {
  /** Failures allowed before the first lock. */
  free: number;
  /** Lock after the `free`-th failure; doubles with each further one. */
  baseMs: number;
  maxMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetMs: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const SIGN_IN_BACKOFF = {
  // Attempts from addresses the account does not know. Matches the fixed window's 10 per 15
  // minutes; the back-off is what stops the next windows.
  account: { free: 10, baseMs: MINUTE, maxMs: 15 * MINUTE, forgetMs: DAY },
  // One account from one address, known or not: the owner's typos, or a guesser at their address.
  accountIp: { free: 10, baseMs: MINUTE, maxMs: 15 * MINUTE, forgetMs: DAY },
  // An office or a campus signs in from one address: more room, and successes do not count.
  ip: { free: 50, baseMs: MINUTE, maxMs: 15 * MINUTE, forgetMs: 60 * MINUTE },
} as const satisfies Record<string, BackoffPolicy>;

/** An address an account signed in from (or reset its password from) is known this long after. */
export const KNOWN_ADDRESS_MS = 90 * DAY;

/** How long a key with `failures` failures, the last at `lastAt`, stays locked after `now` (0: open). */
export function lockedForMs(policy: BackoffPolicy, failures: number, lastAt: number, now: number): number {
  if (failures < policy.free || now >= lastAt + policy.forgetMs) return 0;
  const lockMs = Math.min(policy.baseMs * 2 ** Math.min(failures - policy.free, 30), policy.maxMs);
  return Math.max(0, lastAt + lockMs - now);
}

export interface ThrottleStore {
  /**
   * In one atomic step: when `key` is locked at `now`, answers the ms left; otherwise counts one
   * more failure at `now` and answers 0.
   */
  reserve(key: string, now: number, policy: BackoffPolicy): Promise<number>;
  /** The attempt succeeded: `clear` forgets the key's failures, `undo` takes back one. */
  settle(key: string, mode: 'clear' | 'undo'): Promise<void>;
  /** Remembers `key` until `until` (ms since the epoch); marking again moves that forward. */
  mark(key: string, now: number, until: number): Promise<void>;
  /** Whether `key` is marked at `now`. */
  marked(key: string, now: number): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryThrottleStore(clock: Clock = systemClock): ThrottleStore {
  const entries = new Map<string, { failures: number; lastAt: number; forgetAt: number }>();
  const marks = new Map<string, number>();
  const sweep = setInterval(() => {
    const now = clock.now();
    for (const [key, entry] of entries) if (entry.forgetAt <= now) entries.delete(key);
    for (const [key, until] of marks) if (until <= now) marks.delete(key);
  }, MINUTE);
  sweep.unref();
  return {
    async reserve(key, now, policy) {
      let entry = entries.get(key);
      if (entry && now >= entry.lastAt + policy.forgetMs) entry = undefined;
      const left = entry ? lockedForMs(policy, entry.failures, entry.lastAt, now) : 0;
      if (left > 0) return left;
      entries.set(key, {
        failures: (entry?.failures ?? 0) + 1,
        lastAt: now,
        forgetAt: now + policy.forgetMs,
      });
      return 0;
    },
    async settle(key, mode) {
      const entry = entries.get(key);
      if (!entry) return;
      if (mode === 'clear' || entry.failures <= 1) entries.delete(key);
      else entry.failures -= 1;
    },
    async mark(key, _now, until) {
      marks.set(key, Math.max(until, marks.get(key) ?? 0));
    },
    async marked(key, now) {
      return (marks.get(key) ?? 0) > now;
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
      marks.clear();
    },
  };
}

export function createPostgresThrottleStore(db: Db): ThrottleStore {
  // Rows share rate_limit_counters, whose sweep (plugins/rate-limit-postgres.ts) deletes them once
  // their reset_at (here: when the failures are forgotten) has passed.
  return {
    reserve: (key, now, policy) => repo.reserveSignInAttempt(db, key, now, policy),
    settle: (key, mode) => repo.settleSignInAttempt(db, key, mode),
    mark: (key, _now, until) => repo.markSignInKey(db, key, until),
    marked: (key, now) => repo.isSignInKeyMarked(db, key, now),
    async close() {},
  };
}

// KEYS[1]; ARGV: now, free, baseMs, maxMs, forgetMs. Answers the ms left (0: counted).
const RESERVE_SCRIPT = `
local failures = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local lastAt = tonumber(redis.call('HGET', KEYS[1], 't') or '0')
local now, free, base, max, forget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
if now >= lastAt + forget then failures = 0 end
if failures >= free then
  local lock = math.min(base * 2 ^ math.min(failures - free, 30), max)
  if now < lastAt + lock then return math.ceil(lastAt + lock - now) end
end
redis.call('HSET', KEYS[1], 'n', failures + 1, 't', now)
redis.call('PEXPIRE', KEYS[1], forget)
return 0`;

// KEYS[1]; ARGV: 'clear' or 'undo'.
const SETTLE_SCRIPT = `
if ARGV[1] == 'clear' then return redis.call('DEL', KEYS[1]) end
local failures = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
if failures <= 1 then return redis.call('DEL', KEYS[1]) end
return redis.call('HSET', KEYS[1], 'n', failures - 1)`;

// KEYS[1]; ARGV: until, now. The value is the time the mark lasts until, so `marked` reads it
// against the caller's clock like the other stores; the TTL only cleans up.
const MARK_SCRIPT = `
local last = tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current > last then last = current end
redis.call('SET', KEYS[1], string.format('%d', last), 'PX', math.max(1, last - tonumber(ARGV[2])))
return 1`;

/** On the process's shared Redis command connection (server/src/infra/redis.ts), which it does not close. */
export function createRedisThrottleStore(redis: Redis, prefix = 'qk:signin:'): ThrottleStore {
  return {
    async reserve(key, now, policy) {
      const { free, baseMs, maxMs, forgetMs } = policy;
      const left = await redis.eval(RESERVE_SCRIPT, 1, prefix + key, now, free, baseMs, maxMs, forgetMs);
      return Number(left);
    },
    async settle(key, mode) {
      await redis.eval(SETTLE_SCRIPT, 1, prefix + key, mode);
    },
    async mark(key, now, until) {
      await redis.eval(MARK_SCRIPT, 1, prefix + key, until, now);
    },
    async marked(key, now) {
      return Number((await redis.get(prefix + key)) ?? 0) > now;
    },
    async close() {},
  };
}

/** "45 seconds", "15 minutes": the wait in the answer, in the caller's language. */
export function formatWait(language: Language, ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) {
    return seconds === 1
      ? translate(language, 'auth.waitSecond')
      : translate(language, 'auth.waitSeconds', { count: seconds });
  }
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1
    ? translate(language, 'auth.waitMinute')
    : translate(language, 'auth.waitMinutes', { count: minutes });
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

export function createSignInThrottle(deps: {
  store: ThrottleStore;
  clock?: Clock;
  /** RATE_LIMIT_SCALE: multiplies the free failures; 0 turns the back-off off (tests only). */
  scale?: number;
}) {
  const { store } = deps;
  const clock = deps.clock ?? systemClock;
  const scale = deps.scale ?? 1;
  const scaled = (policy: BackoffPolicy): BackoffPolicy => ({
    ...policy,
    free: Math.ceil(policy.free * scale),
  });
  const policies = {
    account: scaled(SIGN_IN_BACKOFF.account),
    accountIp: scaled(SIGN_IN_BACKOFF.accountIp),
    ip: scaled(SIGN_IN_BACKOFF.ip),
  };
  const keys = (email: string, ip: string) => ({
    ip: limitKey('signin:ip', ip),
    account: limitKey('signin:account', email),
    accountIp: limitKey('signin:account-ip', email, ip),
    known: limitKey('signin:known', email, ip),
  });
  const remember = (email: string, ip: string) => {
    const now = clock.now();
    return store.mark(keys(email, ip).known, now, now + KNOWN_ADDRESS_MS);
  };

  return {
    /**
     * Counts a sign-in attempt for the IP, the account at this IP and — unless the account knows
     * this IP — the account, or throws SIGN_IN_THROTTLED (429, with the wait) while one of them is
     * locked. Call `succeeded` on the answer when the password was right.
     */
    async begin(input: { email: string; ip: string; language: Language }) {
      if (scale === 0) return { succeeded: async () => {} };
      const key = keys(input.email, input.ip);
      const now = clock.now();
      const counted: string[] = [];
      // Refused before any password check: what this attempt counted so far is taken back.
      const refuse = async (ms: number) => {
        await Promise.all(counted.map((k) => store.settle(k, 'undo')));
        return throttled(input.language, ms);
      };
      const ipLeft = await store.reserve(key.ip, now, policies.ip);
      if (ipLeft > 0) throw throttled(input.language, ipLeft);
      counted.push(key.ip);
      const pairLeft = await store.reserve(key.accountIp, now, policies.accountIp);
      if (pairLeft > 0) throw await refuse(pairLeft);
      counted.push(key.accountIp);
      const known = await store.marked(key.known, now);
      if (!known) {
        const accountLeft = await store.reserve(key.account, now, policies.account);
        if (accountLeft > 0) throw await refuse(accountLeft);
      }
      return {
        async succeeded() {
          await Promise.all([
            store.settle(key.ip, 'undo'),
            store.settle(key.accountIp, 'clear'),
            // From a known address the account's count was not touched; clearing it there would
            // hand whoever is guessing from elsewhere a fresh set of free failures.
            known ? Promise.resolve() : store.settle(key.account, 'clear'),
            remember(input.email, input.ip),
          ]);
        },
      };
    },
    /**
     * The account proved who it is from `ip` another way (registration, a password reset link): the
     * address is known from now on.
     */
    async trust(input: { email: string; ip: string }) {
      if (scale === 0) return;
      await remember(input.email, input.ip);
    },
    close: () => store.close(),
  };
}

function throttled(language: Language, ms: number): AppError {
  return new AppError('SIGN_IN_THROTTLED', {
    seconds: Math.max(1, Math.ceil(ms / 1000)),
    wait: formatWait(language, ms),
  });
}
