// The encounter form's rules without React (docs/decisions/062): the draft a form opens with, core's
// checks beside the fields the server names in a 400 (`name`, `enemies.2.count`, `hazards.0.name`…),
// the body POST and PUT /api/encounters take, and the summary a list shows. Numbers hold the text typed.
import { checkName, checkText, checkWholeNumber, parseWhole, type Problem } from '@questkeeper/core/checks';
import {
  ENCOUNTER_COUNT_MAX,
  ENCOUNTER_NAME_MAX,
  ENCOUNTER_NOTES_MAX,
  HAZARD_DEFAULT_INITIATIVE,
  HAZARD_NAME_MAX,
  HAZARDS_PER_FIGHT_MAX,
  INITIATIVE_MAX,
  INITIATIVE_MIN,
} from '@questkeeper/core/limits';
import { findLinks, linkText } from '@questkeeper/core/links/links';
import { stripSecrets } from '@questkeeper/core/text/secret-blocks';
import type { Encounter, EncounterBody } from '@/lib/encounters';
import type { Unit } from '@/lib/units';

export type Side = 'allies' | 'enemies';

export interface EncounterMember {
  unitId: string;
  /** Enemies only: the unit and its numbered copies ("Goblin 2"…), made when the encounter runs. */
  count: string;
  hidden: boolean;
}

export interface EncounterHazardDraft {
  /** A stable key for the list. */
  key: string;
  name: string;
  initiative: string;
  hidden: boolean;
}

export interface EncounterDraft {
  name: string;
  allies: EncounterMember[];
  enemies: EncounterMember[];
  hazards: EncounterHazardDraft[];
  groupByName: boolean;
  notes: string;
}

export type EncounterProblems = Partial<Record<string, Problem>>;

export const memberField = (side: Side, index: number) => `${side}.${index}.count`;
export const hazardField = (index: number, part: 'name' | 'initiative') => `hazards.${index}.${part}`;

let hazardKeys = 0;

export function newHazard(): EncounterHazardDraft {
  return {
    key: `hazard-${++hazardKeys}`,
    name: '',
    initiative: String(HAZARD_DEFAULT_INITIATIVE),
    hidden: false,
  };
}

export const canAddHazard = (hazards: readonly unknown[]) => hazards.length < HAZARDS_PER_FIGHT_MAX;

/** A new encounter (null), or the one edited. */
export function initialDraft(encounter: Encounter | null): EncounterDraft {
  if (!encounter) return { name: '', allies: [], enemies: [], hazards: [], groupByName: false, notes: '' };
  const hidden = new Set(encounter.hidden);
  return {
    name: encounter.name,
    allies: encounter.allies.map(({ unitId }) => ({ unitId, count: '1', hidden: hidden.has(unitId) })),
    enemies: encounter.enemies.map(({ unitId, count }) => ({
      unitId,
      count: String(count),
      hidden: hidden.has(unitId),
    })),
    hazards: encounter.hazards.map((hazard) => ({
      key: `hazard-${++hazardKeys}`,
      name: hazard.name,
      initiative: String(hazard.initiative),
      hidden: hazard.hidden,
    })),
    groupByName: encounter.groups === 'byName',
    notes: encounter.notes,
  };
}

/** Every problem of the draft, by the server's field names. Empty when it can be saved. */
export function validateEncounter(draft: EncounterDraft): EncounterProblems {
  const problems: EncounterProblems = {};
  const name = checkName(draft.name, ENCOUNTER_NAME_MAX);
  if (name) problems.name = name;
  draft.enemies.forEach((enemy, index) => {
    const count = checkWholeNumber(enemy.count, { min: 1, max: ENCOUNTER_COUNT_MAX });
    if (count) problems[memberField('enemies', index)] = count;
  });
  draft.hazards.forEach((hazard, index) => {
    const hazardName = checkName(hazard.name, HAZARD_NAME_MAX);
    if (hazardName) problems[hazardField(index, 'name')] = hazardName;
    const initiative = checkWholeNumber(hazard.initiative, { min: INITIATIVE_MIN, max: INITIATIVE_MAX });
    if (initiative) problems[hazardField(index, 'initiative')] = initiative;
  });
  const notes = checkText(draft.notes, ENCOUNTER_NOTES_MAX);
  if (notes) problems.notes = notes;
  return problems;
}

const whole = (text: string, fallback: number) => {
  const value = parseWhole(text);
  return value === null || Number.isNaN(value) ? fallback : value;
};

/** The body of POST and PUT /api/encounters; call only when validateEncounter found nothing. */
export function encounterBody(draft: EncounterDraft): EncounterBody {
  return {
    name: draft.name.trim(),
    allies: draft.allies.map(({ unitId }) => ({ unitId })),
    enemies: draft.enemies.map(({ unitId, count }) => ({ unitId, count: whole(count, 1) })),
    hazards: draft.hazards.map(({ name, initiative, hidden }) => ({
      name: name.trim(),
      initiative: whole(initiative, HAZARD_DEFAULT_INITIATIVE),
      hidden,
    })),
    hidden: [...draft.allies, ...draft.enemies].filter(({ hidden }) => hidden).map(({ unitId }) => unitId),
    groups: draft.groupByName ? 'byName' : 'none',
    notes: draft.notes,
  };
}

/** The field names of the problems after the row at `index` of `list` ("enemies", "hazards") left. */
export function shiftRowFields<T>(fields: Readonly<Record<string, T>>, list: string, index: number) {
  const shifted: Record<string, T> = {};
  const pattern = new RegExp(`^${list}\\.(\\d+)\\.(.+)$`);
  for (const [name, value] of Object.entries(fields)) {
    const match = pattern.exec(name);
    if (!match) shifted[name] = value;
    else if (Number(match[1]) < index) shifted[name] = value;
    else if (Number(match[1]) > index) shifted[`${list}.${Number(match[1]) - 1}.${match[2]}`] = value;
  }
  return shifted;
}

/** The unit ids already in the draft, on either side (a unit fights on one side only). */
export function chosenUnits(draft: EncounterDraft): Set<string> {
  return new Set([...draft.allies, ...draft.enemies].map(({ unitId }) => unitId));
}

/** One line per side for the list: "Aria, Borin" / "Goblin ×5 · Ogre". Unknown units are left out. */
export function sideNames(
  members: readonly { unitId: string; count?: number }[],
  units: ReadonlyMap<string, Unit>,
  times: (name: string, count: number) => string,
): string[] {
  return members.flatMap(({ unitId, count = 1 }) => {
    const unit = units.get(unitId);
    if (!unit) return [];
    return [count > 1 ? times(unit.name, count) : unit.name];
  });
}

/** The notes with each `[[link]]` as the words it shows (docs/decisions/063). */
function linksAsText(notes: string): string {
  let out = '';
  let from = 0;
  for (const link of findLinks(notes)) {
    out += notes.slice(from, link.start) + linkText(link);
    from = link.end;
  }
  return from === 0 ? notes : out + notes.slice(from);
}

/**
 * The notes as a short plain line: secret blocks left out (a card teaser is no place to frame them, and
 * their `:::` markers would show raw), links and markdown marks dropped, whitespace folded, cut at `max`.
 */
export function notesPreview(notes: string, max = 160): string {
  const plain = linksAsText(stripSecrets(notes))
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
