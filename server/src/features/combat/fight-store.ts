// Reads a campaign's fight the way every combat call needs it: its campaign (statuses, initiative
// rule), the fight healed of deleted units, the units it names, and the answer built from it.
import { EMPTY_COMBAT } from '@questkeeper/core/rules/combat';
import type { Fight, FightUnit } from '@questkeeper/core/rules/combat-action-types';
import { keepConditionsOf } from '@questkeeper/core/rules/conditions';
import type { CombatResponse } from '@questkeeper/core/schemas/combat';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { unitIdsOf, withoutMissingUnits } from './combat-state';
import { toCombatResponse } from './presenter';
import * as repo from './repository';

export interface LoadedFight {
  campaign: repo.CombatCampaign;
  row: repo.CombatRow | undefined;
  /** 0 for a campaign that never had a fight. */
  version: number;
  fight: Fight;
  /** The campaign's units named by the fight or by `extraIds`. */
  units: Map<string, FightUnit>;
}

/**
 * Loads the fight; with `lock` (every write) the campaign row stays locked until the transaction
 * ends, so two actions on one campaign run one after the other and the second sees the new version.
 * 404 when the campaign is not the user's.
 */
export async function loadFight(
  db: Executor,
  userId: string,
  campaignId: string,
  options: { lock: boolean; extraIds?: readonly string[]; lockUnits?: readonly string[] },
): Promise<LoadedFight> {
  const campaign = await repo.findCombatCampaign(db, userId, campaignId, { lock: options.lock });
  if (!campaign) throw notFound();
  // Units an action reads then writes (HP, status): a unit edit in flight finishes first. Always
  // after the campaign row, the order every writer takes, so two writers never wait on each other.
  await repo.lockUnits(db, campaignId, options.lockUnits ?? []);
  const row = await repo.findCombat(db, campaignId);
  const stored: Fight = { state: row?.state ?? EMPTY_COMBAT, conditions: row?.conditions ?? {} };
  const watched = Object.values(stored.conditions).flatMap((list) => list.map((item) => item.ofUnitId));
  const ids = [...new Set([...unitIdsOf(stored.state), ...watched, ...(options.extraIds ?? [])])];
  const units = new Map((await repo.fightUnits(db, userId, campaignId, ids)).map((unit) => [unit._id, unit]));
  return { campaign, row, version: row?.version ?? 0, fight: healed(stored, new Set(units.keys())), units };
}

/** The fight without units deleted since it was saved, nor their conditions. */
export function healed(fight: Fight, existing: ReadonlySet<string>): Fight {
  const state = withoutMissingUnits(fight.state, existing);
  const members = new Set([...state.allies, ...state.enemies]);
  return { state, conditions: keepConditionsOf(fight.conditions, members) };
}

/** The answer for a fight as stored now (reads the log). */
export async function present(
  db: Executor,
  loaded: Pick<LoadedFight, 'campaign' | 'fight' | 'version'> & { updatedAt: Date | null },
): Promise<CombatResponse> {
  return toCombatResponse({
    fight: loaded.fight,
    version: loaded.version,
    updatedAt: loaded.updatedAt,
    log: await repo.listLog(db, loaded.campaign.id),
    statuses: loaded.campaign.statuses,
  });
}
