// The per-process index of a campaign's texts for search and backlinks (decision 063,
// docs/benchmarks.md#campaign-search): each row's folded text and parsed links, kept while the row's
// version (its xmin, decision 036) stays the same. A request reads the versions of the campaign's rows
// (one small statement) and loads the texts of changed or new rows only, so a Hero campaign at its
// limits (200 units × 20,000 characters, a 600,000-character rulebook) is folded once, not per
// keystroke. It is derived data checked on every request: several processes on one PostgreSQL each
// keep their own and stay right, with no message between them.
//
// Memory is bounded: campaigns are dropped least recently used first once the indexes hold more than
// INDEX_BUDGET_CHARS characters, counted as twice the characters of the texts (each text and its
// folded copy). JavaScript strings take one or two bytes a character: 32 million characters is at most
// about 64 MB, or three Hero campaigns at their limits (about 10 million characters each).
import { linkKey, headingSlug, linkResolver, rulesHeadings, findLinks } from '@questkeeper/core/links/links';
import type { LinkTarget, RulesHeading, WikiLink } from '@questkeeper/core/links/links';
import {
  rulesIndex,
  searchEntry,
  type RulesIndex,
  type SearchEntry,
} from '@questkeeper/core/search/campaign-search';
import type { CampaignTextsRow, CampaignVersions, EncounterTextsRow, UnitTextsRow } from './repository';

export const INDEX_BUDGET_CHARS = 32_000_000;

/** A link as backlinks compare it: where it is, and the folded key it resolves by. */
export interface KeyedLink {
  start: number;
  end: number;
  /** `linkKey(target)`, or `#` + `headingSlug(target)` for a heading link. */
  key: string;
}

export const keyOfLink = (link: Pick<WikiLink, 'target' | 'heading'>): string =>
  link.heading ? `#${headingSlug(link.target)}` : linkKey(link.target);

function keyedLinks(text: string): KeyedLink[] {
  return findLinks(text).map((link) => ({ start: link.start, end: link.end, key: keyOfLink(link) }));
}

/** One text of the campaign (a unit's, an entry's, an encounter's), folded and parsed on first use. */
export class IndexedText {
  private entry?: SearchEntry;
  private parsed?: KeyedLink[];
  constructor(
    readonly kind: 'unit' | 'race' | 'class' | 'status' | 'characteristic' | 'encounter',
    readonly id: string,
    readonly name: string,
    readonly meta: string,
    readonly text: string,
    readonly version = '',
  ) {}

  get searchEntry(): SearchEntry {
    this.entry ??= searchEntry({
      kind: this.kind,
      id: this.id,
      name: this.name,
      meta: this.meta,
      text: this.text,
    });
    return this.entry;
  }

  get links(): KeyedLink[] {
    this.parsed ??= this.text.includes('[[') ? keyedLinks(this.text) : [];
    return this.parsed;
  }

  get chars(): number {
    return 2 * (this.name.length + this.meta.length + this.text.length);
  }
}

/** The campaign row's part: rules and lists, at one version. */
export class IndexedCampaign {
  readonly lists: IndexedText[];
  private search?: RulesIndex | null;
  private headingList?: RulesHeading[];
  private ruleLinks?: KeyedLink[];
  private starts?: Int32Array;
  constructor(readonly row: CampaignTextsRow) {
    const entry =
      (kind: 'race' | 'class' | 'status') => (item: { _id: string; name: string; note: string }) =>
        new IndexedText(kind, item._id, item.name, '', item.note);
    this.lists = [
      ...row.races.map(entry('race')),
      ...row.classes.map(entry('class')),
      ...row.statuses.map(entry('status')),
      ...row.characteristics.map((item) => new IndexedText('characteristic', item.name, item.name, '', '')),
    ];
  }

  get version(): string {
    return this.row.version;
  }

  /** The rules folded for search; null for blank rules. */
  get rulesIndex(): RulesIndex | null {
    if (this.search === undefined) {
      this.search = this.row.rules.trim() === '' ? null : rulesIndex(this.row.rules);
      if (this.search) this.headingList ??= this.search.headings;
    }
    return this.search;
  }

  get headings(): RulesHeading[] {
    this.headingList ??= this.search?.headings ?? rulesHeadings(this.row.rules);
    return this.headingList;
  }

  get rulesLinks(): KeyedLink[] {
    this.ruleLinks ??= this.row.rules.includes('[[') ? keyedLinks(this.row.rules) : [];
    return this.ruleLinks;
  }

  /** Where each line of the rules starts. */
  get lineStarts(): Int32Array {
    if (!this.starts) {
      const starts = [0];
      const rules = this.row.rules;
      for (let at = rules.indexOf('\n'); at !== -1; at = rules.indexOf('\n', at + 1)) starts.push(at + 1);
      this.starts = Int32Array.from(starts);
    }
    return this.starts;
  }

  get chars(): number {
    return 2 * this.row.rules.length + this.lists.reduce((sum, text) => sum + text.chars, 0);
  }
}

/** A campaign's index at the versions one request read. */
export interface CampaignIndex {
  campaign: IndexedCampaign;
  /** In the campaign's order. */
  units: IndexedText[];
  encounters: IndexedText[];
  chars: number;
  /** What the link resolver depends on: the campaign's version and the units' ids and names. */
  catalogKey: string;
  resolver?: (link: Pick<WikiLink, 'target' | 'heading'>) => LinkTarget | null;
}

/** How an index reads what changed (the repository, bound to the request's user and campaign). */
export interface IndexLoaders {
  campaign(): Promise<CampaignTextsRow | undefined>;
  units(ids: string[]): Promise<UnitTextsRow[]>;
  encounters(ids: string[]): Promise<EncounterTextsRow[]>;
}

const unitText = (row: UnitTextsRow) =>
  new IndexedText(
    'unit',
    row.id,
    row.name,
    [row.race, row.class, row.status].filter((part) => part !== '').join(' · '),
    row.notes,
    row.version,
  );
const encounterText = (row: EncounterTextsRow) =>
  new IndexedText('encounter', row.id, row.name, '', row.notes, row.version);

/** The rows `versions` names: the texts held at their version kept, the others loaded. */
async function rows(
  versions: [string, string][],
  previous: readonly IndexedText[] | undefined,
  load: (ids: string[]) => Promise<IndexedText[]>,
): Promise<{ texts: IndexedText[]; changed: boolean }> {
  const known = new Map(previous?.map((text) => [text.id, text]));
  const stale = versions.filter(([id, version]) => known.get(id)?.version !== version).map(([id]) => id);
  const loaded = new Map((await load(stale)).map((text) => [text.id, text]));
  const texts: IndexedText[] = [];
  // A row deleted between the two reads is left out; one written meanwhile comes with its newer version.
  for (const [id] of versions) {
    const text = loaded.get(id) ?? known.get(id);
    if (text) texts.push(text);
  }
  const changed = stale.length > 0 || texts.length !== (previous?.length ?? -1);
  return { texts, changed };
}

/**
 * The index at `versions`: `previous` itself when nothing changed, else a new index sharing every
 * text that did not change. Null when the campaign is gone meanwhile.
 */
export async function refreshIndex(
  previous: CampaignIndex | undefined,
  versions: CampaignVersions,
  load: IndexLoaders,
): Promise<CampaignIndex | null> {
  let campaign = previous?.campaign;
  let campaignChanged = false;
  if (!campaign || campaign.version !== versions.version) {
    const row = await load.campaign();
    if (!row) return null;
    campaign = new IndexedCampaign(row);
    campaignChanged = true;
  }
  const units = await rows(versions.units, previous?.units, async (ids) =>
    (await load.units(ids)).map(unitText),
  );
  const encounters = await rows(versions.encounters, previous?.encounters, async (ids) =>
    (await load.encounters(ids)).map(encounterText),
  );
  if (previous && !campaignChanged && !units.changed && !encounters.changed) return previous;
  const catalogKey = [campaign.version, ...units.texts.map((unit) => `${unit.id}:${unit.name}`)].join('\n');
  const index: CampaignIndex = {
    campaign,
    units: units.texts,
    encounters: encounters.texts,
    chars:
      campaign.chars +
      units.texts.reduce((sum, text) => sum + text.chars, 0) +
      encounters.texts.reduce((sum, text) => sum + text.chars, 0),
    catalogKey,
  };
  if (previous?.resolver && previous.catalogKey === catalogKey) index.resolver = previous.resolver;
  return index;
}

/** The resolver of the index's links (unit > race > class > status > characteristic; headings). */
export function resolverOf(index: CampaignIndex): NonNullable<CampaignIndex['resolver']> {
  const { row } = index.campaign;
  index.resolver ??= linkResolver({
    units: index.units.map((unit) => ({ _id: unit.id, name: unit.name })),
    races: row.races,
    classes: row.classes,
    statuses: row.statuses,
    characteristics: row.characteristics,
    headings: index.campaign.headings,
  });
  return index.resolver;
}

/** The rules folded for search; null for blank rules. */
export const rulesOf = (index: CampaignIndex): RulesIndex | null => index.campaign.rulesIndex;

/** Every search entry of the campaign: units, list entries, encounters. */
export function searchEntries(index: CampaignIndex): SearchEntry[] {
  return [...index.units, ...index.campaign.lists, ...index.encounters].map((text) => text.searchEntry);
}

/** Campaign indexes by campaign id, least recently used dropped first past the budget. */
export function createIndexCache(budgetChars = INDEX_BUDGET_CHARS) {
  const indexes = new Map<string, CampaignIndex>();
  let total = 0;
  return {
    get(campaignId: string): CampaignIndex | undefined {
      const index = indexes.get(campaignId);
      if (index) {
        indexes.delete(campaignId);
        indexes.set(campaignId, index);
      }
      return index;
    },
    put(campaignId: string, index: CampaignIndex): void {
      const old = indexes.get(campaignId);
      if (old) {
        total -= old.chars;
        indexes.delete(campaignId);
      }
      indexes.set(campaignId, index);
      total += index.chars;
      // Oldest first; the one just put goes last, and only when it alone is over the budget.
      for (const [id, held] of indexes) {
        if (total <= budgetChars) break;
        indexes.delete(id);
        total -= held.chars;
      }
    },
    /** Characters held, and campaigns (tests, metrics). */
    get size() {
      return { chars: total, campaigns: indexes.size };
    },
    clear() {
      indexes.clear();
      total = 0;
    },
  };
}
export type IndexCache = ReturnType<typeof createIndexCache>;
