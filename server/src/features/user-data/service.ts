// A user's data going out and coming in (issue #17, decision 024): a campaign as one JSON file and its
// rules as markdown, a new campaign from such a file, and every campaign of the account at once.
// Account deletion is in account-service.ts.
import { checkImportLimits, type ImportProblem } from '@questkeeper/core/rules/game-data-limits';
import { withItemIds } from '@questkeeper/core/rules/campaign-rules';
import { clampCurrentHp } from '@questkeeper/core/rules/hit-points';
import {
  UNKNOWN_LIST_CHOICE,
  matchListChoice,
  type UnitListField,
} from '@questkeeper/core/rules/unit-fields';
import type { Language } from '@questkeeper/core/i18n';
import { translate } from '@questkeeper/core/i18n';
import type { Campaign } from '@questkeeper/core/schemas/campaigns';
import type { GameDataExport } from '@questkeeper/core/schemas/game-data-export';
import type { Tier } from '@questkeeper/core/tiers';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { findUserById, lockUser } from '../../db/shared/users';
import { AppError, notFound, type FieldProblem } from '../../lib/app-error';
import { loadCampaign } from '../campaigns/service';
import { defaultCharacteristicValue } from '../units/unit-fields';
import { ImportProblems, idMap, toCampaignFile, toImportedFight } from './campaign-file';
import { InvalidFile, type FileCheck } from './file-check';
import { createFileCheckPool, type FileChecker } from './file-check-pool';
import * as repo from './repository';

export type UserDataService = ReturnType<typeof createUserDataService>;

interface Actor {
  id: string;
  language: Language;
}

const newId = () => crypto.randomUUID();

export function createUserDataService(deps: {
  db: Db;
  fileChecker?: FileChecker;
  log?: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { db, log } = deps;
  // Import files are read off the main thread (decision 047); no worker runs before the first import.
  const fileChecker =
    deps.fileChecker ??
    createFileCheckPool({ onFailure: (reason) => log?.error({ reason }, 'import file check failed') });

  async function campaignFile(executor: Executor, campaign: repo.CampaignRow): Promise<GameDataExport> {
    const units = await repo.listUnits(executor, campaign.id);
    return toCampaignFile(campaign, units, await repo.findFight(executor, campaign.id));
  }

  return {
    /** One campaign of the user with its units and fight; 404 for anyone else's. */
    async exportCampaign(user: Actor, campaignId: string): Promise<GameDataExport> {
      // One snapshot: a unit saved during the export is in the file entirely or not at all.
      return db.transaction(async (tx) => {
        const campaign = await repo.findOwnedCampaign(tx, user.id, campaignId);
        if (!campaign) throw notFound();
        return campaignFile(tx, campaign);
      });
    },

    async rules(user: Actor, campaignId: string): Promise<{ name: string; rules: string }> {
      const campaign = await repo.findOwnedCampaign(db, user.id, campaignId);
      if (!campaign) throw notFound();
      return { name: campaign.name, rules: campaign.rules };
    },

    /** Every campaign of the user, oldest first, in the export format. */
    async exportCampaigns(executor: Executor, userId: string): Promise<GameDataExport[]> {
      const files: GameDataExport[] = [];
      for (const campaign of await repo.listCampaigns(executor, userId)) {
        files.push(await campaignFile(executor, campaign));
      }
      return files;
    },

    /**
     * A new campaign from a file as the request brought it (bytes, moved to a worker to be read).
     * Throws AppError for a file that is not JSON, holds prototype keys or has an unknown format
     * version, InvalidFile with its first problems for one the schema refuses.
     */
    async importFile(user: Actor, bytes: Uint8Array): Promise<Campaign> {
      const check = await fileChecker.check(bytes);
      if (!check.ok) throw refusal(check);
      return importChecked(user, check.file);
    },

    /** Ends the import workers (the app's onClose). */
    close: () => fileChecker.close(),
  };

  /**
   * A new campaign of the user from a checked file (upgraded to the current format and parsed).
   * All or nothing: the file is checked whole, then written in one transaction that holds the user's
   * row, so parallel imports and creates cannot pass the campaign limit.
   */
  async function importChecked(user: Actor, file: GameDataExport): Promise<Campaign> {
    // The plan first, without a lock: rows of a file too big for it (up to 2,000 units of 2,000
    // characteristics each) are never built, which would hold the event loop. Checked again below.
    const current = await findUserById(db, user.id);
    if (!current) throw new AppError('UNAUTHENTICATED');
    const early = checkImportLimits(current.tier, await repo.countCampaigns(db, current.id), file);
    if (early.length > 0) throw overLimits(current.tier, current.language, early);
    const rows = toImportedRows(file);
    return db.transaction(async (tx) => {
      const owner = await lockUser(tx, user.id);
      if (!owner) throw new AppError('UNAUTHENTICATED');
      const problems = checkImportLimits(owner.tier, await repo.countCampaigns(tx, owner.id), file);
      if (problems.length > 0) throw overLimits(owner.tier, owner.language, problems);
      const campaign = await repo.insertCampaign(tx, owner.id, rows.campaign);
      await repo.insertUnits(tx, owner.id, campaign.id, rows.units);
      if (rows.fight) await repo.insertFight(tx, campaign.id, rows.fight, rows.fight.log);
      return loadCampaign(tx, owner.id, campaign.id);
    });
  }
}

function refusal(check: Exclude<FileCheck, { ok: true }>): Error {
  switch (check.code) {
    case 'VALIDATION_FAILED':
      return new InvalidFile(check.issues, check.more);
    case 'IMPORT_FORMAT_TOO_NEW':
    case 'IMPORT_FORMAT_UNKNOWN':
      return new AppError(check.code, { version: check.version, supported: check.supported });
    default:
      return new AppError(check.code);
  }
}

/**
 * The rows a file becomes, with new ids. Throws 400 VALIDATION_FAILED naming every unit field that
 * does not fit the file's own campaign (a race not in its races, a value above a characteristic's
 * maximum) and every fight reference to a unit the file lacks.
 */
function toImportedRows(file: GameDataExport) {
  const { campaign } = file;
  const problems = new ImportProblems();
  if (
    campaign.initiativeCaracName &&
    !campaign.characteristics.some((c) => c.name === campaign.initiativeCaracName)
  ) {
    problems.add('campaign.initiativeCaracName', 'validation.unknownCharacteristic');
  }
  const lists = { race: campaign.races, class: campaign.classes, status: campaign.statuses };
  const mapUnit = idMap(newId);
  const units: repo.NewUnit[] = file.units.map((unit, index) => {
    const choice = (field: UnitListField) => {
      const name = matchListChoice(lists[field], unit[field]);
      if (name === undefined) problems.add(`units.${index}.${field}`, UNKNOWN_LIST_CHOICE[field]);
      return name ?? unit[field];
    };
    // Every characteristic of the campaign, at the unit's value or the default; names the campaign
    // does not have are left out, as a unit edit would.
    const characteristics = new Map<string, number>();
    for (const { name, max } of campaign.characteristics) {
      const value = Object.hasOwn(unit.characteristics, name) ? unit.characteristics[name] : undefined;
      if (value !== undefined && value > max) {
        problems.add(`units.${index}.characteristics.${name}`, 'validation.characteristicMax', { max });
      }
      characteristics.set(name, value ?? defaultCharacteristicValue(max));
    }
    return {
      id: mapUnit(unit.id),
      name: unit.name,
      gender: unit.gender,
      isPlayer: unit.isPlayer,
      race: choice('race'),
      class: choice('class'),
      status: choice('status'),
      characteristics: Object.fromEntries(characteristics),
      hp: unit.hp,
      currentHp: clampCurrentHp(unit.currentHp, unit.hp),
      gold: unit.money.gold,
      silver: unit.money.silver,
      bronze: unit.money.bronze,
      notes: unit.notes,
    };
  });
  problems.throwIfAny();
  const unitRefs = new Set(file.units.map((unit) => unit.id));
  const fight = file.fight && toImportedFight(file.fight, unitRefs, mapUnit, newId);
  return {
    campaign: {
      name: campaign.name,
      rules: campaign.rules,
      characteristics: campaign.characteristics.map(({ name, max }) => ({ name, max })),
      races: withItemIds(campaign.races, newId).map(({ _id, name, note }) => ({ _id, name, note })),
      classes: withItemIds(campaign.classes, newId).map(({ _id, name, color, note }) => ({
        _id,
        name,
        color,
        note,
      })),
      statuses: withItemIds(campaign.statuses, newId).map(({ _id, name, note }) => ({ _id, name, note })),
      initiativeRule: campaign.initiativeRule,
      initiativeCaracName: campaign.initiativeCaracName,
    },
    units,
    fight,
  };
}

/** 403 naming every exceeded limit with its numbers, in the user's language (message and fields). */
function overLimits(tier: Tier, language: Language, problems: readonly ImportProblem[]): AppError {
  const numbers = new Intl.NumberFormat(language);
  const fields: Record<string, FieldProblem> = {};
  for (const { field, key, params } of problems) {
    const formatted = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'number' ? numbers.format(value) : value,
      ]),
    );
    fields[field] = { key, params: formatted };
  }
  const list = Object.values(fields)
    .map((problem) => translate(language, problem.key, problem.params))
    .join(', ');
  return new AppError('IMPORT_OVER_LIMITS', { tier, problems: list }, fields);
}
