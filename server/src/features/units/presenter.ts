// The one place a stored unit becomes its API shape (docs/decisions/058-one-mapping-per-model.md).
// The wire names (`_id`, `gameDataId`; docs/decisions/020-wire-names.md) are written here and in the
// hot list's SQL, which already names its columns after the API fields.
import type { ImageInfo } from '@questkeeper/core/schemas/images';
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
    portrait: portraitOf(row.portrait),
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
  return { ...unit, portrait: portraitOf(unit.portrait), money: { gold, silver, bronze } };
}

/** The portrait's description as a driver returns json_build_object (parsed, or text on some drivers). */
export function portraitOf(value: ImageInfo | string | null | undefined): ImageInfo | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? (JSON.parse(value) as ImageInfo) : value;
}
