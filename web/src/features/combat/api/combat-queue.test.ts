// The ordered queue of fight changes (docs/decisions/021): one call at a time, each with the version the last
// answer gave; predictions shown at once and shown again over each answer; a conflict or a refusal
// drops what was queued behind it and says so; a version announced by live sync is read once idle.
import { describe, expect, it, vi } from 'vitest';
import type { CombatActionResponse } from '@questkeeper/core/schemas/combat';
import { CombatQueue, type Fight, type QueueFailure } from './combat-queue';

const fight = (version: number, round = 1) => ({ version, round }) as unknown as Fight;
const answer = (version: number, round = 1) =>
  ({ combat: fight(version, round), units: [], entries: [] }) as CombatActionResponse;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function setup(start = fight(1)) {
  let current: Fight | undefined = start;
  const failures: QueueFailure[] = [];
  const cache = {
    fight: () => current,
    units: () => [],
    setFight: vi.fn((next: Fight) => {
      current = next;
    }),
    setUnits: vi.fn(),
    reload: vi.fn(),
    reloadAll: vi.fn(),
  };
  const conflictOf = (error: unknown) => (error === 'conflict' ? fight(9, 5) : null);
  const queue = new CombatQueue(cache, conflictOf, (failure) => failures.push(failure));
  return { queue, cache, failures, current: () => current };
}

describe('CombatQueue', () => {
  it('sends one change at a time, each with the version the previous answer gave', async () => {
    const { queue, current } = setup();
    const first = deferred<CombatActionResponse>();
    const sent: number[] = [];
    const a = queue.push((version) => (sent.push(version), first.promise));
    const b = queue.push(async (version) => (sent.push(version), answer(version + 1)));
    await Promise.resolve();
    expect(sent).toEqual([1]);
    expect(queue.busy()).toBe(true);
    first.resolve(answer(2));
    expect((await a)?.combat.version).toBe(2);
    expect((await b)?.combat.version).toBe(3);
    expect(sent).toEqual([1, 2]);
    expect(current()?.version).toBe(3);
    expect(queue.busy()).toBe(false);
  });

  it('shows a prediction at once, and again over each answer while it is still queued', async () => {
    const { queue, current } = setup();
    const first = deferred<CombatActionResponse>();
    const nextRound = (f: Fight) => ({ fight: { ...f, round: f.round + 1 }, units: [] });
    void queue.push(() => first.promise, nextRound);
    const second = queue.push(async () => answer(3, 3), nextRound);
    expect(current()?.round).toBe(3);
    first.resolve(answer(2, 2));
    await vi.waitFor(() => expect(current()?.version).toBe(3));
    await second;
    expect(current()).toEqual(fight(3, 3));
  });

  it('on a conflict shows the server fight, drops what was queued, and says so', async () => {
    const { queue, failures, current, cache } = setup();
    const a = queue.push(() => Promise.reject('conflict'));
    const b = queue.push(async () => answer(2));
    expect(await a).toBeNull();
    expect(await b).toBeNull();
    expect(current()).toEqual(fight(9, 5));
    expect(failures).toEqual([{ kind: 'conflict', action: null }]);
    expect(cache.reload).toHaveBeenCalled();
  });

  it('on a refusal reports it with how many queued changes were dropped', async () => {
    const { queue, failures } = setup();
    void queue.push(() => Promise.reject(new Error('no')));
    void queue.push(async () => answer(2));
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    expect(failures[0]).toMatchObject({ kind: 'refused', dropped: 1 });
  });

  // A failure (the server out of reach included: nothing can be read again) puts back the
  // fight the server last confirmed, never leaves a predicted blow on screen, and names the action.
  it('on a failure shows the last confirmed fight again and reports the action to retry', async () => {
    const { queue, failures, current } = setup();
    const nextRound = (f: Fight) => ({ fight: { ...f, round: f.round + 1 }, units: [] });
    await queue.push(async () => answer(2, 1));
    const action = { type: 'nextTurn' } as const;
    const lost = queue.push(() => Promise.reject(new Error('offline')), nextRound, action);
    expect(current()?.round).toBe(2);
    expect(await lost).toBeNull();
    expect(current()).toEqual(fight(2, 1));
    expect(failures).toEqual([expect.objectContaining({ kind: 'refused', action })]);
    expect(failures[0]!.action).toBe(action);
  });

  it('reads the fight again for a version announced by live sync, but not for its own, and only when idle', async () => {
    const { queue, cache } = setup();
    queue.announce(1);
    expect(cache.reloadAll).not.toHaveBeenCalled();
    const pending = deferred<CombatActionResponse>();
    void queue.push(() => pending.promise);
    queue.announce(4);
    expect(cache.reloadAll).not.toHaveBeenCalled();
    pending.resolve(answer(2));
    await vi.waitFor(() => expect(cache.reloadAll).toHaveBeenCalledTimes(1));
  });
});
