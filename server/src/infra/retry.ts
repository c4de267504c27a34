// How every shared-state connection comes back after a loss (docs/decisions/055-one-shared-state-layer.md):
// the PostgreSQL LISTEN connection and both Redis connections wait the same growing delays.

/** Waits between attempts: quick at first (a restart), then every 5 s while the server stays away. */
export const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000] as const;

/** The wait before attempt `attempt` (1 for the first retry). */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(Math.max(attempt, 1), RECONNECT_DELAYS_MS.length) - 1]!;
}
