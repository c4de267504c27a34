import { z } from 'zod';
import { maxOverTiers } from '../tiers';
import { errorBody, idSchema } from './common';
import { unit } from './units';

import { COMBAT_AMOUNT_MAX } from '../constants';
import { CONDITION_ROUNDS_MAX } from '../rules/combat-limits';

export { COMBAT_AMOUNT_MAX, COMBAT_AMOUNT_MIN, DEFAULT_COMBAT_AMOUNT } from '../constants';

const maxUnits = maxOverTiers('unitsPerCampaign');
const combatGroup = z.enum(['allies', 'enemies']);
/** An initiative, rolled or typed: the bounds of the order's entries. */
const initiative = z.number().int().min(-1000).max(100_000);

/** The saved fight of one campaign, so a reload or another device resumes it. */
export const combatState = z.object({
  phase: z.enum(['setup', 'fight']),
  allies: z.array(idSchema).max(maxUnits),
  enemies: z.array(idSchema).max(maxUnits),
  /** Initiative order, sorted descending at start: every unit of both groups. */
  order: z.array(z.object({ unitId: idSchema, initiative })).max(maxUnits * 2),
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

// ---- Timed conditions (issue #14; rules in ../rules/conditions.ts) ----

export { CONDITION_ROUNDS_MAX, CONDITIONS_PER_UNIT_MAX } from '../rules/combat-limits';

/**
 * One of the campaign's statuses on a unit of the fight. With `rounds`, it ends once the turn of
 * `ofUnitId` has started (`endsOn: 'start'`) or ended (`'end'`) that many times since it was added;
 * `elapsed` counts those so far. Without `rounds` it lasts until removed.
 */
export const combatCondition = z.object({
  id: idSchema,
  /** The campaign status's `_id` (a renamed status keeps its conditions), and its name. */
  statusId: z.string(),
  status: z.string(),
  rounds: z.number().int().min(1).max(CONDITION_ROUNDS_MAX).nullable(),
  endsOn: z.enum(['start', 'end']),
  ofUnitId: idSchema,
  elapsed: z.number().int().min(0),
});
export type CombatCondition = z.infer<typeof combatCondition>;
/** Conditions per unit id; a unit without conditions has no key. */
export type ConditionMap = Record<string, CombatCondition[]>;

// ---- Actions (POST /api/combat/actions) ----

/** An integer 1..999, or a dice expression such as "2d6+3" (rolled by the server). */
const amountInput = z
  .union([z.number(), z.string()])
  .describe('An integer 1..999, or a dice expression such as "2d6+3" (at most 200 characters).');

export const combatAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add'), unitId: idSchema, group: combatGroup }),
  z.object({ type: z.literal('remove'), unitId: idSchema }),
  z.object({
    type: z.literal('start'),
    /**
     * Initiatives entered by hand (players roll their own dice, issue #16), by unit id; every unit of
     * the fight left out rolls with the campaign's rule.
     */
    initiatives: z.record(idSchema, initiative).optional(),
  }),
  z.object({ type: z.literal('attack'), targetId: idSchema, amount: amountInput }),
  z.object({ type: z.literal('heal'), targetId: idSchema, amount: amountInput }),
  z.object({ type: z.literal('setStatus'), unitId: idSchema, status: z.string().max(200) }),
  z.object({
    type: z.literal('addCondition'),
    unitId: idSchema,
    status: z.string().max(200),
    rounds: z.number().int().min(1).max(CONDITION_ROUNDS_MAX).optional(),
    endsOn: z.enum(['start', 'end']).optional(),
    ofUnitId: idSchema.optional(),
  }),
  z.object({ type: z.literal('removeCondition'), unitId: idSchema, conditionId: idSchema }),
  z.object({ type: z.literal('nextTurn') }),
  z.object({ type: z.literal('end') }),
]);
export type CombatAction = z.infer<typeof combatAction>;
export type CombatActionType = CombatAction['type'];

const version = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const combatActionBody = z.object({ version, action: combatAction });
export type CombatActionBody = z.infer<typeof combatActionBody>;
/** Undo and redo: the version the client has seen. */
export const combatVersionBody = z.object({ version });
export type CombatVersionBody = z.infer<typeof combatVersionBody>;

// ---- The combat log: structured data, rendered by the client in its language ----

export const COMBAT_LOG_TYPES = [
  'add',
  'remove',
  'start',
  'attack',
  'heal',
  'setStatus',
  'addCondition',
  'removeCondition',
  'conditionExpired',
  'nextTurn',
  'end',
] as const;
export type CombatLogType = (typeof COMBAT_LOG_TYPES)[number];

/** A unit as it was when the entry was written (a later rename or deletion does not change it). */
export const combatUnitRef = z.object({ id: z.string(), name: z.string(), group: combatGroup.nullable() });
export type CombatUnitRef = z.infer<typeof combatUnitRef>;

export const combatLogCondition = z.object({
  id: z.string(),
  status: z.string(),
  rounds: z.number().int().nullable(),
  endsOn: z.enum(['start', 'end']),
  ofUnit: combatUnitRef,
});

/** Fields that do not apply to an entry's type are null (false for flags). */
export const combatLogEntry = z.object({
  id: idSchema,
  /** Entries of one action share a step; undo and redo take a whole step. */
  step: z.number().int(),
  type: z.enum(COMBAT_LOG_TYPES),
  round: z.number().int(),
  /** Whose turn it was (nextTurn: whose turn begins; setup: null). */
  turnOf: combatUnitRef.nullable(),
  /** Attack and heal: the unit whose turn it is. */
  actor: combatUnitRef.nullable(),
  target: combatUnitRef.nullable(),
  /** What was typed ("2d6+3" or "12"), the amount applied (1..999), the roll's breakdown. */
  input: z.string().nullable(),
  amount: z.number().int().nullable(),
  breakdown: z.string().nullable(),
  /** The roll fell outside 1..999 and was brought back into it. */
  clamped: z.boolean(),
  hpBefore: z.number().int().nullable(),
  hpAfter: z.number().int().nullable(),
  statusBefore: z.string().nullable(),
  statusAfter: z.string().nullable(),
  condition: combatLogCondition.nullable(),
  /** A unit that joined mid-fight: its rolled initiative. */
  initiative: z.number().int().nullable(),
  /** Start: the order as it began, each initiative typed by hand or rolled (absent before issue #16). */
  initiatives: z
    .array(z.object({ unit: combatUnitRef, initiative: z.number().int(), typed: z.boolean() }))
    .nullable()
    .default(null),
  /** nextTurn: the order wrapped and a new round began. */
  wrapped: z.boolean(),
  /** The blow (or removal) left this group with nobody standing: the fight ended with it. */
  defeated: combatGroup.nullable(),
  undone: z.boolean(),
  at: z.string(),
});
export type CombatLogEntry = z.infer<typeof combatLogEntry>;

// ---- Answers ----

export const combatResponse = combatState.extend({
  updatedAt: z.string().nullable(),
  /** 0 for a campaign that never had a fight; +1 per applied action, undo or redo. */
  version: z.number().int(),
  conditions: z.record(z.string(), z.array(combatCondition)),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  /** The entries of this fight, oldest first; undone ones stay (flagged) until redone or replaced. */
  log: z.array(combatLogEntry),
});
export type CombatResponse = z.infer<typeof combatResponse>;

/** An applied action, undo or redo: the whole fight, the units it changed, the entries it touched. */
export const combatActionResponse = z.object({
  combat: combatResponse,
  units: z.array(unit),
  entries: z.array(combatLogEntry),
});
export type CombatActionResponse = z.infer<typeof combatActionResponse>;

/** 409 COMBAT_CONFLICT: the version sent is not the current one; nothing changed. */
export const combatConflictBody = errorBody.extend({ combat: combatResponse });
export type CombatConflictBody = z.infer<typeof combatConflictBody>;

/** The data of each live-sync event (GET /api/combat/events). */
export const combatEvent = z.object({ version: z.number().int() });
export type CombatEvent = z.infer<typeof combatEvent>;
