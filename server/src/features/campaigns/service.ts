// Campaigns: the user's game data. Every write that a limit or a tier rule depends on runs
// in one transaction that first locks the row the rule is about (the user for the campaign count, the
// campaign for its lists), so parallel requests cannot pass a limit.
import {
  checkCampaignChange,
  toCampaignDataChange,
  type CampaignProblem,
} from '@questkeeper/core/campaigns/tier-rules';
import {
  defaultCampaignData,
  emptyCampaignData,
  type CampaignData,
} from '@questkeeper/core/campaigns/default-campaign';
import { hasFollowUps, unitFollowUps } from '@questkeeper/core/units/renames';
import type {
  Campaign,
  CreateCampaignBody,
  DeletedCampaign,
  ListEditBody,
  ListEditResponse,
  UpdateCampaignBody,
} from '@questkeeper/core/schemas/campaigns';
import { CAMPAIGN_UNDO_GRACE_MS, CAMPAIGN_UNDO_MS } from '@questkeeper/core/limits';
import { limitsOf } from '@questkeeper/core/tiers';
import type { Db, Tx } from '../../db/client';
import { LinkTextTooLong, listLinkRenames, rewriteLinksOfRenames } from '../../db/shared/links';
import { lockUser } from '../../db/shared/users';
import { AppError, notFound } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import type { RequestUser } from '../../plugins/request-context';
import { applyListEdit } from './list-edit';
import { dataOf, toCampaign } from './presenter';
import * as repo from './repository';

/** 409 GAME_DATA_CONFLICT: the client edited from a stale version; the route answers with this campaign. */
export class CampaignConflict extends Error {
  constructor(readonly campaign: Campaign) {
    super('GAME_DATA_CONFLICT');
    this.name = 'CampaignConflict';
  }
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;

const newId = () => crypto.randomUUID();

export function createCampaignsService(deps: { db: Db }) {
  const { db } = deps;
  const purges = new Set<ReturnType<typeof setTimeout>>();

  /**
   * A trashed campaign is purged when its window ends (plus a second). A restart loses the timer: the
   * next start purges every expired row (`purgeExpired`), and no undo can read one meanwhile.
   */
  function forgetLater(userId: string, campaignId: string, until: Date) {
    const timer = setTimeout(
      () => {
        purges.delete(timer);
        repo.purgeExpiredTrash(db, userId).catch(() => {
          // The database is closing or away: the next delete of this user purges it.
        });
      },
      Math.max(0, until.getTime() - Date.now()) + 1000,
    );
    timer.unref();
    purges.add(timer);
  }

  /** Checks `change` against the user's tier, then writes it with the optional new name. */
  async function applyChange(
    tx: Tx,
    user: RequestUser,
    row: repo.VersionedRow,
    change: Partial<CampaignData>,
    name?: string,
  ): Promise<Campaign> {
    const before = dataOf(row);
    const followUps = unitFollowUps(before, change);
    // The combat initiative follows a renamed characteristic, unless the same change sets it.
    const initiative = followUps.characteristics.find((rename) => rename.from === before.initiativeCaracName);
    if (initiative && change.initiativeCaracName === undefined) {
      change = { ...change, initiativeCaracName: initiative.to };
    }
    const problem = checkCampaignChange(user.tier, before, change);
    if (problem) throw toAppError(problem);
    let updated = await repo.updateCampaign(
      tx,
      user.id,
      row.id,
      name === undefined ? change : { ...change, name },
    );
    if (!updated) throw notFound();
    // Links follow a renamed entry in every text of the campaign, resolved with the names as they
    // were (decision 063); the rewritten campaign texts are part of this answer.
    const renames = listLinkRenames(before, change, followUps.characteristics);
    if (renames.length > 0) {
      const rewrites = await rewriteLinksOfRenames(tx, {
        userId: user.id,
        campaignId: row.id,
        tier: user.tier,
        renames,
        lists: before,
        texts: updated,
      }).catch((error: unknown) => {
        throw error instanceof LinkTextTooLong ? new AppError(error.code, error.params) : error;
      });
      if (rewrites.campaign) updated = { ...updated, ...rewrites.campaign };
    }
    if (hasFollowUps(followUps)) {
      // Units point at entries by name: they follow renames and lowered maxima (decision 014).
      for (const column of ['race', 'class', 'status'] as const) {
        for (const { from, to } of followUps[column]) {
          await repo.renameUnitsListValue(tx, row.id, column, from, to);
        }
      }
      for (const { from, to } of followUps.characteristics) {
        await repo.renameUnitsCharacteristic(tx, row.id, from, to);
      }
      for (const { name: characteristic, max } of followUps.capped) {
        await repo.capUnitsCharacteristic(tx, row.id, characteristic, max);
      }
    }
    return toCampaign(updated);
  }

  return {
    async list(user: RequestUser): Promise<Campaign[]> {
      return (await repo.listVersionedCampaigns(db, user.id)).map(toCampaign);
    },

    async limit(user: RequestUser): Promise<{ limit: number; count: number }> {
      return { limit: limitsOf(user.tier).campaigns, count: await repo.countCampaigns(db, user.id) };
    },

    /**
     * After a downgrade the user may hold more campaigns than the tier allows: they all stay, but
     * none can be added until the count is under the limit.
     */
    async create(user: RequestUser, body: CreateCampaignBody): Promise<Campaign> {
      return db.transaction(async (tx) => {
        const owner = await lockUser(tx, user.id);
        if (!owner) throw new AppError('UNAUTHENTICATED');
        const limit = limitsOf(owner.tier).campaigns;
        if ((await repo.countCampaigns(tx, user.id)) >= limit) {
          throw new AppError('CAMPAIGN_LIMIT_REACHED', { tier: owner.tier, limit });
        }
        const data =
          body.template === 'empty' ? emptyCampaignData() : defaultCampaignData(owner.language, newId);
        const row = await repo.insertCampaign(tx, user.id, { ...data, name: body.name });
        return loadCampaign(tx, user.id, row.id);
      });
    },

    /**
     * A partial update. With `version` (decision 036), a campaign written since that version is left
     * as it is and the caller gets it back in a CampaignConflict (409), so no save undoes another.
     */
    async update(user: RequestUser, campaignId: string, body: UpdateCampaignBody): Promise<Campaign> {
      const { name, version, ...data } = body;
      const change = toCampaignDataChange(data, newId);
      return db.transaction(async (tx) => {
        const row = await repo.lockOwnedCampaign(tx, user.id, campaignId);
        if (!row) throw notFound();
        if (version !== undefined && version !== row.version) throw new CampaignConflict(toCampaign(row));
        return applyChange(tx, user, row, change, name);
      });
    },

    /**
     * One edit of one list entry (add, change, delete), applied to the list as it is now under the
     * campaign's row lock, then checked and written exactly as a whole-list save of the result
     * would be: same tier rules, same unit follow-ups. Concurrent edits all land.
     */
    async editList(user: RequestUser, campaignId: string, edit: ListEditBody): Promise<ListEditResponse> {
      return db.transaction(async (tx) => {
        const row = await repo.lockOwnedCampaign(tx, user.id, campaignId);
        if (!row) throw notFound();
        const { list, index, itemId } = applyListEdit(dataOf(row)[edit.list], edit, newId);
        try {
          const campaign = await applyChange(tx, user, row, { [edit.list]: list });
          return itemId === undefined ? { campaign } : { campaign, itemId };
        } catch (error) {
          throw error instanceof AppError ? onItemFields(error, edit, index) : error;
        }
      });
    },

    /**
     * Overwrites the target's data (not its name, not its units) with the source's. The copy passes
     * the same tier checks as a PUT of that data, so it cannot bring in what the tier may not edit.
     */
    async copy(user: RequestUser, targetId: string, sourceId: string): Promise<Campaign> {
      return db.transaction(async (tx) => {
        const target = await repo.lockOwnedCampaign(tx, user.id, targetId);
        // The source is only read: locking it too could deadlock two copies in opposite directions.
        const source = target && (await repo.findOwnedCampaign(tx, user.id, sourceId));
        if (!target || !source) throw notFound();
        // dataOf holds exactly CAMPAIGN_DATA_FIELDS; the name is the target's own.
        return applyChange(tx, user, target, toCampaignDataChange(dataOf(source), newId));
      });
    },

    /**
     * Deletes the campaign and keeps it for its Undo (decision 052): every row of it goes to the trash
     * in the same transaction, under a one-time token only its owner can use. The slot is free at once.
     */
    async remove(user: RequestUser, campaignId: string): Promise<DeletedCampaign> {
      const undoToken = newToken();
      const undoUntil = await db.transaction(async (tx) => {
        await repo.purgeExpiredTrash(tx, user.id);
        if (!(await repo.lockOwnedCampaign(tx, user.id, campaignId))) throw notFound();
        const keepMs = CAMPAIGN_UNDO_MS + CAMPAIGN_UNDO_GRACE_MS;
        const until = await repo.trashCampaign(tx, user.id, campaignId, hashToken(undoToken), keepMs);
        if (!until || !(await repo.deleteCampaign(tx, user.id, campaignId))) throw notFound();
        return until;
      });
      forgetLater(user.id, campaignId, undoUntil);
      return { undoToken, undoUntil: undoUntil.toISOString() };
    },

    /**
     * Undoes a delete: the campaign comes back exactly (same ids; units, lists, rules, the fight with
     * its log and conditions, the player view). Another user, a used or expired token: 404. When the
     * freed slot was taken meanwhile and the plan has no room: 409, and the trash keeps it.
     */
    async restore(user: RequestUser, campaignId: string, undoToken: string): Promise<Campaign> {
      return db.transaction(async (tx) => {
        const owner = await lockUser(tx, user.id);
        if (!owner) throw new AppError('UNAUTHENTICATED');
        const trashed = await repo.lockTrashedCampaign(tx, user.id, campaignId, hashToken(undoToken));
        if (!trashed) throw notFound();
        const limit = limitsOf(owner.tier).campaigns;
        if ((await repo.countCampaigns(tx, user.id)) >= limit) {
          throw new AppError('CAMPAIGN_RESTORE_NO_ROOM', { name: trashed.name, tier: owner.tier, limit });
        }
        await repo.restoreTrashedCampaign(tx, user.id, campaignId);
        return loadCampaign(tx, user.id, campaignId);
      });
    },

    /** Purges every campaign whose undo window ended, e.g. while no process was running (at start). */
    async purgeExpired(): Promise<void> {
      await repo.purgeExpiredTrash(db);
    },

    /** Ends the timers that purge the trash (the app's onClose). */
    close() {
      for (const timer of purges) clearTimeout(timer);
      purges.clear();
    },
  };
}

/**
 * The whole-list checks name fields by position (`races.3.note`); an edit's caller sent one entry, so
 * its fields are named as in its body (`item.note`, `changes.note`).
 */
function onItemFields(error: AppError, edit: ListEditBody, index: number): AppError {
  if (!error.fields) return error;
  const prefix = `${edit.list}.${index}.`;
  const parent = edit.op === 'add' ? 'item' : 'changes';
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, problem]) => [
      name.startsWith(prefix) ? `${parent}.${name.slice(prefix.length)}` : name,
      problem,
    ]),
  );
  return new AppError(error.code, error.params, fields);
}

/** A campaign as the API shows it, read with its current version (create, import). */
export async function loadCampaign(db: Db | Tx, userId: string, campaignId: string): Promise<Campaign> {
  const row = await repo.findVersionedCampaign(db, userId, campaignId);
  if (!row) throw notFound();
  return toCampaign(row);
}

function toAppError(problem: CampaignProblem): AppError {
  const fields = problem.field
    ? { [problem.field.name]: { key: problem.field.key, params: problem.params } }
    : undefined;
  return new AppError(problem.code, problem.params, fields);
}
