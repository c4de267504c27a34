// The one publish/subscribe (decision 055) on each transport: what one process publishes reaches the
// others, by topic and key; and when a process loses its listening connection (the PostgreSQL LISTEN
// connection, the Redis subscriber), its subscribers hear `resync` and delivery resumes. PostgreSQL
// runs in api-postgres; Redis with TEST_REDIS_URL.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDriver } from '../../test/support/harness';
import type { Database } from '../db/client';
import { postgresTransport } from './postgres-transport';
import { createMemoryPubSub, createSharedPubSub, type PubSub, type Resync } from './pubsub';
import { openRedis, type RedisConnections } from './redis';
import { redisTransport } from './redis-transport';
import { reconnectDelay } from './retry';

const redisUrl = process.env.TEST_REDIS_URL;
const log = { warn: () => {} } as never;

const until = async (done: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((wake) => setTimeout(wake, 20));
  }
};

/** What `one` publishes, `two` hears: by key on a keyed topic, every message on a topic-wide one. */
async function expectDelivery(one: PubSub, two: PubSub) {
  const campaignId = crypto.randomUUID();
  const fight: unknown[] = [];
  const sessions: unknown[] = [];
  const unsubscribe = await two.subscribe('combat', (event) => fight.push(event), campaignId);
  await two.subscribe('combat', () => fight.push('another campaign'), crypto.randomUUID());
  await two.subscribe('playerView', () => fight.push('another topic'), campaignId);
  const offSessions = await two.subscribe('sessions', (event) => sessions.push(event));
  await one.publish('combat', { campaignId, version: 7 });
  await one.publish('sessions', { userId: 'u1' });
  await until(() => fight.length > 0 && sessions.length > 0);
  expect(fight).toEqual([{ campaignId, version: 7 }]);
  expect(sessions).toEqual([{ userId: 'u1' }]);
  unsubscribe();
  offSessions();
  await one.publish('combat', { campaignId, version: 8 });
  await new Promise((wake) => setTimeout(wake, 150));
  expect(fight).toEqual([{ campaignId, version: 7 }]);
}

/** Drops `two`'s listening connection: its subscribers hear `resync`, then messages again. */
async function expectResumeAfterLoss(one: PubSub, two: PubSub, dropListener: () => Promise<void>) {
  const campaignId = crypto.randomUUID();
  const heard: ({ version: number } | Resync)[] = [];
  await two.subscribe('combat', (event) => heard.push(event), campaignId);
  await one.publish('combat', { campaignId, version: 1 });
  await until(() => heard.length === 1);
  await dropListener();
  await until(() => heard.some((event) => 'resync' in event), 10_000);
  expect(await two.healthy()).toBe(true);
  await one.publish('combat', { campaignId, version: 2 });
  await until(() => heard.some((event) => 'version' in event && event.version === 2));
}

/** A fight's new version carrying a published player payload of about `bytes` bytes. */
const withPayloadOf = (bytes: number) => ({
  campaignId: crypto.randomUUID(),
  version: 1,
  player: { tokenHash: 'h', fightVersion: 1, payload: { filler: 'x'.repeat(bytes) } as never },
});

describe('memory pub/sub', () => {
  it('delivers by topic and key in this process, and stops after unsubscribe', async () => {
    const pubsub = createMemoryPubSub();
    await expectDelivery(pubsub, pubsub);
    expect(await pubsub.healthy()).toBe(true);
    await pubsub.close();
  });

  it('keeps delivering to the others when one subscriber throws', async () => {
    const pubsub = createMemoryPubSub();
    const heard: unknown[] = [];
    await pubsub.subscribe('sessions', () => {
      throw new Error('broken stream');
    });
    await pubsub.subscribe('sessions', (event) => heard.push(event));
    await pubsub.publish('sessions', { tokenHash: 'h' });
    expect(heard).toEqual([{ tokenHash: 'h' }]);
    await pubsub.close();
  });
});

describe('reconnect delays', () => {
  it('grow from 250 ms to 5 s and stay there', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(reconnectDelay)).toEqual([250, 500, 1000, 2000, 5000, 5000, 5000]);
  });
});

describe.skipIf(testDriver !== 'postgres')('PostgreSQL LISTEN/NOTIFY', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let one: PubSub;
  let two: PubSub;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    if (database.driver !== 'postgres') throw new Error('expected PostgreSQL');
    const { pool } = database;
    const open = () =>
      createSharedPubSub({
        open: postgresTransport({ pool, log }),
        prefix: 'questkeeper_',
        log,
      });
    one = open();
    two = open();
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await drop?.();
  });

  it('a NOTIFY from one process reaches LISTEN in another', async () => {
    await expectDelivery(one, two);
  });

  it("says a message past NOTIFY's 8,000 bytes does not fit (the payload then stays out, decision 075)", () => {
    expect(one.fits('combat', withPayloadOf(7000))).toBe(true);
    expect(one.fits('combat', withPayloadOf(8000))).toBe(false);
  });

  it('listens again after its connection is killed, and says resync', async () => {
    await expectResumeAfterLoss(one, two, async () => {
      // Both "processes" listen in this test's own database: ending every listener there drops two's.
      if (database.driver !== 'postgres') return;
      await database.pool.query(`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'questkeeper-listen'`);
    });
  });
});

describe.skipIf(!redisUrl)('Redis pub/sub', () => {
  const name = `qk-test-${process.pid}-${crypto.randomUUID()}`;
  let connections: RedisConnections[];
  let one: PubSub;
  let two: PubSub;
  beforeAll(() => {
    connections = [
      openRedis(redisUrl!, { name: `${name}-one` }),
      openRedis(redisUrl!, { name: `${name}-two` }),
    ];
    [one, two] = connections.map((redis) =>
      createSharedPubSub({ open: redisTransport({ redis, log }), prefix: `${name}:`, log }),
    ) as [PubSub, PubSub];
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await Promise.all(connections.map((redis) => redis.close()));
  });

  it('a publish reaches the other process', async () => {
    await expectDelivery(one, two);
  });

  it("carries a player payload far past NOTIFY's limit, up to its own", async () => {
    expect(one.fits('combat', withPayloadOf(100_000))).toBe(true);
    expect(one.fits('combat', withPayloadOf(300_000))).toBe(false);
  });

  it('subscribes again after its subscriber connection is killed, and says resync', async () => {
    await expectResumeAfterLoss(one, two, async () => {
      const admin = new Redis(redisUrl!);
      try {
        const list = String(await admin.client('LIST'));
        const ids = list
          .split('\n')
          .filter((line) => line.includes(` name=${name}-two:sub `))
          .map((line) => /id=(\d+)/.exec(line)?.[1]);
        expect(ids).toHaveLength(1);
        await admin.client('KILL', 'ID', ids[0]!);
      } finally {
        admin.disconnect();
      }
    });
  });
});
