// The one place a stored encounter becomes its API shape (docs/decisions/058-one-mapping-per-model.md).
import type { Encounter } from '@questkeeper/core/schemas/encounters';
import type { encounters } from '../../db/schema';

type EncounterRow = typeof encounters.$inferSelect;

export function toEncounter(row: EncounterRow): Encounter {
  return {
    _id: row.id,
    gameDataId: row.campaignId,
    name: row.name,
    allies: row.data.allies.map(({ unitId }) => ({ unitId })),
    enemies: row.data.enemies.map(({ unitId, count }) => ({ unitId, count })),
    hazards: row.data.hazards.map(({ name, initiative, hidden }) => ({ name, initiative, hidden })),
    hidden: [...row.data.hidden],
    groups: row.data.groups,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
