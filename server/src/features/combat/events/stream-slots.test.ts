// The open-stream counter of decision 049, against each store: it holds at the limit, a released
// slot is free at once, and a slot never released (its process was killed) frees itself when its
// lease runs out instead of leaking. Redis runs with TEST_REDIS_URL; PostgreSQL in api-postgres.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDriver } from '../../../../test/support/harness';
import type { Database } from '../../../db/client';
import {
  createStreamSlots,
  memorySlotStore,
  postgresSlotStore,
  redisSlotStore,
  type StreamSlots,
} from './stream-slots';

const redisUrl = process.env.TEST_REDIS_URL;
const LEASE_MS = 600;

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop?.());

const stores = [
  { name: testDriver, redis: undefined as string | undefined },
  ...(redisUrl ? [{ name: 'redis', redis: redisUrl }] : []),
];

describe.each(stores)('stream slots ($name)', ({ redis }) => {
  /** One process's slots, on its own Redis connection (closed with them) or the test database. */
  const open = (): StreamSlots => {
    const connection = redis ? new Redis(redis) : null;
    const slots = createStreamSlots({
      store: connection
        ? redisSlotStore(connection)
        : database.driver === 'postgres'
          ? postgresSlotStore(database.db)
          : memorySlotStore(),
      limit: 3,
      leaseMs: LEASE_MS,
    });
    return {
      ...slots,
      limit: slots.limit,
      async close() {
        await slots.close();
        connection?.disconnect();
      },
    };
  };

  it('holds at the limit per key, and a released slot is free again at once', async () => {
    const slots = open();
    try {
      const key = `test:${crypto.randomUUID()}`;
      const taken = await Promise.all([1, 2, 3].map(() => slots.acquire(key)));
      expect(taken.every(Boolean)).toBe(true);
      expect(await slots.acquire(key)).toBeNull();
      // Another key is counted apart.
      expect(await slots.acquire(`${key}:other`)).not.toBeNull();
      taken[0]!.release();
      taken[0]!.release();
      await new Promise((wake) => setTimeout(wake, 50));
      expect(await slots.acquire(key)).not.toBeNull();
      expect(await slots.acquire(key)).toBeNull();
    } finally {
      await slots.close();
    }
  });

  it('counts the live slots of a key, a limit of its own allowed (the watchers of a link)', async () => {
    const slots = open();
    try {
      const key = `watch:${crypto.randomUUID()}`;
      const taken = await Promise.all([1, 2, 3, 4, 5].map(() => slots.acquire(key, 1000)));
      expect(taken.every(Boolean)).toBe(true);
      expect(await slots.count(key)).toBe(5);
      expect(await slots.count(`${key}:other`)).toBe(0);
      taken[0]!.release();
      await expect.poll(() => slots.count(key)).toBe(4);
    } finally {
      await slots.close();
    }
  });

  it('counts parallel takes one by one', async () => {
    const slots = open();
    try {
      const key = `race:${crypto.randomUUID()}`;
      const taken = await Promise.all(Array.from({ length: 10 }, () => slots.acquire(key)));
      expect(taken.filter(Boolean)).toHaveLength(3);
    } finally {
      await slots.close();
    }
  });

  it.skipIf(!redis && testDriver === 'pglite')(
    'frees the slots of a process that died when their lease runs out, and keeps renewed ones',
    async () => {
      const dead = open();
      const alive = open();
      const key = `lease:${crypto.randomUUID()}`;
      expect(await dead.acquire(key)).not.toBeNull();
      expect(await dead.acquire(key)).not.toBeNull();
      const kept = await alive.acquire(key);
      expect(kept).not.toBeNull();
      // The dead process stops renewing (its timers are gone); the live one renews.
      await dead.close();
      expect(await alive.acquire(key)).toBeNull();
      await new Promise((wake) => setTimeout(wake, LEASE_MS * 2));
      const after = await Promise.all([1, 2, 3].map(() => alive.acquire(key)));
      expect(after.filter(Boolean)).toHaveLength(2);
      kept!.release();
      for (const slot of after) slot?.release();
      await alive.close();
    },
  );
});
