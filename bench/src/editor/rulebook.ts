// The rulebook of the editor benchmark (docs/decisions/012): exactly RULES_CHARS characters of markdown
// shaped like a real campaign's rules — chapters and sections, paragraphs of one long line each with bold,
// italic, links and inline code, bulleted and numbered lists, tables, quotes — generated from a fixed
// seed, so every run measures the same text. It ends with LAST_HEADING, which the preview measurement
// waits for.

export const RULES_CHARS = 600_000;
export const FIRST_HEADING = 'Rules of the Sunken Crown';
export const LAST_HEADING = 'End of the rulebook';
/** The short text of the measurement's own floor: the rulebook's first characters. */
export const SMALL_FLOOR_CHARS = 3000;

/** The searches of the benchmark: rare, common and very common words, phrases, and one miss. */
export const SEARCH_QUERIES = [
  'Chapter 42',
  'grappling',
  'dragon',
  'saving throw',
  'initiative',
  'long rest',
  'spell slot',
  'the',
  'e',
  'tarrasque',
];

/** The 100 characters typed in the editor (a sentence replacing the 100 last of a paragraph). */
export const TYPED_TEXT =
  ' A dragon may spend one legendary action at the end of each turn, but never twice in the same round.';

/** mulberry32: a small deterministic generator, enough for varied text. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = [
  'Character creation',
  'Ability checks',
  'Combat',
  'Movement and terrain',
  'Magic and spellcasting',
  'Equipment and treasure',
  'Resting and recovery',
  'Conditions',
  'Travel and exploration',
  'Downtime between adventures',
  'Monsters and legendary creatures',
  'Factions of the realm',
];

const SECTIONS = [
  'Overview',
  'Making a check',
  'Advantage and disadvantage',
  'Opportunities and reactions',
  'Cover',
  'Concentration',
  'Critical hits',
  'Healing',
  'Hazards',
  'Optional rules',
  'Examples of play',
  'Game master notes',
];

const SUBJECTS = [
  'the game master',
  'each player',
  'a character',
  'the party',
  'a creature',
  'the dragon',
  'an ally within reach',
  'the target',
  'a spellcaster',
  'the rogue',
  'every hireling',
  'the warband',
];

const VERBS = [
  'rolls',
  'spends',
  'gains',
  'loses',
  'ignores',
  'chooses',
  'recovers',
  'declares',
  'doubles',
  'keeps',
  'reveals',
  'may reroll',
];

const OBJECTS = [
  'one hit die',
  'a saving throw against the effect',
  'the higher of the two dice',
  'its reaction until the start of its next turn',
  'half of the damage, rounded down',
  'a spell slot of the lowest level available',
  'initiative at the start of the encounter',
  'the benefits of a long rest',
  'any grappling attempt made against it',
  'one point of exhaustion',
  'the bonus from its proficiency',
  'a secret it swore to keep',
];

const ENDINGS = [
  'unless the rules of a spell say otherwise',
  'as described in the previous section',
  'when the game master allows it',
  'before the end of the round',
  'at the cost of its bonus action',
  'if the result is equal to or higher than the difficulty',
  'even while unconscious',
  'but only once per short rest',
  'during the same turn',
  'while it can see the source',
];

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

function sentence(next: () => number, chapter: number): string {
  let text = `${pick(next, SUBJECTS)} ${pick(next, VERBS)} ${pick(next, OBJECTS)} ${pick(next, ENDINGS)}`;
  const roll = next();
  if (roll < 0.12) text = text.replace(/(\w+ \w+)$/, '**$1**');
  else if (roll < 0.2) text = text.replace(/(\w+)$/, '*$1*');
  else if (roll < 0.26)
    text += `, see [chapter ${chapter}](https://rules.example/chapters/${chapter}#${Math.floor(next() * 90)})`;
  else if (roll < 0.3)
    text += ` (roll \`${1 + Math.floor(next() * 4)}d${pick(next, [4, 6, 8, 10, 12, 20])}\`)`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(next: () => number, chapter: number): string {
  const count = 3 + Math.floor(next() * 5);
  return Array.from({ length: count }, () => sentence(next, chapter)).join(' ');
}

function list(next: () => number, chapter: number, ordered: boolean): string {
  const count = 3 + Math.floor(next() * 4);
  return Array.from(
    { length: count },
    (_, i) => `${ordered ? `${i + 1}.` : '-'} ${sentence(next, chapter)}`,
  ).join('\n');
}

function table(next: () => number): string {
  const rows = 4 + Math.floor(next() * 6);
  const lines = [
    '| Level | Proficiency | Spell slots | Feature |',
    '| ----: | ----------: | :---------: | ------- |',
  ];
  for (let level = 1; level <= rows; level++) {
    const feature = pick(next, SECTIONS);
    lines.push(`| ${level} | +${2 + Math.floor(level / 4)} | ${1 + Math.floor(level / 2)} | ${feature} |`);
  }
  return lines.join('\n');
}

function block(next: () => number, chapter: number): string {
  const roll = next();
  if (roll < 0.62) return paragraph(next, chapter);
  if (roll < 0.74) return list(next, chapter, false);
  if (roll < 0.83) return list(next, chapter, true);
  if (roll < 0.91) return table(next);
  return `> ${sentence(next, chapter)} ${sentence(next, chapter)}`;
}

/** Filler words for the one paragraph that brings the text to its exact length. */
function filler(length: number): string {
  const words = 'the party rests by the fire and tells of the road ahead ';
  return `${words
    .repeat(Math.ceil(length / words.length))
    .slice(0, length - 1)
    .trimEnd()}.`.padEnd(length, '.');
}

/** Exactly `chars` characters of markdown, the same for the same arguments. */
export function generateRulebook(chars = RULES_CHARS, seed = 4): string {
  const next = random(seed);
  const tail = `\n\n## ${LAST_HEADING}\n`;
  const budget = chars - tail.length;
  const blocks: string[] = [`# ${FIRST_HEADING}`, paragraph(next, 0)];
  let length = blocks.join('\n\n').length;
  chapters: for (let chapter = 1; ; chapter++) {
    const parts = [`## Chapter ${chapter}: ${pick(next, TOPICS)}`, paragraph(next, chapter)];
    const sections = 3 + Math.floor(next() * 4);
    for (let s = 1; s <= sections; s++) {
      parts.push(`### ${chapter}.${s} ${pick(next, SECTIONS)}`);
      const count = 2 + Math.floor(next() * 5);
      for (let b = 0; b < count; b++) parts.push(block(next, chapter));
    }
    for (const part of parts) {
      // Room for this block, and for a filler paragraph of at least 40 characters after it.
      if (length + 2 + part.length + 42 > budget) break chapters;
      blocks.push(part);
      length += 2 + part.length;
    }
  }
  blocks.push(filler(budget - length - 2));
  const text = blocks.join('\n\n') + tail;
  if (text.length !== chars) throw new Error(`rulebook is ${text.length} characters, not ${chars}`);
  return text;
}

/**
 * Where the typing measurement edits: the end of the first plain paragraph past the middle of the
 * text, at least 150 characters long. The 100 characters before it are replaced by TYPED_TEXT.
 */
export function typingSpot(text: string): number {
  let from = Math.floor(text.length / 2);
  for (;;) {
    const end = text.indexOf('\n\n', from);
    if (end === -1) throw new Error('no paragraph to type in');
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    if (line.length >= 150 && /^[A-Z]/.test(line)) return end;
    from = end + 2;
  }
}
