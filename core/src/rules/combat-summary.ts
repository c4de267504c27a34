// The end-of-fight summary (issue #14), computed from the combat log alone: the log keeps names and
// groups as they were, so the summary still reads right after units are renamed or deleted.
import type { CombatLogEntry } from '../schemas/combat';
import type { CombatGroup } from './combat';

export interface UnitSummary {
  id: string;
  name: string;
  group: CombatGroup | null;
  /** HP actually removed (a blow on 5 HP left deals 5, whatever was rolled). */
  damageDealt: number;
  damageTaken: number;
  /** HP actually restored. */
  healingDone: number;
  healingReceived: number;
  /** How many times a blow brought the unit to 0 HP. */
  falls: number;
  /** At 0 HP after the last blow or heal the log shows for it. */
  fallen: boolean;
}

export interface CombatSummary {
  /** The last round reached (0 before the fight started). */
  rounds: number;
  startedAt: string | null;
  /** The End or the blow that ended the fight; null while it goes on. */
  endedAt: string | null;
  /** From the start to the end, or to the last entry while the fight goes on. */
  durationMs: number | null;
  /** The side left with nobody standing, when a blow ended the fight. */
  defeated: CombatGroup | null;
  /** Every unit the log shows acting or acted upon, in order of first appearance. */
  units: UnitSummary[];
}

type Entry = Pick<
  CombatLogEntry,
  'type' | 'round' | 'actor' | 'target' | 'hpBefore' | 'hpAfter' | 'defeated' | 'undone' | 'at'
>;

/** Undone entries do not count; entries before the fight's start (setup) count for names only. */
export function summarizeFight(log: readonly Entry[]): CombatSummary {
  const entries = log.filter((entry) => !entry.undone);
  const units = new Map<string, UnitSummary>();
  const unitOf = (ref: NonNullable<Entry['target']>): UnitSummary => {
    let unit = units.get(ref.id);
    if (!unit) {
      unit = {
        id: ref.id,
        name: ref.name,
        group: ref.group,
        damageDealt: 0,
        damageTaken: 0,
        healingDone: 0,
        healingReceived: 0,
        falls: 0,
        fallen: false,
      };
      units.set(ref.id, unit);
    }
    if (ref.group !== null) unit.group = ref.group;
    return unit;
  };

  let startedAt: string | null = null;
  let endedAt: string | null = null;
  let defeated: CombatGroup | null = null;
  let rounds = 0;
  for (const entry of entries) {
    if (entry.type === 'start') startedAt = entry.at;
    if (startedAt !== null) rounds = Math.max(rounds, entry.round);
    const target = entry.target ? unitOf(entry.target) : null;
    const actor = entry.actor ? unitOf(entry.actor) : null;
    if (target && entry.hpBefore !== null && entry.hpAfter !== null) {
      const change = entry.hpAfter - entry.hpBefore;
      if (entry.type === 'attack') {
        target.damageTaken += -change;
        if (actor) actor.damageDealt += -change;
        if (entry.hpAfter === 0 && entry.hpBefore > 0) target.falls += 1;
      } else if (entry.type === 'heal') {
        target.healingReceived += change;
        if (actor) actor.healingDone += change;
      }
      target.fallen = entry.hpAfter <= 0;
    }
    if (entry.type === 'end' || entry.defeated !== null) {
      endedAt = entry.at;
      defeated = entry.defeated;
    }
  }
  const last = entries.at(-1)?.at ?? null;
  const until = endedAt ?? last;
  const durationMs =
    startedAt !== null && until !== null ? Math.max(0, Date.parse(until) - Date.parse(startedAt)) : null;
  return { rounds, startedAt, endedAt, durationMs, defeated, units: [...units.values()] };
}
