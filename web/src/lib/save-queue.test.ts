// The save queues behind the combat view: in order, one request at a time per key, newest value
// winning, failures reported and cleared by the next success.
import { describe, expect, it, vi } from 'vitest';
import { SaveQueues } from './save-queue';

/** A send whose requests the test answers one by one. */
function controlledSend() {
  const calls: { key: string; value: unknown; settle: (error?: Error) => void }[] = [];
  const send = vi.fn(
    (key: string, value: unknown) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ key, value, settle: (error) => (error ? reject(error) : resolve()) });
      }),
  );
  return { send, calls };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SaveQueues', () => {
  it('sends one request per key at a time and only the newest waiting value', async () => {
    const { send, calls } = controlledSend();
    const queues = new SaveQueues<number>(send);
    queues.push('a', 1);
    queues.push('a', 2);
    queues.push('a', 3);
    queues.push('b', 10);
    expect(calls.map((call) => [call.key, call.value])).toEqual([
      ['a', 1],
      ['b', 10],
    ]);
    expect(queues.busy('a')).toBe(true);
    calls[0]!.settle();
    await flush();
    expect(calls.map((call) => call.value)).toEqual([1, 10, 3]);
    calls[2]!.settle();
    calls[1]!.settle();
    await flush();
    expect(queues.busy('a')).toBe(false);
    expect(queues.busy('b')).toBe(false);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('merges waiting changes when asked to', async () => {
    const { send, calls } = controlledSend();
    const queues = new SaveQueues<Record<string, number>>(send, (waiting, next) => ({ ...waiting, ...next }));
    queues.push('u', { hp: 90 });
    queues.push('u', { hp: 80 });
    queues.push('u', { status: 2 });
    calls[0]!.settle();
    await flush();
    expect(calls[1]!.value).toEqual({ hp: 80, status: 2 });
  });

  it('reports a refused save to its listeners, idle already, until the next success of that key', async () => {
    const { send, calls } = controlledSend();
    const queues = new SaveQueues<number>(send);
    const seen: unknown[] = [];
    queues.subscribe(() => seen.push([queues.lastFailure()?.key, queues.busy('a')]));
    queues.push('a', 1);
    const refused = new Error('refused');
    calls[0]!.settle(refused);
    await flush();
    expect(queues.lastFailure()).toEqual({ key: 'a', error: refused });
    expect(seen).toEqual([['a', false]]);
    queues.push('a', 2);
    calls[1]!.settle();
    await flush();
    expect(queues.lastFailure()).toBeNull();
  });
});
