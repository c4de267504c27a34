// Units of a campaign: the per-tier unit limit, list choices and characteristics checked
// against the campaign, current HP clamped to hp, and quick characteristic generation.
import { clampCurrentHp } from '@questkeeper/core/combat/hit-points';
import { linkKey } from '@questkeeper/core/links/links';
import { generateCharacteristics, type QuickTemplate } from '@questkeeper/core/units/quick-generation';
import { copyNames } from '@questkeeper/core/units/copies';
import { parseStatBlock } from '@questkeeper/core/import/statblock';
import type { ParseStatBlockBody, ParseStatBlockResponse } from '@questkeeper/core/schemas/statblock';
import type { CreateUnitBody, Unit, UpdateUnitBody } from '@questkeeper/core/schemas/units';
import { limitsOf, mayHoldText, type Tier } from '@questkeeper/core/tiers';
import type { Db, Executor } from '../../db/client';
import { ownsCampaign } from '../../db/shared/campaigns';
import { deleteImageIfUnreferenced } from '../../db/shared/images';
import { LinkTextTooLong, rewriteLinksOfRenames } from '../../db/shared/links';
import { AppError, notFound } from '../../lib/app-error';
import * as repo from './repository';
import {
  FieldProblems,
  defaultCharacteristics,
  mergeCharacteristics,
  resolveListChoice,
  storedCharacteristics,
  storedCounters,
} from './unit-fields';
import { toListedUnit, toUnit } from './presenter';

/** What the service needs of the signed-in user. */
export interface UnitsActor {
  id: string;
  tier: Tier;
}

/** 409 UNIT_CONFLICT: the client edited from a stale version; the route answers with this unit. */
export class UnitConflict extends Error {
  constructor(readonly unit: Unit) {
    super('UNIT_CONFLICT');
    this.name = 'UnitConflict';
  }
}

export type UnitsService = ReturnType<typeof createUnitsService>;

export function createUnitsService(deps: {
  db: Db;
  /** After an edit has committed: open player views of a shared fight follow it (docs/decisions/028). */
  onUnitChanged?: (campaignId: string, unitId: string) => void;
}) {
  const { db } = deps;

  async function ownedCampaign(
    executor: Executor,
    user: UnitsActor,
    campaignId: string,
    options: { lock?: boolean } = {},
  ): Promise<repo.CampaignLists> {
    const campaign = await repo.findOwnedCampaignLists(executor, user.id, campaignId, options);
    if (!campaign) throw notFound();
    return campaign;
  }

  function assertNotesFit(user: UnitsActor, notes: string, previous?: string): void {
    const limit = limitsOf(user.tier).unitNoteChars;
    if (!mayHoldText(limit, previous?.length, notes.length)) {
      throw new AppError('NOTE_TOO_LONG', { limit, tier: user.tier });
    }
  }

  return {
    async list(user: UnitsActor, campaignId: string): Promise<Unit[]> {
      const rows = await repo.listOwnedUnits(db, user.id, campaignId);
      // No rows: an empty campaign of the user's, or not the user's campaign at all.
      if (rows.length === 0 && !(await ownsCampaign(db, user.id, campaignId))) throw notFound();
      return rows.map(toListedUnit);
    },

    async create(user: UnitsActor, campaignId: string, body: CreateUnitBody): Promise<Unit> {
      return db.transaction(async (tx) => {
        // The lock serializes creates on one campaign, so parallel requests cannot pass the limit.
        const campaign = await ownedCampaign(tx, user, campaignId, { lock: true });
        const limit = limitsOf(user.tier).unitsPerCampaign;
        // After a downgrade the campaign may hold more than the limit: nothing is deleted, but
        // nothing more can be created either.
        if ((await repo.countUnits(tx, campaignId)) >= limit) {
          throw new AppError('UNIT_LIMIT_REACHED', { tier: user.tier, limit });
        }

        const problems = new FieldProblems();
        const race = resolveListChoice(problems, 'race', campaign.races, body.race);
        const unitClass = resolveListChoice(problems, 'class', campaign.classes, body.class);
        const firstStatus = campaign.statuses[0]?.name;
        const status =
          body.status !== undefined || firstStatus === undefined
            ? resolveListChoice(problems, 'status', campaign.statuses, body.status ?? '')
            : firstStatus;
        const characteristics = mergeCharacteristics(
          problems,
          campaign,
          defaultCharacteristics(campaign),
          body.characteristics,
        );
        problems.throwIfAny();
        assertNotesFit(user, body.notes);

        const row = await repo.insertUnit(tx, {
          userId: user.id,
          campaignId,
          name: body.name,
          gender: body.gender,
          isPlayer: body.isPlayer,
          race,
          class: unitClass,
          status,
          characteristics,
          hp: body.hp,
          currentHp: clampCurrentHp(body.currentHp, body.hp),
          gold: body.money.gold,
          silver: body.money.silver,
          bronze: body.money.bronze,
          notes: body.notes,
          counters: storedCounters(body.counters),
        });
        return toUnit(row);
      });
    },

    /**
     * `count` copies of a unit, numbered after the campaign's names ("Goblin 2", "Goblin 3"…), at full
     * HP (decision 031). All or nothing: a batch that would pass the unit limit creates none.
     * Race-free like create: the campaign row is locked while counting and inserting.
     */
    async copy(user: UnitsActor, campaignId: string, unitId: string, count: number): Promise<Unit[]> {
      return db.transaction(async (tx) => {
        await ownedCampaign(tx, user, campaignId, { lock: true });
        const source = await repo.lockOwnedUnit(tx, user.id, campaignId, unitId);
        if (!source) throw notFound();
        const limit = limitsOf(user.tier).unitsPerCampaign;
        const current = await repo.countUnits(tx, campaignId);
        if (current + count > limit) {
          const room = Math.max(0, limit - current);
          throw new AppError('UNIT_COPIES_OVER_LIMIT', { tier: user.tier, limit, current, room });
        }
        const names = copyNames(source.name, await repo.unitNames(tx, campaignId), count);
        const {
          id: _id,
          createdAt: _c,
          updatedAt: _u,
          version: _v,
          seq: _seq,
          portrait: _p,
          ...fields
        } = source;
        const created: Unit[] = [];
        // One insert per copy, in numbering order: each takes the next `seq`, so every list keeps
        // their numbering even when they share a timestamp.
        for (const name of names) {
          created.push(toUnit(await repo.insertUnit(tx, { ...fields, name, currentHp: source.hp })));
        }
        return created;
      });
    },

    /**
     * Changes the fields sent. With `version` (decision 036), a unit written since that version (a
     * save in another tab, a blow in combat) is left as it is and the caller gets it back in a
     * UnitConflict (409): checked under the row lock the write holds, so of two saves made from one
     * version exactly one is written.
     */
    async update(user: UnitsActor, campaignId: string, unitId: string, body: UpdateUnitBody): Promise<Unit> {
      const updated = await db.transaction(async (tx) => {
        // A new name rewrites links in other rows of the campaign (decision 063): the campaign row is
        // locked first, as the campaign's own writes and combat actions do, so their locks never cross.
        const campaign = await ownedCampaign(tx, user, campaignId, { lock: body.name !== undefined });
        const stored = await repo.lockOwnedUnit(tx, user.id, campaignId, unitId);
        if (!stored) throw notFound();
        if (body.version !== undefined && body.version !== stored.version) {
          throw new UnitConflict(toUnit(stored));
        }

        const problems = new FieldProblems();
        const changes: repo.UnitChanges = {};
        if (body.name !== undefined) changes.name = body.name;
        if (body.gender !== undefined) changes.gender = body.gender;
        if (body.isPlayer !== undefined) changes.isPlayer = body.isPlayer;
        if (body.race !== undefined)
          changes.race = resolveListChoice(problems, 'race', campaign.races, body.race);
        if (body.class !== undefined) {
          changes.class = resolveListChoice(problems, 'class', campaign.classes, body.class);
        }
        if (body.status !== undefined) {
          changes.status = resolveListChoice(problems, 'status', campaign.statuses, body.status);
        }
        if (body.characteristics !== undefined) {
          changes.characteristics = mergeCharacteristics(
            problems,
            campaign,
            storedCharacteristics(stored),
            body.characteristics,
          );
        }
        if (body.hp !== undefined) changes.hp = body.hp;
        if (body.hp !== undefined || body.currentHp !== undefined) {
          const currentHp = body.currentHp === undefined ? stored.currentHp : body.currentHp;
          changes.currentHp = clampCurrentHp(currentHp, body.hp ?? stored.hp);
        }
        if (body.money !== undefined) {
          changes.gold = body.money.gold;
          changes.silver = body.money.silver;
          changes.bronze = body.money.bronze;
        }
        if (body.notes !== undefined) {
          assertNotesFit(user, body.notes, stored.notes);
          changes.notes = body.notes;
        }
        if (body.counters !== undefined) changes.counters = storedCounters(body.counters);
        problems.throwIfAny();

        let row = await repo.updateUnit(tx, user.id, stored.id, changes);
        if (changes.name !== undefined && linkKey(changes.name) !== linkKey(stored.name)) {
          // Every link that led to this unit follows it, in every text of the campaign.
          const rewrites = await rewriteLinksOfRenames(tx, {
            userId: user.id,
            campaignId,
            tier: user.tier,
            renames: [{ kind: 'unit', id: stored.id, to: changes.name }],
            lists: campaign,
            unitNamesBefore: new Map([[stored.id, stored.name]]),
          }).catch((error: unknown) => {
            throw error instanceof LinkTextTooLong ? new AppError(error.code, error.params) : error;
          });
          // Its own notes may link to itself.
          if (rewrites.units.includes(stored.id)) {
            row = (await repo.lockOwnedUnit(tx, user.id, campaignId, stored.id)) ?? row;
          }
        }
        return toUnit(row);
      });
      deps.onUnitChanged?.(campaignId, updated._id);
      return updated;
    },

    /** Deletes the unit and takes it out of the campaign's saved encounters, in one transaction. */
    async remove(user: UnitsActor, campaignId: string, unitId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const stored = await repo.lockOwnedUnit(tx, user.id, campaignId, unitId);
        if (!stored || !(await repo.deleteOwnedUnit(tx, user.id, campaignId, unitId))) throw notFound();
        await repo.removeUnitFromEncounters(tx, campaignId, unitId);
        // Its portrait goes with it, unless a copy of the unit still shows it.
        if (stored.portraitImageId) await deleteImageIfUnreferenced(tx, campaignId, stored.portraitImageId);
      });
    },

    /**
     * Quick generation for the campaign's characteristics (docs/product.md#quick-generation ranges, capped at
     * each max).
     */
    async generate(
      user: UnitsActor,
      campaignId: string,
      template: QuickTemplate,
    ): Promise<{ characteristics: Record<string, number> }> {
      const campaign = await ownedCampaign(db, user, campaignId);
      if (!limitsOf(user.tier).canQuickGenerate) throw new AppError('QUICK_GENERATION_LOCKED');
      return { characteristics: generateCharacteristics(template, campaign.characteristics) };
    },

    /**
     * A pasted stat block read onto the campaign's characteristics, within the tier's notes limit
     * (docs/product.md#paste-a-stat-block). Writes nothing: the form saves the unit as usual.
     */
    async parseStatBlock(
      user: UnitsActor,
      campaignId: string,
      body: ParseStatBlockBody,
    ): Promise<ParseStatBlockResponse> {
      const campaign = await ownedCampaign(db, user, campaignId);
      return parseStatBlock(body.text, {
        characteristics: campaign.characteristics,
        language: body.language,
        notesMax: limitsOf(user.tier).unitNoteChars,
      });
    },
  };
}
