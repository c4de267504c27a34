// How many event streams are open per user and per IP (decision 049): at most STREAM_LIMIT; one more
// answers 429. It is a count of OPEN streams, not a rate, and it must hold across processes: Redis
// when configured, else PostgreSQL, memory only on PGlite (one process, decision 025) — the app
// picks one of the three stores below through server/src/infra/ (decision 055). Each open
// stream holds a slot with a lease that it renews while it lives, so the slots of a killed process
// free themselves when their lease runs out instead of leaking.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../../db/client';

export const STREAM_LIMIT = 20;
/** A slot not renewed for this long is free again (its process died without releasing it). */
export const SLOT_LEASE_MS = 60_000;
const RENEW_MS = SLOT_LEASE_MS / 3;

export interface StreamSlot {
  /** Gives the slot back; safe to call more than once. */
  release(): void;
}

export interface StreamSlots {
  /** A slot for one more stream under `key` (a limitKey), or null when `limit` (default: `this.limit`) are open. */
  acquire(key: string, limit?: number): Promise<StreamSlot | null>;
  /** How many live slots are held under `key`, in every process (the watchers of a share link). */
  count(key: string): Promise<number>;
  /** How many may be open under one key. */
  readonly limit: number;
  close(): Promise<void>;
}

/** The store's operations on one key's leases. */
export interface SlotStore {
  /** Takes a lease on `slotId` unless `limit` live leases are held under `key`. */
  take(key: string, slotId: string, limit: number, leaseMs: number): Promise<boolean>;
  renew(key: string, slotId: string, leaseMs: number): Promise<void>;
  drop(key: string, slotId: string): Promise<void>;
  count(key: string): Promise<number>;
  close(): Promise<void>;
}

function slotsOver(store: SlotStore, limit: number, leaseMs: number): StreamSlots {
  const renewals = new Set<NodeJS.Timeout>();
  return {
    limit,
    count: (key) => store.count(key),
    async acquire(key, keyLimit = limit) {
      const slotId = crypto.randomUUID();
      if (!(await store.take(key, slotId, keyLimit, leaseMs))) return null;
      const renew = setInterval(
        () => {
          store.renew(key, slotId, leaseMs).catch(() => {});
        },
        Math.min(RENEW_MS, leaseMs / 3),
      );
      renew.unref();
      renewals.add(renew);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          clearInterval(renew);
          renewals.delete(renew);
          // A failed release frees itself when the lease runs out.
          store.drop(key, slotId).catch(() => {});
        },
      };
    },
    // Streams have ended by now (routes close them on preClose); a slot still held lapses with its lease.
    async close() {
      for (const renew of renewals) clearInterval(renew);
      renewals.clear();
      await store.close();
    },
  };
}

export function memorySlotStore(): SlotStore {
  const held = new Map<string, Set<string>>();
  return {
    async take(key, slotId, limit) {
      const slots = held.get(key) ?? new Set<string>();
      if (slots.size >= limit) return false;
      slots.add(slotId);
      held.set(key, slots);
      return true;
    },
    async renew() {},
    async drop(key, slotId) {
      const slots = held.get(key);
      slots?.delete(slotId);
      if (slots?.size === 0) held.delete(key);
    },
    async count(key) {
      return held.get(key)?.size ?? 0;
    },
    async close() {},
  };
}

// One sorted set per key: member = slot, score = the end of its lease. Expired leases go first, so
// the count is of live ones; the set itself expires with its last lease.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** On the process's shared Redis command connection (server/src/infra/redis.ts), which it does not close. */
export function redisSlotStore(redis: Redis, prefix = 'qk:streams:'): SlotStore {
  return {
    async take(key, slotId, limit, leaseMs) {
      const now = Date.now();
      const taken = await redis.eval(TAKE, 1, prefix + key, now, now + leaseMs, slotId, limit, leaseMs);
      return Number(taken) === 1;
    },
    async renew(key, slotId, leaseMs) {
      await redis
        .multi()
        .zadd(prefix + key, 'XX', Date.now() + leaseMs, slotId)
        .pexpire(prefix + key, leaseMs)
        .exec();
    },
    async drop(key, slotId) {
      await redis.zrem(prefix + key, slotId);
    },
    async count(key) {
      return redis.zcount(prefix + key, `(${Date.now()}`, '+inf');
    },
    async close() {},
  };
}

// PostgreSQL without Redis: a lease is a row of rate_limit_counters (key `stream:<key>:<slot>`,
// reset_at = the lease's end), so no table of its own is needed and the limiter's sweep removes the
// leases of dead processes. A transaction-scoped advisory lock on the key makes count-then-insert
// atomic across processes.
export function postgresSlotStore(db: Db): SlotStore {
  // The slot is a UUID (36 characters): the count matches on the length too, so key `a` never counts
  // the slots of key `a:b`.
  const rowKey = (key: string, slotId: string) => `stream:${key}:${slotId}`;
  return {
    async take(key, slotId, limit, leaseMs) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stream:${key}`}, 0))`);
        const result = (await tx.execute(sql`
          select count(*)::int as open from rate_limit_counters
          where starts_with(key, ${`stream:${key}:`}) and length(key) = ${`stream:${key}:`.length + 36}
            and reset_at > now()`)) as unknown as {
          rows: { open: number }[];
        };
        if (Number(result.rows[0]?.open ?? 0) >= limit) return false;
        await tx.execute(sql`
          insert into rate_limit_counters (key, count, reset_at)
          values (${rowKey(key, slotId)}, 1, now() + ${leaseMs} * interval '1 millisecond')`);
        return true;
      });
    },
    async renew(key, slotId, leaseMs) {
      await db.execute(sql`
        update rate_limit_counters set reset_at = now() + ${leaseMs} * interval '1 millisecond'
        where key = ${rowKey(key, slotId)}`);
    },
    async drop(key, slotId) {
      await db.execute(sql`delete from rate_limit_counters where key = ${rowKey(key, slotId)}`);
    },
    async count(key) {
      const result = (await db.execute(sql`
        select count(*)::int as open from rate_limit_counters
        where starts_with(key, ${`stream:${key}:`}) and length(key) = ${`stream:${key}:`.length + 36}
          and reset_at > now()`)) as unknown as { rows: { open: number }[] };
      return Number(result.rows[0]?.open ?? 0);
    },
    async close() {},
  };
}

export function createStreamSlots(options: {
  store: SlotStore;
  limit?: number;
  leaseMs?: number;
}): StreamSlots {
  return slotsOver(options.store, options.limit ?? STREAM_LIMIT, options.leaseMs ?? SLOT_LEASE_MS);
}
