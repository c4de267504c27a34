// The tier table of docs/product.md#tiers, the single source for the server's checks and for every
// price, limit and feature list the web app shows (pricing page, upgrade modal, counters).

export const TIERS = ['Novice', 'Adventurer', 'Hero'] as const;
export type Tier = (typeof TIERS)[number];

/** Tiers that can be bought; Novice is the free default. */
export const PAID_PLANS = ['Adventurer', 'Hero'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** Whether `tier` is `wanted` or above it (Hero ≥ Adventurer ≥ Novice): the one tier rank. */
export function tierAtLeast(tier: Tier, wanted: Tier): boolean {
  return TIERS.indexOf(tier) >= TIERS.indexOf(wanted);
}

/** The tier one step below, or undefined for Novice. */
export function tierBelow(tier: Tier): Tier | undefined {
  return TIERS[TIERS.indexOf(tier) - 1];
}

/** The highest tier: nothing to upgrade to. */
export function isTopTier(tier: Tier): boolean {
  return tier === TIERS[TIERS.length - 1];
}

/**
 * Payment-provider subscription statuses that keep a paid plan (Stripe's names; the demo provider
 * uses the same): a failed renewal (`past_due`) keeps the plan while the provider retries.
 */
export const PAID_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

export interface TierLimits {
  priceEuroPerMonth: number;
  campaigns: number;
  unitsPerCampaign: number;
  races: number;
  classes: number;
  statuses: number;
  /** 0 means the default characteristics are read-only. */
  characteristics: number;
  rulesChars: number;
  raceNoteChars: number;
  classNoteChars: number;
  statusNoteChars: number;
  unitNoteChars: number;
  /** Saved encounters per campaign (docs/decisions/062). */
  encountersPerCampaign: number;
  /** Reveals the player page shows at once per campaign (docs/decisions/064). */
  revealsPerCampaign: number;
  /** Add, edit or delete characteristics, races, classes and statuses. */
  canEditLists: boolean;
  /** Initiative rules that read a characteristic. */
  canUseCharacteristicInitiative: boolean;
  /** Quick characteristic generation (Boss, Strong NPC, …) in the unit form. */
  canQuickGenerate: boolean;
  /** The house banner for the paid plans. */
  showsAds: boolean;
}

export const TIER_LIMITS: Readonly<Record<Tier, Readonly<TierLimits>>> = {
  Novice: {
    priceEuroPerMonth: 0,
    campaigns: 1,
    unitsPerCampaign: 10,
    races: 4,
    classes: 5,
    statuses: 6,
    characteristics: 0,
    rulesChars: 50_000,
    raceNoteChars: 10_000,
    classNoteChars: 10_000,
    statusNoteChars: 1_000,
    unitNoteChars: 20_000,
    encountersPerCampaign: 3,
    revealsPerCampaign: 20,
    canEditLists: false,
    canUseCharacteristicInitiative: false,
    canQuickGenerate: false,
    showsAds: true,
  },
  Adventurer: {
    priceEuroPerMonth: 10,
    campaigns: 2,
    unitsPerCampaign: 50,
    races: 20,
    classes: 15,
    statuses: 30,
    characteristics: 10,
    rulesChars: 200_000,
    raceNoteChars: 20_000,
    classNoteChars: 20_000,
    statusNoteChars: 2_000,
    unitNoteChars: 20_000,
    encountersPerCampaign: 30,
    revealsPerCampaign: 200,
    canEditLists: true,
    canUseCharacteristicInitiative: true,
    canQuickGenerate: true,
    showsAds: false,
  },
  Hero: {
    priceEuroPerMonth: 20,
    campaigns: 5,
    unitsPerCampaign: 200,
    races: 100,
    classes: 100,
    statuses: 100,
    characteristics: 50,
    rulesChars: 600_000,
    raceNoteChars: 20_000,
    classNoteChars: 20_000,
    statusNoteChars: 2_000,
    unitNoteChars: 20_000,
    encountersPerCampaign: 200,
    revealsPerCampaign: 200,
    canEditLists: true,
    canUseCharacteristicInitiative: true,
    canQuickGenerate: true,
    showsAds: false,
  },
};

/** The largest value of a limit over all tiers: the hard cap a request schema can state. */
export function maxOverTiers(key: keyof TierLimits): number {
  return Math.max(...TIERS.map((tier) => Number(TIER_LIMITS[tier][key])));
}

export function limitsOf(tier: Tier): Readonly<TierLimits> {
  return TIER_LIMITS[tier];
}

/** Plans a user of this tier may upgrade to (Novice sees both, Adventurer only Hero). */
export function upgradePlansFor(tier: Tier): PaidPlan[] {
  return PAID_PLANS.filter((plan) => !tierAtLeast(tier, plan));
}

/**
 * Whether a list may grow to `next` items when it holds `current` now. After a downgrade a list may
 * exceed its new limit: it stays editable, but nothing can be added until it is under the limit
 * (docs/product.md#downgrade).
 */
export function mayHoldCount(limit: number, current: number, next: number): boolean {
  return next <= limit || next <= current;
}

/**
 * Whether a text may be saved at `next` characters when it holds `previous` now (undefined for a new
 * item): within the limit, or — for text written before a downgrade — not longer than it was.
 */
export function mayHoldText(limit: number, previous: number | undefined, next: number): boolean {
  return next <= limit || (previous !== undefined && next <= previous);
}
