// A topic every server process hears (issue #19): the same transports as the combat live events
// (decision 022) — Redis pub/sub when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY on PostgreSQL,
// memory on PGlite (one process only) — for small messages that must reach every process at once,
// such as session invalidations (decision 025).

export interface BroadcastHandlers {
  /** A message published by any process, this one included. */
  message(payload: string): void;
  /** The transport lost its connection and is back: messages sent meanwhile were missed. */
  resync(): void;
}

export interface Broadcast {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Sends to every process; rejects when the transport cannot take it. */
  publish(payload: string): Promise<void>;
  /** Resolves once messages published from now on are heard (or the first attempt failed). */
  readonly listening: Promise<void>;
  /** Whether messages are being heard right now (readiness). */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}
