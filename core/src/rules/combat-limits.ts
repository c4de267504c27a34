// Plain limits of the combat table (no zod, so the web can read them without bundling it).

/** The longest duration a timed condition may be given, in counted turns. */
export const CONDITION_ROUNDS_MAX = 100;
/** Conditions one unit may carry at once. */
export const CONDITIONS_PER_UNIT_MAX = 20;

/**
 * The newest log entries every answer about a fight carries (decision 030); older ones are read page
 * by page with GET /api/combat/log.
 */
export const COMBAT_LOG_WINDOW = 50;
/** The most entries one page of GET /api/combat/log gives. */
export const COMBAT_LOG_PAGE_MAX = 200;
/**
 * The most entries a fight's log may hold: an imported file over it is refused (issue #28). Every
 * entry is kept (the log is the table's record), so this bounds one campaign's rows, not a window.
 */
export const COMBAT_LOG_MAX_ENTRIES = 100_000;
