// The words a language's demo table writes (demo-campaign.en.ts, .fr.ts), read by demo-campaign.ts.

/** The file references of the demo's units (ids inside the file; the import gives new ones). */
export const DEMO_UNITS = [
  'brenna',
  'aelar',
  'tomas',
  'pip',
  'drake',
  'goblin',
  'cultist',
  'innkeeper',
] as const;
export type DemoUnit = (typeof DEMO_UNITS)[number];

/** What a language's file writes. */
export interface DemoTexts {
  campaign: string;
  rules: string;
  /** Notes of the default lists, in their order (core/locales defaults): a Novice cannot edit lists. */
  raceNotes: string[];
  classNotes: string[];
  statusNotes: string[];
  units: Record<DemoUnit, { name: string; notes: string }>;
  counters: { legendary: string; breath: string };
  encounter: { name: string; notes: string; lair: string };
}
