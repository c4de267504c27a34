import { z } from 'zod';
import { maxOverTiers } from '../tiers';
import { idSchema } from './common';

import { COMBAT_AMOUNT_MAX } from '../constants';

export { COMBAT_AMOUNT_MAX, COMBAT_AMOUNT_MIN, DEFAULT_COMBAT_AMOUNT } from '../constants';

const maxUnits = maxOverTiers('unitsPerCampaign');

/** The saved fight of one campaign, so a reload or another device resumes it. */
export const combatState = z.object({
  phase: z.enum(['setup', 'fight']),
  allies: z.array(idSchema).max(maxUnits),
  enemies: z.array(idSchema).max(maxUnits),
  /** Initiative order, sorted descending at start: every unit of both groups. */
  order: z
    .array(z.object({ unitId: idSchema, initiative: z.number().int().min(-1000).max(100_000) }))
    .max(maxUnits * 2),
  turnIndex: z
    .number()
    .int()
    .min(0)
    .max(maxUnits * 2),
  round: z.number().int().min(1).max(1_000_000),
  /** 0 after a next turn; 1..999 otherwise (spec §3 and §5). */
  amount: z.number().int().min(0).max(COMBAT_AMOUNT_MAX),
  targetId: idSchema.nullable(),
});
export type CombatState = z.infer<typeof combatState>;

export const combatResponse = combatState.extend({ updatedAt: z.string().nullable() });
export type CombatResponse = z.infer<typeof combatResponse>;
