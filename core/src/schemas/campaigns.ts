import { z } from 'zod';
import { maxOverTiers } from '../tiers';
import { idSchema, nameSchema, NAME_MAX, userText } from './common';

import { DEFAULT_CHARACTERISTIC_MAX, DEFAULT_CLASS_COLOR, INITIATIVE_RULES } from '../constants';

// Plain constants live in ../constants (no zod), so the web app can read them without bundling zod.
export {
  CHARACTERISTIC_INITIATIVE_RULES,
  CHARACTERISTIC_MAX_CHOICES,
  DEFAULT_CHARACTERISTIC_MAX,
  DEFAULT_CLASS_COLOR,
  DEFAULT_INITIATIVE_RULE,
  FALLBACK_CLASS_COLOR,
  INITIATIVE_RULES,
  type InitiativeRule,
} from '../constants';

const listItemId = userText().trim().min(1).max(64);

export const characteristicDef = z.object({
  // A unit stores its values in a map keyed by these names: "__proto__" would be a trap for every
  // JavaScript client that writes `values[name]`.
  name: nameSchema().refine((name) => name !== '__proto__', { error: 'validation.invalid' }),
  max: z
    .union([z.literal(20), z.literal(100)], { error: 'validation.characteristicMaxChoice' })
    .default(DEFAULT_CHARACTERISTIC_MAX),
});
export type CharacteristicDef = z.infer<typeof characteristicDef>;

const noteSchema = (max: number) => userText().max(max, { error: 'validation.tooLong' }).default('');

export const raceInput = z.object({
  _id: listItemId.optional(),
  name: nameSchema(),
  note: noteSchema(maxOverTiers('raceNoteChars')),
});
export const classInput = z.object({
  _id: listItemId.optional(),
  name: nameSchema(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.colorHex' })
    .transform((c) => c.toLowerCase())
    .default(DEFAULT_CLASS_COLOR),
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
  characteristics: z.array(z.object({ name: z.string(), max: z.number() })),
  races: z.array(race),
  classes: z.array(classDef),
  statuses: z.array(status),
  initiativeRule: z.enum(INITIATIVE_RULES),
  initiativeCaracName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
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
  rules: userText().max(maxOverTiers('rulesChars'), { error: 'validation.tooLong' }).optional(),
  characteristics: z
    .array(characteristicDef)
    .max(maxOverTiers('characteristics'))
    .superRefine(uniqueNames)
    .optional(),
  races: z.array(raceInput).max(maxOverTiers('races')).superRefine(uniqueNames).optional(),
  classes: z.array(classInput).max(maxOverTiers('classes')).superRefine(uniqueNames).optional(),
  statuses: z.array(statusInput).max(maxOverTiers('statuses')).superRefine(uniqueNames).optional(),
  initiativeRule: z.enum(INITIATIVE_RULES).optional(),
  initiativeCaracName: userText().trim().max(NAME_MAX, { error: 'validation.tooLong' }).optional(),
});
export type UpdateCampaignBody = z.infer<typeof updateCampaignBody>;

export const copyCampaignBody = z.object({ sourceCampaignId: idSchema });

export const campaignLimit = z.object({
  /** Campaigns the user's tier allows. */
  limit: z.number().int(),
  /** Campaigns the user has now. */
  count: z.number().int(),
});
