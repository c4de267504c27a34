// The feature list of each plan, derived from core's TIER_LIMITS so that no limit is ever retyped in
// the UI: the pricing page and the dashboard's upgrade modal render these through `plans.features.*`.
import { TIER_LIMITS, tierBelow, type Tier } from '@questkeeper/core/tiers';

/** A feature that states a number (rendered with the UI language's number format). */
export interface CountedFeature {
  key:
    | 'campaigns'
    | 'units'
    | 'encounters'
    | 'characteristics'
    | 'statuses'
    | 'races'
    | 'classes'
    | 'rulesChars';
  count: number;
}
/** A feature without a number. */
export interface PlainFeature {
  key: 'defaultContent' | 'combat';
}
/** "Everything in {{plan}}": the plan below, when that one is itself a paid plan. */
export interface InheritedFeature {
  key: 'everythingIn';
  plan: Tier;
}
export type PlanFeature = CountedFeature | PlainFeature | InheritedFeature;

function ownFeatures(tier: Tier): Exclude<PlanFeature, InheritedFeature>[] {
  const limits = TIER_LIMITS[tier];
  return [
    { key: 'campaigns', count: limits.campaigns },
    { key: 'units', count: limits.unitsPerCampaign },
    // Saved encounters per campaign (docs/decisions/062).
    { key: 'encounters', count: limits.encountersPerCampaign },
    // The combat simulator is open to every tier (docs/product.md#tiers).
    { key: 'combat' },
    ...(limits.canEditLists
      ? ([
          { key: 'characteristics', count: limits.characteristics },
          // The pricing card's "custom stats" is the statuses limit (docs/product.md#tiers).
          { key: 'statuses', count: limits.statuses },
          { key: 'races', count: limits.races },
          { key: 'classes', count: limits.classes },
        ] as const)
      : ([{ key: 'defaultContent' }] as const)),
    { key: 'rulesChars', count: limits.rulesChars },
  ];
}

/**
 * The features a plan card lists. A plan above another paid plan opens with "Everything in …" and
 * then lists only what grows: its numbers (the plain features are the lower plan's).
 */
export function planFeatures(tier: Tier): PlanFeature[] {
  const below = tierBelow(tier);
  const own = ownFeatures(tier);
  if (!below || TIER_LIMITS[below].priceEuroPerMonth === 0) return own;
  const lower = new Set(ownFeatures(below).map((feature) => feature.key));
  return [
    { key: 'everythingIn', plan: below },
    ...own.filter((feature) => 'count' in feature || !lower.has(feature.key)),
  ];
}
