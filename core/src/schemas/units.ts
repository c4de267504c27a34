import { z } from 'zod';
import { maxOverTiers } from '../tiers';
import { QUICK_TEMPLATES } from '../units/quick-generation';
import { idSchema, nameSchema, textSchema, userText, wholeNumberSchema } from './common';
import { imageInfo } from './images';

import { COUNTER_KINDS, COUNTER_RESETS, DEFAULT_HP, GENDERS } from '../constants';
import {
  CHARACTERISTIC_VALUE_MAX,
  COUNTER_LABEL_MAX,
  COUNTER_MAX,
  COUNTERS_PER_UNIT_MAX,
  CURRENT_HP_BOUND,
  HP_MAX,
  MONEY_MAX,
  NAME_MAX,
  RECHARGE_DIE_MAX,
  RECHARGE_DIE_MIN,
} from '../limits';
import { checked } from '../checks';
import { checkCounters } from '../units/counters';

const moneyAmount = wholeNumberSchema({ min: 0, max: MONEY_MAX }, z.number({ error: 'validation.invalid' }));
export const money = z.object({ gold: moneyAmount, silver: moneyAmount, bronze: moneyAmount });
export type Money = z.infer<typeof money>;

const listChoice = userText().trim().min(1, { error: 'validation.required' }).max(NAME_MAX);
const characteristicValue = z
  .number()
  .int({ error: 'validation.integer' })
  .min(0)
  .max(CHARACTERISTIC_VALUE_MAX);

// ---- Counters (docs/decisions/062): legendary actions, recharges, spell slots, countdowns ----

/** A recharge: at the start of its unit's turn, below max, the server rolls `die`; `min` or more refills it. */
export const counterRecharge = z.object({
  die: wholeNumberSchema({ min: RECHARGE_DIE_MIN, max: RECHARGE_DIE_MAX }),
  min: wholeNumberSchema({ min: 1, max: RECHARGE_DIE_MAX }),
});

/** A counter as a unit's form sends it: `_id` absent for a new one (the server gives it one). */
export const unitCounterInput = z.object({
  _id: idSchema.optional(),
  label: nameSchema(COUNTER_LABEL_MAX),
  max: wholeNumberSchema({ min: 1, max: COUNTER_MAX }),
  kind: z.enum(COUNTER_KINDS),
  reset: z.enum(COUNTER_RESETS),
  recharge: counterRecharge.nullable().default(null),
});
export type UnitCounterInput = z.input<typeof unitCounterInput>;

export const unitCounter = z.object({
  _id: idSchema,
  label: z.string(),
  max: z.number().int(),
  kind: z.enum(COUNTER_KINDS),
  reset: z.enum(COUNTER_RESETS),
  recharge: z.object({ die: z.number().int(), min: z.number().int() }).nullable(),
});
export type UnitCounter = z.infer<typeof unitCounter>;

/** At most COUNTERS_PER_UNIT_MAX, ids unique, each recharge's min within its die (checkCounters). */
export const unitCountersInput = z
  .array(unitCounterInput)
  .superRefine(checked(checkCounters))
  .max(COUNTERS_PER_UNIT_MAX, { error: 'validation.tooManyItems' });

/** Every writable unit field, none defaulted: the base of both create and update. */
const unitFields = {
  name: nameSchema(),
  gender: z.enum(GENDERS),
  isPlayer: z.boolean(),
  race: listChoice,
  class: listChoice,
  status: listChoice,
  characteristics: z.record(userText().max(NAME_MAX), characteristicValue),
  hp: wholeNumberSchema({ min: 0, max: HP_MAX }),
  /** Clamped by the server: empty or above hp becomes hp, below 0 becomes 0. */
  currentHp: wholeNumberSchema({ min: -CURRENT_HP_BOUND, max: CURRENT_HP_BOUND }).nullable(),
  money,
  notes: textSchema(maxOverTiers('unitNoteChars')),
  counters: unitCountersInput,
};

export const createUnitBody = z.object({
  ...unitFields,
  gender: unitFields.gender.default('Male'),
  isPlayer: unitFields.isPlayer.default(false),
  /** Defaults to the campaign's first status. */
  status: unitFields.status.optional(),
  characteristics: unitFields.characteristics.default({}),
  hp: unitFields.hp.default(DEFAULT_HP),
  currentHp: unitFields.currentHp.optional(),
  money: money.default({ gold: 0, silver: 0, bronze: 0 }),
  notes: unitFields.notes.default(''),
  counters: unitFields.counters.default([]),
  /** Accepted for the spec's clients; the X-Campaign-Id header decides the campaign. */
  gameDataId: z.string().optional(),
});
export type CreateUnitBody = z.infer<typeof createUnitBody>;

/** A unit's version (decision 036): opaque, changes with every write of the unit. */
const unitVersion = z.string().max(32);

export const updateUnitBody = z.object(unitFields).partial().extend({
  /**
   * The unit's `version` this change was made from (decision 036): when it is no longer the current
   * one, nothing is written and the answer is 409 UNIT_CONFLICT with the unit as it is. The web app's
   * unit form and notes editor send it; a call without it overwrites the fields sent (last write wins).
   */
  version: unitVersion.optional(),
});
export type UpdateUnitBody = z.infer<typeof updateUnitBody>;

export const unit = z.object({
  _id: idSchema,
  userId: idSchema,
  gameDataId: idSchema,
  name: z.string(),
  gender: z.enum(GENDERS),
  isPlayer: z.boolean(),
  race: z.string(),
  class: z.string(),
  status: z.string(),
  characteristics: z.record(z.string(), z.number()),
  hp: z.number(),
  currentHp: z.number(),
  money,
  notes: z.string(),
  /** Its counters (docs/decisions/062); a fight holds their current values. */
  counters: z.array(unitCounter),
  /**
   * Its portrait (PUT /api/units/{id}/portrait), read at GET /api/units/{id}/portrait; null without one.
   * Set only by the portrait routes; not in export files.
   */
  portrait: imageInfo.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Changes with every write of the unit (an opaque token, decision 036): a save sends the version it
   * was edited from, and a stale one is refused with 409 UNIT_CONFLICT. Not in export files.
   */
  version: z.string(),
});
export type Unit = z.infer<typeof unit>;

/** 409 UNIT_CONFLICT: the error, and the unit as it is now (nothing was written). */
export const unitConflictBody = z.object({
  code: z.literal('UNIT_CONFLICT'),
  message: z.string(),
  unit,
});
export type UnitConflictBody = z.infer<typeof unitConflictBody>;

/** Copies of a unit: how many, numbered "Goblin 2", "Goblin 3"… within the unit limit. */
export const copyUnitBody = z.object({
  count: z.number().int({ error: 'validation.integer' }).min(1).max(maxOverTiers('unitsPerCampaign')),
});
export type CopyUnitBody = z.infer<typeof copyUnitBody>;
export const copyUnitResponse = z.object({ units: z.array(unit) });
export type CopyUnitResponse = z.infer<typeof copyUnitResponse>;

export const generateBody = z.object({ template: z.enum(QUICK_TEMPLATES) });
export const generateResponse = z.object({ characteristics: z.record(z.string(), z.number()) });
