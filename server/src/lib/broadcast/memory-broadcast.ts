// The single-process transport (PGlite: only one process may open its data folder anyway).
import type { Broadcast, BroadcastHandlers } from './broadcast';

export function createMemoryBroadcast(handlers: BroadcastHandlers): Broadcast {
  let closed = false;
  return {
    kind: 'memory',
    async publish(payload) {
      if (!closed) handlers.message(payload);
    },
    listening: Promise.resolve(),
    async healthy() {
      return true;
    },
    async close() {
      closed = true;
    },
  };
}
