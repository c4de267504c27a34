import { z } from 'zod';
import { maxOverTiers } from '../tiers';
import { NAME_MAX } from '../limits';
import { checkPinnedCharacteristics } from '../campaigns/pins';
import { idSchema, nameSchema, textSchema, trimmedTextSchema, userText } from './common';

import {
  DEFAULT_CHARACTERISTIC_MAX,
  DEFAULT_CLASS_COLOR,
  INITIATIVE_MODIFIERS,
  INITIATIVE_RULES,
} from '../constants';

const listItemId = userText().trim().min(1).max(64);
const campaignVersion = z.string().max(32);

export const characteristicDef = z.object({
  // A unit stores its values in a map keyed by these names: "__proto__" would be a trap for every
  // JavaScript client that writes `values[name]`.
  name: nameSchema().refine((name) => name !== '__proto__', { error: 'validation.invalid' }),
  max: z
    .union([z.literal(20), z.literal(100)], { error: 'validation.characteristicMaxChoice' })
    .default(DEFAULT_CHARACTERISTIC_MAX),
  /** Shown on the game master's fight rows (docs/decisions/061); at most PINNED_CHARACTERISTICS_MAX. */
  pinned: z.boolean().default(false),
});
export type CharacteristicDef = z.infer<typeof characteristicDef>;

/** A characteristics list pins at most PINNED_CHARACTERISTICS_MAX entries (core/src/campaigns/pins.ts). */
export const pinLimit = (list: readonly { name: string; pinned?: boolean }[], ctx: z.RefinementCtx) => {
  const found = checkPinnedCharacteristics(list);
  if (!found) return;
  const { key, params } = found.problem;
  ctx.addIssue({ code: 'custom', message: key, params, maximum: params.max, path: [found.index, 'pinned'] });
};

const noteSchema = (max: number) => textSchema(max).default('');

export const raceInput = z.object({
  _id: listItemId.optional(),
  name: nameSchema(),
  note: noteSchema(maxOverTiers('raceNoteChars')),
});
const colorSchema = () =>
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.colorHex' })
    .transform((c) => c.toLowerCase());

export const classInput = z.object({
  _id: listItemId.optional(),
  name: nameSchema(),
  color: colorSchema().default(DEFAULT_CLASS_COLOR),
  note: noteSchema(maxOverTiers('classNoteChars')),
});
export const statusInput = z.object({
  _id: listItemId.optional(),
  name: nameSchema(),
  note: noteSchema(maxOverTiers('statusNoteChars')),
});

export const race = z.object({ _id: z.string(), name: z.string(), note: z.string() });
export const classDef = race.extend({ color: z.string() });
export const status = race;
export type Race = z.infer<typeof race>;
export type ClassDef = z.infer<typeof classDef>;
export type Status = z.infer<typeof status>;

/** No two entries of one list may share a name (units refer to them by name). */
const uniqueNames = <T extends { name: string }>(list: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  list.forEach((item, index) => {
    const key = item.name.toLocaleLowerCase();
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', message: 'validation.duplicateName', path: [index, 'name'] });
    seen.add(key);
  });
};

export const campaign = z.object({
  _id: idSchema,
  userId: idSchema,
  name: z.string(),
  rules: z.string(),
  /** `pinned`: shown on the game master's fight rows (at most PINNED_CHARACTERISTICS_MAX, decision 061). */
  characteristics: z.array(z.object({ name: z.string(), max: z.number(), pinned: z.boolean() })),
  races: z.array(race),
  classes: z.array(classDef),
  statuses: z.array(status),
  initiativeRule: z.enum(INITIATIVE_RULES),
  initiativeCaracName: z.string(),
  /** How d20 + and d100 + a characteristic read it (decision 061). */
  initiativeModifier: z.enum(INITIATIVE_MODIFIERS),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Changes with every write of the campaign (an opaque token, decision 036): a whole-document save
   * sends the version it was edited from, and a stale one is refused with 409 GAME_DATA_CONFLICT.
   */
  version: z.string(),
});
export type Campaign = z.infer<typeof campaign>;

/** What defines a campaign besides its name: what copy overwrites. */
export const CAMPAIGN_DATA_FIELDS = [
  'rules',
  'characteristics',
  'races',
  'classes',
  'statuses',
  'initiativeRule',
  'initiativeCaracName',
  'initiativeModifier',
] as const;

export const CAMPAIGN_TEMPLATES = ['default', 'empty'] as const;
export type CampaignTemplate = (typeof CAMPAIGN_TEMPLATES)[number];
export const createCampaignBody = z.object({
  name: nameSchema(),
  /** 'default' seeds the default content in the user's language; 'empty' is the start of a copy. */
  template: z.enum(CAMPAIGN_TEMPLATES).default('default'),
});
export type CreateCampaignBody = z.infer<typeof createCampaignBody>;

export const updateCampaignBody = z.object({
  name: nameSchema().optional(),
  rules: textSchema(maxOverTiers('rulesChars')).optional(),
  characteristics: z
    .array(characteristicDef)
    .max(maxOverTiers('characteristics'))
    .superRefine(uniqueNames)
    .superRefine(pinLimit)
    .optional(),
  races: z.array(raceInput).max(maxOverTiers('races')).superRefine(uniqueNames).optional(),
  classes: z.array(classInput).max(maxOverTiers('classes')).superRefine(uniqueNames).optional(),
  statuses: z.array(statusInput).max(maxOverTiers('statuses')).superRefine(uniqueNames).optional(),
  initiativeRule: z.enum(INITIATIVE_RULES).optional(),
  initiativeCaracName: trimmedTextSchema(NAME_MAX).optional(),
  /** How d20 + and d100 + a characteristic read it (docs/decisions/061); every tier may set it. */
  initiativeModifier: z.enum(INITIATIVE_MODIFIERS).optional(),
  /**
   * The campaign's `version` this change was made from (decision 036): when it is no longer the
   * current one, nothing is written and the answer is 409 GAME_DATA_CONFLICT with the campaign as it
   * is. The web app always sends it; a call without it overwrites (last write wins).
   */
  version: campaignVersion.optional(),
});
export type UpdateCampaignBody = z.infer<typeof updateCampaignBody>;

/** 409 GAME_DATA_CONFLICT: the error, and the campaign as it is now (nothing was written). */
export const campaignConflictBody = z.object({
  code: z.literal('GAME_DATA_CONFLICT'),
  message: z.string(),
  campaign,
});
export type CampaignConflictBody = z.infer<typeof campaignConflictBody>;

// One edit of one entry of a list (decision 036): the server applies it to the list as it is when
// the edit arrives, in one transaction, so two tabs adding, renaming or deleting entries of the same
// list never undo each other. Races, classes and statuses are addressed by `_id`, characteristics
// (which have none) by name. Every rule of a whole-list save applies (tier, counts, note lengths,
// unique names), and units follow a rename (decision 014).
export const CAMPAIGN_LISTS = ['characteristics', 'races', 'classes', 'statuses'] as const;
export type CampaignList = (typeof CAMPAIGN_LISTS)[number];

/** Where a new entry goes (Undo puts a deleted entry back where it was); the end when absent or past it. */
const listPosition = z.number().int({ error: 'validation.integer' }).min(0).max(10_000);

const noteChange = (max: number) => textSchema(max).optional();
const LIST_EDIT_SHAPES = {
  characteristics: {
    add: characteristicDef,
    changes: z.object({
      name: characteristicDef.shape.name.optional(),
      max: z
        .union([z.literal(20), z.literal(100)], { error: 'validation.characteristicMaxChoice' })
        .optional(),
      pinned: z.boolean().optional(),
    }),
  },
  races: {
    add: raceInput.omit({ _id: true }),
    changes: z.object({ name: nameSchema().optional(), note: noteChange(maxOverTiers('raceNoteChars')) }),
  },
  classes: {
    add: classInput.omit({ _id: true }),
    changes: z.object({
      name: nameSchema().optional(),
      color: colorSchema().optional(),
      note: noteChange(maxOverTiers('classNoteChars')),
    }),
  },
  statuses: {
    add: statusInput.omit({ _id: true }),
    changes: z.object({ name: nameSchema().optional(), note: noteChange(maxOverTiers('statusNoteChars')) }),
  },
} as const;

function listEdits<L extends CampaignList>(list: L) {
  const { add, changes } = LIST_EDIT_SHAPES[list];
  return {
    add: z.object({ op: z.literal('add'), list: z.literal(list), item: add, at: listPosition.optional() }),
    update: z.object({ op: z.literal('update'), list: z.literal(list), itemId: listItemId, changes }),
    delete: z.object({ op: z.literal('delete'), list: z.literal(list), itemId: listItemId }),
  };
}
const EDITS = {
  characteristics: listEdits('characteristics'),
  races: listEdits('races'),
  classes: listEdits('classes'),
  statuses: listEdits('statuses'),
};

export const listEditBody = z.discriminatedUnion('op', [
  z.discriminatedUnion('list', [
    EDITS.races.add,
    EDITS.classes.add,
    EDITS.statuses.add,
    EDITS.characteristics.add,
  ]),
  z.discriminatedUnion('list', [
    EDITS.races.update,
    EDITS.classes.update,
    EDITS.statuses.update,
    EDITS.characteristics.update,
  ]),
  z.discriminatedUnion('list', [
    EDITS.races.delete,
    EDITS.classes.delete,
    EDITS.statuses.delete,
    EDITS.characteristics.delete,
  ]),
]);
export type ListEditBody = z.infer<typeof listEditBody>;
export type ListEditInput = z.input<typeof listEditBody>;

export const listEditResponse = z.object({
  campaign,
  /** The entry added or changed (its `_id`, or its name for a characteristic); absent for a delete. */
  itemId: z.string().optional(),
});
export type ListEditResponse = z.infer<typeof listEditResponse>;

export const copyCampaignBody = z.object({ sourceCampaignId: idSchema });

/** The answer to a campaign delete: the one-time token that undoes it, the owner's only. */
export const deletedCampaign = z.object({
  undoToken: z.string(),
  /** When the server forgets the campaign for good (ISO 8601). */
  undoUntil: z.string(),
});
export type DeletedCampaign = z.infer<typeof deletedCampaign>;

export const restoreCampaignBody = z.object({ undoToken: z.string().min(1).max(100) });
export type RestoreCampaignBody = z.infer<typeof restoreCampaignBody>;

export const campaignLimit = z.object({
  /** Campaigns the user's tier allows. */
  limit: z.number().int(),
  /** Campaigns the user has now. */
  count: z.number().int(),
});
