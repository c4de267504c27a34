// One entry for every foreign format (issue #35): detect, read into a plan, keep what `only` names,
// and write the plan as a Questkeeper campaign file, which the campaign import then checks against
// the schema and the tier's limits and writes all or nothing — one path for every format.
import { GAME_DATA_FORMAT, GAME_DATA_FORMAT_VERSION } from '../constants';
import { DEFAULT_CLASS_COLORS, defaultCampaignData } from '../campaigns/default-campaign';
import type { Language } from '../i18n';
import type { GameDataExportInput } from '../schemas/game-data-export';
import { limitsOf, type Tier } from '../tiers';
import { matchingStatus } from '../combat/death-saves';
import { detectFormat, type ForeignFiles } from './detect';
import { readFiveTools } from './fivetools';
import { readFoundry } from './foundry';
import { readImprovedInitiative } from './improved-initiative';
import { readKanka } from './kanka';
import { Warnings, type ImportPlan, type PlanListEntry, type PlanOptions } from './plan';
import { readShieldmaiden } from './shieldmaiden';

/**
 * A foreign file (already parsed and shape-checked; a ZIP as its JSON files by path) → its plan, or
 * null when it is none of them.
 */
export function readForeignFile(file: unknown, options: PlanOptions): ImportPlan | null {
  switch (detectFormat(file)) {
    case 'improvedInitiative':
      return readImprovedInitiative(file, options);
    case 'shieldmaiden':
      return readShieldmaiden(file, options);
    case 'fivetools':
      return readFiveTools(file, options);
    case 'kanka':
      return readKanka(file as ForeignFiles, options);
    case 'foundry':
      return readFoundry(file, options);
    default:
      return null;
  }
}

/** The plan keeping the units and encounters `only` names, and the units those encounters need. */
export function selectFromPlan(plan: ImportPlan, only: readonly string[] | undefined): ImportPlan {
  if (only === undefined) return plan;
  const wanted = new Set(only);
  const encounters = plan.encounters.filter((e) => wanted.has(e.key));
  const needed = new Set(wanted);
  for (const e of encounters) {
    for (const key of [...e.allies, ...e.enemies.map((x) => x.unitKey)]) needed.add(key);
  }
  return { ...plan, units: plan.units.filter((u) => needed.has(u.key)), encounters };
}

/** The default campaign's characteristics in `language`: where a new campaign's abilities go. */
export function defaultCharacteristics(language: Language) {
  return defaultCampaignData(language, () => '').characteristics;
}

/** An existing campaign units are added to (POST /api/units/import): its lists, by name. */
export interface ImportTarget {
  characteristics: readonly { name: string; max: 20 | 100 }[];
  races: readonly string[];
  classes: readonly string[];
  statuses: readonly string[];
}

const fold = (name: string) => name.toLocaleLowerCase();

/**
 * The plan's races or classes added after `base`'s (a name already there, case aside, is that entry),
 * up to the tier's room; the names left out, with a warning each. Notes are cut at `noteMax`.
 */
function mergeList(
  base: { name: string; note: string }[],
  wanted: readonly PlanListEntry[],
  room: number,
  noteMax: number,
  warnings: Warnings,
): { merged: { name: string; note: string }[]; dropped: Set<string> } {
  const merged = base.map(({ name, note }) => ({ name, note }));
  const known = new Set(merged.map((entry) => fold(entry.name)));
  const dropped = new Set<string>();
  let added = 0;
  for (const { name, note } of wanted) {
    if (name === '' || known.has(fold(name))) continue;
    known.add(fold(name));
    if (added >= room) {
      dropped.add(fold(name));
      warnings.add('listFull', name, base.length + room);
      continue;
    }
    added += 1;
    let kept = note;
    if (kept.length > noteMax) {
      kept = kept.slice(0, noteMax);
      warnings.add('notesCut', name, noteMax);
    }
    merged.push({ name, note: kept });
  }
  return { merged, dropped };
}

/**
 * A plan as a campaign file: the default campaign of `language` (so every tier can hold its lists),
 * or the target campaign's lists; the races and classes the plan names added within the tier's room
 * (its limit less what the lists hold; none for a tier that cannot edit lists); the plan's rules in
 * place of the default rules (a new campaign only), cut at the tier's limit; units on their race and
 * class, else the first; its encounters naming them by key. Warnings go to `plan.warnings`.
 */
export function planToGameData(
  plan: ImportPlan,
  language: Language,
  target?: ImportTarget,
  tier: Tier = 'Hero',
): GameDataExportInput {
  const limits = limitsOf(tier);
  const base = defaultCampaignData(language, () => '');
  if (target) {
    // Units for an existing campaign: its characteristics and lists (names only: what units pick).
    base.characteristics = target.characteristics.map((c) => ({ ...c, pinned: false }));
    base.races = target.races.map((name) => ({ _id: '', name, note: '' }));
    base.classes = target.classes.map((name) => ({ _id: '', name, color: '#777777', note: '' }));
    base.statuses = target.statuses.map((name) => ({ _id: '', name, note: '' }));
    base.rules = '';
  }
  const warnings = new Warnings(language);
  warnings.list.push(...plan.warnings);
  const room = (limit: number, now: number) => (limits.canEditLists ? Math.max(0, limit - now) : 0);
  const races = mergeList(
    base.races,
    plan.races ?? [],
    room(limits.races, base.races.length),
    limits.raceNoteChars,
    warnings,
  );
  const classes = mergeList(
    base.classes,
    plan.classes ?? [],
    room(limits.classes, base.classes.length),
    limits.classNoteChars,
    warnings,
  );
  let rules = base.rules;
  if (!target && plan.rules) {
    rules = plan.rules;
    if (rules.length > limits.rulesChars) {
      rules = rules.slice(0, limits.rulesChars);
      warnings.add('rulesCut', plan.name, limits.rulesChars);
    }
  }
  plan.warnings.splice(0, plan.warnings.length, ...warnings.list);
  const strip = <T extends { _id?: string }>({ _id: _drop, ...rest }: T) => rest;
  const race = base.races[0]?.name ?? '';
  const klass = base.classes[0]?.name ?? '';
  const status = base.statuses[0]?.name ?? '';
  const pick = (
    list: { name: string }[],
    dropped: Set<string>,
    wanted: string | undefined,
    first: string,
  ) => {
    if (!wanted || dropped.has(fold(wanted))) return first;
    return list.find((entry) => fold(entry.name) === fold(wanted))?.name ?? first;
  };
  const ids = new Map(plan.units.map((unit, index) => [unit.key, `u${index + 1}`]));
  const ref = (key: string) => ids.get(key) ?? '';
  return {
    format: GAME_DATA_FORMAT,
    formatVersion: GAME_DATA_FORMAT_VERSION,
    campaign: {
      name: plan.name,
      rules,
      characteristics: base.characteristics,
      races: races.merged,
      classes: classes.merged.map((entry, index) => ({
        color:
          base.classes[index]?.color ??
          DEFAULT_CLASS_COLORS[index % DEFAULT_CLASS_COLORS.length] ??
          '#777777',
        ...entry,
      })),
      statuses: base.statuses.map(strip),
      initiativeRule: base.initiativeRule,
      initiativeCaracName: base.initiativeCaracName,
      initiativeModifier: base.initiativeModifier,
    },
    units: plan.units.map((unit) => ({
      id: ref(unit.key),
      name: unit.name,
      gender: 'Other',
      isPlayer: unit.isPlayer,
      race: pick(races.merged, races.dropped, unit.race, race),
      class: pick(classes.merged, classes.dropped, unit.class, klass),
      status: (unit.dead && matchingStatus(base.statuses, 'dead')?.name) || status,
      characteristics: unit.characteristics,
      hp: unit.hp,
      currentHp: unit.hp,
      money: { gold: 0, silver: 0, bronze: 0 },
      notes: unit.notes,
      counters: unit.counters,
    })),
    encounters: plan.encounters.map((e) => ({
      name: e.name,
      allies: e.allies.filter((k) => ids.has(k)).map((k) => ({ unitId: ref(k) })),
      enemies: e.enemies
        .filter((x) => ids.has(x.unitKey))
        .map((x) => ({ unitId: ref(x.unitKey), count: x.count })),
      hidden: e.hidden.filter((k) => ids.has(k)).map(ref),
      groups: e.groups,
      notes: e.notes,
    })),
  };
}
