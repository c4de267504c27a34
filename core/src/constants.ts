// Plain campaign and unit constants (no zod): shared by the schemas, the server and the web app,
// which must not bundle zod on its pages.
/** Names of campaigns, units and list entries. */
export const NAME_MAX = 50;

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

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];
export const HP_MAX = 9999;
export const DEFAULT_HP = 100;
export const DEFAULT_CHARACTERISTIC_VALUE = 50;
export const MONEY_MAX = 999_999_999;
/** Combat amount bounds (spec §5) and its first value (spec §3). */
export const COMBAT_AMOUNT_MIN = 1;
export const COMBAT_AMOUNT_MAX = 999;
export const DEFAULT_COMBAT_AMOUNT = 10;
/** Contact form (spec §5). */
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

/** Names the kind of export file, so a JSON file of another program is refused before anything else. */
export const GAME_DATA_FORMAT = 'questkeeper.game-data';
/** The version this code writes; readers accept it and upgrade every older one they know. */
export const GAME_DATA_FORMAT_VERSION = 1;
export const ACCOUNT_EXPORT_FORMAT = 'questkeeper.account';
export const ACCOUNT_EXPORT_FORMAT_VERSION = 1;

/** The longest alias a unit may carry on the player view (issue #15). */
export const PLAYER_ALIAS_MAX = 50;
