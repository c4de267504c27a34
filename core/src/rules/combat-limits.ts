// Plain limits of the combat table (no zod, so the web can read them without bundling it).

/** The longest duration a timed condition may be given, in counted turns. */
export const CONDITION_ROUNDS_MAX = 100;
/** Conditions one unit may carry at once. */
export const CONDITIONS_PER_UNIT_MAX = 20;
