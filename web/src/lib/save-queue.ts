// Saves that must reach the server in the order they were made, without making the screen wait:
// per key, one request at a time, and only the newest waiting value is sent (older ones are merged
// into it). A burst of clicks thus ends with the server holding the last value, whatever order the
// network would have answered parallel requests in. The queues live outside React, so a save still
// finishes after its view has closed.

export interface SaveFailure {
  key: string;
  error: unknown;
}

interface Entry<T> {
  inFlight: boolean;
  waiting: T | null;
}

export class SaveQueues<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly listeners = new Set<() => void>();
  private failure: SaveFailure | null = null;

  constructor(
    private readonly send: (key: string, value: T) => Promise<unknown>,
    /** How a new value joins one still waiting (default: it replaces it). */
    private readonly merge: (waiting: T, next: T) => T = (_waiting, next) => next,
  ) {}

  push(key: string, value: T): void {
    const entry = this.entry(key);
    entry.waiting = entry.waiting === null ? value : this.merge(entry.waiting, value);
    void this.drain(key, entry);
  }

  /** True while a value of `key` has not reached the server yet. */
  busy(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && (entry.inFlight || entry.waiting !== null);
  }

  /** The last refused save, until the next success or `dismiss()`. */
  readonly lastFailure = (): SaveFailure | null => this.failure;

  dismiss(): void {
    this.setFailure(null);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private entry(key: string): Entry<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { inFlight: false, waiting: null };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private async drain(key: string, entry: Entry<T>) {
    if (entry.inFlight) return;
    while (entry.waiting !== null) {
      const value = entry.waiting;
      entry.waiting = null;
      entry.inFlight = true;
      let failure: SaveFailure | null = null;
      try {
        await this.send(key, value);
      } catch (error) {
        failure = { key, error };
      }
      // Idle before listeners hear of the outcome, so they can tell whether anything is still on its way.
      entry.inFlight = false;
      if (failure) this.setFailure(failure);
      else if (this.failure?.key === key) this.setFailure(null);
    }
  }

  private setFailure(failure: SaveFailure | null) {
    if (failure === this.failure) return;
    this.failure = failure;
    this.listeners.forEach((listener) => listener());
  }
}
