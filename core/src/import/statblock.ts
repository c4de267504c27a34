// "Paste a stat block" (docs/product.md#paste-a-stat-block, issue #35): text copied from a book, a PDF
// or a website, English or French, read into what the unit form holds: name, HP, the six abilities on
// the campaign's characteristics, traits and actions as markdown notes, legendary actions and
// recharges as counters (docs/decisions/062), and the list of what could not be placed. Pure: the
// server answers it without writing anything, and the form fills itself with it.
import { translate, type Language } from '../i18n';
import {
  COUNTER_LABEL_MAX,
  COUNTER_MAX,
  COUNTERS_PER_UNIT_MAX,
  HP_MAX,
  NAME_MAX,
  RECHARGE_DIE_MAX,
  RECHARGE_DIE_MIN,
} from '../limits';
import { foldText } from '../text/fold';
import { maxOverTiers } from '../tiers';
import {
  ABILITY_OF,
  ENGLISH_WORDS,
  FIELD_LABELS,
  FRENCH_WORDS,
  PRINTED_LABELS,
  SECTION_HEADINGS,
  legendaryCount,
  type Ability,
  type FieldKind,
  type SectionKind,
} from './statblock-vocabulary';

/** Why an entry of `unread` is there; the web words each one (statBlock.unread.* keys). */
export const STAT_BLOCK_UNREAD_REASONS = [
  /** A line that is none of the fields, abilities or sections: left out. */
  'line',
  /** A field the form has no place for (Armor Class without such a characteristic): kept in the notes. */
  'keptInNotes',
  /** An ability the campaign has no characteristic for: kept in the notes. */
  'noCharacteristic',
  /** A value above its field's max: brought down to `limit`. */
  'clamped',
  /** A name or a counter label longer than `limit`: cut. */
  'cut',
  /** The notes longer than `limit`: the end is left out. */
  'notesCut',
  /** More counters than a unit may carry (`limit`): this one is left out. */
  'tooManyCounters',
  /** Legendary actions without a count: 3 assumed. */
  'legendaryCount',
  'noName',
  'noHp',
] as const;
export type StatBlockUnreadReason = (typeof STAT_BLOCK_UNREAD_REASONS)[number];

export interface StatBlockUnread {
  reason: StatBlockUnreadReason;
  /** The line or field as read ('' when the reason says it all). */
  text: string;
  limit?: number;
}

export interface StatBlockCounter {
  label: string;
  max: number;
  kind: 'uses';
  reset: 'turnStart' | 'never';
  recharge: { die: number; min: number } | null;
}

/** What the unit form takes: every field within the unit schema's limits. */
export interface StatBlockUnit {
  name?: string;
  hp?: number;
  /** By the campaign's characteristic names. */
  characteristics: Record<string, number>;
  notes: string;
  counters: StatBlockCounter[];
}

export interface ParsedStatBlock {
  language: Language;
  unit: StatBlockUnit;
  unread: StatBlockUnread[];
}

export interface StatBlockOptions {
  /** The campaign's characteristics: values go to these names, within 0..max. */
  characteristics: readonly { name: string; max: number }[];
  /** Detected from the text when absent. */
  language?: Language | undefined;
  /** The notes' limit (the tier's unitNoteChars); the highest of every tier by default. */
  notesMax?: number;
}

interface Field {
  label: string;
  value: string;
  kind: FieldKind;
}
interface Paragraph {
  /** An entry's name as printed, parentheses included ("Fire Breath (Recharge 5–6)"). */
  name: string | null;
  text: string;
  /** Its last line ends it even without a full stop (a spell list's line). */
  closed?: boolean;
}
interface Section {
  /** Null: the traits before any heading. */
  heading: string | null;
  kind: SectionKind;
  paragraphs: Paragraph[];
}

// ---- Reading the text ----

/**
 * The text as one clean form: PDF ligatures spelled out and non-breaking spaces made plain (NFKC),
 * the minus sign a hyphen, curly apostrophes straight, invisible characters dropped, and a word cut
 * at a line's end by a hyphen joined again.
 */
export function cleanStatBlockText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\r\n?/g, '\n')
    .replace(/\u2212/g, '-')
    .replace(/[\u2018\u2019\u02bc\u2032]/g, "'")
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\t\v\f\u3000]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .replace(/(\p{Ll})-\n(\p{Ll})/gu, '$1$2');
}

/** Folded for matching, every dash a hyphen, apostrophes straight, spaces single. */
const foldLine = (line: string) =>
  foldText(line)
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

function detectLanguage(folded: string): Language {
  let english = 0;
  let french = 0;
  for (const word of folded.split(/[^a-z]+/)) {
    if (ENGLISH_WORDS.has(word)) english += 1;
    if (FRENCH_WORDS.has(word)) french += 1;
  }
  return french > english ? 'fr' : 'en';
}

/** The field a line starts with, and its value, or null. */
function fieldOf(line: string): Field | null {
  const folded = foldLine(line);
  for (const label of FIELD_LABELS) {
    if (!folded.startsWith(label.folded)) continue;
    const next = folded.charAt(label.folded.length);
    if (next !== '' && next !== ' ' && next !== ':') continue;
    const words = label.folded.split(' ').length;
    const parts = line.trim().split(' ');
    const value = parts
      .slice(words)
      .join(' ')
      .replace(/^\s*:\s*/, '')
      .trim();
    if (label.needsNumber && !/^\d/.test(value)) continue;
    return { label: parts.slice(0, words).join(' ').replace(/:$/, ''), value, kind: label.kind };
  }
  return null;
}

type AbilityToken = { ability: Ability } | { score: number };

/**
 * A line of the ability table ("STR DEX CON…", "8 (-1) 14 (+2)…", "FOR 18 (+4)", "Str 8 -1 -1") as
 * abilities and scores in order, or null when the line holds anything else. Modifiers and saves
 * (signed, or in parentheses) are skipped.
 */
function abilityTokens(line: string): AbilityToken[] | null {
  const parts = foldLine(line).match(/\(\s*[+-]?\s*\d+\s*\)|[+-]\s?\d+|\d+|[a-z]+|\S/g) ?? [];
  const tokens: AbilityToken[] = [];
  let words = 0;
  for (const part of parts) {
    if (/^\d+$/.test(part)) tokens.push({ score: Number(part) });
    else if (/^[a-z]+$/.test(part)) {
      const ability = ABILITY_OF.get(part);
      words += 1;
      if (ability) tokens.push({ ability });
      // The 2024 table's column titles ("MOD SAVE", "MOD JS") are part of the table.
      else if (!['mod', 'save', 'js', 'sauv'].includes(part)) return null;
    } else if (!/^(\(.*\)|[+-]\s?\d+|[|/,;:])$/.test(part)) return null;
  }
  return tokens.length > 0 || words > 0 ? tokens : null;
}

/** A section heading ("Actions", "LEGENDARY ACTIONS", "Actions légendaires :"), or null. */
function sectionOf(line: string): SectionKind | null {
  return SECTION_HEADINGS.get(foldLine(line).replace(/\s*:$/, '')) ?? null;
}

// "Name. Text", "Fire Breath (Recharge 5–6). Text", "Morsure. Attaque…": a capital, up to 9 words (an apostrophe or a hyphen also parts words)
// without sentence punctuation, parentheses, a full stop. The text may follow on the next line.
// Words and their separators (a space, an apostrophe, a hyphen) share no character, so a long line
// that is no entry fails at once instead of trying every way to split it.
const ENTRY =
  /^(\p{Lu}[^\s.,;:!?()'-]*(?:[ '-]+[^\s.,;:!?()'-]+){0,8}(?:\s*\([^()]{1,60}\))*)\s*\.(?:\s+(.*))?$/u;
const ENDS_SENTENCE = /[.!?]["»)]?$/;
/** A line of a spell list ("1st level (4 slots): …", "À volonté : …"): a paragraph of its own. */
const SPELL_LINE =
  /^(cantrips?|at will|\d+(st|nd|rd|th) level|\d+\/day|sorts mineurs|a volonte|niveau \d+|\d+\/jour)\b[^:]{0,40}:/;

/** Splits a header line that a copy ran together ("Armor Class 15 Hit Points 7 (2d6) Speed 30 ft."). */
function splitHeaderLine(line: string): string[] {
  let parts = [line];
  for (const printed of PRINTED_LABELS) {
    parts = parts.flatMap((part) => {
      const pieces: string[] = [];
      let rest = part;
      for (let at = rest.indexOf(` ${printed} `); at > 0; at = rest.indexOf(` ${printed} `)) {
        pieces.push(rest.slice(0, at).trim());
        rest = rest.slice(at + 1);
      }
      return [...pieces, rest];
    });
  }
  return parts;
}

/** A name in capitals ("ADULT RED DRAGON") as a name is written: title case in English, sentence case in French. */
function nameCase(name: string, language: Language): string {
  if (name !== name.toUpperCase() || !/\p{Lu}{2}/u.test(name)) return name;
  const lower = name.toLowerCase();
  if (language === 'fr') return lower.charAt(0).toUpperCase() + lower.slice(1);
  return lower.replace(
    /(^|[\s-])(\p{Ll})/gu,
    (_, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

/** `text` cut to `max` characters (whole code points). */
function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('').trim();
}

const firstNumber = (text: string) => {
  const found = /\d+/.exec(text);
  return found ? Number(found[0]) : null;
};

const ABBREVIATIONS: Readonly<Record<Language, Record<Ability, string>>> = {
  en: { str: 'STR', dex: 'DEX', con: 'CON', int: 'INT', wis: 'WIS', cha: 'CHA' },
  fr: { str: 'FOR', dex: 'DEX', con: 'CON', int: 'INT', wis: 'SAG', cha: 'CHA' },
};

const AC_NAMES = new Set(['armor class', 'armour class', "classe d'armure", 'classe d armure', 'ac', 'ca']);

// ---- The parser ----

export function parseStatBlock(text: string, options: StatBlockOptions): ParsedStatBlock {
  const clean = cleanStatBlockText(text);
  const language = options.language ?? detectLanguage(foldLine(clean));
  const notesMax = options.notesMax ?? maxOverTiers('unitNoteChars');
  const unread: StatBlockUnread[] = [];
  const lines = clean
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

  let name: string | null = null;
  const typeLines: string[] = [];
  const fields: Field[] = [];
  const scores: { ability: Ability; score: number }[] = [];
  const pending: Ability[] = [];
  const sections: Section[] = [];
  let lastField: Field | null = null;
  let paragraph = null as Paragraph | null;
  let inHeader = true;

  const startSection = (heading: string | null, kind: SectionKind) => {
    sections.push({ heading, kind, paragraphs: [] });
    paragraph = null;
    inHeader = false;
  };
  const addParagraph = (next: Paragraph) => {
    if (sections.length === 0) startSection(null, 'traits');
    sections.at(-1)!.paragraphs.push(next);
    paragraph = next;
  };

  for (const [index, rawLine] of lines.entries()) {
    const kind = sectionOf(rawLine);
    if (kind) {
      startSection(rawLine.replace(/\s*:$/, ''), kind);
      continue;
    }
    const headerLines = inHeader && fieldOf(rawLine) ? splitHeaderLine(rawLine) : [rawLine];
    for (const line of headerLines) {
      if (inHeader) {
        const tokens = abilityTokens(line);
        const onlyScores = tokens !== null && tokens.length > 0 && tokens.every((token) => 'score' in token);
        if (tokens && (!onlyScores || pending.length > 0)) {
          for (const token of tokens) {
            if ('ability' in token) pending.push(token.ability);
            else {
              const ability = pending.shift();
              if (ability) scores.push({ ability, score: token.score });
              else unread.push({ reason: 'line', text: String(token.score) });
            }
          }
          lastField = null;
          continue;
        }
        const field = fieldOf(line);
        if (field) {
          fields.push(field);
          lastField = field;
          continue;
        }
        if (index === 0 && name === null) {
          name = line;
          continue;
        }
        if (!ENTRY.test(line)) {
          if (lastField) lastField.value = `${lastField.value} ${line}`.trim();
          else if (fields.length === 0 && scores.length === 0) typeLines.push(line);
          else unread.push({ reason: 'line', text: line });
          continue;
        }
      }
      const current = paragraph;
      const entry = ENTRY.exec(line);
      const mayStart =
        current === null ||
        current.closed === true ||
        (current.text !== '' && ENDS_SENTENCE.test(current.text));
      if (SPELL_LINE.test(foldLine(line))) addParagraph({ name: null, text: line, closed: true });
      else if (entry && mayStart) addParagraph({ name: entry[1]!.trim(), text: entry[2]?.trim() ?? '' });
      else if (current && !mayStart) current.text = `${current.text} ${line}`.trim();
      else addParagraph({ name: null, text: line });
    }
  }

  // ---- Name and HP ----
  const unit: StatBlockUnit = { characteristics: {}, notes: '', counters: [] };
  if (name) {
    const cased = nameCase(name, language);
    unit.name = cut(cased, NAME_MAX);
    if (unit.name !== cased) unread.push({ reason: 'cut', text: cased, limit: NAME_MAX });
  } else unread.push({ reason: 'noName', text: '' });

  const noteFields: string[] = [];
  const byAbility = new Map<Ability, { name: string; max: number }>();
  let acCharacteristic: { name: string; max: number } | undefined;
  for (const def of options.characteristics) {
    const folded = foldLine(def.name);
    const ability = ABILITY_OF.get(folded);
    if (ability && !byAbility.has(ability)) byAbility.set(ability, def);
    if (AC_NAMES.has(folded) && !acCharacteristic) acCharacteristic = def;
  }
  const setCharacteristic = (def: { name: string; max: number }, value: number) => {
    const kept = Math.max(0, Math.min(value, def.max));
    if (kept !== value) unread.push({ reason: 'clamped', text: `${def.name} ${value}`, limit: def.max });
    unit.characteristics[def.name] = kept;
  };

  for (const field of fields) {
    const number = firstNumber(field.value);
    if (field.kind === 'hp' && number !== null && unit.hp === undefined) {
      unit.hp = Math.min(number, HP_MAX);
      if (number > HP_MAX)
        unread.push({ reason: 'clamped', text: `${field.label} ${number}`, limit: HP_MAX });
      continue;
    }
    if (field.kind === 'ac' && number !== null && acCharacteristic) {
      setCharacteristic(acCharacteristic, number);
      continue;
    }
    noteFields.push(`- **${field.label}** ${field.value}`.trimEnd());
    if (field.kind !== 'other')
      unread.push({ reason: 'keptInNotes', text: `${field.label} ${field.value}`.trim() });
  }
  if (unit.hp === undefined) unread.push({ reason: 'noHp', text: '' });

  for (const { ability, score } of scores) {
    const def = byAbility.get(ability);
    if (def) setCharacteristic(def, score);
    else {
      const printed = `${ABBREVIATIONS[language][ability]} ${score}`;
      noteFields.push(`- **${ABBREVIATIONS[language][ability]}** ${score}`);
      unread.push({ reason: 'noCharacteristic', text: printed });
    }
  }

  // ---- Counters ----
  const counters: StatBlockCounter[] = [];
  const addCounter = (counter: StatBlockCounter) => {
    const label = cut(counter.label, COUNTER_LABEL_MAX);
    if (label === '') return;
    if (counters.length >= COUNTERS_PER_UNIT_MAX) {
      unread.push({ reason: 'tooManyCounters', text: label, limit: COUNTERS_PER_UNIT_MAX });
      return;
    }
    if (label !== counter.label)
      unread.push({ reason: 'cut', text: counter.label, limit: COUNTER_LABEL_MAX });
    counters.push({ ...counter, label });
  };
  for (const section of sections) {
    if (section.kind !== 'legendary') continue;
    const all = foldLine(section.paragraphs.map((p) => `${p.name ?? ''}. ${p.text}`).join(' '));
    const count = legendaryCount(all);
    const label = translate(language, 'unitForm.counters.legendaryLabel');
    if (count === null) unread.push({ reason: 'legendaryCount', text: section.heading ?? label });
    addCounter({
      label,
      max: Math.max(1, Math.min(count ?? 3, COUNTER_MAX)),
      kind: 'uses',
      reset: 'turnStart',
      recharge: null,
    });
    break;
  }
  for (const section of sections) {
    for (const { name: entryName } of section.paragraphs) {
      if (!entryName) continue;
      const folded = foldLine(entryName);
      const label = entryName.replace(/\s*\([^()]*\)/g, '').trim();
      const recharge = /\(\s*recharge\s+(\d{1,2})\s*(?:-\s*(\d{1,2}))?\s*\)/.exec(folded);
      if (recharge) {
        const min = Number(recharge[1]);
        const die = Number(recharge[2] ?? recharge[1]);
        if (die >= RECHARGE_DIE_MIN && die <= RECHARGE_DIE_MAX && min >= 1 && min <= die) {
          addCounter({ label, max: 1, kind: 'uses', reset: 'never', recharge: { die, min } });
          continue;
        }
      }
      const perDay = /\(\s*(\d{1,2})\s*\/\s*(?:day|jour)\s*\)/.exec(folded);
      if (perDay && Number(perDay[1]) >= 1) {
        addCounter({
          label,
          max: Math.min(Number(perDay[1]), COUNTER_MAX),
          kind: 'uses',
          reset: 'never',
          recharge: null,
        });
      }
    }
  }
  unit.counters = counters;

  // ---- Notes ----
  const blocks: string[] = [];
  if (typeLines.length > 0) blocks.push(`*${typeLines.join(' ')}*`);
  if (noteFields.length > 0) blocks.push(noteFields.join('\n'));
  for (const section of sections) {
    if (section.paragraphs.length === 0) continue;
    blocks.push(`## ${section.heading ?? translate(language, 'unitForm.statBlock.traits')}`);
    for (const { name: entryName, text: body } of section.paragraphs) {
      blocks.push(entryName ? `**${entryName}.** ${body}`.trimEnd() : body);
    }
  }
  let notes = blocks.join('\n\n');
  if (notes.length > notesMax) {
    const cutAt = notes.lastIndexOf('\n\n', notesMax);
    // On a paragraph's end, unless that loses more than half: then mid-paragraph.
    notes = cut(notes.slice(0, cutAt > notesMax / 2 ? cutAt : notesMax), notesMax);
    unread.push({ reason: 'notesCut', text: '', limit: notesMax });
  }
  unit.notes = notes;

  return { language, unit, unread };
}
