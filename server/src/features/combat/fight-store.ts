// Reads a campaign's fight the way every combat call needs it: its campaign (statuses, initiative
// rule), the fight healed of deleted units, the units it names, and the answer built from it.
import { EMPTY_COMBAT } from '@questkeeper/core/rules/combat';
import type { Fight, FightUnit } from '@questkeeper/core/rules/combat-action-types';
import { keepConditionsOf } from '@questkeeper/core/rules/conditions';
import { summarizeFight } from '@questkeeper/core/rules/combat-summary';
import { COMBAT_LOG_WINDOW, type CombatResponse, type CombatSummary } from '@questkeeper/core/schemas/combat';
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
  /** The log's head as stored, read with the fight (decision 039). */
  head: repo.LogHead;
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
  const { row, head } = await repo.findCombat(db, campaignId);
  const stored: Fight = { state: row?.state ?? EMPTY_COMBAT, conditions: row?.conditions ?? {} };
  const watched = Object.values(stored.conditions).flatMap((list) => list.map((item) => item.ofUnitId));
  const ids = [...new Set([...unitIdsOf(stored.state), ...watched, ...(options.extraIds ?? [])])];
  const units = new Map(
    (await repo.fightUnits(db, userId, campaignId, ids, campaign.initiativeCaracName)).map((unit) => [
      unit._id,
      unit,
    ]),
  );
  return {
    campaign,
    row,
    version: row?.version ?? 0,
    fight: healed(stored, new Set(units.keys())),
    units,
    head,
  };
}

/** The fight without units deleted since it was saved, nor their conditions. */
export function healed(fight: Fight, existing: ReadonlySet<string>): Fight {
  const state = withoutMissingUnits(fight.state, existing);
  const members = new Set([...state.allies, ...state.enemies]);
  return { state, conditions: keepConditionsOf(fight.conditions, members) };
}

/** The end-of-fight summary, from every applied entry (decision 030: the answer's log is a window). */
export async function fightSummary(db: Executor, campaignId: string): Promise<CombatSummary> {
  const rows = await repo.appliedLog(db, campaignId);
  return summarizeFight(rows.map((row) => ({ ...row.data, undone: false, at: row.createdAt.toISOString() })));
}

/**
 * The answer for a fight as stored now: its newest log entries (an index scan that stops after
 * COMBAT_LOG_WINDOW rows), what undo, redo and paging need, and the summary once it has ended.
 * `known`: the log's head when the caller has it (read with the fight, or built by the action that
 * just wrote its step); undo and redo read it again.
 */
export async function present(
  db: Executor,
  loaded: Pick<LoadedFight, 'campaign' | 'fight' | 'version'> & { updatedAt: Date | null },
  known?: repo.LogHead,
): Promise<CombatResponse> {
  const campaignId = loaded.campaign.id;
  const head = known ?? (await repo.logHead(db, campaignId));
  const window = head.total === 0 ? [] : await repo.logPage(db, campaignId, COMBAT_LOG_WINDOW);
  return toCombatResponse({
    fight: loaded.fight,
    version: loaded.version,
    updatedAt: loaded.updatedAt,
    window,
    head,
    summary: head.ended ? await fightSummary(db, campaignId) : null,
    statuses: loaded.campaign.statuses,
  });
}
