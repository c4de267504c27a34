// The one place a stored unit becomes its API shape (docs/decisions/058-one-mapping-per-model.md).
// The wire names (`_id`, `gameDataId`; docs/decisions/020-wire-names.md) are written here and in the
// hot list's SQL, which already names its columns after the API fields.
import type { Unit } from '@questkeeper/core/schemas/units';
import type { ListedUnitRow, UnitRow } from './repository';

/** A unit row as drizzle reads or writes it (create, copy, update, conflict, combat's unit writes). */
export function toUnit(row: UnitRow): Unit {
  return {
    _id: row.id,
    userId: row.userId,
    gameDataId: row.campaignId,
    name: row.name,
    gender: row.gender,
    isPlayer: row.isPlayer,
    race: row.race,
    class: row.class,
    status: row.status,
    characteristics: row.characteristics,
    hp: row.hp,
    currentHp: row.currentHp,
    money: { gold: row.gold, silver: row.silver, bronze: row.bronze },
    notes: row.notes,
    counters: row.counters,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/**
 * A row of the units list (GET /api/units, the hottest read): its columns already carry the API
 * names and its dates are ISO text, so only the money is gathered into its object. The benchmark's
 * floor maps with this very function.
 */
export function toListedUnit({ gold, silver, bronze, ...unit }: ListedUnitRow): Unit {
  return { ...unit, money: { gold, silver, bronze } };
}
