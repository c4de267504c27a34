// A Hero campaign at its limits for the links benchmark (decision 063): 200 units with 20,000-character
// notes, a 600,000-character rulebook with headings every 40 lines, 100 races, classes and statuses with
// notes, 30 characteristics and 200 encounters with 2,000-character notes; French and English text
// with accents, so folding takes its slower path. Written straight into the database (the API would
// take minutes), through the schema the app reads. 500 links lead to one unit, RENAMED_UNIT: 200 in
// the rules, 250 in unit notes (5 in each of 50 units), 25 in race notes, 25 in encounter notes.
import crypto from 'node:crypto';
import { headingSlug } from '@questkeeper/core/links/links';
import type { Database } from '../../../server/src/db/client';
import { campaigns, encounters, units } from '../../../server/src/db/schema';

export const RENAMED_UNIT = 'Vaelith Sombrelame';
/**
 * The name the benchmark renames it to and back: as long, since the rulebook is at its 600,000
 * characters and a rewrite may not take a text past its tier's limit (the rename would be refused).
 */
export const NEW_NAME = 'Vaelith Sombrelune';
export const LINK_COUNT = 500;
const UNITS = 200;
const UNIT_NOTES = 20_000;
const RULES = 600_000;
const LIST = 100;
const ENCOUNTERS = 200;
const ENCOUNTER_NOTES = 2_000;

const PHRASES = [
  'Les dégâts de feu brûlent la forêt ancienne et les ponts de pierre.',
  'The ranger tracks the wyvern across the frozen marsh at dawn.',
  'Un éclaireur rapporte que la garnison du fort a déserté.',
  'Critical hits double the dice, never the modifiers; fumbles cost a turn.',
  'La prêtresse bénit les armes avant la bataille du col.',
  'Merchants of the guild pay in silver, never in gold, since the war.',
  'Les nains de la montagne gardent l’entrée des mines oubliées.',
  'A **sealed** letter bears the broken-wing crest of the Duchess.',
  'Œuvre des anciens mages, la tour se dresse au cœur du lac.',
  'Initiative ties go to the higher Dexterity, then to a coin toss.',
];

const sectionTitle = (n: number) =>
  `Chapitre ${n} — ${['Dégâts', 'Soins', 'Voyage', 'Magie', 'Commerce'][n % 5]} ${n}`;

/**
 * About `chars` characters of markdown lines (a heading every `headingEvery` lines), `links` put at
 * the start of evenly spaced plain lines; never longer than `chars`.
 */
function prose(chars: number, seed: number, links: string[] = [], headingEvery = 0): string {
  const budget = chars - links.reduce((sum, link) => sum + link.length + 1, 0);
  const lines: string[] = [];
  let length = 0;
  let i = seed;
  let section = 0;
  for (;;) {
    const line =
      headingEvery > 0 && lines.length % headingEvery === 0
        ? `## ${sectionTitle((section += 1))}`
        : `${PHRASES[i % PHRASES.length]} ${PHRASES[(i * 7 + 3) % PHRASES.length]}`;
    if (length + line.length + 1 > budget) break;
    lines.push(line);
    length += line.length + 1;
    i += 1;
  }
  const step = Math.max(1, Math.floor(lines.length / (links.length + 1)));
  links.forEach((link, k) => {
    let at = Math.min(lines.length - 1, (k + 1) * step);
    while (at < lines.length - 1 && lines[at]!.startsWith('##')) at += 1;
    lines[at] = `${link} ${lines[at]}`;
  });
  return lines.join('\n');
}

export interface LinksWorld {
  campaignId: string;
  unitId: string;
  /** Ids and names to ask backlinks of. */
  raceId: string;
  heading: string;
  characteristic: string;
  /** Another unit, whose notes a benchmark edits between searches. */
  editedUnitId: string;
}

export async function seedLinksWorld(database: Database, userId: string): Promise<LinksWorld> {
  const { db } = database;
  const entries = (prefix: string) =>
    Array.from({ length: LIST }, (_, i) => ({
      _id: crypto.randomUUID(),
      name: `${prefix} ${i + 1}`,
      note: prose(
        1_500,
        i,
        i < 25 && prefix === 'Peuple' ? [`[[${RENAMED_UNIT}]]`] : [`[[Guerrier ${(i % 50) + 1}]]`],
      ),
    }));
  const races = entries('Peuple');
  const classes = entries('Guerrier').map((entry) => ({ ...entry, color: '#1d4ed8' }));
  const statuses = entries('État').map((entry) => ({ ...entry, note: entry.note.slice(0, 1_900) }));
  const characteristics = Array.from({ length: 30 }, (_, i) => ({
    name: `Trait ${i + 1}`,
    max: 100 as const,
    pinned: false,
  }));
  const rulesLinks = Array.from({ length: 200 }, (_, i) =>
    i % 2 === 0 ? `[[${RENAMED_UNIT}]]` : `[[${RENAMED_UNIT.toLowerCase()}|elle]]`,
  );
  // Other links too, so the rules hold more links than those that move.
  const otherLinks = Array.from({ length: 300 }, (_, i) =>
    i % 3 === 0 ? `[[Peuple ${(i % 100) + 1}]]` : i % 3 === 1 ? `[[#${sectionTitle(3)}]]` : '[[Trait 4]]',
  );
  // 200 moving links and 300 others, interleaved through the book.
  const mixed = rulesLinks.flatMap((link, i) => [
    link,
    ...otherLinks.slice(Math.floor(i * 1.5), Math.floor((i + 1) * 1.5)),
  ]);
  const rules = prose(RULES, 1, mixed, 40);
  const [campaign] = await db
    .insert(campaigns)
    .values({
      userId,
      name: 'Les Marches de Sombrelame',
      rules,
      races,
      classes,
      statuses,
      characteristics,
    })
    .returning({ id: campaigns.id });
  if (!campaign) throw new Error('campaign insert returned nothing');
  const base = Date.now() - UNITS * 60_000;
  const unitRows = await db
    .insert(units)
    .values(
      Array.from({ length: UNITS }, (_, i) => {
        const links =
          i > 0 && i <= 50
            ? Array.from({ length: 5 }, () => `[[${RENAMED_UNIT}]]`)
            : [`[[Peuple ${(i % 100) + 1}]]`, `[[Guerrier ${(i % 100) + 1}]]`, `[[#${sectionTitle(7)}]]`];
        const at = new Date(base + i * 60_000);
        return {
          userId,
          campaignId: campaign.id,
          name: i === 0 ? RENAMED_UNIT : `${['Aldric', 'Brenna', 'Corvin', 'Dagna', 'Éluned'][i % 5]} ${i}`,
          gender: 'Other' as const,
          isPlayer: i < 6,
          race: races[i % LIST]!.name,
          class: classes[i % LIST]!.name,
          status: statuses[i % LIST]!.name,
          characteristics: {},
          hp: 100,
          currentHp: 100,
          notes: prose(UNIT_NOTES, i * 3, links),
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: units.id });
  await db.insert(encounters).values(
    Array.from({ length: ENCOUNTERS }, (_, i) => ({
      userId,
      campaignId: campaign.id,
      name: `Rencontre ${i + 1}`,
      data: { allies: [], enemies: [], hazards: [], hidden: [], groups: 'none' as const },
      notes: prose(ENCOUNTER_NOTES, i * 5, i < 25 ? [`[[${RENAMED_UNIT}]]`] : ['[[Trait 2]]']),
    })),
  );
  return {
    campaignId: campaign.id,
    unitId: unitRows[0]!.id,
    raceId: races[0]!._id,
    heading: headingSlug(sectionTitle(3)),
    characteristic: 'Trait 4',
    editedUnitId: unitRows[UNITS - 1]!.id,
  };
}
