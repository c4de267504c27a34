// The campaign export file (decision 024): one JSON document with the campaign, its units
// and its fight, written by GET /api/game-data/{id}/export and read back by POST /api/game-data/import.
// Its shape is versioned by `formatVersion`; an older file is upgraded step by step
// (../campaigns/file-upgrades.ts) before this schema reads it.
import { z } from 'zod';
import {
  COMBAT_LOG_MAX_ENTRIES,
  GAME_DATA_LIST_MAX,
  HAZARDS_PER_FIGHT_MAX,
  REVEAL_TEXT_MAX,
  REVEAL_TITLE_MAX,
} from '../limits';
import { maxOverTiers } from '../tiers';
import {
  campaign,
  characteristicDef,
  classInput,
  pinLimit,
  raceInput,
  statusInput,
  updateCampaignBody,
} from './campaigns';
import { combatCondition, combatLogEntry, combatState, deathSaveTally } from './combat';
import { idSchema, languageSchema, nameSchema, storableStrings, tierSchema, userText } from './common';
import { encounterBody } from './encounters';
import { revealKind } from './reveals';
import { unitCountersInput, updateUnitBody } from './units';

import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_FORMAT_VERSION,
  GAME_DATA_FORMAT,
  GAME_DATA_FORMAT_VERSION,
  DEFAULT_INITIATIVE_MODIFIER,
  INITIATIVE_MODIFIERS,
  INITIATIVE_RULES,
} from '../constants';

/** A unit's reference inside the file (its id when exported): the fight points at units through it. */
const fileUnitRef = z.string().trim().min(1, { error: 'validation.required' }).max(64);

/**
 * A date of the file: ISO 8601 with a time and an offset (what toISOString writes), in years 1 to
 * 9999 once read in UTC. JavaScript reads years up to 275760 and before year 1, which PostgreSQL
 * refuses or `toISOString` writes as `+275760-…`: such a date is a 400 on its field, never a 500.
 */
export const fileDate = z.iso.datetime({ offset: true, error: 'validation.date' }).refine(
  (text) => {
    const year = new Date(text).getUTCFullYear();
    return year >= 1 && year <= 9999;
  },
  { error: 'validation.date' },
);
const timestamp = fileDate.optional();

/**
 * An image's reference inside the file (docs/decisions/077): a campaign archive (the export as a ZIP)
 * holds its bytes as `images/<id>.webp`. Letters, digits, `-` and `_` only, so it is a safe file name.
 */
export const fileImageRef = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.invalid' });

/** An image of the campaign the archive carries: a unit's portrait or a handout's picture. */
export const exportedImage = z.object({
  id: fileImageRef,
  kind: z.enum(['portrait', 'handout']),
});
export type ExportedImage = z.infer<typeof exportedImage>;

/**
 * A reveal (docs/decisions/064) as the archive carries it: the snapshot players were shown. A unit's
 * reveal names the unit by its file reference; its image (a copy of the portrait, or a handout's
 * picture) by its image reference.
 */
export const exportedReveal = z.object({
  kind: revealKind,
  ref: userText().max(300).nullable().default(null),
  title: userText().min(1, { error: 'validation.required' }).max(REVEAL_TITLE_MAX),
  text: userText().max(REVEAL_TEXT_MAX).default(''),
  image: fileImageRef.nullable().default(null),
  revealedAt: fileDate,
});
export type ExportedReveal = z.infer<typeof exportedReveal>;

// Items read like a campaign PUT (names, colours, ids), but counts and note lengths are only capped
// far above every tier here (GAME_DATA_LIST_MAX): the importing user's tier is checked after parsing.
const HARD_CAP = GAME_DATA_LIST_MAX;
/** Units a fight can name (allies, enemies, conditions' holders): every unit of the largest tier. */
export const FIGHT_UNITS_MAX = maxOverTiers('unitsPerCampaign');
// Like every user text: no U+0000, no lone surrogate, or the insert fails with a 500.
const freeText = userText().default('');

/** No two entries of one list may share a name (units refer to them by name). */
const uniqueNames = <T extends { name: string }>(items: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = item.name.toLocaleLowerCase();
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', message: 'validation.duplicateName', path: [index, 'name'] });
    seen.add(key);
  });
};
const list = <T extends z.ZodType<{ name: string }>>(item: T) =>
  z.array(item).max(HARD_CAP).superRefine(uniqueNames).default([]);

export const exportedCampaign = z.object({
  name: nameSchema(),
  rules: freeText,
  // Files written before pins (decision 061) read as nothing pinned.
  characteristics: list(characteristicDef).superRefine(pinLimit),
  races: list(raceInput.extend({ note: freeText })),
  classes: list(classInput.extend({ note: freeText })),
  statuses: list(statusInput.extend({ note: freeText })),
  initiativeRule: z.enum(INITIATIVE_RULES).default('random_d20'),
  initiativeCaracName: updateCampaignBody.shape.initiativeCaracName.unwrap().default(''),
  /** Absent from files written before decision 061: the spec's rule, the value. */
  initiativeModifier: z.enum(INITIATIVE_MODIFIERS).default(DEFAULT_INITIATIVE_MODIFIER),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ExportedCampaign = z.infer<typeof exportedCampaign>;

// A unit's version is not carried: it only makes sense in the database it came from (decision 036).
export const exportedUnit = updateUnitBody
  .omit({ version: true })
  .required()
  .extend({
    id: fileUnitRef,
    notes: freeText,
    // Absent from files written before counters (docs/decisions/062): none.
    counters: unitCountersInput.default([]),
    /** Its portrait among the file's `images` (a campaign archive, docs/decisions/077); absent: none. */
    portraitImage: fileImageRef.optional(),
    createdAt: timestamp,
    updatedAt: timestamp,
  });
export type ExportedUnit = z.infer<typeof exportedUnit>;

/**
 * The campaign's fight as the combat API answers it (core/src/schemas/combat.ts), without what only
 * makes sense on the server it came from (version, undo/redo flags). Unit ids are file references.
 */
/** One entry of an exported log; the import checks entries one by one (bounded problems). */
export const exportedLogEntry = combatLogEntry.extend({
  id: z.string().min(1).max(64),
  // `step` is stored in an integer column: bounded here, or a hostile file reaches the database.
  step: z.number().int().min(0).max(2_147_483_647),
  // Stored as the entry's creation time (a timestamptz column).
  at: fileDate,
});

const orderShape = combatState.shape.order.element.shape;

/**
 * A saved encounter (docs/decisions/062) as the file carries it: units named by their file references,
 * given new ids on import like the fight's.
 */
const encounterEnemies = encounterBody.shape.enemies.unwrap();
export const exportedEncounter = encounterBody.extend({
  allies: z
    .array(z.object({ unitId: fileUnitRef }))
    .max(FIGHT_UNITS_MAX)
    .default([]),
  enemies: z
    .array(encounterEnemies.element.extend({ unitId: fileUnitRef }))
    .max(FIGHT_UNITS_MAX)
    .default([]),
  hidden: z.array(fileUnitRef).max(FIGHT_UNITS_MAX).default([]),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ExportedEncounter = z.infer<typeof exportedEncounter>;

export const exportedFight = combatState.extend({
  allies: z.array(fileUnitRef).max(FIGHT_UNITS_MAX),
  enemies: z.array(fileUnitRef).max(FIGHT_UNITS_MAX),
  // A unit's entry or a hazard's (docs/decisions/062), exactly one of the two; files written before
  // hazards hold units' entries only.
  order: z
    .array(
      z
        .object({
          unitId: fileUnitRef.optional(),
          hazardId: idSchema.optional(),
          initiative: orderShape.initiative,
          groupId: idSchema.optional(),
        })
        .refine((entry) => (entry.unitId === undefined) !== (entry.hazardId === undefined), {
          error: 'validation.invalid',
        }),
    )
    .max(FIGHT_UNITS_MAX * 2 + HAZARDS_PER_FIGHT_MAX),
  targetId: fileUnitRef.nullable(),
  conditions: z.record(
    fileUnitRef,
    z.array(combatCondition.extend({ id: z.string().min(1).max(64), ofUnitId: fileUnitRef })).max(50),
  ),
  // Keyed by the file's unit references too (docs/decisions/061); absent from older files: none.
  tempHp: z.record(fileUnitRef, combatState.shape.tempHp.unwrap().valueType).default({}),
  deathSaves: z.record(fileUnitRef, deathSaveTally).default({}),
  // Counters' values and hand-typed initiatives by unit reference (docs/decisions/062); absent: none.
  counters: z.record(fileUnitRef, combatState.shape.counters.unwrap().valueType).default({}),
  typed: z
    .array(fileUnitRef)
    .max(FIGHT_UNITS_MAX * 2)
    .default([]),
  // The documented cap of a fight's log (core/src/limits.ts).
  log: z.array(exportedLogEntry).max(COMBAT_LOG_MAX_ENTRIES),
});
export type ExportedFight = z.infer<typeof exportedFight>;

export const gameDataExport = z
  .object({
    format: z.literal(GAME_DATA_FORMAT),
    formatVersion: z.literal(GAME_DATA_FORMAT_VERSION),
    exportedAt: timestamp,
    campaign: exportedCampaign,
    units: z.array(exportedUnit).max(HARD_CAP),
    // Its log and conditions are stored as written: every string in them is user text.
    fight: exportedFight.superRefine(storableStrings).optional(),
    /** Saved encounters; absent from files written before them (docs/decisions/062): none. */
    encounters: z.array(exportedEncounter).max(maxOverTiers('encountersPerCampaign')).default([]),
    /**
     * The images a campaign archive carries (docs/decisions/077); absent from a plain JSON export, so
     * it stays as it was. Capped far above IMAGES_PER_CAMPAIGN: the import's limit check names it.
     */
    images: z.array(exportedImage).max(HARD_CAP).optional(),
    /** The campaign's reveals, newest first (a campaign archive); absent: none. */
    reveals: z.array(exportedReveal).max(HARD_CAP).optional(),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.units.forEach((unit, index) => {
      if (seen.has(unit.id))
        ctx.addIssue({ code: 'custom', message: 'validation.duplicateUnit', path: ['units', index, 'id'] });
      seen.add(unit.id);
    });
    const kinds = new Map<string, string>();
    file.images?.forEach((image, index) => {
      if (kinds.has(image.id))
        ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['images', index, 'id'] });
      kinds.set(image.id, image.kind);
    });
    // A portrait is stored within the portrait's box: a handout's picture cannot be one.
    file.units.forEach((unit, index) => {
      if (unit.portraitImage !== undefined && kinds.get(unit.portraitImage) === 'handout')
        ctx.addIssue({
          code: 'custom',
          message: 'validation.invalid',
          path: ['units', index, 'portraitImage'],
        });
    });
    // One reveal per thing revealed (the table's unique campaign, kind, ref); handouts have no ref.
    const revealed = new Set<string>();
    file.reveals?.forEach((reveal, index) => {
      if (reveal.ref === null) return;
      const key = `${reveal.kind}:${reveal.ref.toLocaleLowerCase()}`;
      if (revealed.has(key))
        ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['reveals', index, 'ref'] });
      revealed.add(key);
    });
  })
  .describe(
    `A campaign export, format "${GAME_DATA_FORMAT}" version ${GAME_DATA_FORMAT_VERSION}: the campaign ` +
      '(name, rules in markdown, characteristics, races, classes and statuses with their notes and ' +
      'colours, initiative settings), its units (each with an `id` the fight refers to) and, when there ' +
      'is one, its fight with its log, and its saved encounters. A campaign archive (GET ' +
      "/api/game-data/{id}/export.zip) adds `images`, units' `portraitImage` and `reveals`, the images " +
      'as `images/<id>.webp` beside this file (`campaign.json`). Ids and timestamps are informative: an import gives everything ' +
      'new ids. Files of an older formatVersion are upgraded on import; a newer one is refused.',
  );
export type GameDataExport = z.infer<typeof gameDataExport>;
/** What a program writing an export may leave out (defaults fill it in). */
export type GameDataExportInput = z.input<typeof gameDataExport>;

export const accountExport = z
  .object({
    format: z.literal(ACCOUNT_EXPORT_FORMAT),
    formatVersion: z.literal(ACCOUNT_EXPORT_FORMAT_VERSION),
    exportedAt: z.string(),
    account: z.object({
      email: z.string(),
      language: languageSchema,
      tier: tierSchema,
      createdAt: z.string(),
      updatedAt: z.string(),
      billing: z
        .object({
          provider: z.string(),
          plan: z.string().nullable(),
          status: z.string(),
          cancelAtPeriodEnd: z.boolean(),
          currentPeriodEnd: z.string().nullable(),
          billingAddress: z.record(z.string(), z.string().nullable()).nullable(),
          updatedAt: z.string(),
        })
        .nullable(),
    }),
    campaigns: z.array(gameDataExport),
  })
  .describe(
    'Everything the account holds: its settings and billing state, and every campaign in the campaign ' +
      'export format (each one can be imported on its own with POST /api/game-data/import).',
  );
export type AccountExport = z.infer<typeof accountExport>;

export const deleteAccountBody = z.object({
  password: z.string().min(1, { error: 'validation.required' }).max(200),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/**
 * POST /api/game-data/import's 201: the new campaign, and when a campaign archive left something out
 * (a reveal or a portrait naming what the file lacks, docs/decisions/077), `warnings`, worded.
 */
export const importedCampaign = campaign.extend({
  warnings: z
    .array(
      z.object({
        reason: z.string(),
        text: z.string(),
        limit: z.number().optional(),
        message: z.string(),
      }),
    )
    .optional(),
});
export type ImportedCampaignAnswer = z.infer<typeof importedCampaign>;
