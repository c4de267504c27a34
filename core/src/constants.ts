// Plain campaign and unit constants that are not limits (choices, defaults, file formats; no zod):
// shared by the schemas, the server and the web app, which must not bundle zod on its pages. The
// limits are in limits.ts.

export const CHARACTERISTIC_MAX_CHOICES = [20, 100] as const;
export const DEFAULT_CHARACTERISTIC_MAX = 100;
export const DEFAULT_CLASS_COLOR = '#777777';
export const FALLBACK_CLASS_COLOR = '#4b5563';

export const INITIATIVE_RULES = [
  'random_d20',
  'random_d100',
  'caracteristic',
  'd20_plus_carac',
  'd100_plus_carac',
] as const;
export type InitiativeRule = (typeof INITIATIVE_RULES)[number];
/** The rules that read `initiativeCaracName`; Novice cannot choose them. */
export const CHARACTERISTIC_INITIATIVE_RULES: readonly InitiativeRule[] = [
  'caracteristic',
  'd20_plus_carac',
  'd100_plus_carac',
];
export const DEFAULT_INITIATIVE_RULE: InitiativeRule = 'random_d20';
/**
 * How the rules that add a characteristic to a die read it (docs/decisions/061): its value (the
 * spec's rule), or the modifier of a d20-style score, floor((score - 10) / 2).
 */
export const INITIATIVE_MODIFIERS = ['value', 'd20Modifier'] as const;
export type InitiativeModifier = (typeof INITIATIVE_MODIFIERS)[number];
export const DEFAULT_INITIATIVE_MODIFIER: InitiativeModifier = 'value';

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];
export const DEFAULT_HP = 100;
export const DEFAULT_CHARACTERISTIC_VALUE = 50;
/** The amount field's first value in a fight. */
export const DEFAULT_COMBAT_AMOUNT = 10;

/** Names the kind of export file, so a JSON file of another program is refused before anything else. */
export const GAME_DATA_FORMAT = 'questkeeper.game-data';
/** The version this code writes; readers accept it and upgrade every older one they know. */
export const GAME_DATA_FORMAT_VERSION = 1;
export const ACCOUNT_EXPORT_FORMAT = 'questkeeper.account';
export const ACCOUNT_EXPORT_FORMAT_VERSION = 1;

// ---- Counters (docs/decisions/062) ----

export const COUNTER_KINDS = ['uses', 'countdown'] as const;
export type CounterKind = (typeof COUNTER_KINDS)[number];
/** When a counter resets by itself in a fight: `uses` go back to max, a `countdown` goes one lower. */
export const COUNTER_RESETS = ['turnStart', 'turnEnd', 'roundStart', 'never'] as const;
export type CounterReset = (typeof COUNTER_RESETS)[number];

// ---- Player view ----

/** The kinds of log line the player page shows (one sentence each, in its language). */
export const PLAYER_LOG_TYPES = [
  'start',
  'attack',
  'heal',
  'addCondition',
  'removeCondition',
  'conditionExpired',
  'nextTurn',
  'end',
  'deathSave',
] as const;
