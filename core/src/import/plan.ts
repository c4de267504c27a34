// Import from other tools (docs/product.md#import-from-other-tools, issue #35): the neutral "import
// plan" every foreign format is read into, and the helpers their readers share. Pure: the server
// previews a plan without writing anything, and turns it into a campaign file (plan-to-file.ts) that
// the existing campaign import checks and writes, all or nothing.
import { translate, type Language } from '../i18n';
import {
  COUNTER_LABEL_MAX,
  COUNTER_MAX,
  COUNTERS_PER_UNIT_MAX,
  ENCOUNTER_NAME_MAX,
  HP_MAX,
  NAME_MAX,
  RECHARGE_DIE_MAX,
  RECHARGE_DIE_MIN,
} from '../limits';
import { foldText } from '../text/fold';
import { maxOverTiers } from '../tiers';
import { isStorableText } from '../validation';
import { cleanStatBlockText, type StatBlockCounter } from './statblock';
import { ABILITY_OF, type Ability } from './statblock-vocabulary';

export const IMPORT_FORMATS = [
  'questkeeper',
  'improvedInitiative',
  'shieldmaiden',
  'fivetools',
  'kanka',
  'foundry',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Why a warning is there; the web words each one (foreignImport.warnings.* keys). */
export const IMPORT_WARNING_REASONS = [
  /** A value above its field's max: brought down to `limit`. */
  'clamped',
  /** A name longer than `limit`: cut. */
  'cut',
  /** Notes longer than `limit`: the end left out. */
  'notesCut',
  /** More counters than a unit carries: left out. */
  'tooManyCounters',
  /** An entry that is not what its format holds there (not an object, no name): left out. */
  'skipped',
  /** A text with characters that cannot be stored (U+0000, a lone surrogate): replaced by U+FFFD. */
  'unstorable',
  /** A field Questkeeper has no place for (an II alias): kept in the encounter's notes. */
  'keptInNotes',
  /** A race or class the campaign's list has no room for (its tier's limit, `limit`): not added. */
  'listFull',
  /** Rules sections longer than `limit` characters: the end left out. */
  'rulesCut',
  /** A file inside a ZIP, or part of one, Questkeeper does not read: left out. */
  'ignored',
  /** An encounter names a creature the file does not hold: left out of it. */
  'missingUnit',
  /** More entries than the reader takes (`limit`): the rest left out. */
  'tooManyEntries',
  /** A campaign archive's reveal whose unit or image is not in the file (docs/decisions/077): left out. */
  'revealDropped',
  /** A unit's portrait that is not in the file (a campaign file without its images): left out. */
  'portraitMissing',
] as const;
export type ImportWarningReason = (typeof IMPORT_WARNING_REASONS)[number];

export interface ImportWarning {
  reason: ImportWarningReason;
  /** The unit's or encounter's name, or the field, as read. */
  text: string;
  limit?: number;
}

export interface PlanUnit {
  /** Stable across readings of the same file: what `only` names. */
  key: string;
  name: string;
  hp: number;
  isPlayer: boolean;
  /** By the campaign's characteristic names, within each one's max. */
  characteristics: Record<string, number>;
  /** Markdown. */
  notes: string;
  counters: StatBlockCounter[];
  /** A race or class named by the file (Kanka, Foundry): the campaign's entry of that name. */
  race?: string;
  class?: string;
  /** Dead in the file (Kanka's `is_dead`): the campaign's Dead status when it has one. */
  dead?: boolean;
}

/** A race or class the file defines (Kanka races, Foundry classes), its note in markdown. */
export interface PlanListEntry {
  name: string;
  note: string;
}

export interface PlanEncounter {
  key: string;
  name: string;
  allies: string[];
  enemies: { unitKey: string; count: number }[];
  /** Unit keys hidden from the player view when it runs. */
  hidden: string[];
  groups: 'none' | 'byName';
  notes: string;
}

export interface ImportPlan {
  format: Exclude<ImportFormat, 'questkeeper'>;
  /** A name for the campaign the file would become. */
  name: string;
  units: PlanUnit[];
  encounters: PlanEncounter[];
  warnings: ImportWarning[];
  /** Races and classes the file defines or its units name. */
  races?: PlanListEntry[];
  classes?: PlanListEntry[];
  /** Markdown rules sections (Kanka notes and journals, Foundry journal entries), one heading each. */
  rules?: string;
}

export interface PlanOptions {
  /** The campaign's characteristics: abilities go to these names (Strength/Force…), within 0..max. */
  characteristics: readonly { name: string; max: number }[];
  /** The language of headings and counter labels written into notes. */
  language: Language;
  /** The notes' limit (the tier's unitNoteChars); the highest of every tier by default. */
  notesMax?: number;
}

/** Units and encounters one file may hold before the rest is left out (with a warning). */
export const FOREIGN_ENTRIES_MAX = 5_000;
/** Warnings a plan keeps (one more says "and more"). */
export const IMPORT_WARNINGS_MAX = 200;

/**
 * The JSON files of a ZIP (server-side unzipping, within its limits), by their paths in the archive:
 * what Kanka's export and a ZIP of Foundry exports are read from. A class, so no parsed JSON is one.
 */
export class ForeignFiles {
  constructor(
    readonly files: readonly { path: string; json: unknown }[],
    /** Names left out as unsafe (`..`, absolute paths, backslashes). */
    readonly ignored: readonly string[] = [],
  ) {}
}

// ---- Reading untrusted values ----

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Own entries of an object, prototype keys left out (never read, never copied). */
export function entriesOf(value: unknown): [string, unknown][] {
  if (!isRecord(value)) return [];
  return Object.keys(value)
    .filter((key) => !PROTOTYPE_KEYS.has(key))
    .map((key) => [key, value[key]]);
}

/** A field of an object, unless it is a prototype key. */
export function field(value: unknown, key: string): unknown {
  if (!isRecord(value) || PROTOTYPE_KEYS.has(key) || !Object.hasOwn(value, key)) return undefined;
  return value[key];
}

export const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/** The characters of a warning's text at most (then "…"). */
export const WARNING_TEXT_MAX = 200;

/** Collects warnings, up to IMPORT_WARNINGS_MAX. */
export class Warnings {
  readonly list: ImportWarning[] = [];
  constructor(readonly language: Language = 'en') {}
  add(reason: ImportWarningReason, text: string, limit?: number) {
    if (this.list.length > IMPORT_WARNINGS_MAX) return;
    // A warning names what it is about, not all of it (a name of a megabyte stays in the file).
    const shown = text.length > WARNING_TEXT_MAX ? `${[...text.slice(0, WARNING_TEXT_MAX)].join('')}…` : text;
    this.list.push(limit === undefined ? { reason, text: shown } : { reason, text: shown, limit });
  }
}

// eslint-disable-next-line no-control-regex -- U+0000 is exactly what cannot be stored
const NON_STORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/** A text of the file, storable (what cannot be stored becomes U+FFFD, with a warning). */
export function textOf(value: unknown, warnings: Warnings, where: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return '';
  if (isStorableText(value)) return value;
  warnings.add('unstorable', where);
  return value.replace(NON_STORABLE, '\uFFFD');
}

/** A name within `max` characters (whole code points), cut with a warning. */
export function nameOf(value: unknown, warnings: Warnings, max = NAME_MAX): string {
  const name = textOf(value, warnings, typeof value === 'string' ? value.slice(0, max) : '')
    .replace(/\s+/g, ' ')
    .trim();
  const points = [...name];
  if (points.length <= max) return name;
  const cut = points.slice(0, max).join('').trim();
  warnings.add('cut', name, max);
  return cut;
}

export function clampHp(value: unknown, warnings: Warnings, name: string): number {
  const hp = Math.round(numberOf(value) ?? 0);
  if (hp > HP_MAX) {
    warnings.add('clamped', `${name}: HP ${hp}`, HP_MAX);
    return HP_MAX;
  }
  return Math.max(0, hp);
}

export const ENCOUNTER_NAME = ENCOUNTER_NAME_MAX;

// ---- Building a unit ----

/** One trait, action or legendary action as the file holds it. */
export interface Entry {
  name: string;
  text: string;
}
export interface NoteSection {
  heading: string;
  entries: Entry[];
}

/** Abilities as read (str…cha) onto the campaign's characteristics, clamped with warnings. */
export function characteristicsOf(
  abilities: Partial<Record<Ability, number | null>>,
  options: PlanOptions,
  warnings: Warnings,
  unitName: string,
): Record<string, number> {
  const values: Record<string, number> = {};
  for (const def of options.characteristics) {
    const ability = ABILITY_OF.get(foldText(def.name).trim());
    const value = ability ? abilities[ability] : undefined;
    if (value === undefined || value === null) continue;
    const whole = Math.max(0, Math.round(value));
    if (whole > def.max) warnings.add('clamped', `${unitName}: ${def.name} ${whole}`, def.max);
    values[def.name] = Math.min(whole, def.max);
  }
  return values;
}

/** Counters from the entries' names ("Fire Breath (Recharge 5–6)", "(3/Day)") and the legendary count. */
export function countersOf(
  sections: readonly { entries: readonly Entry[]; recharge?: readonly (string | null)[] }[],
  legendary: number | null,
  options: PlanOptions,
  warnings: Warnings,
  unitName: string,
): StatBlockCounter[] {
  const counters: StatBlockCounter[] = [];
  const add = (counter: StatBlockCounter) => {
    const label = [...counter.label.trim()].slice(0, COUNTER_LABEL_MAX).join('').trim();
    if (label === '') return;
    if (counters.length >= COUNTERS_PER_UNIT_MAX) {
      warnings.add('tooManyCounters', `${unitName}: ${label}`, COUNTERS_PER_UNIT_MAX);
      return;
    }
    counters.push({ ...counter, label });
  };
  if (legendary !== null && legendary > 0) {
    add({
      label: translate(options.language, 'unitForm.counters.legendaryLabel'),
      max: Math.min(Math.round(legendary), COUNTER_MAX),
      kind: 'uses',
      reset: 'turnStart',
      recharge: null,
    });
  }
  for (const section of sections) {
    section.entries.forEach((entry, index) => {
      const folded = foldText(cleanStatBlockText(entry.name));
      const label = entry.name.replace(/\s*\([^()]*\)/g, '').trim() || entry.name;
      const given = section.recharge?.[index] ?? null;
      const recharge =
        /recharge\s+(\d{1,2})\s*(?:-\s*(\d{1,2}))?/.exec(folded) ??
        (given === null ? null : /^\s*(\d{1,2})\s*(?:-\s*(\d{1,2}))?\s*$/.exec(cleanStatBlockText(given)));
      if (recharge) {
        const min = Number(recharge[1]);
        const die = Number(recharge[2] ?? 6);
        if (die >= RECHARGE_DIE_MIN && die <= RECHARGE_DIE_MAX && min >= 1 && min <= die) {
          add({ label, max: 1, kind: 'uses', reset: 'never', recharge: { die, min } });
          return;
        }
      }
      const perDay = /\(\s*(\d{1,2})\s*\/\s*(?:day|jour)\s*\)/.exec(folded);
      if (perDay && Number(perDay[1]) >= 1) {
        add({
          label,
          max: Math.min(Number(perDay[1]), COUNTER_MAX),
          kind: 'uses',
          reset: 'never',
          recharge: null,
        });
      }
    });
  }
  return counters;
}

/** Notes as markdown: header lines, then each section's entries as "**Name.** text", within notesMax. */
export function notesOf(
  intro: readonly string[],
  sections: readonly NoteSection[],
  options: PlanOptions,
  warnings: Warnings,
  unitName: string,
): string {
  const notesMax = options.notesMax ?? maxOverTiers('unitNoteChars');
  const blocks = intro.filter((line) => line.trim() !== '');
  for (const section of sections) {
    if (section.entries.length === 0) continue;
    blocks.push(`## ${section.heading}`);
    for (const { name, text } of section.entries) {
      blocks.push(name ? `**${name}.** ${text}`.trimEnd() : text);
    }
  }
  let notes = blocks.join('\n\n');
  if (notes.length > notesMax) {
    notes = [...notes.slice(0, notesMax)].join('');
    if (notes.length > notesMax) notes = notes.slice(0, notesMax - 1);
    warnings.add('notesCut', unitName, notesMax);
  }
  return notes;
}

/** The headings notes are written with, in the plan's language. */
export function headings(language: Language) {
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key);
  return {
    traits: t('unitForm.statBlock.traits'),
    actions: t('foreignImport.headings.actions'),
    bonusActions: t('foreignImport.headings.bonusActions'),
    reactions: t('foreignImport.headings.reactions'),
    legendary: t('unitForm.counters.legendaryLabel'),
    mythic: t('foreignImport.headings.mythic'),
    armorClass: t('foreignImport.headings.armorClass'),
    speed: t('foreignImport.headings.speed'),
    senses: t('foreignImport.headings.senses'),
    languages: t('foreignImport.headings.languages'),
    challenge: t('foreignImport.headings.challenge'),
    saves: t('foreignImport.headings.saves'),
    skills: t('foreignImport.headings.skills'),
    aliases: t('foreignImport.headings.aliases'),
  };
}

/** Keys unique within a plan: a second "goblin" becomes "goblin~2". */
export class Keys {
  private readonly seen = new Set<string>();
  take(wanted: string): string {
    const base = wanted.slice(0, 120) || 'entry';
    let key = base;
    for (let n = 2; this.seen.has(key); n += 1) key = `${base}~${n}`;
    this.seen.add(key);
    return key;
  }
}
