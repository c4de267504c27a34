// The one place a stored campaign becomes its API shape (docs/decisions/058-one-mapping-per-model.md).
// `_id` is the row's id (docs/decisions/020-wire-names.md); the lists travel as they are stored.
import {
  DEFAULT_INITIATIVE_MODIFIER,
  DEFAULT_INITIATIVE_RULE,
  INITIATIVE_MODIFIERS,
  INITIATIVE_RULES,
  type InitiativeModifier,
  type InitiativeRule,
} from '@questkeeper/core/constants';
import type { Campaign } from '@questkeeper/core/schemas/campaigns';
import type { CampaignData } from '@questkeeper/core/campaigns/default-campaign';
import type { CampaignRow, VersionedRow } from './repository';

const isInitiativeRule = (value: string): value is InitiativeRule =>
  (INITIATIVE_RULES as readonly string[]).includes(value);
const isInitiativeModifier = (value: string): value is InitiativeModifier =>
  (INITIATIVE_MODIFIERS as readonly string[]).includes(value);

/** The CAMPAIGN_DATA_FIELDS of a row, as the API names them (also what a copy overwrites). */
export function dataOf(row: CampaignRow): CampaignData {
  return {
    rules: row.rules,
    // Entries saved before pins (docs/decisions/061) have no `pinned`: not pinned.
    characteristics: row.characteristics.map(({ name, max, pinned }) => ({
      name,
      max,
      pinned: pinned === true,
    })),
    races: row.races,
    classes: row.classes,
    statuses: row.statuses,
    initiativeRule: isInitiativeRule(row.initiativeRule) ? row.initiativeRule : DEFAULT_INITIATIVE_RULE,
    initiativeCaracName: row.initiativeCaracName,
    initiativeModifier: isInitiativeModifier(row.initiativeModifier)
      ? row.initiativeModifier
      : DEFAULT_INITIATIVE_MODIFIER,
  };
}

export function toCampaign(row: VersionedRow): Campaign {
  return {
    _id: row.id,
    userId: row.userId,
    name: row.name,
    ...dataOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
