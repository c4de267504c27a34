// Stored rows → the campaign export file (core's gameDataExport). The other way, a file → the rows it
// becomes, is import-rows.ts (run in the import's worker thread, decision 047).
import {
  GAME_DATA_FORMAT,
  GAME_DATA_FORMAT_VERSION,
  gameDataExport,
  type ExportedFight,
  type GameDataExport,
} from '@questkeeper/core/schemas/game-data-export';
import { healed } from '../combat/fight-store';
import type { CampaignRow, FightRow, LogRow, UnitRow } from './repository';

export function toCampaignFile(
  campaign: CampaignRow,
  units: readonly UnitRow[],
  fight: { row: FightRow; log: readonly LogRow[] } | undefined,
): GameDataExport {
  const file = {
    format: GAME_DATA_FORMAT,
    formatVersion: GAME_DATA_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    campaign: {
      name: campaign.name,
      rules: campaign.rules,
      characteristics: campaign.characteristics,
      races: campaign.races,
      classes: campaign.classes,
      statuses: campaign.statuses,
      initiativeRule: campaign.initiativeRule,
      initiativeCaracName: campaign.initiativeCaracName,
      createdAt: campaign.createdAt.toISOString(),
      updatedAt: campaign.updatedAt.toISOString(),
    },
    units: units.map((unit) => ({
      id: unit.id,
      name: unit.name,
      gender: unit.gender,
      isPlayer: unit.isPlayer,
      race: unit.race,
      class: unit.class,
      status: unit.status,
      characteristics: unit.characteristics,
      hp: unit.hp,
      currentHp: unit.currentHp,
      money: { gold: unit.gold, silver: unit.silver, bronze: unit.bronze },
      notes: unit.notes,
      createdAt: unit.createdAt.toISOString(),
      updatedAt: unit.updatedAt.toISOString(),
    })),
    ...(fight ? { fight: toFightFile(fight.row, fight.log, new Set(units.map((unit) => unit.id))) } : {}),
  };
  // Parsed, not cast: a stored value the format does not allow fails here, before a user downloads a
  // file that would not import.
  return gameDataExport.parse(file);
}

function toFightFile(row: FightRow, log: readonly LogRow[], unitIds: ReadonlySet<string>): ExportedFight {
  // The fight as the combat API shows it: without units deleted since it was saved.
  const { state, conditions } = healed({ state: row.state, conditions: row.conditions }, unitIds);
  return {
    ...state,
    conditions,
    log: log.map((entry) => ({
      ...entry.data,
      id: entry.id,
      step: entry.step,
      undone: entry.undone,
      at: entry.createdAt.toISOString(),
    })),
  };
}
