// Improved Initiative's account or library export (issue #35): an object whose keys are its
// localStorage keys, "Creatures.<id>", "PersistentCharacters.<id>", "PlayerCharacters.<id>",
// "SavedEncounters.<id>", each value the saved item or that item as a JSON string. Read into an
// import plan (plan.ts): creatures and characters → units, saved encounters → encounters.
import { foldText } from '../text/fold';
import { cleanStatBlockText } from './statblock';
import { legendaryCount, type Ability } from './statblock-vocabulary';
import { checkJsonShape, II_KEY } from './detect';
import {
  arrayOf,
  characteristicsOf,
  clampHp,
  countersOf,
  entriesOf,
  ENCOUNTER_NAME,
  field,
  FOREIGN_ENTRIES_MAX,
  headings,
  isRecord,
  Keys,
  nameOf,
  notesOf,
  numberOf,
  textOf,
  Warnings,
  type Entry,
  type ImportPlan,
  type PlanEncounter,
  type PlanOptions,
  type PlanUnit,
} from './plan';

const ABILITY_FIELDS: Record<Ability, string> = {
  str: 'Str',
  dex: 'Dex',
  con: 'Con',
  int: 'Int',
  wis: 'Wis',
  cha: 'Cha',
};

/** A stored value: the object, or the object written as a JSON string (within the shape limits). */
function itemOf(value: unknown): Record<string, unknown> | null {
  if (isRecord(value)) return value;
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) && checkJsonShape(parsed) === null ? parsed : null;
  } catch {
    return null;
  }
}

function entriesIn(list: unknown, warnings: Warnings, where: string): (Entry & { usage: string })[] {
  return arrayOf(list)
    .filter(isRecord)
    .map((item) => ({
      name: textOf(field(item, 'Name'), warnings, where).trim(),
      text: cleanStatBlockText(textOf(field(item, 'Content'), warnings, where)).trim(),
      usage: textOf(field(item, 'Usage'), warnings, where).trim(),
    }));
}

const joinList = (value: unknown, warnings: Warnings, where: string) =>
  arrayOf(value)
    .map((item) =>
      isRecord(item)
        ? `${textOf(field(item, 'Name'), warnings, where)} ${signed(numberOf(field(item, 'Modifier')))}`.trim()
        : textOf(item, warnings, where),
    )
    .filter((text) => text.trim() !== '')
    .join(', ');

const signed = (value: number | null) => (value === null ? '' : value >= 0 ? `+${value}` : `${value}`);

/** One II stat block → a unit of the plan. */
function unitOf(
  key: string,
  block: Record<string, unknown>,
  isPlayer: boolean,
  extraNotes: string,
  options: PlanOptions,
  warnings: Warnings,
): PlanUnit | null {
  const name = nameOf(field(block, 'Name'), warnings);
  if (name === '') {
    warnings.add('skipped', key);
    return null;
  }
  const h = headings(options.language);
  const abilities = field(block, 'Abilities');
  const scores: Partial<Record<Ability, number | null>> = {};
  for (const [ability, fieldName] of Object.entries(ABILITY_FIELDS) as [Ability, string][]) {
    scores[ability] = numberOf(field(abilities, fieldName));
  }
  const hp = clampHp(field(field(block, 'HP'), 'Value'), warnings, name);
  const sections = {
    traits: entriesIn(field(block, 'Traits'), warnings, name),
    actions: entriesIn(field(block, 'Actions'), warnings, name),
    bonus: entriesIn(field(block, 'BonusActions'), warnings, name),
    reactions: entriesIn(field(block, 'Reactions'), warnings, name),
    legendary: entriesIn(field(block, 'LegendaryActions'), warnings, name),
    mythic: entriesIn(field(block, 'MythicActions'), warnings, name),
  };
  const withUsage = (entries: (Entry & { usage: string })[]) =>
    entries.map(({ name: entryName, text, usage }) => ({
      name: usage ? `${entryName} (${usage})` : entryName,
      text,
    }));
  const ac = numberOf(field(field(block, 'AC'), 'Value'));
  const acNotes = textOf(field(field(block, 'AC'), 'Notes'), warnings, name).trim();
  const line = (label: string, value: string) => (value.trim() ? `**${label}** ${value.trim()}` : '');
  const type = textOf(field(block, 'Type'), warnings, name).trim();
  const intro = [
    type ? `*${type}*` : '',
    [
      line(h.armorClass, ac === null ? '' : `${ac}${acNotes ? ` ${acNotes}` : ''}`),
      line(h.speed, joinList(field(block, 'Speed'), warnings, name)),
      line(h.saves, joinList(field(block, 'Saves'), warnings, name)),
      line(h.skills, joinList(field(block, 'Skills'), warnings, name)),
      line(h.senses, joinList(field(block, 'Senses'), warnings, name)),
      line(h.languages, joinList(field(block, 'Languages'), warnings, name)),
      line(h.challenge, textOf(field(block, 'Challenge'), warnings, name)),
    ]
      .filter(Boolean)
      .join('  \n'),
    cleanStatBlockText(textOf(field(block, 'Description'), warnings, name)).trim(),
    extraNotes,
  ];
  const legendaryText = foldText(
    [
      textOf(field(block, 'Description'), warnings, name),
      ...sections.legendary.map((e) => `${e.name}. ${e.text}`),
    ].join(' '),
  );
  const legendary = sections.legendary.length === 0 ? null : (legendaryCount(legendaryText) ?? 3);
  return {
    key,
    name,
    hp,
    isPlayer,
    characteristics: characteristicsOf(scores, options, warnings, name),
    notes: notesOf(
      intro,
      [
        { heading: h.traits, entries: withUsage(sections.traits) },
        { heading: h.actions, entries: withUsage(sections.actions) },
        { heading: h.bonusActions, entries: withUsage(sections.bonus) },
        { heading: h.reactions, entries: withUsage(sections.reactions) },
        { heading: h.legendary, entries: withUsage(sections.legendary) },
        { heading: h.mythic, entries: withUsage(sections.mythic) },
      ],
      options,
      warnings,
      name,
    ),
    counters: countersOf(
      [
        { entries: withUsage(sections.traits) },
        { entries: withUsage(sections.actions) },
        { entries: withUsage(sections.bonus) },
        { entries: withUsage(sections.reactions) },
      ],
      legendary,
      options,
      warnings,
      name,
    ),
  };
}

export function readImprovedInitiative(file: unknown, options: PlanOptions): ImportPlan {
  const warnings = new Warnings();
  const units: PlanUnit[] = [];
  const encounters: PlanEncounter[] = [];
  const keys = new Keys();
  /** Library ids (a creature's, a persistent character's) → its unit key. */
  const byId = new Map<string, string>();
  const savedEncounters: [string, Record<string, unknown>][] = [];
  let entries = 0;

  for (const [storageKey, value] of entriesOf(file)) {
    const match = II_KEY.exec(storageKey);
    if (!match) continue;
    entries += 1;
    if (entries > FOREIGN_ENTRIES_MAX) {
      warnings.add('tooManyEntries', storageKey, FOREIGN_ENTRIES_MAX);
      break;
    }
    const [, kind, id = ''] = match;
    const item = itemOf(value);
    if (!item) {
      warnings.add('skipped', storageKey);
      continue;
    }
    if (kind === 'SavedEncounters') {
      savedEncounters.push([storageKey, item]);
      continue;
    }
    const persistent = kind === 'PersistentCharacters';
    const block = persistent ? field(item, 'StatBlock') : item;
    if (!isRecord(block)) {
      warnings.add('skipped', storageKey);
      continue;
    }
    const isPlayer = persistent || kind === 'PlayerCharacters' || field(block, 'Player') === 'player';
    const extra = persistent ? textOf(field(item, 'Notes'), warnings, storageKey).trim() : '';
    const unit = unitOf(keys.take(storageKey), block, isPlayer, extra, options, warnings);
    if (!unit) continue;
    units.push(unit);
    byId.set(id, unit.key);
  }

  for (const [storageKey, item] of savedEncounters) {
    const name = nameOf(field(item, 'Name'), warnings, ENCOUNTER_NAME) || storageKey;
    const encounter: PlanEncounter = {
      key: keys.take(storageKey),
      name,
      allies: [],
      enemies: [],
      hidden: [],
      groups: 'none',
      notes: '',
    };
    const aliases: string[] = [];
    const groups = new Map<string, number>();
    /** A combatant without a library entry: one unit per stat block name within this encounter. */
    const local = new Map<string, string>();
    for (const combatant of arrayOf(field(item, 'Combatants'))) {
      if (!isRecord(combatant)) continue;
      const block = field(combatant, 'StatBlock');
      const persistentId = textOf(field(combatant, 'PersistentCharacterId'), warnings, name);
      const blockId = isRecord(block) ? textOf(field(block, 'Id'), warnings, name) : '';
      let unitKey = (persistentId && byId.get(persistentId)) || (blockId && byId.get(blockId)) || '';
      const blockName = isRecord(block) ? nameOf(field(block, 'Name'), warnings) : '';
      if (!unitKey && isRecord(block) && blockName) {
        unitKey = local.get(foldText(blockName)) ?? '';
        if (!unitKey) {
          const isPlayer = field(block, 'Player') === 'player' || persistentId !== '';
          const unit = unitOf(
            keys.take(`${storageKey}/${blockName}`),
            block,
            isPlayer,
            '',
            options,
            warnings,
          );
          if (unit) {
            units.push(unit);
            unitKey = unit.key;
            local.set(foldText(blockName), unit.key);
          }
        }
      }
      if (!unitKey) {
        warnings.add('missingUnit', `${name}: ${blockName || persistentId || blockId}`);
        continue;
      }
      const unit = units.find((u) => u.key === unitKey)!;
      if (unit.isPlayer) {
        if (!encounter.allies.includes(unitKey)) encounter.allies.push(unitKey);
      } else {
        const enemy = encounter.enemies.find((e) => e.unitKey === unitKey);
        if (enemy) enemy.count = Math.min(enemy.count + 1, 50);
        else encounter.enemies.push({ unitKey, count: 1 });
      }
      if (field(combatant, 'Hidden') === true && !encounter.hidden.includes(unitKey))
        encounter.hidden.push(unitKey);
      const alias = cleanStatBlockText(textOf(field(combatant, 'Alias'), warnings, name)).trim();
      if (alias) {
        aliases.push(`- ${unit.name} → “${alias}”`);
        warnings.add('keptInNotes', `${name}: ${unit.name} “${alias}”`);
      }
      const group = textOf(field(combatant, 'InitiativeGroup'), warnings, name);
      if (group) groups.set(group, (groups.get(group) ?? 0) + 1);
    }
    if ([...groups.values()].some((n) => n >= 2)) encounter.groups = 'byName';
    if (aliases.length > 0)
      encounter.notes = `## ${headings(options.language).aliases}\n\n${aliases.join('\n')}`;
    encounters.push(encounter);
  }
  return {
    format: 'improvedInitiative',
    name: 'Improved Initiative',
    units,
    encounters,
    warnings: warnings.list,
  };
}
