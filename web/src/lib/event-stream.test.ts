// readEventStream (decision 022): each connection is announced before its events, the first and every
// one after a drop, so a reader can catch up on what a lost connection may have missed.
import { afterEach, describe, expect, it, vi } from 'vitest';

const bodies: string[][] = [];
vi.mock('./api-client', () => ({
  ApiError: class ApiError extends Error {},
  apiStream: vi.fn(async () => {
    const chunks = bodies.shift();
    if (!chunks) throw new Error('offline');
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
  }),
}));

const { readEventStream } = await import('./event-stream');

afterEach(() => {
  bodies.length = 0;
  vi.useRealTimers();
});

describe('readEventStream', () => {
  it('calls onOpen once per connection, before that connection’s events', async () => {
    vi.useFakeTimers();
    bodies.push(['retry: 10\n\n', 'data: {"version":1}\n\n'], ['data: {"version":2}\n\n']);
    const seen: string[] = [];
    const controller = new AbortController();
    const done = readEventStream('/api/combat/events', {
      signal: controller.signal,
      onOpen: () => seen.push('open'),
      onMessage: (data) => {
        seen.push(data);
        if (data.includes('2')) controller.abort();
      },
    });
    // The first connection ends; the reader waits the server's 10 ms, then connects again.
    await vi.advanceTimersByTimeAsync(20);
    await done;
    expect(seen).toEqual(['open', '{"version":1}', 'open', '{"version":2}']);
  });
});
