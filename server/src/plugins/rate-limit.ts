// Rate limits for the calls an attacker would hammer (login, register, forgot/reset password,
// contact, the password checks of a signed-in user), counted per IP and per email in fixed windows.
// In memory on the embedded database; in rate_limit_counters on PostgreSQL and in Redis when
// REDIS_URL is set, so several server processes share the counts (decision 025); the app picks the
// store through server/src/infra/ (decision 055). Keys name the
// email and the IP only by hash (decision 048).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';
import { limitKey } from '../lib/limit-key';

export interface RateLimitStore {
  /** Counts one hit on `key` and answers the count in the current window and its ms left. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  close(): Promise<void>;
}

export interface RateLimitRuleSpec {
  windowMs: number;
  perIp: number;
  /** Per email (0: not counted by email). */
  perEmail: number;
  /**
   * The email's count is kept per IP too: a stranger who burns it from elsewhere cannot keep the
   * owner out (decision 048).
   */
  emailWithIp?: boolean;
}

export const RATE_LIMIT_RULES = {
  // Per email *and* IP: the sign-in back-off (features/auth/throttle.ts) is what slows one account
  // guessed from many addresses, without shutting out the addresses its owner signs in from.
  login: { windowMs: 15 * 60_000, perIp: 50, perEmail: 10, emailWithIp: true },
  register: { windowMs: 60 * 60_000, perIp: 20, perEmail: 5 },
  forgotPassword: { windowMs: 60 * 60_000, perIp: 20, perEmail: 5 },
  resetPassword: { windowMs: 60 * 60_000, perIp: 20, perEmail: 10 },
  contact: { windowMs: 60 * 60_000, perIp: 20, perEmail: 10 },
  // A password check like login's, per account: a stolen token cannot try passwords faster.
  deleteAccount: { windowMs: 15 * 60_000, perIp: 50, perEmail: 10 },
  // The same for the current password asked by a password change (decision 048).
  changePassword: { windowMs: 15 * 60_000, perIp: 50, perEmail: 10 },
  // Player-view links (docs/decisions/028): guessing tokens is the attack; no email, per IP only.
  playerView: { windowMs: 60_000, perIp: 120, perEmail: 0 },
  // Players' requests (docs/product.md#players-take-part), counted per link (its token hash) and per
  // phone (the random id its page keeps) in the "email" slot; the IP count is the playerView one's.
  playerRequestLink: { windowMs: 60_000, perIp: 600, perEmail: 40 },
  playerRequestPhone: { windowMs: 60_000, perIp: 600, perEmail: 10 },
  // Imports read up to 32 MiB each and downloads gather a whole account: per account (its email),
  // generous per IP for a table behind one address (decision 047).
  importCampaign: { windowMs: 60 * 60_000, perIp: 100, perEmail: 20 },
  exportAccount: { windowMs: 60 * 60_000, perIp: 60, perEmail: 10 },
  // A campaign backup reads every picture of the campaign (up to 300) into memory: per account, so one
  // account repeating it cannot keep the file routes' budget (decision 078) from everyone else.
  exportArchive: { windowMs: 60 * 60_000, perIp: 60, perEmail: 20 },
  // Image uploads (portraits, handout images) decode up to 40 megapixels each: per account (its id).
  uploadImage: { windowMs: 60_000, perIp: 120, perEmail: 30 },
} as const satisfies Record<string, RateLimitRuleSpec>;
export type RateLimitRule = keyof typeof RATE_LIMIT_RULES;

export function createMemoryStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, value] of windows) if (value.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - now };
    },
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

/** On the process's shared Redis command connection (server/src/infra/redis.ts), which it does not close. */
export function createRedisStore(redis: Redis, prefix = 'qk:rl:'): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const redisKey = prefix + key;
      const result = await redis
        .multi()
        .set(redisKey, '0', 'PX', windowMs, 'NX')
        .incr(redisKey)
        .pttl(redisKey)
        .exec();
      const count = Number(result?.[1]?.[1] ?? 1);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async close() {},
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a hit for the rule by IP and (when given) email; throws RATE_LIMITED over the limit. */
    rateLimit: (request: FastifyRequest, rule: RateLimitRule, email?: string) => Promise<void>;
  }
}

export default fp(async function rateLimitPlugin(
  app: FastifyInstance,
  options: { store: RateLimitStore; scale: number },
) {
  const { store, scale } = options;
  app.decorate('rateLimit', async (request: FastifyRequest, rule: RateLimitRule, email?: string) => {
    if (scale === 0) return;
    const { windowMs, perIp, perEmail, emailWithIp }: RateLimitRuleSpec = RATE_LIMIT_RULES[rule];
    const checks: [string, number, string][] = [[limitKey(`${rule}:ip`, request.ip), perIp, 'ip']];
    if (email && perEmail > 0) {
      checks.push(
        emailWithIp
          ? [limitKey(`${rule}:email-ip`, email, request.ip), perEmail, 'email-ip']
          : [limitKey(`${rule}:email`, email), perEmail, 'email'],
      );
    }
    for (const [key, max, by] of checks) {
      const { count, resetInMs } = await store.hit(key, windowMs);
      if (count > Math.ceil(max * scale)) {
        const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
        request.server.log.warn({ rule, by }, 'rate limited');
        throw new AppError('RATE_LIMITED', { seconds });
      }
    }
  });
  app.addHook('onClose', async () => store.close());
});
