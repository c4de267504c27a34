import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryPubSub, type PubSub } from '../../infra/pubsub';
import { createSessionCache, shareSessionCache } from './session-cache';

const user = (id: string) => ({
  id,
  email: `${id}@x.test`,
  language: 'en' as const,
  tier: 'Novice' as const,
  sessionId: `s-${id}`,
});
const farFuture = new Date(Date.now() + 86_400_000);

afterEach(() => vi.useRealTimers());

describe('session cache', () => {
  it('remembers a session for its TTL only', () => {
    vi.useFakeTimers();
    const cache = createSessionCache({ ttlMs: 5000 });
    cache.set('h1', user('u1'), farFuture);
    vi.advanceTimersByTime(4999);
    expect(cache.get('h1')?.id).toBe('u1');
    vi.advanceTimersByTime(1);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('never outlives the session itself', () => {
    vi.useFakeTimers();
    const cache = createSessionCache({ ttlMs: 60_000 });
    cache.set('h1', user('u1'), new Date(Date.now() + 1000));
    vi.advanceTimersByTime(1000);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('forgets one token, or every token of a user', () => {
    const cache = createSessionCache({ ttlMs: 5000 });
    cache.set('a1', user('a'), farFuture);
    cache.set('a2', user('a'), farFuture);
    cache.set('b1', user('b'), farFuture);
    cache.forgetToken('a1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeDefined();
    cache.forgetUser('a');
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.id).toBe('b');
  });

  it('stays bounded, dropping the oldest entry', () => {
    const cache = createSessionCache({ ttlMs: 5000, maxEntries: 2 });
    cache.set('h1', user('u1'), farFuture);
    cache.set('h2', user('u2'), farFuture);
    cache.set('h3', user('u3'), farFuture);
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')).toBeDefined();
    expect(cache.get('h3')).toBeDefined();
  });

  it('keeps nothing when turned off', () => {
    const cache = createSessionCache({ ttlMs: 0 });
    cache.set('h1', user('u1'), farFuture);
    expect(cache.get('h1')).toBeUndefined();
  });
});

/** Two "processes" on one pub/sub: what one publishes, both hear. `resync` stands for a reconnect. */
function twoProcesses() {
  const pubsub = createMemoryPubSub();
  const resyncs: (() => void)[] = [];
  const connect = (): PubSub => ({
    ...pubsub,
    async subscribe(topic, listener, key) {
      resyncs.push(() => listener({ resync: true }));
      return pubsub.subscribe(topic, listener, key);
    },
  });
  const caches = [createSessionCache({ ttlMs: 5000 }), createSessionCache({ ttlMs: 5000 })] as const;
  const shared = caches.map((cache) => shareSessionCache(cache, connect()));
  return { caches, shared, resyncs };
}

describe('session evictions shared between processes (decision 025)', () => {
  it('evicts a token or a user in the other process too', async () => {
    const { caches, shared } = twoProcesses();
    for (const cache of caches) {
      cache.set('a1', user('a'), farFuture);
      cache.set('b1', user('b'), farFuture);
    }
    await shared[0]!.forgetToken('a1');
    expect(caches[1].get('a1')).toBeUndefined();
    expect(caches[1].get('b1')?.id).toBe('b');
    await shared[0]!.forgetUser('b');
    expect(caches[1].get('b1')).toBeUndefined();
    expect(shared[1]!.generation()).toBe(2);
  });

  it('forgets everything after the transport reconnects (evictions may have been missed)', () => {
    const { caches, resyncs } = twoProcesses();
    caches[1].set('a1', user('a'), farFuture);
    resyncs[1]!();
    expect(caches[1].get('a1')).toBeUndefined();
  });
});
