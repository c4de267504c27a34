// One entry for every foreign format (issue #35): detect, read into a plan, keep what `only` names,
// and write the plan as a Questkeeper campaign file, which the campaign import then checks against
// the schema and the tier's limits and writes all or nothing — one path for every format.
import { GAME_DATA_FORMAT, GAME_DATA_FORMAT_VERSION } from '../constants';
import { defaultCampaignData } from '../campaigns/default-campaign';
import type { Language } from '../i18n';
import type { GameDataExportInput } from '../schemas/game-data-export';
import { detectFormat } from './detect';
import { readFiveTools } from './fivetools';
import { readImprovedInitiative } from './improved-initiative';
import type { ImportPlan, PlanOptions } from './plan';
import { readShieldmaiden } from './shieldmaiden';

/** A foreign file (already parsed and shape-checked) → its plan, or null when it is none of them. */
export function readForeignFile(file: unknown, options: PlanOptions): ImportPlan | null {
  switch (detectFormat(file)) {
    case 'improvedInitiative':
      return readImprovedInitiative(file, options);
    case 'shieldmaiden':
      return readShieldmaiden(file, options);
    case 'fivetools':
      return readFiveTools(file, options);
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

/** An existing campaign units are added to (POST /api/units/import). */
export interface ImportTarget {
  characteristics: readonly { name: string; max: 20 | 100 }[];
  race: string;
  class: string;
  status: string;
}

/**
 * A plan as a campaign file: the default campaign of `language` (so every tier can hold its lists),
 * the plan's units on its first race, class and status, its encounters naming them by key.
 */
export function planToGameData(
  plan: ImportPlan,
  language: Language,
  target?: ImportTarget,
): GameDataExportInput {
  const base = defaultCampaignData(language, () => '');
  if (target) {
    // Units for an existing campaign: its characteristics, its first race, class and status.
    base.characteristics = target.characteristics.map((c) => ({ ...c, pinned: false }));
    base.races = target.race ? [{ _id: '', name: target.race, note: '' }] : [];
    base.classes = target.class ? [{ _id: '', name: target.class, color: '#777777', note: '' }] : [];
    base.statuses = target.status ? [{ _id: '', name: target.status, note: '' }] : [];
    base.rules = '';
  }
  const strip = <T extends { _id?: string }>({ _id: _drop, ...rest }: T) => rest;
  const race = base.races[0]?.name ?? '';
  const klass = base.classes[0]?.name ?? '';
  const status = base.statuses[0]?.name ?? '';
  const ids = new Map(plan.units.map((unit, index) => [unit.key, `u${index + 1}`]));
  const ref = (key: string) => ids.get(key) ?? '';
  return {
    format: GAME_DATA_FORMAT,
    formatVersion: GAME_DATA_FORMAT_VERSION,
    campaign: {
      name: plan.name,
      rules: base.rules,
      characteristics: base.characteristics,
      races: base.races.map(strip),
      classes: base.classes.map(strip),
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
      race,
      class: klass,
      status,
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
