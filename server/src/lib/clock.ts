// The time as the server reads it, injected where a rule depends on it (sign-in back-off, reset
// token expiry) so tests move time forward instead of sleeping.

export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
