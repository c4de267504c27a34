// Live sync of fights (issue #14, decision 022): after each committed change the service publishes
// the campaign's new version; every process delivers it to the event streams open on that campaign.
// One interface, one implementation per transport (memory, PostgreSQL LISTEN/NOTIFY, Redis).

/** A new version, or `resync` after the transport lost its connection (events may have been missed). */
export type CombatChannelEvent = { version: number } | { resync: true };
export type CombatListener = (event: CombatChannelEvent) => void;

export interface CombatChannel {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Tells every process (this one included) that the campaign's fight is now at `version`. */
  publish(campaignId: string, version: number): Promise<void>;
  /** Resolves once events published from now on will reach `listener`; returns the unsubscribe. */
  subscribe(campaignId: string, listener: CombatListener): Promise<() => void>;
  close(): Promise<void>;
}

/** This process's listeners per campaign; every transport fans out through it. */
export class LocalListeners {
  private readonly byCampaign = new Map<string, Set<CombatListener>>();

  add(campaignId: string, listener: CombatListener): () => void {
    let set = this.byCampaign.get(campaignId);
    if (!set) {
      set = new Set();
      this.byCampaign.set(campaignId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byCampaign.get(campaignId) === set) this.byCampaign.delete(campaignId);
    };
  }

  emit(campaignId: string, event: CombatChannelEvent): void {
    // A copy: a listener that unsubscribes while being called must not skip its neighbours.
    for (const listener of [...(this.byCampaign.get(campaignId) ?? [])]) {
      try {
        listener(event);
      } catch {
        // A broken stream is the stream's problem; the others still hear.
      }
    }
  }

  emitAll(event: CombatChannelEvent): void {
    for (const campaignId of [...this.byCampaign.keys()]) this.emit(campaignId, event);
  }

  clear(): void {
    this.byCampaign.clear();
  }
}

/** The small payload the shared transports carry (PostgreSQL NOTIFY allows 8,000 bytes). */
export function encodeMessage(campaignId: string, version: number): string {
  return JSON.stringify({ c: campaignId, v: version });
}

export function decodeMessage(payload: string | undefined): { campaignId: string; version: number } | null {
  if (!payload) return null;
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const { c, v } = value as { c?: unknown; v?: unknown };
    if (typeof c !== 'string' || typeof v !== 'number' || !Number.isInteger(v)) return null;
    return { campaignId: c, version: v };
  } catch {
    return null;
  }
}
