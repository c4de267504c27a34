// What the legal pages say, apart from the words themselves (core/locales, namespaces "imprint" and
// "terms"): the date of the texts, the figures of docs/product.md#limits, and the order of sections and
// paragraphs.
import type en from '@questkeeper/core/locales/en.json';
import { TIER_LIMITS } from '@questkeeper/core/tiers';

/** The date the texts last changed in substance (shown as "Last updated"). */
export const LAST_UPDATED = '2026-11-21';

/** docs/product.md#limits terms constants, interpolated into the texts so that they are written once. */
export const TERMS_VALUES = {
  minimumAge: 18,
  noticeDays: 30,
  liabilityMonths: 12,
  responseHours: 24,
  adventurerPrice: TIER_LIMITS.Adventurer.priceEuroPerMonth,
  heroPrice: TIER_LIMITS.Hero.priceEuroPerMonth,
} as const;

type SectionsOf<D extends 'imprint' | 'terms'> = (typeof en)[D]['sections'];
type ParagraphsOf<S> = Exclude<keyof S, 'title'>;
/** Section id → its paragraph keys in reading order, checked against en.json. */
type Plan<S> = { readonly [K in keyof S]: readonly ParagraphsOf<S[K]>[] };
/** Paragraphs that en.json has but a plan forgot (never, or the typecheck fails below). */
type Unlisted<S, P extends Plan<S>> = { [K in keyof S]: Exclude<ParagraphsOf<S[K]>, P[K][number]> }[keyof S];
type AssertComplete<T extends true> = T;

export const PRIVACY_SECTIONS = {
  dataCollection: ['p1', 'p2', 'p3', 'p4'],
  purpose: ['p1', 'p2', 'p3', 'p4'],
  legalBasis: ['p1', 'p2'],
  sharing: ['p1', 'p2', 'p3'],
  retention: ['p1', 'p2', 'p3'],
  rights: ['p1', 'p2', 'p3'],
  security: ['p1', 'p2'],
  cookies: ['p1', 'p2', 'p3'],
  changes: ['p1'],
  contact: ['p1'],
} as const satisfies Plan<SectionsOf<'imprint'>>;

export const TERMS_SECTIONS = {
  general: ['p1', 'p2', 'p3'],
  age: ['p1', 'p2'],
  usage: ['p1', 'p2', 'p3'],
  restrictions: ['p1', 'p2', 'p3'],
  billing: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'],
  privacy: ['p1'],
  communication: ['p1', 'p2'],
  intellectualProperty: ['p1', 'p2'],
  termination: ['p1', 'p2', 'p3'],
  miscellaneous: ['p1', 'p2', 'p3'],
  questions: ['p1'],
} as const satisfies Plan<SectionsOf<'terms'>>;

export type _PlansAreComplete = [
  AssertComplete<[Unlisted<SectionsOf<'imprint'>, typeof PRIVACY_SECTIONS>] extends [never] ? true : false>,
  AssertComplete<[Unlisted<SectionsOf<'terms'>, typeof TERMS_SECTIONS>] extends [never] ? true : false>,
];

export type PrivacySectionId = keyof typeof PRIVACY_SECTIONS;
export type TermsSectionId = keyof typeof TERMS_SECTIONS;

export function sectionIds<P extends object>(plan: P): (keyof P & string)[] {
  return Object.keys(plan) as (keyof P & string)[];
}

/** In-page anchor of a section: dataCollection → data-collection. */
export function anchorOf(id: string): string {
  return id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
