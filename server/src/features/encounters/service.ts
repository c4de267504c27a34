// Saved encounters of a campaign (docs/decisions/062, docs/product.md#encounters): the per-tier limit,
// counted under the campaign's lock; every unit named must be a unit of the campaign, once. Running
// one is the combat's (POST /api/encounters/{id}/run → combat.runEncounter).
import type { z } from 'zod';
import type { Encounter, encounterBody } from '@questkeeper/core/schemas/encounters';
import { limitsOf, type Tier } from '@questkeeper/core/tiers';
import type { Db, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { encounterUnitIds, encounterUnitProblems } from './encounter-units';
import { toEncounter } from './presenter';
import * as repo from './repository';

/** POST and PUT /api/encounters, once parsed (defaults filled in). */
export type EncounterInput = z.infer<typeof encounterBody>;

/** What the service needs of the signed-in user. */
export interface EncountersActor {
  id: string;
  tier: Tier;
}

const valuesOf = (input: EncounterInput): repo.EncounterValues => ({
  name: input.name,
  notes: input.notes,
  data: {
    allies: input.allies.map(({ unitId }) => ({ unitId })),
    enemies: input.enemies.map(({ unitId, count }) => ({ unitId, count })),
    hazards: input.hazards.map(({ name, initiative, hidden }) => ({ name, initiative, hidden })),
    hidden: [...input.hidden],
    groups: input.groups,
  },
});

export type EncountersService = ReturnType<typeof createEncountersService>;

export function createEncountersService(deps: { db: Db }) {
  const { db } = deps;

  async function assertUnitsOf(tx: Executor, campaignId: string, input: EncounterInput): Promise<void> {
    const known = await repo.campaignUnitIds(tx, campaignId, encounterUnitIds(input));
    const problems = encounterUnitProblems(input, (unitId) => known.has(unitId));
    if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', {}, problems);
  }

  return {
    async list(user: EncountersActor, campaignId: string): Promise<Encounter[]> {
      const rows = await repo.listEncounters(db, user.id, campaignId);
      // No rows: a campaign without encounters, or not the user's campaign at all.
      if (rows.length === 0 && !(await repo.ownedCampaign(db, user.id, campaignId))) throw notFound();
      return rows.map(toEncounter);
    },

    /** Race-free like a unit's create: the campaign row is locked while counting and inserting. */
    async create(user: EncountersActor, campaignId: string, input: EncounterInput): Promise<Encounter> {
      return db.transaction(async (tx) => {
        if (!(await repo.ownedCampaign(tx, user.id, campaignId, { lock: true }))) throw notFound();
        const limit = limitsOf(user.tier).encountersPerCampaign;
        // After a downgrade the campaign may hold more: nothing is deleted, nothing more is saved.
        if ((await repo.countEncounters(tx, campaignId)) >= limit) {
          throw new AppError('ENCOUNTER_LIMIT_REACHED', { tier: user.tier, limit });
        }
        await assertUnitsOf(tx, campaignId, input);
        return toEncounter(await repo.insertEncounter(tx, user.id, campaignId, valuesOf(input)));
      });
    },

    /** Replaces the whole encounter (last write wins: encounters are prepared, not played). */
    async update(
      user: EncountersActor,
      campaignId: string,
      id: string,
      input: EncounterInput,
    ): Promise<Encounter> {
      return db.transaction(async (tx) => {
        if (!(await repo.findEncounter(tx, user.id, campaignId, id))) throw notFound();
        await assertUnitsOf(tx, campaignId, input);
        const row = await repo.updateEncounter(tx, user.id, campaignId, id, valuesOf(input));
        if (!row) throw notFound();
        return toEncounter(row);
      });
    },

    async remove(user: EncountersActor, campaignId: string, id: string): Promise<void> {
      if (!(await repo.deleteEncounter(db, user.id, campaignId, id))) throw notFound();
    },
  };
}
