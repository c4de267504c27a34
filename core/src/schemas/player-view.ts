// The live player view (decision 028): what the game master lets players see of a fight
// through a read-only link, and the redacted payload the link serves. The payload carries only what
// the player page shows; the rule that builds it is core/src/combat/player-view.ts.
import { z } from 'zod';
import { DEATH_SAVES_TO_END, PLAYER_ALIAS_MAX, TEMP_HP_MAX } from '../limits';
import { PLAYER_LOG_TYPES } from '../constants';
import { maxOverTiers } from '../tiers';
import { errorBody, idSchema, trimmedTextSchema } from './common';
import { playerReveal } from './reveals';
import { playerRequestLine } from './player-requests';

/** Per side: HP as numbers, as a band without any number, or not at all. */
export const hpVisibility = z.enum(['exact', 'bands', 'hidden']);
export type HpVisibility = z.infer<typeof hpVisibility>;

export const playerUnitSettings = z.object({
  /** Not shown to players at all (not even counted). */
  hidden: z.boolean().optional(),
  /** A hidden unit shows itself once its first turn comes. */
  revealOnFirstTurn: z.boolean().optional(),
  /** Shown instead of the unit's name; blank means none. */
  alias: trimmedTextSchema(PLAYER_ALIAS_MAX).optional(),
});
export type PlayerUnitSettings = z.infer<typeof playerUnitSettings>;

export const DEFAULT_HP_VISIBILITY = { allies: 'exact', enemies: 'bands' } as const;

/** PUT /api/combat/player-view, and its answer. */
export const playerViewSettings = z.object({
  hp: z
    .object({
      allies: hpVisibility.default(DEFAULT_HP_VISIBILITY.allies),
      enemies: hpVisibility.default(DEFAULT_HP_VISIBILITY.enemies),
    })
    .default(DEFAULT_HP_VISIBILITY),
  units: z
    .record(idSchema, playerUnitSettings)
    .refine((units) => Object.keys(units).length <= maxOverTiers('unitsPerCampaign'), {
      error: 'validation.invalid',
    })
    .default({}),
});
export type PlayerViewSettings = z.output<typeof playerViewSettings>;
export type PlayerViewSettingsInput = z.input<typeof playerViewSettings>;

export const DEFAULT_PLAYER_VIEW_SETTINGS: PlayerViewSettings = {
  hp: { ...DEFAULT_HP_VISIBILITY },
  units: {},
};

/**
 * The settings with their version: GET, PUT and PATCH answer it. Every change adds one;
 * a change sent with an older `expectedVersion` is refused (409 PLAYER_VIEW_CONFLICT) with the
 * current settings, so two devices never overwrite each other silently.
 */
export const playerViewSettingsState = z.object({
  hp: z.object({ allies: hpVisibility, enemies: hpVisibility }),
  units: z.record(z.string(), playerUnitSettings),
  version: z.number().int().min(0),
});
export type PlayerViewSettingsState = z.infer<typeof playerViewSettingsState>;

/**
 * PATCH /api/combat/player-view: ONE change, applied at once: a side's HP display,
 * or some settings of one unit (an alias of "" removes it). Fields left out keep their value.
 */
export const playerViewChange = z
  .object({
    expectedVersion: z.number().int().min(0),
    hp: z.object({ allies: hpVisibility.optional(), enemies: hpVisibility.optional() }).optional(),
    unit: z
      .object({
        id: idSchema,
        hidden: z.boolean().optional(),
        revealOnFirstTurn: z.boolean().optional(),
        alias: playerUnitSettings.shape.alias,
      })
      .optional(),
  })
  .refine((change) => (change.hp === undefined) !== (change.unit === undefined), {
    error: 'validation.invalid',
  });
export type PlayerViewChange = z.infer<typeof playerViewChange>;

/** 409 PLAYER_VIEW_CONFLICT: the version sent is not the current one; nothing changed. */
export const playerViewConflictBody = errorBody.extend({ settings: playerViewSettingsState });
export type PlayerViewConflictBody = z.infer<typeof playerViewConflictBody>;

/** POST /api/combat/share: the link to hand to players (the token is in it, and nowhere else). */
export const shareLinkResponse = z.object({ url: z.string() });
export type ShareLinkResponse = z.infer<typeof shareLinkResponse>;

/**
 * GET /api/combat/share, owner only (decision 050): the campaign's live link, shown
 * again on any of the GM's devices (null: none, or one this server cannot open), and how many player
 * pages are watching it now, counted across processes.
 */
export const shareLinkState = z.object({
  url: z.string().nullable(),
  /** A link works now (its url may still be null: one made before it could be shown again). */
  live: z.boolean(),
  watching: z.number().int().min(0),
});
export type ShareLinkState = z.infer<typeof shareLinkState>;

// ---- The payload of GET /api/play/{token} and of each event of its stream ----

export const HP_BANDS = ['healthy', 'wounded', 'bloodied', 'down'] as const;
export type HpBand = (typeof HP_BANDS)[number];

/**
 * HP as the game master chose for the unit's side: `exact` with both numbers; `band` with the band
 * only; `hidden` with nothing. Flat with nulls (the response serializer takes no unions).
 */
export const playerHp = z.object({
  shown: z.enum(['exact', 'band', 'hidden']),
  current: z.number().int().nullable(),
  max: z.number().int().nullable(),
  band: z.enum(HP_BANDS).nullable(),
});
export type PlayerHp = z.infer<typeof playerHp>;

const tally = z.number().int().min(0).max(DEATH_SAVES_TO_END);
/** A Down player character's death saves so far (docs/decisions/061); the page phrases the outcome. */
export const playerDeathSaves = z.object({ successes: tally, failures: tally });

/** A unit players see; `id` is opaque, stable for one link only. */
export const playerUnit = z.object({
  id: z.string(),
  name: z.string(),
  group: z.enum(['allies', 'enemies']),
  /** The class colour (#rrggbb), null when the class is not in the campaign's list. */
  color: z.string().nullable(),
  hp: playerHp,
  /** `roundsLeft` null: until removed. The page phrases it. */
  conditions: z.array(z.object({ name: z.string(), roundsLeft: z.number().int().nullable() })),
  /**
   * A Down player character's death saves (docs/decisions/061), only where its side's HP are shown
   * exactly or as bands; absent otherwise (no key at all).
   */
  deathSaves: playerDeathSaves.optional(),
  /** Its temporary HP, only where its side's HP are shown exactly and it has some; absent otherwise. */
  tempHp: z.number().int().min(1).max(TEMP_HP_MAX).optional(),
  /**
   * The group it takes its turn with (an opaque id, docs/decisions/062), only when players see at least
   * two units of that group: the page shows them as one row. Absent otherwise.
   */
  groupId: z.string().optional(),
  /**
   * Its portrait, `/api/play/{token}/images/{opaqueId}` (docs/decisions/064), only for a unit players see
   * that has one; absent otherwise (no key at all).
   */
  portraitUrl: z.string().optional(),
  /**
   * A player character (docs/product.md#players-take-part): a player may pick it as theirs and send
   * requests for it. Absent for every other unit.
   */
  player: z.literal(true).optional(),
});
export type PlayerUnit = z.infer<typeof playerUnit>;

/** A unit named in a log line: one players see, or null for someone unseen. */
const playerRef = z.object({ id: z.string(), name: z.string() }).nullable();

/** One structured log line; the page writes the sentence in its language. */
export const playerLogLine = z.object({
  type: z.enum(PLAYER_LOG_TYPES),
  round: z.number().int(),
  actor: playerRef,
  target: playerRef,
  /** Attack and heal, only where the target's side shows exact HP. */
  amount: z.number().int().nullable(),
  condition: z.string().nullable(),
  wrapped: z.boolean(),
  defeated: z.enum(['allies', 'enemies']).nullable(),
  /**
   * deathSave: the result and the tally after it, only where the unit's side shows HP (exactly or as
   * bands; no line at all when hidden). Absent on every other line.
   */
  deathSave: z
    .object({ result: z.enum(['success', 'failure']), successes: tally, failures: tally })
    .optional(),
  /** start and nextTurn: the turn went to this lair action or hazard players see (actor is then null). */
  hazard: z.string().optional(),
});
export type PlayerLogLine = z.infer<typeof playerLogLine>;

export const playerViewPayload = z.object({
  // No version: it counts actions on hidden units too, and an unchanged payload is not sent again,
  // so players cannot learn that something happened out of their sight.
  phase: z.enum(['setup', 'fight']),
  round: z.number().int(),
  /**
   * Whose turn, null outside a fight; `unitId` null: a unit players do not see (nothing more said), or a
   * lair action / hazard they see, then named by `hazardId` (docs/decisions/062).
   */
  turn: z.object({ unitId: z.string().nullable(), hazardId: z.string().optional() }).nullable(),
  /** The initiative order of the units and hazards players see (opaque ids). */
  order: z.array(z.string()),
  units: z.array(playerUnit),
  /** The lair actions and hazards players see (hidden ones: not even counted). */
  hazards: z.array(z.object({ id: z.string(), name: z.string() })),
  log: z.array(playerLogLine),
  /**
   * What the game master revealed (docs/decisions/064), newest first, at most the plan's
   * revealsPerCampaign; snapshots without secret blocks.
   */
  revealed: z.array(playerReveal),
  /**
   * The link's newest requests from players (docs/product.md#players-take-part), newest first, for
   * characters players see; the page shows a phone the ones of the character it plays.
   */
  requests: z.array(playerRequestLine).optional(),
  /** The conditions a player may ask for on their own character (the campaign's statuses, opaque ids). */
  conditionChoices: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
});
export type PlayerViewPayload = z.infer<typeof playerViewPayload>;

// Any string: a malformed token is an unknown one (404), never a 400 that tells them apart.
export const playTokenParams = z.object({ token: z.string() });
/** GET /api/play/{token}/images/{opaqueId}: any string, an unknown id is a 404 like an unknown token. */
export const playImageParams = z.object({ token: z.string(), opaqueId: z.string() });
