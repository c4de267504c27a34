// Reads a campaign's fight the way every combat call needs it: its campaign (statuses, initiative
// rule), the fight healed of deleted units, the units it names, and the answer built from it.
import { EMPTY_COMBAT } from '@questkeeper/core/combat/combat';
import type { Fight, FightUnit } from '@questkeeper/core/combat/action-types';
import { keepConditionsOf } from '@questkeeper/core/combat/conditions';
import { summarizeFight } from '@questkeeper/core/combat/summary';
import { COMBAT_LOG_WINDOW } from '@questkeeper/core/limits';
import type { CombatResponse, CombatSummary } from '@questkeeper/core/schemas/combat';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { storedLogData, unitIdsOf, withoutMissingUnits } from './combat-state';
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
  /** The log's newest entries (COMBAT_LOG_WINDOW at most), oldest first, read with it (decision 042). */
  window: repo.LogRow[];
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
  const { row, head, window } = await repo.findCombat(db, campaignId, COMBAT_LOG_WINDOW);
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
    window,
  };
}

/**
 * The fight without units deleted since it was saved, nor their conditions, temporary HP and death
 * saves; a fight saved before those existed reads as having none (docs/decisions/061).
 */
export function healed(fight: Fight, existing: ReadonlySet<string>): Fight {
  const state = withoutMissingUnits(fight.state, existing);
  const members = new Set([...state.allies, ...state.enemies]);
  return { state, conditions: keepConditionsOf(fight.conditions, members) };
}

/** The end-of-fight summary, from every applied entry (decision 030: the answer's log is a window). */
export async function fightSummary(db: Executor, campaignId: string): Promise<CombatSummary> {
  const rows = await repo.appliedLog(db, campaignId);
  return summarizeFight(
    rows.map((row) => ({ ...storedLogData(row.data), undone: false, at: row.createdAt.toISOString() })),
  );
}

/**
 * The answer for a fight as stored now: its newest log entries (an index scan that stops after
 * COMBAT_LOG_WINDOW rows), what undo, redo and paging need, and the summary once it has ended.
 * `known`: the log's head and window when the caller has them (read with the fight, or built by the
 * action that just wrote its step, decision 042); what it lacks is read here.
 */
export async function present(
  db: Executor,
  loaded: Pick<LoadedFight, 'campaign' | 'fight' | 'version'> & { updatedAt: Date | null },
  known: { head?: repo.LogHead | undefined; window?: repo.LogRow[] | undefined } = {},
): Promise<CombatResponse> {
  const campaignId = loaded.campaign.id;
  const head = known.head ?? (await repo.logHead(db, campaignId));
  const window =
    known.window ?? (head.total === 0 ? [] : await repo.logPage(db, campaignId, COMBAT_LOG_WINDOW));
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

/**
 * The log's window after an action (decision 042), from the one read with the fight: without the
 * entries the action dropped (`dropped`: the whole log, or the redo steps from that step on), then
 * the entries it added. The dropped entries were the newest, the added ones come after every kept
 * one, so this is the newest part of the log; null when fewer entries are left than the window
 * shows (redo steps filled it), and the caller reads it again.
 */
export function windowAfterAction(
  before: readonly repo.LogRow[],
  dropped: { all: true } | { from: number } | null,
  added: readonly repo.LogRow[],
  total: number,
): repo.LogRow[] | null {
  const kept =
    dropped === null
      ? before
      : 'all' in dropped
        ? []
        : before.filter((row) => !(row.undone && row.step >= dropped.from));
  const window = [...kept, ...added].slice(-COMBAT_LOG_WINDOW);
  return window.length < Math.min(COMBAT_LOG_WINDOW, total) ? null : window;
}

/** The window after an undo or a redo: the step's entries, marked, in place of their old rows. */
export function windowAfterTravel(
  before: readonly repo.LogRow[],
  marked: readonly repo.LogRow[],
): repo.LogRow[] {
  const byId = new Map(marked.map((row) => [row.id, row]));
  return before.map((row) => byId.get(row.id) ?? row);
}
