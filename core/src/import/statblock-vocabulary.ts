// The words a stat block is read by, English and French (docs/product.md#paste-a-stat-block), all
// folded (core/src/text/fold.ts: lower case, no accents, ligatures spelled out) and with straight
// apostrophes, because copies from books, PDFs and websites differ in exactly those.

/** The six abilities, by the names and abbreviations both languages print. */
export const ABILITIES = {
  str: ['str', 'strength', 'for', 'force'],
  dex: ['dex', 'dexterity', 'dexterite'],
  con: ['con', 'constitution'],
  int: ['int', 'intelligence'],
  wis: ['wis', 'wisdom', 'sag', 'sagesse'],
  cha: ['cha', 'charisma', 'charisme'],
} as const;
export type Ability = keyof typeof ABILITIES;

/** A folded word → its ability. */
export const ABILITY_OF: ReadonlyMap<string, Ability> = new Map(
  Object.entries(ABILITIES).flatMap(([ability, names]) => names.map((name) => [name, ability as Ability])),
);

/** What a header field becomes: `ac` may map onto a characteristic, `hp` is the form's HP. */
export type FieldKind = 'ac' | 'hp' | 'other';

export interface FieldLabel {
  /** Folded, apostrophes straight. */
  folded: string;
  kind: FieldKind;
  /** Short labels (AC, PV…) count only when a number follows, so a sentence never reads as one. */
  needsNumber: boolean;
}

const label = (kind: FieldKind, needsNumber: boolean) => (folded: string) => ({ folded, kind, needsNumber });

/** Header fields, longest first so "immunites aux degats" wins over "immunites". */
export const FIELD_LABELS: readonly FieldLabel[] = [
  ...['armor class', 'armour class', "classe d'armure", 'classe d armure'].map(label('ac', false)),
  ...['ac', 'ca'].map(label('ac', true)),
  ...['hit points', 'points de vie'].map(label('hp', false)),
  ...['hp', 'pv'].map(label('hp', true)),
  ...[
    'speed',
    'saving throws',
    'saves',
    'skills',
    'damage vulnerabilities',
    'damage resistances',
    'damage immunities',
    'condition immunities',
    'vulnerabilities',
    'resistances',
    'immunities',
    'senses',
    'languages',
    'challenge',
    'proficiency bonus',
    'initiative',
    'gear',
    'vitesse',
    'jets de sauvegarde',
    'competences',
    'vulnerabilites aux degats',
    'resistances aux degats',
    'immunites aux degats',
    'immunites contre les etats',
    'immunites aux etats',
    'vulnerabilites',
    'immunites',
    'sens',
    'langues',
    'facteur de puissance',
    'puissance',
    'bonus de maitrise',
    'equipement',
  ].map(label('other', false)),
  ...['cr', 'fp'].map(label('other', true)),
].sort((a, b) => b.folded.length - a.folded.length);

/**
 * Labels as printed (capitals, accents) that start a new field when a copy ran the header together
 * on one line ("Armor Class 15 Hit Points 7 (2d6) Speed 30 ft."): matched case-sensitively, so
 * "regains 7 hit points" in a sentence never splits.
 */
export const PRINTED_LABELS: readonly string[] = [
  'Armor Class',
  'Armour Class',
  'Hit Points',
  'Speed',
  'Saving Throws',
  'Skills',
  'Damage Vulnerabilities',
  'Damage Resistances',
  'Damage Immunities',
  'Condition Immunities',
  'Senses',
  'Languages',
  'Challenge',
  'Proficiency Bonus',
  'Initiative',
  "Classe d'armure",
  'Points de vie',
  'Vitesse',
  'Jets de sauvegarde',
  'Compétences',
  'Vulnérabilités aux dégâts',
  'Résistances aux dégâts',
  'Immunités aux dégâts',
  'Immunités contre les états',
  'Immunités aux états',
  'Sens',
  'Langues',
  'Facteur de puissance',
  'Puissance',
  'Bonus de maîtrise',
  'STR',
  'FOR',
];

/** Section headings; `legendary` sections carry the legendary actions counter. */
export type SectionKind = 'traits' | 'actions' | 'legendary' | 'other';
export const SECTION_HEADINGS: ReadonlyMap<string, SectionKind> = new Map<string, SectionKind>([
  ['traits', 'traits'],
  ['special traits', 'traits'],
  ['capacites', 'traits'],
  ['actions', 'actions'],
  ['bonus actions', 'actions'],
  ['actions bonus', 'actions'],
  ['reactions', 'actions'],
  ['legendary actions', 'legendary'],
  ['actions legendaires', 'legendary'],
  ['mythic actions', 'other'],
  ['actions mythiques', 'other'],
  ['lair actions', 'other'],
  ["actions d'antre", 'other'],
  ['actions de repaire', 'other'],
  ['regional effects', 'other'],
  ['effets regionaux', 'other'],
]);

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
};
const COUNT = `(\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;

/** "can take 3 legendary actions", "peut effectuer 3 actions légendaires", "Legendary Action Uses: 3". */
const LEGENDARY_COUNT: readonly RegExp[] = [
  new RegExp(`can take ${COUNT} legendary actions?`),
  new RegExp(`legendary action uses\\s*:?\\s*${COUNT}`),
  new RegExp(
    `peut (?:effectuer|entreprendre|utiliser|realiser|accomplir|faire) ${COUNT} actions? legendaires?`,
  ),
  new RegExp(`utilisations? (?:d'|des )actions? legendaires?\\s*:?\\s*${COUNT}`),
];

/** The count of legendary actions a folded text states, or null. */
export function legendaryCount(folded: string): number | null {
  for (const pattern of LEGENDARY_COUNT) {
    const found = pattern.exec(folded)?.[1];
    if (found) return NUMBER_WORDS[found] ?? Number(found);
  }
  return null;
}

/** Words that only one of the two languages prints often in a stat block (folded). */
export const ENGLISH_WORDS = new Set([
  'the',
  'and',
  'of',
  'to',
  'a',
  'hit',
  'points',
  'armor',
  'speed',
  'damage',
  'target',
  'creature',
  'attack',
  'its',
  'on',
  'with',
]);
export const FRENCH_WORDS = new Set([
  'le',
  'la',
  'les',
  'de',
  'des',
  'du',
  'et',
  'une',
  'un',
  'vie',
  'vitesse',
  'degats',
  'cible',
  'attaque',
  'sur',
  'avec',
]);
