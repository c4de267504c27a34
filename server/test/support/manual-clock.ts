// A clock that moves only when told to: tests move time forward instead of sleeping.
import type { Clock } from '../../src/lib/clock';

export function manualClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
  };
}
