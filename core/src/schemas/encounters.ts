// Saved encounters (docs/decisions/062): a fight prepared before the session — its sides, the enemies'
// numbers, lair actions and hazards, who players do not see, how units group — run in one step.
import { z } from 'zod';
import {
  ENCOUNTER_COUNT_MAX,
  ENCOUNTER_NAME_MAX,
  ENCOUNTER_NOTES_MAX,
  HAZARD_DEFAULT_INITIATIVE,
  HAZARD_NAME_MAX,
  HAZARDS_PER_FIGHT_MAX,
  INITIATIVE_MAX,
  INITIATIVE_MIN,
} from '../limits';
import { maxOverTiers } from '../tiers';
import { idSchema, nameSchema, textSchema, wholeNumberSchema } from './common';
import { combatActionBody, GROUPING_MODES } from './combat';

const maxUnits = maxOverTiers('unitsPerCampaign');

export const encounterHazard = z.object({
  name: nameSchema(HAZARD_NAME_MAX),
  initiative: wholeNumberSchema({ min: INITIATIVE_MIN, max: INITIATIVE_MAX }).default(
    HAZARD_DEFAULT_INITIATIVE,
  ),
  hidden: z.boolean().default(false),
});

/** POST and PUT /api/encounters: the whole encounter. */
export const encounterBody = z.object({
  name: nameSchema(ENCOUNTER_NAME_MAX),
  allies: z
    .array(z.object({ unitId: idSchema }))
    .max(maxUnits)
    .default([]),
  /** `count` > 1: the unit and its numbered copies ("Goblin 2"…), made when the encounter runs. */
  enemies: z
    .array(
      z.object({
        unitId: idSchema,
        count: wholeNumberSchema({ min: 1, max: ENCOUNTER_COUNT_MAX }).default(1),
      }),
    )
    .max(maxUnits)
    .default([]),
  hazards: z.array(encounterHazard).max(HAZARDS_PER_FIGHT_MAX).default([]),
  /** Units hidden from the player view when it runs. */
  hidden: z.array(idSchema).max(maxUnits).default([]),
  groups: z.enum(GROUPING_MODES).default('none'),
  /** Markdown. */
  notes: textSchema(ENCOUNTER_NOTES_MAX).default(''),
});
export type EncounterBody = z.input<typeof encounterBody>;

export const encounter = z.object({
  _id: idSchema,
  gameDataId: idSchema,
  name: z.string(),
  allies: z.array(z.object({ unitId: z.string() })),
  enemies: z.array(z.object({ unitId: z.string(), count: z.number().int() })),
  hazards: z.array(z.object({ name: z.string(), initiative: z.number().int(), hidden: z.boolean() })),
  hidden: z.array(z.string()),
  groups: z.enum(GROUPING_MODES),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Encounter = z.infer<typeof encounter>;

export const encounterList = z.array(encounter);

/** POST /api/encounters/{id}/run: the fight's version the client has seen (like an action). */
export const runEncounterBody = combatActionBody.pick({ version: true });
export type RunEncounterBody = z.infer<typeof runEncounterBody>;
