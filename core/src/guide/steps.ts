// The guided first fight (docs/product.md#guided-first-fight, docs/decisions/068): its steps, in order,
// once for the server (which records them where the real action happens) and the web (which lists
// them). Ids are stored in the users' rows: never rename one, only add.

/** The steps in the order the checklist shows them. */
export const GUIDE_STEPS = ['demo', 'secret', 'encounter', 'dice', 'undo', 'phone'] as const;
export type GuideStep = (typeof GUIDE_STEPS)[number];

/** The one step the web records itself (finding the secret is reading, no request says so). */
export const GUIDE_SEEN_STEPS = ['secret'] as const satisfies readonly GuideStep[];

export function isGuideStep(value: unknown): value is GuideStep {
  return (GUIDE_STEPS as readonly unknown[]).includes(value);
}

/** Done steps, in the checklist's order, duplicates and unknown ids dropped. */
export function orderedSteps(done: readonly string[]): GuideStep[] {
  return GUIDE_STEPS.filter((step) => done.includes(step));
}

/** The first step not done yet; null once the guide is complete. */
export function nextGuideStep(done: readonly string[]): GuideStep | null {
  return GUIDE_STEPS.find((step) => !done.includes(step)) ?? null;
}

/**
 * Whether a combat action is a blow whose amount the server rolled: an attack given as a dice expression
 * ("2d6+3"). A plain number, even sent as a string, is not.
 */
export function isRolledDamage(action: { type: string; amount?: unknown }): boolean {
  return action.type === 'attack' && typeof action.amount === 'string' && /d/i.test(action.amount);
}
