import { z } from 'zod';
import { maxOverTiers } from '../tiers';
import { checked } from '../checks';
import { errorBody, idSchema, nameSchema, wholeNumberSchema } from './common';
import { unit } from './units';

import {
  COMBAT_AMOUNT_MAX,
  COMBAT_LOG_PAGE_MAX,
  COMBAT_LOG_WINDOW,
  CONDITION_ROUNDS_MAX,
  COUNTER_MAX,
  DEATH_SAVES_TO_END,
  GROUP_MIN_MEMBERS,
  HAZARD_NAME_MAX,
  HAZARDS_PER_FIGHT_MAX,
  INITIATIVE_MAX,
  INITIATIVE_MIN,
  ROUND_MAX,
  TEMP_HP_MAX,
} from '../limits';

const maxUnits = maxOverTiers('unitsPerCampaign');
const combatGroup = z.enum(['allies', 'enemies']);
/** An initiative, rolled or typed: the bounds of the order's entries. */
const initiative = z.number().int().min(INITIATIVE_MIN).max(INITIATIVE_MAX);

const tally = z.number().int().min(0).max(DEATH_SAVES_TO_END);
/**
 * A downed player character's death saves so far (docs/decisions/061): DEATH_SAVES_TO_END successes
 * end them stable, as many failures dead.
 */
export const deathSaveTally = z.object({ successes: tally, failures: tally });
export type DeathSaveTally = z.infer<typeof deathSaveTally>;
export const DEATH_SAVE_RESULTS = ['success', 'failure'] as const;
export type DeathSaveResult = (typeof DEATH_SAVE_RESULTS)[number];
/** What a blow does to one target of an attack (docs/decisions/061): half rounds down. */
export const DAMAGE_MODIFIERS = ['half', 'double', 'none'] as const;
export type DamageModifier = (typeof DAMAGE_MODIFIERS)[number];

/**
 * One entry of the initiative order: a unit (`unitId`) or a lair action / hazard (`hazardId`), exactly
 * one of the two (docs/decisions/062). Units of one group carry its `groupId`, stand together and take
 * one turn.
 */
export const orderEntry = z
  .object({
    unitId: idSchema.optional(),
    hazardId: idSchema.optional(),
    initiative,
    groupId: idSchema.optional(),
  })
  .refine((entry) => (entry.unitId === undefined) !== (entry.hazardId === undefined), {
    error: 'validation.invalid',
  });
export type OrderEntry = z.infer<typeof orderEntry>;

/** A lair action or a hazard: a turn in the order that is not a unit; it loses ties (docs/decisions/062). */
export const combatHazard = z.object({
  id: idSchema,
  name: z.string().min(1).max(HAZARD_NAME_MAX),
  initiative,
  /** Players see its turn pass to someone unseen, as a hidden unit's. */
  hidden: z.boolean(),
});
export type CombatHazard = z.infer<typeof combatHazard>;

/** How `start` forms groups: none, or the non-player units of a side named alike ("Goblin", "Goblin 2"). */
export const GROUPING_MODES = ['none', 'byName'] as const;
export type GroupingMode = (typeof GROUPING_MODES)[number];

/** The saved fight of one campaign, so a reload or another device resumes it. */
export const combatState = z.object({
  phase: z.enum(['setup', 'fight']),
  allies: z.array(idSchema).max(maxUnits),
  enemies: z.array(idSchema).max(maxUnits),
  /** Initiative order, sorted descending at start: every unit of both groups, and the hazards. */
  order: z.array(orderEntry).max(maxUnits * 2 + HAZARDS_PER_FIGHT_MAX),
  turnIndex: z
    .number()
    .int()
    .min(0)
    .max(maxUnits * 2 + HAZARDS_PER_FIGHT_MAX),
  round: z.number().int().min(1).max(ROUND_MAX),
  /** 0 after a next turn; 1..999 otherwise (docs/product.md#entities, #validation). */
  amount: z.number().int().min(0).max(COMBAT_AMOUNT_MAX),
  targetId: idSchema.nullable(),
  /**
   * Temporary HP by unit id (1..TEMP_HP_MAX; a unit without has no key). Damage takes them first.
   * They last until the fight ends. Absent from fights saved before they existed: read as none.
   */
  tempHp: z.record(idSchema, z.number().int().min(1).max(TEMP_HP_MAX)).default({}),
  /**
   * Death saves of downed player characters by unit id (a unit without has no key): a heal clears
   * them. A player character at 0 HP keeps its turn until they end.
   */
  deathSaves: z.record(idSchema, deathSaveTally).default({}),
  /**
   * The counters' current values by unit id, then counter id (docs/decisions/062). A unit joins with
   * each at its max; a counter without a value here (added to the unit since) reads as its max.
   */
  counters: z.record(idSchema, z.record(idSchema, z.number().int().min(0).max(COUNTER_MAX))).default({}),
  /** Lair actions and hazards of this fight (set up before the start or added during it). */
  hazards: z.array(combatHazard).max(HAZARDS_PER_FIGHT_MAX).default([]),
  /** The order is rolled again each time the round wraps (chosen at start). */
  rerollEachRound: z.boolean().default(false),
  /** How `start` groups units unless it says otherwise: a run encounter's choice. */
  grouping: z.enum(GROUPING_MODES).default('none'),
  /** Units whose initiative was typed by hand: a reroll keeps theirs. */
  typed: z
    .array(idSchema)
    .max(maxUnits * 2)
    .default([]),
});
export type CombatState = z.infer<typeof combatState>;

// ---- Timed conditions (docs/decisions/021; rules in ../combat/conditions.ts) ----

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

/**
 * Area damage: more units the same blow lands on, with the same amount (one roll); the
 * blow lands on `targetId` and each of these (duplicates count once), one log entry per unit.
 */
const areaTargets = z
  .array(idSchema)
  .min(1)
  .max(maxUnits * 2)
  .optional();

/**
 * Who dealt the blow or the heal: any unit of the fight, whoever's turn it is. Absent or
 * null: nobody (a trap, a fall); the log then names no actor and the summary credits no one.
 */
const blowSource = idSchema
  .nullable()
  .optional()
  .describe('The unit of the fight that deals it; absent or null: no one (a trap, a fall).');

export const combatAction = z.discriminatedUnion('type', [
  /** One unit (`unitId`) or several (`unitIds`) join `group`; exactly one of the two. */
  z.object({
    type: z.literal('add'),
    unitId: idSchema.optional().describe('The unit that joins; or send `unitIds`.'),
    /**
     * Several units join in one step (spawned copies, a bulk add): all or none, each with its own
     * rolled initiative mid-fight, one log entry each, one undo step. No duplicates.
     */
    unitIds: z
      .array(idSchema)
      .min(1)
      .max(maxUnits)
      .optional()
      .describe('Several units that join in one step (all or none); or send `unitId`.'),
    group: combatGroup,
    /**
     * Reinforcements: an initiative typed by hand for a unit joining mid-fight; else
     * rolled. With `unitId` only.
     */
    initiative: initiative.optional(),
  }),
  z.object({ type: z.literal('remove'), unitId: idSchema }),
  z.object({
    type: z.literal('start'),
    /**
     * Initiatives entered by hand (players roll their own dice), by unit id; every unit of
     * the fight left out rolls with the campaign's rule.
     */
    initiatives: z.record(idSchema, initiative).optional(),
    /** "byName": the non-player units of a side named alike roll once and take one turn. */
    groups: z.enum(GROUPING_MODES).optional(),
    /** Roll every rolled initiative again when the round wraps. */
    rerollEachRound: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('attack'),
    targetId: idSchema,
    amount: amountInput,
    targetIds: areaTargets,
    sourceId: blowSource,
    /**
     * Per target (`targetId` or one of `targetIds`): half (rounded down), double or none of the one
     * roll; a target left out takes it whole.
     */
    modifiers: z
      .record(idSchema, z.enum(DAMAGE_MODIFIERS))
      // At most one per target a blow may have (the target and its area targets).
      .superRefine(
        checked((byTarget: Record<string, string>) =>
          Object.keys(byTarget).length > maxUnits * 2 + 1
            ? { key: 'validation.tooManyItems', params: { max: maxUnits * 2 + 1 } }
            : null,
        ),
      )
      .optional()
      .describe('By target id: "half" (rounded down), "double" or "none" of the roll; absent: whole.'),
  }),
  z.object({
    type: z.literal('heal'),
    targetId: idSchema,
    amount: amountInput,
    targetIds: areaTargets,
    sourceId: blowSource,
  }),
  z.object({ type: z.literal('setStatus'), unitId: idSchema, status: z.string().max(200) }),
  z.object({
    type: z.literal('addCondition'),
    unitId: idSchema,
    status: z.string().max(200),
    rounds: wholeNumberSchema({ min: 1, max: CONDITION_ROUNDS_MAX }).optional(),
    endsOn: z.enum(['start', 'end']).optional(),
    ofUnitId: idSchema.optional(),
  }),
  z.object({ type: z.literal('removeCondition'), unitId: idSchema, conditionId: idSchema }),
  z.object({ type: z.literal('nextTurn') }),
  z.object({ type: z.literal('end') }),
  /** A downed player character's death save (docs/decisions/061). */
  z.object({ type: z.literal('deathSave'), unitId: idSchema, result: z.enum(DEATH_SAVE_RESULTS) }),
  /** Sets a unit's temporary HP (0 removes them); they do not add up. */
  z.object({
    type: z.literal('setTempHp'),
    unitId: idSchema,
    value: wholeNumberSchema({ min: 0, max: TEMP_HP_MAX }),
  }),
  /** Spends `amount` (default 1) of a unit's counter; going below 0 is refused (docs/decisions/062). */
  z.object({
    type: z.literal('useCounter'),
    unitId: idSchema,
    counterId: idSchema,
    amount: wholeNumberSchema({ min: 1, max: COUNTER_MAX }).optional(),
  }),
  /** Sets a counter's value (0..its max). */
  z.object({
    type: z.literal('setCounter'),
    unitId: idSchema,
    counterId: idSchema,
    value: wholeNumberSchema({ min: 0, max: COUNTER_MAX }),
  }),
  /** A lair action or hazard joins the order (initiative 20 unless given; it loses ties). */
  z.object({
    type: z.literal('addHazard'),
    name: nameSchema(HAZARD_NAME_MAX),
    initiative: initiative.optional(),
    hidden: z.boolean().optional(),
  }),
  z.object({ type: z.literal('removeHazard'), hazardId: idSchema }),
  /** Units of one side take one turn together, at the first one's initiative. */
  z.object({
    type: z.literal('group'),
    unitIds: z.array(idSchema).min(GROUP_MIN_MEMBERS, { error: 'validation.groupTooSmall' }).max(maxUnits),
  }),
  z.object({ type: z.literal('ungroup'), groupId: idSchema }),
  /** Rolls every rolled initiative again now (typed ones kept, a group once). */
  z.object({ type: z.literal('rerollInitiative') }),
  /** Fixes the initiative order by hand: the unit moves to `toIndex` of the order. */
  z.object({
    type: z.literal('reorder'),
    unitId: idSchema,
    toIndex: z
      .number()
      .int()
      .min(0)
      .max(maxUnits * 2),
  }),
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

/** How a counter changed (a `counter` log entry). */
export const COUNTER_CHANGE_REASONS = ['use', 'set', 'reset', 'recharge'] as const;
export type CounterChangeReason = (typeof COUNTER_CHANGE_REASONS)[number];

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
  'reorder',
  'deathSave',
  'setTempHp',
  'counter',
  'addHazard',
  'removeHazard',
  'group',
  'ungroup',
  'reroll',
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
  /**
   * Attack and heal: the action's source, null when it had none. Entries written before
   * Hold the unit whose turn it was.
   */
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
  /**
   * Attack on a unit that had temporary HP, and setTempHp: its temporary HP before and after (0:
   * none). Null otherwise, and on entries written before they existed.
   */
  tempBefore: z.number().int().nullable().default(null),
  tempAfter: z.number().int().nullable().default(null),
  /**
   * Attack: this target's modifier of the roll and the roll itself (`amount` is then its share,
   * 0..2 x 999: "½ of 14 = 7"). Null when it took the roll whole.
   */
  modifier: z.enum(DAMAGE_MODIFIERS).nullable().default(null),
  rolled: z.number().int().nullable().default(null),
  /**
   * deathSave: the result and the tally after it (DEATH_SAVES_TO_END of one kind ended them; the
   * status written then, if the campaign has a matching one, is in statusBefore/statusAfter).
   */
  deathSave: z
    .object({ result: z.enum(DEATH_SAVE_RESULTS), successes: z.number().int(), failures: z.number().int() })
    .nullable()
    .default(null),
  /**
   * counter: a unit's counter changed, or a recharge was rolled (docs/decisions/062). `reason` says
   * how: spent, set, reset by the turn or the round, or a recharge roll (`roll` of a d`die`, refilled
   * at `min` or more; a failed roll leaves `after` = `before`). `ranOut`: a countdown reached 0.
   */
  counter: z
    .object({
      id: z.string(),
      label: z.string(),
      kind: z.enum(['uses', 'countdown']),
      reason: z.enum(COUNTER_CHANGE_REASONS),
      before: z.number().int(),
      after: z.number().int(),
      max: z.number().int(),
      roll: z.number().int().nullable(),
      die: z.number().int().nullable(),
      min: z.number().int().nullable(),
      ranOut: z.boolean(),
    })
    .nullable()
    .default(null),
  /** addHazard, removeHazard, and a turn that goes to a hazard (`turnOf` is then null). */
  hazard: z.object({ id: z.string(), name: z.string(), hidden: z.boolean() }).nullable().default(null),
  /** group, ungroup, and a turn that goes to a group (`turnOf`: its first member standing). */
  group: z.object({ id: z.string(), name: z.string(), size: z.number().int() }).nullable().default(null),
  statusBefore: z.string().nullable(),
  statusAfter: z.string().nullable(),
  condition: combatLogCondition.nullable(),
  /** A unit that joined mid-fight: its rolled initiative. */
  initiative: z.number().int().nullable(),
  /**
   * Reroll: the new order, each initiative typed by hand or rolled; a hazard's entry names it in
   * `unit` (its id and name) with `hazard` true; a grouped unit carries its `groupId`. A start's
   * entry has none (null) since 2026-11-29: the order as the fight began is the fight's `order` and
   * `typed` in the start's answer (docs/decisions/074). Start entries written before list it here.
   */
  initiatives: z
    .array(
      z.object({
        unit: combatUnitRef,
        initiative: z.number().int(),
        typed: z.boolean(),
        hazard: z.boolean().default(false),
        groupId: z.string().nullable().default(null),
      }),
    )
    .nullable()
    .default(null),
  /** nextTurn: the order wrapped and a new round began. */
  wrapped: z.boolean(),
  /** The blow (or removal) left this group with nobody standing: the fight ended with it. */
  defeated: combatGroup.nullable(),
  /**
   * A player asked for this action from their phone and the game master approved it
   * (docs/product.md#players-take-part): the character it was asked for. Absent otherwise.
   */
  requestedBy: z.object({ id: z.string(), name: z.string() }).optional(),
  undone: z.boolean(),
  at: z.string(),
});
export type CombatLogEntry = z.infer<typeof combatLogEntry>;

// ---- Answers ----

/**
 * A place in the log (decision 030): `GET /api/combat/log?before=` gives the entries before it.
 * Opaque to clients: pass on what an answer gave (`logBefore`, a page's `before`).
 */
export const combatLogCursor = z
  .string()
  .regex(/^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/, 'combat.log.badCursor');

/** One unit's line of the end-of-fight summary (core/src/combat/summary.ts). */
export const combatUnitSummary = z.object({
  id: z.string(),
  name: z.string(),
  group: combatGroup.nullable(),
  /** HP actually removed (a blow on 5 HP left deals 5, whatever was rolled). */
  damageDealt: z.number().int(),
  damageTaken: z.number().int(),
  /** HP actually restored. */
  healingDone: z.number().int(),
  healingReceived: z.number().int(),
  /** How many times a blow brought the unit to 0 HP. */
  falls: z.number().int(),
  /** At 0 HP after the last blow or heal the log shows for it. */
  fallen: z.boolean(),
});

/** The end-of-fight summary, computed from the whole log (undone entries left out). */
export const combatSummary = z.object({
  /** The last round reached (0 before the fight started). */
  rounds: z.number().int(),
  startedAt: z.string().nullable(),
  /** The End or the blow that ended the fight; null while it goes on. */
  endedAt: z.string().nullable(),
  /** From the start to the end, or to the last entry while the fight goes on. */
  durationMs: z.number().int().nullable(),
  /** The side left with nobody standing, when a blow ended the fight. */
  defeated: combatGroup.nullable(),
  /** Every unit the log shows acting or acted upon, in order of first appearance. */
  units: z.array(combatUnitSummary),
});
export type CombatSummary = z.infer<typeof combatSummary>;

export const combatResponse = combatState.extend({
  updatedAt: z.string().nullable(),
  /** 0 for a campaign that never had a fight; +1 per applied action, undo or redo. */
  version: z.number().int(),
  conditions: z.record(z.string(), z.array(combatCondition)),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  /**
   * The newest entries of this fight (at most COMBAT_LOG_WINDOW), oldest first; undone ones stay
   * (flagged) until redone or replaced. Older ones: GET /api/combat/log with `before: logBefore`.
   */
  log: z.array(combatLogEntry),
  /** How many entries the fight's log holds in all. */
  logTotal: z.number().int().min(0),
  /** The cursor for the entries older than `log`; null when `log` starts at the fight's first entry. */
  logBefore: combatLogCursor.nullable(),
  /**
   * The first undone step: the entries of this step and of every later one are undone, all others
   * applied (undo takes the last applied step, redo the first undone one). Null when none is undone.
   */
  logUndoneFrom: z.number().int().nullable(),
  /** Once the last applied step ended the fight (End, or a side defeated): its summary; else null. */
  summary: combatSummary.nullable(),
});
export type CombatResponse = z.infer<typeof combatResponse>;

/** GET /api/combat/log: `limit` entries before `before` (the newest ones without it). */
export const combatLogQuery = z.object({
  before: combatLogCursor.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(COMBAT_LOG_PAGE_MAX)
    .default(COMBAT_LOG_WINDOW)
    .describe(`At most ${COMBAT_LOG_PAGE_MAX}; ${COMBAT_LOG_WINDOW} when absent.`),
});
export type CombatLogQuery = z.input<typeof combatLogQuery>;

/** One page of the log, oldest first, with what a client needs to go further back. */
export const combatLogPage = z.object({
  entries: z.array(combatLogEntry),
  /** The cursor for the entries older than these; null at the fight's first entry. */
  before: combatLogCursor.nullable(),
});
export type CombatLogPage = z.infer<typeof combatLogPage>;

/**
 * An applied action, undo or redo: the fight (its log windowed), the units it changed, and every
 * entry it added or flagged (undone or redone), wherever they are in the log: clients merge by id.
 */
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
