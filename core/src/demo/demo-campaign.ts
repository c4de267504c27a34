// The demo table (docs/product.md#first-session): a small campaign written by us, in the user's language,
// built here as a campaign file and read by the same schema (and, on the server, the same import path)
// as any imported campaign — so its limits and checks exist once. The words are in demo-campaign.en.ts
// and .fr.ts; the numbers (hit points, counters, the encounter) are here, the same in both languages.
import { defaultCampaignData } from '../campaigns/default-campaign';
import { GAME_DATA_FORMAT, GAME_DATA_FORMAT_VERSION } from '../constants';
import type { Language } from '../i18n';
import { gameDataExport, type GameDataExport } from '../schemas/game-data-export';
import { DEMO_EN } from './demo-campaign.en';
import { DEMO_UNITS, type DemoTexts, type DemoUnit } from './demo-texts';

export { DEMO_UNITS, type DemoTexts, type DemoUnit };
import { DEMO_FR } from './demo-campaign.fr';

/** The four player characters, who get drawn portraits. */
export const DEMO_HEROES = ['brenna', 'aelar', 'tomas', 'pip'] as const satisfies readonly DemoUnit[];
export type DemoHero = (typeof DEMO_HEROES)[number];

type Gender = 'Male' | 'Female' | 'Other';
type ListRef = 0 | 1 | 2 | 3 | 4;

/** Per unit: gender, player or not, race, class and status (indexes in the lists), hit points. */
const SHAPE: Record<DemoUnit, { gender: Gender; player: boolean; race: ListRef; cls: ListRef; hp: number }> =
  {
    brenna: { gender: 'Female', player: true, race: 2, cls: 3, hp: 28 },
    aelar: { gender: 'Male', player: true, race: 1, cls: 1, hp: 18 },
    tomas: { gender: 'Male', player: true, race: 0, cls: 0, hp: 32 },
    pip: { gender: 'Other', player: true, race: 0, cls: 2, hp: 21 },
    drake: { gender: 'Other', player: false, race: 3, cls: 0, hp: 85 },
    goblin: { gender: 'Male', player: false, race: 3, cls: 4, hp: 9 },
    cultist: { gender: 'Female', player: false, race: 0, cls: 3, hp: 14 },
    innkeeper: { gender: 'Female', player: false, race: 0, cls: 3, hp: 20 },
  };

const TEXTS: Record<Language, DemoTexts> = { en: DEMO_EN, fr: DEMO_FR };

export function demoTexts(language: Language): DemoTexts {
  return TEXTS[language];
}

/** The demo campaign as a campaign file, checked by the import's schema. */
export function demoCampaignFile(language: Language): GameDataExport {
  const t = TEXTS[language];
  // The lists (and characteristics) of a new campaign in this language, with our notes: the only lists
  // a Novice may hold (core/src/campaigns/import-limits.ts).
  const lists = defaultCampaignData(language, () => '');
  const note = (notes: readonly string[], index: number) => notes[index] ?? '';
  const unit = (id: DemoUnit) => {
    const shape = SHAPE[id];
    const counters =
      id === 'drake'
        ? [
            { label: t.counters.legendary, max: 3, kind: 'uses', reset: 'turnStart', recharge: null },
            { label: t.counters.breath, max: 1, kind: 'uses', reset: 'never', recharge: { die: 6, min: 5 } },
          ]
        : [];
    return {
      id,
      name: t.units[id].name,
      gender: shape.gender,
      isPlayer: shape.player,
      race: lists.races[shape.race]!.name,
      class: lists.classes[shape.cls]!.name,
      status: lists.statuses[0]!.name,
      characteristics: {},
      hp: shape.hp,
      currentHp: shape.hp,
      money: { gold: shape.player ? 15 : 0, silver: shape.player ? 8 : 0, bronze: 0 },
      notes: t.units[id].notes,
      counters,
    };
  };
  return gameDataExport.parse({
    format: GAME_DATA_FORMAT,
    formatVersion: GAME_DATA_FORMAT_VERSION,
    campaign: {
      name: t.campaign,
      rules: t.rules,
      characteristics: lists.characteristics,
      races: lists.races.map(({ name }, index) => ({ name, note: note(t.raceNotes, index) })),
      classes: lists.classes.map(({ name, color }, index) => ({
        name,
        color,
        note: note(t.classNotes, index),
      })),
      statuses: lists.statuses.map(({ name }, index) => ({ name, note: note(t.statusNotes, index) })),
      initiativeRule: lists.initiativeRule,
      initiativeModifier: lists.initiativeModifier,
    },
    units: DEMO_UNITS.map(unit),
    encounters: [
      {
        name: t.encounter.name,
        allies: DEMO_HEROES.map((unitId) => ({ unitId })),
        enemies: [
          { unitId: 'drake', count: 1 },
          { unitId: 'goblin', count: 2 },
          { unitId: 'cultist', count: 1 },
        ],
        hazards: [{ name: t.encounter.lair, initiative: 20, hidden: false }],
        hidden: ['cultist'],
        groups: 'none',
        notes: t.encounter.notes,
      },
    ],
  });
}

/** How each hero's portrait is drawn (server/src/features/user-data/demo-portraits.ts). */
export const DEMO_PORTRAITS: Record<
  DemoHero,
  { emblem: 'hammer' | 'star' | 'sword' | 'dagger'; colors: [string, string] }
> = {
  brenna: { emblem: 'hammer', colors: ['#b8641c', '#f2c46d'] },
  aelar: { emblem: 'star', colors: ['#7a3b8f', '#f0a35e'] },
  tomas: { emblem: 'sword', colors: ['#a1322a', '#f5b65b'] },
  pip: { emblem: 'dagger', colors: ['#8a5a1e', '#e9d27a'] },
};
