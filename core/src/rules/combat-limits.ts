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
 * The most entries a fight's log may hold (issue #28): an imported file over it is refused, and a
 * live fight past it loses its oldest steps, whole, so undo reaches back that far (decision 046).
 */
export const COMBAT_LOG_MAX_ENTRIES = 100_000;
