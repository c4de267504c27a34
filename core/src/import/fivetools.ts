// 5e.tools homebrew (issue #35): `_meta` and a `monster` list, each monster's traits and actions as
// "entries" (strings with {@tag …} markup, or nested lists). Read into an import plan (plan.ts); the
// tags become plain text ({@hit 5} → "+5", {@damage 2d6} → "2d6").
import type { Language } from '../i18n';
import { foldText } from '../text/fold';
import { legendaryCount, type Ability } from './statblock-vocabulary';
import {
  arrayOf,
  characteristicsOf,
  clampHp,
  countersOf,
  entriesOf,
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
  type PlanOptions,
  type PlanUnit,
} from './plan';

/** What the tags print, in the plan's language (as the books print them). */
const WORDS = {
  en: {
    attacks: {
      mw: 'Melee Weapon Attack:',
      rw: 'Ranged Weapon Attack:',
      ms: 'Melee Spell Attack:',
      rs: 'Ranged Spell Attack:',
      'mw,rw': 'Melee or Ranged Weapon Attack:',
      'ms,rs': 'Melee or Ranged Spell Attack:',
    } as Record<string, string>,
    attack: 'Attack:',
    hit: 'Hit: ',
    miss: 'Miss: ',
    dc: 'DC',
  },
  fr: {
    attacks: {
      mw: 'Attaque au corps à corps avec une arme\u00a0:',
      rw: 'Attaque à distance avec une arme\u00a0:',
      ms: 'Attaque au corps à corps avec un sort\u00a0:',
      rs: 'Attaque à distance avec un sort\u00a0:',
      'mw,rw': 'Attaque au corps à corps ou à distance avec une arme\u00a0:',
      'ms,rs': 'Attaque au corps à corps ou à distance avec un sort\u00a0:',
    } as Record<string, string>,
    attack: 'Attaque\u00a0:',
    hit: 'Touché\u00a0: ',
    miss: 'Raté\u00a0: ',
    dc: 'DD',
  },
} as const;

/** One {@tag text|source|display} → plain text. Innermost tags first, so nesting reads too. */
export function renderFiveToolsTags(text: string, language: Language = 'en'): string {
  const words = WORDS[language];
  let out = text;
  for (let pass = 0; pass < 8 && out.includes('{@'); pass += 1) {
    out = out.replace(/\{@(\w+)\s*([^{}]*)\}/g, (_all, tag: string, rest: string) => {
      const parts = rest.split('|');
      const first = (parts[0] ?? '').trim();
      switch (tag) {
        case 'hit':
          return /^-/.test(first) ? first : `+${first}`;
        case 'h':
          return words.hit;
        case 'm':
          return words.miss;
        case 'atk':
          return words.attacks[first.replace(/\s/g, '')] ?? words.attack;
        case 'dc':
          return `${words.dc} ${first}`;
        case 'recharge':
          return first && first !== '6' ? `(Recharge ${first}–6)` : '(Recharge 6)';
        case 'chance':
          return parts[1]?.trim() || `${first}%`;
        default:
          // {@spell fireball|PHB|the spell} shows its third part when it has one.
          return (parts.length >= 3 && parts[2]?.trim()) || first;
      }
    });
  }
  return out;
}

/** Entries (strings, lists, named sub-entries) → markdown lines, within a depth. */
function entryText(value: unknown, warnings: Warnings, where: string, depth = 0): string {
  if (depth > 8) return '';
  if (typeof value === 'string')
    return renderFiveToolsTags(textOf(value, warnings, where), warnings.language);
  if (Array.isArray(value))
    return value
      .map((item) => entryText(item, warnings, where, depth + 1))
      .filter(Boolean)
      .join('\n\n');
  if (!isRecord(value)) return '';
  const items = field(value, 'items');
  if (Array.isArray(items))
    return items
      .map(
        (item) =>
          `- ${entryText(isRecord(item) ? (field(item, 'entry') ?? field(item, 'entries') ?? field(item, 'name')) : item, warnings, where, depth + 1)}`,
      )
      .join('\n');
  const name = renderFiveToolsTags(textOf(field(value, 'name'), warnings, where), warnings.language);
  const body = entryText(field(value, 'entries') ?? field(value, 'entry'), warnings, where, depth + 1);
  return name ? `*${name}.* ${body}` : body;
}

function entriesIn(list: unknown, warnings: Warnings, where: string): Entry[] {
  return arrayOf(list)
    .filter(isRecord)
    .map((item) => ({
      name: renderFiveToolsTags(textOf(field(item, 'name'), warnings, where), warnings.language).trim(),
      text: entryText(field(item, 'entries'), warnings, where).trim(),
    }));
}

const plainList = (value: unknown, warnings: Warnings, where: string): string => {
  if (Array.isArray(value))
    return value
      .map((item) =>
        isRecord(item)
          ? `${numberOf(field(item, 'ac')) ?? ''}${field(item, 'from') ? ` (${entryText(field(item, 'from'), warnings, where)})` : ''}`
          : entryText(item, warnings, where),
      )
      .filter(Boolean)
      .join(', ');
  if (isRecord(value))
    return entriesOf(value)
      .map(([key, v]) =>
        `${key} ${isRecord(v) ? (numberOf(field(v, 'number')) ?? '') : typeof v === 'number' ? v : entryText(v, warnings, where)}`.trim(),
      )
      .join(', ');
  return entryText(value, warnings, where);
};

export function readFiveTools(file: unknown, options: PlanOptions): ImportPlan {
  const warnings = new Warnings(options.language);
  const keys = new Keys();
  const h = headings(options.language);
  const units: PlanUnit[] = [];
  const monsters = arrayOf(field(file, 'monster'));
  if (monsters.length > FOREIGN_ENTRIES_MAX) warnings.add('tooManyEntries', 'monster', FOREIGN_ENTRIES_MAX);
  monsters.slice(0, FOREIGN_ENTRIES_MAX).forEach((monster, index) => {
    const name = nameOf(field(monster, 'name'), warnings);
    if (!isRecord(monster) || name === '') {
      warnings.add('skipped', `monster ${index + 1}`);
      return;
    }
    const source = textOf(field(monster, 'source'), warnings, name);
    const scores: Partial<Record<Ability, number | null>> = {};
    for (const ability of ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const)
      scores[ability] = numberOf(field(monster, ability));
    const hpField = field(monster, 'hp');
    const hp = clampHp(field(hpField, 'average'), warnings, name);
    const formula = textOf(field(hpField, 'formula'), warnings, name);
    const sections = {
      traits: entriesIn(field(monster, 'trait'), warnings, name),
      actions: entriesIn(field(monster, 'action'), warnings, name),
      bonus: entriesIn(field(monster, 'bonus'), warnings, name),
      reactions: entriesIn(field(monster, 'reaction'), warnings, name),
      legendary: entriesIn(field(monster, 'legendary'), warnings, name),
      mythic: entriesIn(field(monster, 'mythic'), warnings, name),
    };
    const header = entryText(field(monster, 'legendaryHeader'), warnings, name);
    const legendary =
      sections.legendary.length === 0
        ? null
        : (numberOf(field(monster, 'legendaryActions')) ?? legendaryCount(foldText(header)) ?? 3);
    const line = (label: string, value: string) => (value.trim() ? `**${label}** ${value.trim()}` : '');
    const cr = field(monster, 'cr');
    const intro = [
      line(h.armorClass, plainList(field(monster, 'ac'), warnings, name)),
      line('HP', formula ? `${hp} (${formula})` : ''),
      line(h.speed, plainList(field(monster, 'speed'), warnings, name)),
      line(h.saves, plainList(field(monster, 'save'), warnings, name)),
      line(h.skills, plainList(field(monster, 'skill'), warnings, name)),
      line(h.senses, plainList(field(monster, 'senses'), warnings, name)),
      line(h.languages, plainList(field(monster, 'languages'), warnings, name)),
      line(h.challenge, isRecord(cr) ? textOf(field(cr, 'cr'), warnings, name) : textOf(cr, warnings, name)),
    ]
      .filter(Boolean)
      .join('  \n');
    units.push({
      key: keys.take(`monster:${source ? `${source}:` : ''}${foldText(name)}`),
      name,
      hp,
      isPlayer: false,
      characteristics: characteristicsOf(scores, options, warnings, name),
      notes: notesOf(
        [intro, header],
        [
          { heading: h.traits, entries: sections.traits },
          { heading: h.actions, entries: sections.actions },
          { heading: h.bonusActions, entries: sections.bonus },
          { heading: h.reactions, entries: sections.reactions },
          { heading: h.legendary, entries: sections.legendary },
          { heading: h.mythic, entries: sections.mythic },
        ],
        options,
        warnings,
        name,
      ),
      counters: countersOf(
        [
          { entries: sections.traits },
          { entries: sections.actions },
          { entries: sections.bonus },
          { entries: sections.reactions },
        ],
        legendary,
        options,
        warnings,
        name,
      ),
    });
  });
  const sources = arrayOf(field(field(file, '_meta'), 'sources'));
  const title = nameOf(field(sources[0], 'full'), warnings) || '5e.tools homebrew';
  return { format: 'fivetools', name: title, units, encounters: [], warnings: warnings.list };
}
