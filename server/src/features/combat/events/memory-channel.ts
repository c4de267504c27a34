// The single-process channel (PGlite: only one process may open its data folder anyway).
import { LocalListeners, type CombatChannel } from './channel';

export function createMemoryChannel(): CombatChannel {
  const listeners = new LocalListeners();
  return {
    kind: 'memory',
    async publish(campaignId, version) {
      listeners.emit(campaignId, { version });
    },
    async subscribe(campaignId, listener) {
      return listeners.add(campaignId, listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
