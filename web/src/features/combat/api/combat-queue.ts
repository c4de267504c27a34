// The fight's changes on their way to the server (decision 021), in order: each call
// carries the version the last answer gave, so two clicks in a burst never race each other into a
// 409. A change may be shown before the server answers (`predict`); every answer replaces the
// prediction, and the ones still queued are shown again on top of it. A refusal or a conflict drops
// what is still queued (it was built on a fight that did not happen) and says so.
import type { CombatAction, CombatActionResponse, CombatResponse } from '@questkeeper/core/schemas/combat';
import type { Unit } from '@/lib/units';

export type Fight = CombatResponse;

/** What the screen shows before the answer; null when it cannot guess (a roll, the start). */
export type Prediction = (fight: Fight, units: readonly Unit[]) => { fight: Fight; units: Unit[] } | null;

export interface CacheAccess {
  fight(): Fight | undefined;
  units(): readonly Unit[] | undefined;
  setFight(fight: Fight): void;
  setUnits(units: readonly Unit[]): void;
  /** Reads the units again (after a conflict or a refusal: the predictions were wrong). */
  reload(): void;
  /** Reads the fight and the units again (another device moved the fight). */
  reloadAll(): void;
}

/**
 * `action`: the change that failed (null for undo and redo), so the screen can offer to send it again
 * (a failure keeps the GM's work).
 */
export type QueueFailure = { action: CombatAction | null } & (
  { kind: 'conflict' } | { kind: 'refused'; error: unknown; dropped: number }
);

interface Pending {
  send: (version: number) => Promise<CombatActionResponse>;
  predict: Prediction | undefined;
  action: CombatAction | null;
  resolve: (answer: CombatActionResponse | null) => void;
}

/** A 409 COMBAT_CONFLICT carries the current fight; this reads it without trusting the shape blindly. */
export type ConflictReader = (error: unknown) => Fight | null;

export class CombatQueue {
  private readonly pending: Pending[] = [];
  private running = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly cache: CacheAccess,
    private readonly conflictOf: ConflictReader,
    private readonly onFailure: (failure: QueueFailure) => void,
    /** An answer arrived (the server is reachable again). */
    private readonly onSuccess: () => void = () => {},
  ) {}

  /** The newest version live sync announced. */
  private announced: number | null = null;

  /**
   * The fight and units as the server last gave them, under the predictions still on their way: a
   * failure shows them again (a blow that did not happen never stays on screen, even when
   * the server cannot be reached to read them again).
   */
  private confirmed: { fight: Fight | undefined; units: readonly Unit[] | undefined } | null = null;

  /**
   * Live sync says the fight is at `version`: read it again unless this is ours, or our own changes
   * are on their way (then once they are through).
   */
  announce(version: number): void {
    this.announced = version;
    this.catchUp();
  }

  private catchUp() {
    const fight = this.cache.fight();
    if (this.busy() || this.announced === null || !fight || fight.version === this.announced) return;
    this.announced = null;
    this.cache.reloadAll();
  }

  /** Queues a change; resolves with the server's answer, or null when it was not applied. */
  push(
    send: Pending['send'],
    predict?: Prediction,
    action: CombatAction | null = null,
  ): Promise<CombatActionResponse | null> {
    return new Promise((resolve) => {
      if (!this.busy()) this.confirmed = { fight: this.cache.fight(), units: this.cache.units() };
      this.pending.push({ send, predict, action, resolve });
      this.show(predict);
      this.notify();
      void this.drain();
    });
  }

  busy(): boolean {
    return this.running || this.pending.length > 0;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private show(predict: Prediction | undefined) {
    const fight = this.cache.fight();
    const units = this.cache.units();
    if (!predict || !fight || !units) return;
    const guess = predict(fight, units);
    if (!guess) return;
    this.cache.setFight(guess.fight);
    this.cache.setUnits(guess.units);
  }

  private async drain() {
    if (this.running) return;
    this.running = true;
    try {
      while (this.pending.length > 0) {
        const item = this.pending[0]!;
        const version = this.cache.fight()?.version ?? 0;
        try {
          const answer = await item.send(version);
          this.pending.shift();
          this.accept(answer);
          this.onSuccess();
          item.resolve(answer);
        } catch (error) {
          const dropped = this.pending.splice(0);
          const conflict = this.conflictOf(error);
          const confirmed = this.confirmed;
          if (confirmed?.fight && !conflict) this.cache.setFight(confirmed.fight);
          if (confirmed?.units) this.cache.setUnits(confirmed.units);
          if (conflict) {
            this.cache.setFight(conflict);
            this.onFailure({ kind: 'conflict', action: item.action });
          } else {
            this.onFailure({ kind: 'refused', error, dropped: dropped.length - 1, action: item.action });
          }
          this.cache.reload();
          for (const lost of dropped) lost.resolve(null);
        }
      }
    } finally {
      this.running = false;
      this.notify();
      this.catchUp();
    }
  }

  /** The answer is the truth; the changes still queued are shown again on top of it. */
  private accept(answer: CombatActionResponse) {
    this.cache.setFight(answer.combat);
    const changed = new Map(answer.units.map((unit) => [unit._id, unit] as const));
    // The units under the predictions: the last confirmed ones with this answer's changes.
    const base = this.confirmed?.units ?? this.cache.units();
    const confirmedUnits = base?.map((unit) => changed.get(unit._id) ?? unit);
    const units = this.cache.units();
    if (units && changed.size > 0) {
      this.cache.setUnits(units.map((unit) => changed.get(unit._id) ?? unit));
    }
    this.confirmed = { fight: answer.combat, units: confirmedUnits };
    for (const item of this.pending) this.show(item.predict);
  }
}
