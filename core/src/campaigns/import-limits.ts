// Whether an imported campaign fits the importing user's tier (decision 024). Unlike a
// campaign edit, which stops at the first refusal, an import names every limit the file exceeds, so
// the user learns at once what to trim or which plan would take it. Pure: the server enforces it, the
// web app may show the same list before uploading.
import type { MessageKey } from '../i18n';
import { LANGUAGES } from '../i18n';
import type { GameDataExport } from '../schemas/game-data-export';
import { limitsOf, type Tier, type TierLimits } from '../tiers';
import { mayUseInitiativeRule } from '../combat/combat';
import { defaultCampaignData } from './default-campaign';
import { IMAGES_PER_CAMPAIGN } from '../limits';

/** One exceeded limit: the file's field (`campaign.races`, `units.3.notes`) and its message. */
export interface ImportProblem {
  field: string;
  key: MessageKey;
  /** `count` and `limit` are numbers (formatted for the reader's language by whoever shows them). */
  params: Record<string, string | number>;
}

type ListField = 'characteristics' | 'races' | 'classes' | 'statuses';
type CountLimit = { [K in keyof TierLimits]: TierLimits[K] extends number ? K : never }[keyof TierLimits];
const LISTS: readonly { field: ListField; limit: CountLimit; key: MessageKey; locked: MessageKey }[] = [
  {
    field: 'characteristics',
    limit: 'characteristics',
    key: 'dataTransfer.limits.characteristics',
    locked: 'dataTransfer.limits.characteristicsLocked',
  },
  {
    field: 'races',
    limit: 'races',
    key: 'dataTransfer.limits.races',
    locked: 'dataTransfer.limits.racesLocked',
  },
  {
    field: 'classes',
    limit: 'classes',
    key: 'dataTransfer.limits.classes',
    locked: 'dataTransfer.limits.classesLocked',
  },
  {
    field: 'statuses',
    limit: 'statuses',
    key: 'dataTransfer.limits.statuses',
    locked: 'dataTransfer.limits.statusesLocked',
  },
];

const NOTES = [
  { field: 'races', limit: 'raceNoteChars', key: 'dataTransfer.limits.raceNote' },
  { field: 'classes', limit: 'classNoteChars', key: 'dataTransfer.limits.classNote' },
  { field: 'statuses', limit: 'statusNoteChars', key: 'dataTransfer.limits.statusNote' },
] as const satisfies readonly { field: ListField; limit: CountLimit; key: MessageKey }[];

/** What a list shows (names, maxima, colours): ids and notes aside, as the campaign rules compare them. */
const identity = (items: readonly { name: string; max?: number; color?: string }[]) =>
  JSON.stringify(items.map((item) => [item.name, item.max ?? null, item.color ?? null]));

/**
 * A Novice cannot edit lists (docs/product.md#tiers), so a Novice import must carry the lists of a new
 * default campaign, in either language: the only lists a Novice can hold without ever editing one.
 */
function isDefaultList(field: ListField, items: GameDataExport['campaign'][ListField]): boolean {
  const given = identity(items);
  return LANGUAGES.some((language) => identity(defaultCampaignData(language, () => '')[field]) === given);
}

/**
 * Every limit of `tier` the file exceeds, given how many campaigns the user has now. Empty: the
 * import may proceed. Counts are plain limits here (an import creates, never keeps what exists).
 */
export function checkImportLimits(tier: Tier, campaignsNow: number, file: GameDataExport): ImportProblem[] {
  const limits = limitsOf(tier);
  const problems: ImportProblem[] = [];
  const over = (field: string, key: MessageKey, count: number, limit: number, name?: string) => {
    if (count > limit) problems.push({ field, key, params: { count, limit, ...(name ? { name } : {}) } });
  };
  const { campaign } = file;

  over('campaigns', 'dataTransfer.limits.campaigns', campaignsNow + 1, limits.campaigns);
  over('units', 'dataTransfer.limits.units', file.units.length, limits.unitsPerCampaign);
  over('encounters', 'dataTransfer.limits.encounters', file.encounters.length, limits.encountersPerCampaign);
  // A campaign archive's images and reveals (docs/decisions/077): the upload's and the reveal's limits.
  over('images', 'dataTransfer.limits.images', file.images?.length ?? 0, IMAGES_PER_CAMPAIGN);
  over('reveals', 'dataTransfer.limits.reveals', file.reveals?.length ?? 0, limits.revealsPerCampaign);
  for (const { field, limit, key, locked } of LISTS) {
    if (!limits.canEditLists) {
      if (!isDefaultList(field, campaign[field]))
        problems.push({ field: `campaign.${field}`, key: locked, params: {} });
    } else {
      over(`campaign.${field}`, key, campaign[field].length, limits[limit]);
    }
  }
  over('campaign.rules', 'dataTransfer.limits.rules', campaign.rules.length, limits.rulesChars);
  for (const { field, limit, key } of NOTES) {
    campaign[field].forEach((item, index) =>
      over(`campaign.${field}.${index}.note`, key, item.note.length, limits[limit], item.name),
    );
  }
  file.units.forEach((unit, index) =>
    over(
      `units.${index}.notes`,
      'dataTransfer.limits.unitNotes',
      unit.notes.length,
      limits.unitNoteChars,
      unit.name,
    ),
  );
  if (!mayUseInitiativeRule(tier, campaign.initiativeRule)) {
    problems.push({
      field: 'campaign.initiativeRule',
      key: 'dataTransfer.limits.initiativeRule',
      params: {},
    });
  }
  return problems;
}
