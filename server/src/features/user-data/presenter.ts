// The one place stored rows become the user-data answers (docs/decisions/058-one-mapping-per-model.md):
// the campaign export file (core's gameDataExport), the account export, and the head of an imported
// campaign's answer. The other way, a file → the rows it becomes, is import-rows.ts (run in the
// import's worker thread, decision 047).
import type { Campaign } from '@questkeeper/core/schemas/campaigns';
import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_FORMAT_VERSION,
  GAME_DATA_FORMAT,
  GAME_DATA_FORMAT_VERSION,
} from '@questkeeper/core/constants';
import {
  gameDataExport,
  type AccountExport,
  type ExportedFight,
  type GameDataExport,
} from '@questkeeper/core/schemas/game-data-export';
import type { SubscriptionRow } from '../../db/shared/subscriptions';
import type { UserRow } from '../../db/shared/users';
import { healed } from '../combat/fight-store';
import type { CampaignList } from './import-rows';
import type { CampaignRow, EncounterRow, FightRow, LogRow, RevealRow, UnitRow } from './repository';

/** What a campaign archive adds to the file (docs/decisions/077): its images and its reveals. */
export interface ArchiveParts {
  images: readonly { id: string; kind: 'portrait' | 'handout' }[];
  reveals: readonly RevealRow[];
}

export function toCampaignFile(
  campaign: CampaignRow,
  units: readonly UnitRow[],
  fight: { row: FightRow; log: readonly LogRow[] } | undefined,
  encounters: readonly EncounterRow[] = [],
  archive?: ArchiveParts,
): GameDataExport {
  const unitIds = new Set(units.map((unit) => unit.id));
  const imageIds = new Set(archive?.images.map((image) => image.id));
  // Only an archive names images: the plain JSON export stays as it was.
  const portraitOf = (unit: UnitRow) =>
    unit.portraitImageId !== null && imageIds.has(unit.portraitImageId)
      ? { portraitImage: unit.portraitImageId }
      : {};
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
      initiativeModifier: campaign.initiativeModifier,
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
      counters: unit.counters,
      ...portraitOf(unit),
      createdAt: unit.createdAt.toISOString(),
      updatedAt: unit.updatedAt.toISOString(),
    })),
    ...(fight ? { fight: toFightFile(fight.row, fight.log, unitIds) } : {}),
    encounters: encounters.map((encounter) => toEncounterFile(encounter, unitIds)),
    ...(archive
      ? {
          images: archive.images.map(({ id, kind }) => ({ id, kind })),
          // As stored: a unit's reveal names the unit by its id, the file's reference for it.
          reveals: archive.reveals.map((reveal) => ({
            kind: reveal.kind,
            ref: reveal.ref,
            title: reveal.title,
            text: reveal.text,
            image: reveal.imageId !== null && imageIds.has(reveal.imageId) ? reveal.imageId : null,
            revealedAt: reveal.revealedAt.toISOString(),
          })),
        }
      : {}),
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

/**
 * A saved encounter (docs/decisions/062) naming units by their ids, the file's references. A unit's
 * delete takes it out of every encounter; one missing anyway is left out, so the file imports.
 */
function toEncounterFile(row: EncounterRow, unitIds: ReadonlySet<string>) {
  const { allies, enemies, hazards, hidden, groups } = row.data;
  return {
    name: row.name,
    allies: allies.filter((ally) => unitIds.has(ally.unitId)),
    enemies: enemies.filter((enemy) => unitIds.has(enemy.unitId)),
    hazards,
    hidden: hidden.filter((id) => unitIds.has(id)),
    groups,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Everything the account holds, in one download (decision 024). */
export function toAccountExport(
  user: UserRow,
  billing: SubscriptionRow | undefined,
  campaigns: GameDataExport[],
): AccountExport {
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    formatVersion: ACCOUNT_EXPORT_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    account: {
      email: user.email,
      language: user.language,
      tier: user.tier,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      billing: billing
        ? {
            provider: billing.provider,
            plan: billing.plan,
            status: billing.status,
            cancelAtPeriodEnd: billing.cancelAtPeriodEnd,
            currentPeriodEnd: billing.currentPeriodEnd?.toISOString() ?? null,
            billingAddress: billing.billingAddress ?? null,
            updatedAt: billing.updatedAt.toISOString(),
          }
        : null,
    },
    campaigns,
  };
}

/**
 * Every field of an imported campaign's answer but its lists (import-answer.ts writes those from the
 * very chunks the import wrote): the new row's ids and dates with the file's data.
 */
export function toImportedHead(
  row: { id: string; createdAt: Date; updatedAt: Date },
  userId: string,
  data: Omit<Campaign, '_id' | 'userId' | 'createdAt' | 'updatedAt' | 'version' | CampaignList>,
  version: string,
): Omit<Campaign, CampaignList> {
  return {
    _id: row.id,
    userId,
    ...data,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version,
  };
}
