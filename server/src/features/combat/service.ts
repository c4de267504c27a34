// The saved combat of a campaign (decisions.md: a reload or another device resumes it). Open to every
// tier. Saved ids must be units of the campaign; ids of units deleted since are dropped on read.
import { EMPTY_COMBAT } from '@questkeeper/core/rules/combat';
import type { CombatResponse, CombatState } from '@questkeeper/core/schemas/combat';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { ownsCampaign } from '../campaigns/repository';
import { assertAllowedChange, assertConsistent, unitIdsOf, withoutMissingUnits } from './combat-state';
import * as repo from './repository';

/** What the service needs of the signed-in user. */
export interface CombatActor {
  id: string;
}

export type CombatService = ReturnType<typeof createCombatService>;

export function createCombatService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async get(user: CombatActor, campaignId: string): Promise<CombatResponse> {
      if (!(await ownsCampaign(db, user.id, campaignId))) throw notFound();
      const row = await repo.findCombat(db, campaignId);
      if (!row) return { ...EMPTY_COMBAT, updatedAt: null };
      const existing = await repo.existingUnitIds(db, user.id, campaignId, unitIdsOf(row.state));
      return { ...withoutMissingUnits(row.state, existing), updatedAt: row.updatedAt.toISOString() };
    },

    async save(user: CombatActor, campaignId: string, state: CombatState): Promise<CombatResponse> {
      return db.transaction(async (tx) => {
        // Locked so a campaign deleted meanwhile cannot leave the upsert without its parent row.
        if (!(await ownsCampaign(tx, user.id, campaignId, { lock: true }))) throw notFound();
        assertConsistent(state);
        const ids = unitIdsOf(state);
        const hitPoints = await repo.unitHitPoints(tx, user.id, campaignId, ids);
        if (ids.some((id) => !hitPoints.has(id))) throw new AppError('UNKNOWN_UNIT');
        assertAllowedChange((await repo.findCombat(tx, campaignId))?.state ?? null, state, hitPoints);
        const row = await repo.upsertCombat(tx, campaignId, state);
        return { ...row.state, updatedAt: row.updatedAt.toISOString() };
      });
    },
  };
}
