// The end-of-fight summary (docs/decisions/021), computed from the combat log alone: the log keeps names and
// groups as they were, so the summary still reads right after units are renamed or deleted.
import type { CombatLogEntry, CombatSummary } from '../schemas/combat';

// The shape is the API's (the server sends it with an ended fight, decision 030).
export type { CombatSummary } from '../schemas/combat';
export type UnitSummary = CombatSummary['units'][number];
type CombatGroup = NonNullable<UnitSummary['group']>;

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
