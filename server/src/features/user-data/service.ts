// A user's data going out and coming in (decision 024): a campaign as one JSON file and its
// rules as markdown, a new campaign from such a file, and every campaign of the account at once.
// Account deletion is in account-service.ts.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { uniqueCampaignName } from '@questkeeper/core/campaigns/names';
import { checkImportLimits, type ImportProblem } from '@questkeeper/core/campaigns/import-limits';
import type { Language } from '@questkeeper/core/i18n';
import { translate } from '@questkeeper/core/i18n';
import { GAME_DATA_FORMAT, GAME_DATA_FORMAT_VERSION } from '@questkeeper/core/constants';
import { DEMO_HEROES, demoCampaignFile, type DemoHero } from '@questkeeper/core/demo/demo-campaign';
import { gameDataExport, type GameDataExport } from '@questkeeper/core/schemas/game-data-export';
import { limitsOf, type Tier } from '@questkeeper/core/tiers';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { findOwnedCampaign, ownsCampaign } from '../../db/shared/campaigns';
import { countCampaignImages, insertImage, type ProcessedImage } from '../../db/shared/images';
import { processImportedImage } from '../../lib/image-processing';
import { IMAGES_PER_CAMPAIGN } from '@questkeeper/core/limits';
import { imageFileName } from './campaign-archive';
import { findUserById, lockUser } from '../../db/shared/users';
import { AppError, notFound, type FieldProblem } from '../../lib/app-error';
import { InvalidFile, type FileCheckOptions, type ImportSummary } from './file-check';
import { createFileCheckPool, type FileChecker, type ImportCheck } from './file-check-pool';
import { demoPortraits } from './demo-portraits';
import type { ImportedCampaign } from './import-answer';
import { CAMPAIGN_LISTS, textPieces, type CampaignList, type PreparedImport, type Span } from './import-rows';
import { toCampaignFile, toImportedHead, type ArchiveParts } from './presenter';
import * as repo from './repository';

export type UserDataService = ReturnType<typeof createUserDataService>;

/** POST /api/game-data/import/preview's answer (core's import plan, the tier's limits applied). */
export interface ImportPreview extends Omit<ImportSummary, 'warnings'> {
  overLimits: { field: string; message: string }[];
  warnings: (ImportSummary['warnings'][number] & { message: string })[];
}

/** POST /api/units/import's answer: what was added to the campaign. */
export interface UnitsImported {
  units: number;
  encounters: number;
  warnings: ImportPreview['warnings'];
}

/** What the demo table adds to an import (createDemo). */
interface DemoExtras {
  /** Over the tier's campaigns: the campaign create's 403 CAMPAIGN_LIMIT_REACHED, not IMPORT_OVER_LIMITS. */
  campaignLimitReached?: boolean;
  /** Once the limits passed, before the transaction. */
  beforeWrite?: () => Promise<void>;
  /** Inside the transaction, once everything is written. */
  afterWrite?: (tx: Executor, ownerId: string, campaignId: string) => Promise<void>;
}

interface Actor {
  id: string;
  language: Language;
}

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

  /**
   * How the worker reads a foreign file for this user: their language and tier (note length, room in
   * the lists) and, for units added to a campaign of theirs, that campaign's characteristics and lists
   * (404 for anyone else's campaign).
   */
  async function readOptions(
    user: Actor,
    only?: readonly string[],
    campaignId?: string,
  ): Promise<{ options: FileCheckOptions; tier: Tier; campaign?: repo.CampaignRow }> {
    const current = await findUserById(db, user.id);
    if (!current) throw new AppError('UNAUTHENTICATED');
    const campaign = campaignId === undefined ? undefined : await findOwnedCampaign(db, user.id, campaignId);
    if (campaignId !== undefined && !campaign) throw notFound();
    const options: FileCheckOptions = {
      language: user.language,
      tier: current.tier,
      notesMax: limitsOf(current.tier).unitNoteChars,
      ...(only === undefined ? {} : { only: [...only] }),
      ...(campaign
        ? {
            target: {
              characteristics: campaign.characteristics.map(({ name, max }) => ({ name, max })),
              races: campaign.races.map((entry) => entry.name),
              classes: campaign.classes.map((entry) => entry.name),
              statuses: campaign.statuses.map((entry) => entry.name),
            },
          }
        : {}),
    };
    return { options, tier: current.tier, ...(campaign ? { campaign } : {}) };
  }

  /** The preview's and the units import's warnings, worded in the user's language. */
  function wordedWarnings(user: Actor, warnings: ImportSummary['warnings']): ImportPreview['warnings'] {
    const numbers = new Intl.NumberFormat(user.language);
    return warnings.map((warning) => ({
      ...warning,
      message: translate(user.language, `foreignImport.warnings.${warning.reason}`, {
        text: warning.text,
        limit: warning.limit === undefined ? '' : numbers.format(warning.limit),
      }),
    }));
  }

  async function campaignFile(
    executor: Executor,
    campaign: repo.CampaignRow,
    archive?: ArchiveParts,
  ): Promise<GameDataExport> {
    const units = await repo.listUnits(executor, campaign.id);
    const fight = await repo.findFight(executor, campaign.id);
    return toCampaignFile(campaign, units, fight, await repo.listEncounters(executor, campaign.id), archive);
  }

  return {
    /**
     * One campaign as a campaign archive's parts (docs/decisions/077): the file with its images and
     * reveals, and the bytes of every image it names, as stored. One snapshot, like the JSON export.
     */
    /** The bytes of the pictures a campaign's backup would read (404 for anyone else's campaign). */
    async archiveImagesBytes(user: Actor, campaignId: string): Promise<number> {
      const campaign = await repo.findOwnedCampaign(db, user.id, campaignId);
      if (!campaign) throw notFound();
      return repo.shownImagesBytes(db, campaign.id);
    },

    async exportArchive(
      user: Actor,
      campaignId: string,
    ): Promise<{ file: GameDataExport; images: { ref: string; bytes: Uint8Array }[] }> {
      return db.transaction(async (tx) => {
        const campaign = await repo.findOwnedCampaign(tx, user.id, campaignId);
        if (!campaign) throw notFound();
        const images = await repo.listShownImages(tx, campaign.id);
        const reveals = await repo.listReveals(tx, campaign.id);
        const file = await campaignFile(tx, campaign, { images, reveals });
        return { file, images: images.map(({ id, bytes }) => ({ ref: id, bytes })) };
      });
    },

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
     * A new campaign from a file as the request brought it (its bytes, moved to a worker that reads
     * it and builds its rows). Throws AppError for a file that is not JSON, holds prototype keys or
     * has an unknown format version, InvalidFile with its first problems for one the schema refuses.
     */
    async importFile(
      user: Actor,
      bytes: Uint8Array | readonly Uint8Array[],
      only?: readonly string[],
      /** A name instead of the file's (checked as a campaign name by the route). */
      name?: string,
    ): Promise<ImportedCampaign> {
      const { options } = await readOptions(user, only);
      const check = await fileChecker.check(bytes, options);
      if (!check.ok) throw refusal(check, user.language);
      const { prepared } = check;
      return importPrepared(
        user,
        name === undefined ? prepared : { ...prepared, campaign: { ...prepared.campaign, name } },
      );
    },

    /**
     * What importing the file would create, writing nothing (docs/product.md#import-from-other-tools):
     * its format, counts, every limit of the user's tier it exceeds, warnings, and its units and
     * encounters with the keys `only` takes.
     */
    async previewFile(
      user: Actor,
      bytes: Uint8Array | readonly Uint8Array[],
      only?: readonly string[],
      campaignId?: string,
    ): Promise<ImportPreview> {
      const { options, tier, campaign } = await readOptions(user, only, campaignId);
      const check = await fileChecker.check(bytes, options);
      if (!check.ok) throw refusal(check, user.language);
      const summary = check.summary;
      if (!summary) throw new Error('import preview: the worker gave no summary');
      // Into a campaign: what it holds now counts; else (or a Questkeeper file, always a whole
      // campaign) one more campaign of the user's.
      const problems =
        campaign && summary.format !== 'questkeeper'
          ? unitsImportLimits(check.prepared, summary, tier, campaign, await campaignCounts(db, campaign.id))
              .problems
          : importLimits(check.prepared, tier, await repo.countCampaigns(db, user.id));
      const numbers = new Intl.NumberFormat(user.language);
      const format = (params: Record<string, string | number>) =>
        Object.fromEntries(
          Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? numbers.format(v) : v]),
        );
      return {
        ...summary,
        overLimits: problems.map(({ field, key, params }) => ({
          field,
          message: translate(user.language, key, format(params)),
        })),
        warnings: wordedWarnings(user, summary.warnings),
      };
    },

    /**
     * Units (and the encounters `only` names, with their units) of another tool's file added to a
     * campaign of the user's (docs/product.md#import-from-other-tools): all or nothing, within the
     * tier's units and encounters per campaign; races and classes the file names join the campaign's
     * lists within their limits. One transaction holding the campaign's row, as every unit create does.
     */
    async importUnits(
      user: Actor,
      campaignId: string,
      bytes: Uint8Array | readonly Uint8Array[],
      only?: readonly string[],
    ): Promise<UnitsImported> {
      const { options, tier, campaign } = await readOptions(user, only, campaignId);
      const check = await fileChecker.check(bytes, { ...options, unitsOnly: true });
      if (!check.ok) throw refusal(check, user.language);
      const { prepared, summary } = check;
      if (!summary || !campaign) throw new Error('units import: no summary or campaign');
      const early = unitsImportLimits(
        prepared,
        summary,
        tier,
        campaign,
        await campaignCounts(db, campaign.id),
      );
      if (early.problems.length > 0) throw overLimits(tier, user.language, early.problems);
      if (prepared.refusal) {
        const { code, params, fields } = prepared.refusal;
        throw new AppError(code, params, fields);
      }
      const decoder = new TextDecoder();
      const text = ([offset, length]: Span) =>
        decoder.decode(prepared.bytes.subarray(offset, offset + length));
      await db.transaction(async (tx) => {
        if (!(await ownsCampaign(tx, user.id, campaignId, { lock: true }))) throw notFound();
        const owner = await findUserById(tx, user.id);
        const locked = await findOwnedCampaign(tx, user.id, campaignId);
        if (!owner || !locked) throw notFound();
        const { problems, added } = unitsImportLimits(
          prepared,
          summary,
          owner.tier,
          locked,
          await campaignCounts(tx, campaignId),
        );
        if (problems.length > 0) throw overLimits(owner.tier, user.language, problems);
        for (const list of CAMPAIGN_LISTS) {
          if (added[list].length > 0)
            await repo.appendToList(tx, user.id, campaignId, list, JSON.stringify(added[list]));
        }
        for (const span of prepared.units) {
          await nextTurn();
          await repo.insertUnitRows(tx, user.id, campaignId, text(span));
        }
        for (const span of prepared.encounters) {
          await nextTurn();
          await repo.insertEncounterRows(tx, user.id, campaignId, text(span));
        }
      });
      return {
        units: summary.counts.units,
        encounters: summary.counts.encounters,
        warnings: wordedWarnings(user, summary.warnings),
      };
    },

    /**
     * The demo table (docs/product.md#first-session): core's demo campaign in `language`, read and written
     * by the import's own path (same schema, limits and transaction), with its heroes' drawn portraits
     * stored in that transaction. Over the tier's campaigns it is the campaign create's 403
     * CAMPAIGN_LIMIT_REACHED, nothing written.
     */
    async createDemo(user: Actor, language: Language): Promise<ImportedCampaign> {
      const file = demoCampaignFile(language);
      const { options } = await readOptions(user, undefined);
      const check = await fileChecker.check(new TextEncoder().encode(JSON.stringify(file)), options);
      if (!check.ok) throw refusal(check, user.language);
      const names = Object.fromEntries(
        DEMO_HEROES.map((hero) => [hero, file.units.find((unit) => unit.id === hero)?.name ?? '']),
      ) as Record<DemoHero, string>;
      let portraits: Awaited<ReturnType<typeof demoPortraits>> | undefined;
      return importPrepared(user, check.prepared, {
        campaignLimitReached: true,
        // Drawn once the limits passed (no work for a refused demo), stored in the import's transaction.
        beforeWrite: async () => {
          portraits = await demoPortraits(names);
        },
        afterWrite: async (tx, ownerId, campaignId) => {
          for (const hero of DEMO_HEROES) {
            const processed = portraits?.get(hero);
            if (!processed) continue;
            const image = await insertImage(tx, { userId: ownerId, campaignId, kind: 'portrait', processed });
            await repo.setPortraitByName(tx, campaignId, names[hero], image.id);
          }
        },
      });
    },

    /** Ends the import workers (the app's onClose). */
    close: () => fileChecker.close(),
  };

  /**
   * A new campaign of the user from a prepared file (checked, upgraded, its rows built in the worker).
   * All or nothing: one transaction that holds the user's row, so parallel imports and creates cannot
   * pass the campaign limit. Large parts are written in statements of at most IMPORT_CHUNK_BYTES with a
   * turn of the event loop between them (decision 047): other requests are answered meanwhile.
   */
  async function importPrepared(
    user: Actor,
    prepared: PreparedImport,
    extra: DemoExtras = {},
  ): Promise<ImportedCampaign> {
    const refuse = (tier: Tier, language: Language, problems: ImportProblem[]) =>
      extra.campaignLimitReached && problems.some((problem) => problem.field === 'campaigns')
        ? new AppError('CAMPAIGN_LIMIT_REACHED', { tier, limit: limitsOf(tier).campaigns })
        : overLimits(tier, language, problems);
    // The plan first, without a lock: a file too big for it is refused before any write. Checked
    // again below, under the lock.
    const current = await findUserById(db, user.id);
    if (!current) throw new AppError('UNAUTHENTICATED');
    const early = importLimits(prepared, current.tier, await repo.countCampaigns(db, current.id));
    if (early.length > 0) throw refuse(current.tier, current.language, early);
    await extra.beforeWrite?.();
    if (prepared.refusal) {
      const { code, params, fields } = prepared.refusal;
      throw new AppError(code, params, fields);
    }
    // A campaign archive's images, each checked as an upload is (docs/decisions/077), before the
    // transaction opens: decoding is the slow part, and the embedded database runs one at a time.
    const images = await checkedImages(prepared.images);
    const decoder = new TextDecoder();
    const chunk = ([offset, length]: Span) => prepared.bytes.subarray(offset, offset + length);
    const text = (span: Span) => decoder.decode(chunk(span));
    const { campaign, fight } = prepared;
    return db.transaction(async (tx) => {
      const owner = await lockUser(tx, user.id);
      if (!owner) throw new AppError('UNAUTHENTICATED');
      const problems = importLimits(prepared, owner.tier, await repo.countCampaigns(tx, owner.id));
      if (problems.length > 0) throw refuse(owner.tier, owner.language, problems);
      const [firstRules = '', ...moreRules] = textPieces(campaign.rules);
      // A name already taken gets "(2)", "(3)"… (core's rule); the user's row lock makes it race-free.
      const name = uniqueCampaignName(campaign.name, await repo.campaignNames(tx, owner.id));
      const row = await repo.insertImportedCampaign(tx, owner.id, { ...campaign, name, rules: firstRules });
      for (const piece of moreRules) {
        await nextTurn();
        await repo.appendToRules(tx, owner.id, row.id, piece);
      }
      for (const list of CAMPAIGN_LISTS) {
        for (const span of prepared.lists[list]) {
          await nextTurn();
          await repo.appendToList(tx, owner.id, row.id, list, text(span));
        }
      }
      if (images.length > 0) {
        // The upload's rule, under the campaign row's lock like every image write (a new campaign
        // has none yet, but the rule is the one rule: images.ts's lockWithRoom).
        if (!(await ownsCampaign(tx, owner.id, row.id, { lock: true }))) throw notFound();
        if ((await countCampaignImages(tx, row.id)) + images.length > IMAGES_PER_CAMPAIGN)
          throw new AppError('IMAGE_LIMIT', { limit: IMAGES_PER_CAMPAIGN });
        for (const { id, kind, processed } of images) {
          await nextTurn();
          await insertImage(tx, { id, userId: owner.id, campaignId: row.id, kind, processed });
        }
      }
      for (const span of prepared.units) {
        await nextTurn();
        await repo.insertUnitRows(tx, owner.id, row.id, text(span));
      }
      for (const span of prepared.reveals) {
        await nextTurn();
        await repo.insertRevealRows(tx, owner.id, row.id, text(span));
      }
      for (const span of prepared.encounters) {
        await nextTurn();
        await repo.insertEncounterRows(tx, owner.id, row.id, text(span));
      }
      if (fight) {
        await repo.insertFight(tx, row.id, fight);
        for (const span of fight.log) {
          await nextTurn();
          await repo.insertLogRows(tx, row.id, text(span));
        }
      }
      await extra.afterWrite?.(tx, owner.id, row.id);
      return {
        head: toImportedHead(
          row,
          owner.id,
          { ...campaign, name },
          await repo.campaignVersion(tx, owner.id, row.id),
        ),
        warnings: wordedWarnings(user, prepared.warnings),
        // The answer writes the lists from the same chunks, as they are (import-answer.ts).
        lists: {
          races: prepared.lists.races.map(chunk),
          classes: prepared.lists.classes.map(chunk),
          statuses: prepared.lists.statuses.map(chunk),
        },
      };
    });
  }
}

/**
 * A campaign archive's images checked exactly as uploads (processImage's refusals, localized, naming
 * the file); kept byte for byte when already stored as the server stores them (docs/decisions/077).
 */
async function checkedImages(
  images: PreparedImport['images'],
): Promise<{ id: string; kind: 'portrait' | 'handout'; processed: ProcessedImage }[]> {
  const checked = [];
  for (const { id, ref, kind, bytes } of images) {
    try {
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      checked.push({ id, kind, processed: await processImportedImage(buffer, kind) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, error.params, {
        [imageFileName(ref)]: { key: `errors.${error.code}`, params: error.params },
      });
    }
  }
  return checked;
}

/**
 * A file with nothing in it: asked with it, checkImportLimits finds only the limit on the number of
 * campaigns, the one the worker cannot know (it counted with none).
 */
const EMPTY_FILE: GameDataExport = gameDataExport.parse({
  format: GAME_DATA_FORMAT,
  formatVersion: GAME_DATA_FORMAT_VERSION,
  campaign: { name: 'empty' },
  units: [],
});

async function campaignCounts(executor: Executor, campaignId: string) {
  return {
    units: await repo.countCampaignUnits(executor, campaignId),
    encounters: await repo.countCampaignEncounters(executor, campaignId),
  };
}

type ListItem = { _id: string; name: string; note: string; color?: string };

/**
 * Adding a prepared file's units and encounters to a campaign: every limit of the tier it passes
 * (units and encounters with what the campaign holds now, races and classes the file adds, notes),
 * and the list entries to add (the file's, less the names the campaign has, case aside).
 */
function unitsImportLimits(
  prepared: PreparedImport,
  summary: ImportSummary,
  tier: Tier,
  campaign: repo.CampaignRow,
  now: { units: number; encounters: number },
): { problems: ImportProblem[]; added: Record<CampaignList, ListItem[]> } {
  const limits = limitsOf(tier);
  const problems: ImportProblem[] = [];
  const over = (field: string, key: ImportProblem['key'], count: number, limit: number) => {
    if (count > limit) problems.push({ field, key, params: { count, limit } });
  };
  over('units', 'dataTransfer.limits.units', now.units + summary.counts.units, limits.unitsPerCampaign);
  over(
    'encounters',
    'dataTransfer.limits.encounters',
    now.encounters + summary.counts.encounters,
    limits.encountersPerCampaign,
  );
  const decoder = new TextDecoder();
  const added = {} as Record<CampaignList, ListItem[]>;
  for (const list of CAMPAIGN_LISTS) {
    const have = new Set(campaign[list].map((entry) => entry.name.toLocaleLowerCase()));
    const items = prepared.lists[list].flatMap(
      ([offset, length]) =>
        JSON.parse(decoder.decode(prepared.bytes.subarray(offset, offset + length))) as ListItem[],
    );
    added[list] = items.filter((item) => !have.has(item.name.toLocaleLowerCase()));
    if (added[list].length === 0) continue;
    const limit = list === 'races' ? limits.races : list === 'classes' ? limits.classes : limits.statuses;
    if (!limits.canEditLists)
      problems.push({ field: `campaign.${list}`, key: `dataTransfer.limits.${list}Locked`, params: {} });
    else
      over(
        `campaign.${list}`,
        `dataTransfer.limits.${list}`,
        campaign[list].length + added[list].length,
        limit,
      );
  }
  // Notes over the tier's limits (the worker cuts them to the tier it was told; a downgrade since).
  const notes = /^units\.\d+\.notes$|^campaign\.(races|classes|statuses)\.\d+\.note$/;
  problems.push(...prepared.limits[tier].filter((problem) => notes.test(problem.field)));
  return { problems, added };
}

/** checkImportLimits(tier, campaignsNow, file), from the file's own problems the worker found. */
function importLimits(prepared: PreparedImport, tier: Tier, campaignsNow: number): ImportProblem[] {
  const count = checkImportLimits(tier, campaignsNow, EMPTY_FILE).filter((p) => p.field === 'campaigns');
  return [...count, ...prepared.limits[tier]];
}

function refusal(check: Exclude<ImportCheck, { ok: true }>, language: Language): Error {
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  switch (check.code) {
    case 'VALIDATION_FAILED':
      return new InvalidFile(check.issues, check.more);
    case 'IMPORT_FORMAT_TOO_NEW':
    case 'IMPORT_FORMAT_UNKNOWN':
      return new AppError(check.code, { version: check.version, supported: check.supported });
    case 'IMPORT_FILE_TOO_LARGE':
    case 'IMPORT_ZIP_TOO_LARGE':
    case 'IMPORT_ZIP_TOO_MANY_FILES':
      return new AppError(check.code, { max: number(check.max) });
    case 'IMPORT_ZIP_BAD_JSON':
      return new AppError(check.code, { name: check.name });
    case 'IMAGE_TOO_LARGE':
      // An archive's image over the upload's limit: the upload's refusal, naming the file.
      return new AppError(
        check.code,
        { max: check.max },
        {
          [check.name]: { key: 'errors.IMAGE_TOO_LARGE', params: { max: check.max } },
        },
      );
    default:
      return new AppError(check.code);
  }
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
