// Shieldmaiden's export (issue #35): `meta.export_version` with `campaigns`, `players`,
// `encounters` and `npcs`, each a list or an object keyed by the item's key. NPCs → units (their
// `actions` with `recharge` or a daily `limit` → counters, `legendary_count` → the legendary actions
// counter), players → player characters, encounters' entities → encounters.
import { foldText } from '../text/fold';
import { cleanStatBlockText } from './statblock';
import type { Ability } from './statblock-vocabulary';
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
  str: 'strength',
  dex: 'dexterity',
  con: 'constitution',
  int: 'intelligence',
  wis: 'wisdom',
  cha: 'charisma',
};

/** A list, or an object keyed by the items' keys: [key, item] pairs either way. */
function itemsOf(value: unknown): [string, Record<string, unknown>][] {
  if (Array.isArray(value))
    return value
      .filter(isRecord)
      .map((item, index) => [String(textOrNumber(field(item, 'key')) || index), item]);
  return entriesOf(value).filter((pair): pair is [string, Record<string, unknown>] => isRecord(pair[1]));
}
const textOrNumber = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

interface SmEntry extends Entry {
  recharge: string | null;
}

function entriesIn(list: unknown, warnings: Warnings, where: string): SmEntry[] {
  return arrayOf(list)
    .filter(isRecord)
    .map((item) => {
      const limit = numberOf(field(item, 'limit'));
      const limitType = textOf(field(item, 'limit_type'), warnings, where);
      const name = textOf(field(item, 'name'), warnings, where).trim();
      const recharge = textOf(field(item, 'recharge'), warnings, where).trim();
      return {
        name: limit !== null && limit > 0 && /day|jour/i.test(limitType) ? `${name} (${limit}/Day)` : name,
        text: cleanStatBlockText(textOf(field(item, 'desc'), warnings, where)).trim(),
        recharge: /^\d/.test(recharge) ? recharge : null,
      };
    });
}

export function readShieldmaiden(file: unknown, options: PlanOptions): ImportPlan {
  const warnings = new Warnings();
  const keys = new Keys();
  const h = headings(options.language);
  const units: PlanUnit[] = [];
  const byKey = new Map<string, string>();
  let entries = 0;
  const counted = (what: string) => {
    entries += 1;
    if (entries === FOREIGN_ENTRIES_MAX + 1) warnings.add('tooManyEntries', what, FOREIGN_ENTRIES_MAX);
    return entries <= FOREIGN_ENTRIES_MAX;
  };

  for (const [itemKey, npc] of itemsOf(field(file, 'npcs'))) {
    if (!counted('npcs')) break;
    const name = nameOf(field(npc, 'name'), warnings);
    if (name === '') {
      warnings.add('skipped', `npcs ${itemKey}`);
      continue;
    }
    const scores: Partial<Record<Ability, number | null>> = {};
    for (const [ability, fieldName] of Object.entries(ABILITY_FIELDS) as [Ability, string][])
      scores[ability] = numberOf(field(npc, fieldName));
    const sections = {
      traits: entriesIn(field(npc, 'special_abilities'), warnings, name),
      actions: entriesIn(field(npc, 'actions'), warnings, name),
      reactions: entriesIn(field(npc, 'reactions'), warnings, name),
      legendary: entriesIn(field(npc, 'legendary_actions'), warnings, name),
    };
    const legendaryCount = numberOf(field(npc, 'legendary_count'));
    const legendary =
      sections.legendary.length === 0 && legendaryCount === null ? null : (legendaryCount ?? 3);
    const line = (label: string, value: string) => (value.trim() ? `**${label}** ${value.trim()}` : '');
    const intro = [
      [
        textOf(field(npc, 'size'), warnings, name),
        textOf(field(npc, 'type'), warnings, name),
        textOf(field(npc, 'alignment'), warnings, name),
      ]
        .filter((t) => t.trim())
        .join(', ')
        .replace(/^(.+)$/, '*$1*'),
      [
        line(h.armorClass, textOrNumber(field(npc, 'armor_class'))),
        line(h.challenge, textOrNumber(field(npc, 'challenge_rating'))),
        line(
          h.languages,
          arrayOf(field(npc, 'languages'))
            .map((l) => textOf(l, warnings, name))
            .join(', '),
        ),
      ]
        .filter(Boolean)
        .join('  \n'),
      cleanStatBlockText(textOf(field(npc, 'description'), warnings, name)).trim(),
    ];
    const unit: PlanUnit = {
      key: keys.take(`npcs:${itemKey}`),
      name,
      hp: clampHp(field(npc, 'hit_points'), warnings, name),
      isPlayer: false,
      characteristics: characteristicsOf(scores, options, warnings, name),
      notes: notesOf(
        intro,
        [
          { heading: h.traits, entries: sections.traits },
          { heading: h.actions, entries: sections.actions },
          { heading: h.reactions, entries: sections.reactions },
          { heading: h.legendary, entries: sections.legendary },
        ],
        options,
        warnings,
        name,
      ),
      counters: countersOf(
        [sections.traits, sections.actions, sections.reactions].map((list) => ({
          entries: list,
          recharge: list.map((e) => e.recharge),
        })),
        legendary,
        options,
        warnings,
        name,
      ),
    };
    units.push(unit);
    byKey.set(`npc:${itemKey}`, unit.key);
  }

  // Players: the account's list, and any a campaign holds inline.
  const players = itemsOf(field(file, 'players'));
  for (const [, campaign] of itemsOf(field(file, 'campaigns'))) {
    for (const [playerKey, player] of itemsOf(field(campaign, 'players'))) {
      if (field(player, 'character_name') !== undefined && !players.some(([k]) => k === playerKey))
        players.push([playerKey, player]);
    }
  }
  for (const [playerKey, player] of players) {
    if (!counted('players')) break;
    const name = nameOf(field(player, 'character_name') ?? field(player, 'name'), warnings);
    if (name === '') {
      warnings.add('skipped', `players ${playerKey}`);
      continue;
    }
    const scores: Partial<Record<Ability, number | null>> = {};
    for (const [ability, fieldName] of Object.entries(ABILITY_FIELDS) as [Ability, string][])
      scores[ability] = numberOf(field(player, fieldName));
    const ac = textOrNumber(field(player, 'ac'));
    const unit: PlanUnit = {
      key: keys.take(`players:${playerKey}`),
      name,
      hp: clampHp(
        field(player, 'maxHp') ?? field(player, 'max_hp') ?? field(player, 'hit_points'),
        warnings,
        name,
      ),
      isPlayer: true,
      characteristics: characteristicsOf(scores, options, warnings, name),
      notes: ac ? `**${h.armorClass}** ${ac}` : '',
      counters: [],
    };
    units.push(unit);
    byKey.set(`player:${playerKey}`, unit.key);
  }

  const encounters: PlanEncounter[] = [];
  for (const [encounterKey, item] of itemsOf(field(file, 'encounters'))) {
    if (!counted('encounters')) break;
    const name =
      nameOf(field(item, 'name') ?? field(item, 'encounter'), warnings, ENCOUNTER_NAME) || encounterKey;
    const encounter: PlanEncounter = {
      key: keys.take(`encounters:${encounterKey}`),
      name,
      allies: [],
      enemies: [],
      hidden: [],
      groups: 'none',
      notes: '',
    };
    for (const [entityKey, entity] of itemsOf(field(item, 'entities'))) {
      const type = textOf(field(entity, 'entityType'), warnings, name);
      const ref = textOrNumber(field(entity, 'id')) || entityKey;
      const entityName = nameOf(field(entity, 'name'), warnings);
      let unitKey =
        type === 'player'
          ? byKey.get(`player:${ref}`)
          : byKey.get(`npc:${textOrNumber(field(entity, 'npc')) || ref}`);
      // A monster of Shieldmaiden's own list: found by name among the file's NPCs.
      unitKey ??= units.find(
        (u) => !u.isPlayer && foldText(u.name) === foldText(entityName.replace(/\s*\(?\d+\)?$/, '')),
      )?.key;
      if (!unitKey && entityName) {
        const hp = clampHp(field(entity, 'maxHp'), warnings, entityName);
        const unit: PlanUnit = {
          key: keys.take(`encounters:${encounterKey}/${foldText(entityName)}`),
          name: entityName,
          hp,
          isPlayer: type === 'player',
          characteristics: {},
          notes: '',
          counters: [],
        };
        units.push(unit);
        unitKey = unit.key;
      }
      if (!unitKey) {
        warnings.add('missingUnit', `${name}: ${entityKey}`);
        continue;
      }
      if (type === 'player') {
        if (!encounter.allies.includes(unitKey)) encounter.allies.push(unitKey);
      } else {
        const enemy = encounter.enemies.find((e) => e.unitKey === unitKey);
        if (enemy) enemy.count = Math.min(enemy.count + 1, 50);
        else encounter.enemies.push({ unitKey, count: 1 });
      }
      if (field(entity, 'hidden') === true && !encounter.hidden.includes(unitKey))
        encounter.hidden.push(unitKey);
    }
    encounters.push(encounter);
  }
  const [, firstCampaign] = itemsOf(field(file, 'campaigns'))[0] ?? [];
  const title =
    nameOf(field(firstCampaign, 'name') ?? field(firstCampaign, 'campaign'), warnings) || 'Shieldmaiden';
  return { format: 'shieldmaiden', name: title, units, encounters, warnings: warnings.list };
}
