// Every plain limit of the product in one place, by domain (docs/decisions/056-core-by-domain-one-rule-once.md).
// Plain numbers, no zod: the schemas, the server, the web app (which must not bundle zod on its pages),
// the bench and the e2e tests all import them from here. What a tier allows is a table by tier in
// tiers.ts; these are the limits every tier shares.

// ---- Texts a user writes ----

/** Names of campaigns, units and list entries. */
export const NAME_MAX = 50;
/** The longest alias a unit may carry on the player view (docs/decisions/028-player-view-secrets.md). */
export const PLAYER_ALIAS_MAX = 50;
/** An email address (the longest a mail server must accept). */
export const EMAIL_MAX = 254;
/** Password length (docs/decisions/004-one-password-policy.md). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Contact form. */
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

// ---- Units ----

export const HP_MAX = 9999;
/** What the API takes for current HP before clamping it into 0..hp. */
export const CURRENT_HP_BOUND = 1_000_000;
/** Each of gold, silver and bronze. */
export const MONEY_MAX = 999_999_999;
/** A characteristic's value: 0 up to its own max, which is one of 20 or 100 (this). */
export const CHARACTERISTIC_VALUE_MAX = 100;

// ---- Combat ----

/** An attack or a heal: a whole number in this range, or a roll brought back into it. */
export const COMBAT_AMOUNT_MIN = 1;
export const COMBAT_AMOUNT_MAX = 999;
/** An initiative, rolled or typed: the bounds of the order's entries. */
export const INITIATIVE_MIN = -1000;
export const INITIATIVE_MAX = 100_000;
/** The highest round a fight may reach. */
export const ROUND_MAX = 1_000_000;
/** The longest duration a timed condition may be given, in counted turns. */
export const CONDITION_ROUNDS_MAX = 100;
/** Conditions one unit may carry at once. */
export const CONDITIONS_PER_UNIT_MAX = 20;
/** Temporary HP a unit of a fight may be given (docs/decisions/061). */
export const TEMP_HP_MAX = 999;
/** Death saves: this many successes (stable) or failures (dead) end them (docs/decisions/061). */
export const DEATH_SAVES_TO_END = 3;
/** Characteristics a campaign may pin on fight rows (docs/decisions/061). */
export const PINNED_CHARACTERISTICS_MAX = 3;
/** Counters a unit may carry: legendary actions, recharges, spell slots (docs/decisions/062). */
export const COUNTERS_PER_UNIT_MAX = 10;
export const COUNTER_LABEL_MAX = 40;
/** A counter's max, and the most one use may spend. */
export const COUNTER_MAX = 99;
/** A recharge die: d2..d20 (a "recharge 5-6" is a d6 with min 5). */
export const RECHARGE_DIE_MIN = 2;
export const RECHARGE_DIE_MAX = 20;
/** Lair actions and hazards: entries of the order that are not units (docs/decisions/062). */
export const HAZARD_NAME_MAX = 50;
export const HAZARDS_PER_FIGHT_MAX = 20;
/** A lair action acts on initiative 20 unless told otherwise (and loses ties). */
export const HAZARD_DEFAULT_INITIATIVE = 20;
/** A group of the order: at least this many units of one side. */
export const GROUP_MIN_MEMBERS = 2;
/**
 * The newest log entries every answer about a fight carries (docs/decisions/030-combat-log-window.md); older ones are
 * read page by page with GET /api/combat/log.
 */
export const COMBAT_LOG_WINDOW = 50;
/** The most entries one page of GET /api/combat/log gives. */
export const COMBAT_LOG_PAGE_MAX = 200;
/**
 * The most entries a fight's log may hold: an imported file over it is refused, and a live fight past
 * it loses its oldest steps, whole, so undo reaches back that far (docs/decisions/046-bounded-player-view.md).
 */
export const COMBAT_LOG_MAX_ENTRIES = 100_000;

// ---- Dice expressions ----

export const DICE_MAX_DICE = 100;
export const DICE_MAX_SIDES = 1000;
/** Input over this length is refused before any work. */
export const DICE_MAX_LENGTH = 200;
/** Largest integer constant, as large as the largest dice total (100d1000): totals stay exact integers. */
export const DICE_MAX_CONSTANT = 100_000;

// ---- Player view ----

/** How many of the last log lines the player page gets. */
export const PLAYER_LOG_LINES = 8;
/**
 * How many of the log's newest entries the server reads to find those lines (docs/decisions/046-bounded-player-view.md):
 * lines naming units players do not see are left out, so a feed may show fewer than PLAYER_LOG_LINES
 * when most of the last entries are out of their sight; the read never grows with the log.
 */
export const PLAYER_LOG_WINDOW = 200;

/** A reason the game master gives with a refusal of a player's request (docs/decisions/066). */
export const PLAYER_REQUEST_REASON_MAX = 200;

// ---- Campaigns ----

/**
 * Deleting a campaign offers Undo for this long (decision 052); the server keeps
 * the deleted campaign a little longer (CAMPAIGN_UNDO_GRACE_MS) so an Undo clicked at the last second
 * still arrives in time over a slow network.
 */
export const CAMPAIGN_UNDO_MS = 10_000;
export const CAMPAIGN_UNDO_GRACE_MS = 20_000;

// ---- Export files ----

/**
 * Items of one list in an imported file: capped far above every tier, since the importing user's tier
 * is checked after parsing (campaigns/import-limits.ts), so the answer can say "races: 21 of 20".
 */
export const GAME_DATA_LIST_MAX = 2_000;
/**
 * A file from another tool (Improved Initiative, Shieldmaiden, 5e.tools: docs/product.md#import-from-other-tools):
 * the largest the import reads. Questkeeper's own campaign files keep the route's larger limit.
 */
export const FOREIGN_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The import routes' body limit (decision 024), and a campaign archive's `campaign.json`: a full Hero
 * campaign as the export writes it (UTF-8, not \u-escaped) in any script, 600,000 characters of
 * rules, 200 units and 300 list entries with notes at their limits, is about 27 MB.
 */
export const CAMPAIGN_IMPORT_MAX_BYTES = 32 * 1024 * 1024;
/** A pasted stat block (docs/product.md#paste-a-stat-block): the longest text the reader takes. */
export const STAT_BLOCK_TEXT_MAX = 20_000;

// ---- Saved encounters (docs/decisions/062) ----

export const ENCOUNTER_NAME_MAX = 100;
export const ENCOUNTER_NOTES_MAX = 20_000;
/** How many of one enemy an encounter may bring (the unit and its numbered copies). */
export const ENCOUNTER_COUNT_MAX = 50;

// ---- Links and campaign search (docs/decisions/063) ----

/** A search query's longest length, in characters. */
export const SEARCH_QUERY_MAX = 200;
/** Results of one search, unless the caller asks for fewer (or more, up to SEARCH_LIMIT_MAX). */
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
/** A result's snippet: one line, cut around the first match. */
export const SEARCH_SNIPPET_CHARS = 160;

// ---- Secret blocks, reveals, portraits and handout images (docs/decisions/064) ----

/** A reveal's title (a heading, a unit's name, a handout's title). */
export const REVEAL_TITLE_MAX = 200;
/** A reveal's text: a rules section is cut here (with "…"), a handout may not exceed it. */
export const REVEAL_TEXT_MAX = 100_000;
/** An uploaded image file (portrait or handout picture). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Width × height of an uploaded image, read from its bytes before decoding. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The longest side a stored portrait keeps. */
export const PORTRAIT_MAX_PX = 512;
/** The longest side a stored handout image keeps. */
export const HANDOUT_IMAGE_MAX_PX = 1600;
/** Images a campaign holds at most (portraits, handout images, revealed copies): 403 IMAGE_LIMIT past it. */
export const IMAGES_PER_CAMPAIGN = 300;
/**
 * A campaign archive (the export as a ZIP with its images, docs/decisions/077): the largest the import
 * takes. The JSON inside keeps the import's 32 MiB; each image the upload's IMAGE_MAX_BYTES.
 */
export const CAMPAIGN_ARCHIVE_MAX_BYTES = 100 * 1024 * 1024;
/** The campaign file's name inside a campaign archive; its images are `images/<id>.webp`. */
export const CAMPAIGN_ARCHIVE_JSON = 'campaign.json';
/** A picture's entry in a campaign archive, `images/<ref>.webp`; other entries are not pictures. */
export const CAMPAIGN_ARCHIVE_IMAGE_NAME = /^images\/([A-Za-z0-9_-]{1,64})\.webp$/;
/** The entry of the picture `ref` in a campaign archive. */
export const campaignArchiveImageName = (ref: string) => `images/${ref}.webp`;
