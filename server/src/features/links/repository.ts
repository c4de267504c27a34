// SQL for links and the campaign search (decision 063): the versions of a campaign's rows, read on
// every request, and the texts of the rows whose version the per-process index does not hold yet.
// A version is the row's `xmin` (decision 036): every write of the row changes it, locks do not.
// Every read is scoped by user and campaign: another user's campaign is simply not found.
import { runPrepared, type Db } from '../../db/client';
import type { CharacteristicDef, ClassDef, Race, Status } from '@questkeeper/core/schemas/campaigns';

/** `[id, version]` pairs; units in the order every list shows them (the order links resolve in). */
export interface CampaignVersions {
  version: string;
  units: [string, string][];
  encounters: [string, string][];
}

/**
 * The campaign's version and its units' and encounters' ids and versions, in one statement; undefined
 * when the campaign is not the user's. A few kilobytes whatever the size of the texts.
 */
const VERSIONS = {
  name: 'link_index_versions',
  text: `select c.xmin::text as version,
      (select coalesce(json_agg(json_build_array(u.id, u.xmin::text) order by u.created_at, u.seq, u.id), '[]'::json)
        from units u where u.campaign_id = c.id and u.user_id = c.user_id) as units,
      (select coalesce(json_agg(json_build_array(e.id, e.xmin::text) order by e.created_at, e.seq, e.id), '[]'::json)
        from encounters e where e.campaign_id = c.id and e.user_id = c.user_id) as encounters
    from campaigns c where c.id = $1 and c.user_id = $2`,
};

export async function campaignVersions(
  db: Db,
  userId: string,
  campaignId: string,
): Promise<CampaignVersions | undefined> {
  const [row] = await runPrepared<CampaignVersions>(db, VERSIONS, [campaignId, userId]);
  return row;
}

export interface CampaignTextsRow {
  version: string;
  rules: string;
  races: Race[];
  classes: ClassDef[];
  statuses: Status[];
  characteristics: CharacteristicDef[];
}

const CAMPAIGN_TEXTS = {
  name: 'link_index_campaign',
  text: `select xmin::text as version, rules, races, classes, statuses, characteristics
    from campaigns where id = $1 and user_id = $2`,
};

export async function campaignTexts(
  db: Db,
  userId: string,
  campaignId: string,
): Promise<CampaignTextsRow | undefined> {
  const [row] = await runPrepared<CampaignTextsRow>(db, CAMPAIGN_TEXTS, [campaignId, userId]);
  return row;
}

export interface UnitTextsRow {
  id: string;
  version: string;
  name: string;
  race: string;
  class: string;
  status: string;
  notes: string;
}

/** Ids as a PostgreSQL array literal: they come from the versions read, so they are uuids. */
const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

const UNIT_TEXTS = {
  name: 'link_index_units',
  text: `select id, xmin::text as version, name, race, class, status, notes
    from units where campaign_id = $1 and user_id = $2 and id = any($3::uuid[])`,
};

export async function unitTexts(
  db: Db,
  userId: string,
  campaignId: string,
  ids: readonly string[],
): Promise<UnitTextsRow[]> {
  if (ids.length === 0) return [];
  return runPrepared<UnitTextsRow>(db, UNIT_TEXTS, [campaignId, userId, idArray(ids)]);
}

export interface EncounterTextsRow {
  id: string;
  version: string;
  name: string;
  notes: string;
}

const ENCOUNTER_TEXTS = {
  name: 'link_index_encounters',
  text: `select id, xmin::text as version, name, notes
    from encounters where campaign_id = $1 and user_id = $2 and id = any($3::uuid[])`,
};

export async function encounterTexts(
  db: Db,
  userId: string,
  campaignId: string,
  ids: readonly string[],
): Promise<EncounterTextsRow[]> {
  if (ids.length === 0) return [];
  return runPrepared<EncounterTextsRow>(db, ENCOUNTER_TEXTS, [campaignId, userId, idArray(ids)]);
}
