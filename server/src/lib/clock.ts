// The time as the server reads it, injected where a rule depends on it (sign-in back-off, reset
// token expiry) so tests move time forward instead of sleeping.

export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that moves only when told to (tests). */
export function manualClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
  };
}
