// The sign-in back-off stores (decision 035) against the same contract: memory (embedded database),
// the rate_limit_counters table (PostgreSQL, shared by every process) and Redis (when TEST_REDIS_URL
// is set). Time is passed in, never read: no sleeps. Parallel reservations stand for processes
// racing on one account: on PostgreSQL they run on separate pooled connections.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../../test/support/harness';
import {
  createMemoryThrottleStore,
  createPostgresThrottleStore,
  createRedisThrottleStore,
  createSignInThrottle,
  lockedForMs,
  type BackoffPolicy,
  type ThrottleStore,
} from './throttle';

const policy: BackoffPolicy = { free: 3, baseMs: 1000, maxMs: 5000, forgetMs: 60_000 };
const T0 = Date.now() + 10 * 60_000;

describe('lockedForMs', () => {
  it('is open below the free failures, then doubles from the base up to the cap, and forgets', () => {
    expect(lockedForMs(policy, 2, T0, T0)).toBe(0);
    expect(lockedForMs(policy, 3, T0, T0)).toBe(1000);
    expect(lockedForMs(policy, 4, T0, T0)).toBe(2000);
    expect(lockedForMs(policy, 5, T0, T0)).toBe(4000);
    expect(lockedForMs(policy, 6, T0, T0)).toBe(5000);
    expect(lockedForMs(policy, 1000, T0, T0)).toBe(5000);
    expect(lockedForMs(policy, 4, T0, T0 + 1500)).toBe(500);
    expect(lockedForMs(policy, 1000, T0, T0 + policy.forgetMs)).toBe(0);
  });
});

const stores: { name: string; open: () => Promise<{ store: ThrottleStore; close: () => Promise<void> }> }[] =
  [
    {
      name: 'memory',
      open: async () => {
        const store = createMemoryThrottleStore();
        return { store, close: () => store.close() };
      },
    },
    {
      name: 'database table',
      open: async () => {
        const { database, drop }: { database: Database; drop: () => Promise<void> } =
          await openTestDatabase();
        const store = createPostgresThrottleStore(database.db);
        return { store, close: drop };
      },
    },
  ];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  stores.push({
    name: 'redis',
    open: async () => {
      const redis = new Redis(redisUrl);
      const store = createRedisThrottleStore(redis, `qk-test:${crypto.randomUUID()}:`);
      return { store, close: async () => redis.disconnect() };
    },
  });
}

describe.each(stores)('$name store', ({ open }) => {
  let store: ThrottleStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(async () => close?.());

  const key = () => `signin:test:${crypto.randomUUID()}`;

  it('counts the free failures, then locks with a doubling wait, and opens again when it ends', async () => {
    const k = key();
    for (let i = 0; i < policy.free; i++) expect(await store.reserve(k, T0, policy)).toBe(0);
    expect(await store.reserve(k, T0 + 400, policy)).toBe(600);
    // A refused attempt is not counted: the lock still ends 1 s after the last failure.
    expect(await store.reserve(k, T0 + 999, policy)).toBe(1);
    expect(await store.reserve(k, T0 + 1000, policy)).toBe(0);
    expect(await store.reserve(k, T0 + 1000, policy)).toBe(2000);
    expect(await store.reserve(k, T0 + 3000, policy)).toBe(0);
    expect(await store.reserve(k, T0 + 3000, policy)).toBe(4000);
  });

  it('forgets failures once forgetMs has passed since the last one', async () => {
    const k = key();
    for (let i = 0; i < policy.free; i++) expect(await store.reserve(k, T0, policy)).toBe(0);
    expect(await store.reserve(k, T0 + policy.forgetMs - 1, policy)).toBe(0);
    // That was a fourth failure: locked for 2 s after it.
    expect(await store.reserve(k, T0 + policy.forgetMs, policy)).toBe(1999);
    const later = T0 + 2 * policy.forgetMs;
    for (let i = 0; i < policy.free; i++) expect(await store.reserve(k, later, policy)).toBe(0);
    expect(await store.reserve(k, later, policy)).toBe(1000);
  });

  it('clears the failures of a key, or takes one back', async () => {
    const cleared = key();
    for (let i = 0; i < policy.free; i++) await store.reserve(cleared, T0, policy);
    await store.settle(cleared, 'clear');
    for (let i = 0; i < policy.free; i++) expect(await store.reserve(cleared, T0, policy)).toBe(0);

    const undone = key();
    for (let i = 0; i < policy.free; i++) await store.reserve(undone, T0, policy);
    await store.settle(undone, 'undo');
    expect(await store.reserve(undone, T0, policy)).toBe(0);
    expect(await store.reserve(undone, T0, policy)).toBe(1000);
    await store.settle(key(), 'undo'); // an unknown key is nothing to undo
  });

  it('marks a key until a time; marking again never shortens it', async () => {
    const k = key();
    expect(await store.marked(k, T0)).toBe(false);
    await store.mark(k, T0, T0 + 5000);
    expect(await store.marked(k, T0 + 4999)).toBe(true);
    expect(await store.marked(k, T0 + 5000)).toBe(false);
    await store.mark(k, T0, T0 + 1000);
    expect(await store.marked(k, T0 + 4999)).toBe(true);
    await store.mark(k, T0 + 4000, T0 + 9000);
    expect(await store.marked(k, T0 + 8999)).toBe(true);
    expect(await store.marked(key(), T0)).toBe(false);
  });

  it('lets exactly the free failures through when many attempts race', async () => {
    const k = key();
    const answers = await Promise.all(Array.from({ length: 40 }, () => store.reserve(k, T0, policy)));
    expect(answers.filter((left) => left === 0)).toHaveLength(policy.free);
    expect(answers.filter((left) => left === 1000)).toHaveLength(40 - policy.free);
  });
});

describe.skipIf(!redisUrl)('sign-in keys in Redis (decision 048)', () => {
  it('hold no email and no IP address in clear', async () => {
    const prefix = `qk-test:${crypto.randomUUID()}:`;
    const redis = new Redis(redisUrl!);
    const store = createRedisThrottleStore(redis, prefix);
    try {
      const throttle = createSignInThrottle({ store });
      const email = `Clear.Text-${crypto.randomUUID()}@Example.test`;
      const ip = '203.0.113.9';
      await throttle.begin({ email, ip, language: 'en' });
      await throttle.trust({ email, ip });
      const keys = await redis.keys(`${prefix}*`);
      expect(new Set(keys.map((k) => k.slice(prefix.length).replace(/:[0-9a-f]{64}$/, '')))).toEqual(
        new Set(['signin:ip', 'signin:account-ip', 'signin:account', 'signin:known']),
      );
      for (const k of keys)
        for (const secret of [email.toLowerCase(), email.toLowerCase().split('@')[0]!, ip])
          expect(k.toLowerCase()).not.toContain(secret);
    } finally {
      redis.disconnect();
      await store.close();
    }
  });
});
