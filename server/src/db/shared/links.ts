// Renames that keep links (docs/product.md#links, docs/decisions/063): when a unit, race, class,
// status or characteristic is renamed, every `[[link]]` that resolved to it — with the campaign's names
// as they were before the rename — is rewritten to the new name, in every text of the campaign (rules,
// race/class/status notes, unit notes, encounter notes), inside the rename's own transaction. Run by
// the campaigns service (whole-list saves, list edits, copies) and the units service (a unit's name),
// so it lives here (decision 019). Rewritten rows get a new version like any write (decision 036).
import { sql } from 'drizzle-orm';
import {
  findLinks,
  linkKey,
  linkResolver,
  type LinkKind,
  type LinkTarget,
  type WikiLink,
} from '@questkeeper/core/links/links';
import { ENCOUNTER_NOTES_MAX } from '@questkeeper/core/limits';
import type { CampaignData } from '@questkeeper/core/campaigns/default-campaign';
import type { ClassDef, Race, Status } from '@questkeeper/core/schemas/campaigns';
import { limitsOf, mayHoldText, type Tier } from '@questkeeper/core/tiers';
import type { Executor } from '../client';
import { campaigns, encounters, units } from '../schema';

/** One renamed thing: what links resolved to, and the name they must now say. */
export interface LinkRename {
  kind: Exclude<LinkKind, 'heading'>;
  /** The unit's or entry's id; a characteristic's name before the rename. */
  id: string;
  to: string;
}

/** The lists of a campaign as links read them. */
export type CampaignLinkLists = Pick<CampaignData, 'races' | 'classes' | 'statuses' | 'characteristics'>;

/** The texts of the campaign row that may hold links. */
export interface CampaignTexts {
  rules: string;
  races: Race[];
  classes: ClassDef[];
  statuses: Status[];
}

/** A rewritten text that would pass its tier's limit (the rename is refused, nothing is written). */
export class LinkTextTooLong extends Error {
  constructor(
    readonly code: 'RULES_TOO_LONG' | 'NOTE_TOO_LONG',
    readonly params: { limit: number; tier: Tier },
  ) {
    super(code);
    this.name = 'LinkTextTooLong';
  }
}

const renameKey = (kind: string, id: string) => `${kind}\u0000${id}`;

/**
 * Whether a link can say `name`: a target holds no `[`, `]`, `|` or line break, a backtick would pair
 * with another into a code span, and a leading `#` makes a heading link. Links to a thing renamed to
 * such a name are left as they are (shown as missing, like a deleted target's): rewriting them would
 * break the text around them.
 */
export const linkable = (name: string): boolean => !/[[\]|`\r\n]/.test(name) && !name.trim().startsWith('#');

/**
 * The renames a campaign change makes to its lists: races, classes and statuses by id (an entry whose
 * id stays and whose name changes), characteristics as the units follow them (`characteristics`: the
 * by-position renames of core/src/units/renames.ts). A new name that folds to the old one ("elf" →
 * "Elf") is no rename for links: they resolve as before, so no text is touched.
 */
export function listLinkRenames(
  before: CampaignLinkLists,
  change: Partial<CampaignLinkLists>,
  characteristics: readonly { from: string; to: string }[],
): LinkRename[] {
  const renames: LinkRename[] = [];
  const byId = (
    kind: 'race' | 'class' | 'status',
    was: readonly Race[],
    now: readonly Race[] | undefined,
  ) => {
    if (!now) return;
    const oldName = new Map(was.map((entry) => [entry._id, entry.name]));
    for (const entry of now) {
      const from = oldName.get(entry._id);
      if (from !== undefined && linkKey(from) !== linkKey(entry.name)) {
        renames.push({ kind, id: entry._id, to: entry.name });
      }
    }
  };
  byId('race', before.races, change.races);
  byId('class', before.classes, change.classes);
  byId('status', before.statuses, change.statuses);
  for (const { from, to } of characteristics) {
    if (linkKey(from) !== linkKey(to)) renames.push({ kind: 'characteristic', id: from, to });
  }
  return renames;
}

/**
 * `text` with every link that `resolve` sends to a renamed thing saying its new name, labels kept,
 * code left alone; null when nothing changed. One pass over the links, so renames that swap two
 * names land right.
 */
export function rewriteRenamedLinks(
  text: string,
  resolve: (link: WikiLink) => LinkTarget | null,
  renames: ReadonlyMap<string, string>,
): string | null {
  if (!text.includes('[[')) return null;
  let out = '';
  let from = 0;
  let changed = false;
  for (const link of findLinks(text)) {
    if (link.heading) continue;
    const found = resolve(link);
    const to = found ? renames.get(renameKey(found.kind, found.id)) : undefined;
    if (to === undefined || to === link.target) continue;
    out += text.slice(from, link.targetStart) + to;
    from = link.targetEnd;
    changed = true;
  }
  return changed ? out + text.slice(from) : null;
}

/** Unit ids and names of a campaign in the order every list shows them (the order links resolve in). */
async function unitNames(tx: Executor, campaignId: string): Promise<{ _id: string; name: string }[]> {
  const result = (await tx.execute(sql`
    select ${units.id} as "_id", ${units.name} as name from ${units}
    where ${units.campaignId} = ${campaignId}
    order by ${units.createdAt}, ${units.seq}, ${units.id}`)) as unknown as {
    rows: { _id: string; name: string }[];
  };
  return result.rows;
}

/** What a rename rewrote, for the caller's answer. */
export interface LinkRewrites {
  /** The campaign's texts as written now, when one of them changed (the caller's answer shows them). */
  campaign: Partial<CampaignTexts> | null;
  /** Units and encounters whose notes were rewritten. */
  units: string[];
  encounters: string[];
}

/**
 * Rewrites the links of `renames` in every text of the campaign, in the caller's transaction (which
 * holds the campaign's row lock or the renamed unit's). `lists` are the campaign's lists BEFORE the
 * rename; `unitNamesBefore` the old names of renamed units whose row is already written. `texts` are
 * the campaign row's texts as the transaction wrote them, when the caller has them (else read).
 * A rewrite that would take a text past its tier's limit refuses the whole rename (LinkTextTooLong).
 */
export async function rewriteLinksOfRenames(
  tx: Executor,
  input: {
    userId: string;
    campaignId: string;
    tier: Tier;
    renames: readonly LinkRename[];
    lists: CampaignLinkLists;
    unitNamesBefore?: ReadonlyMap<string, string>;
    texts?: CampaignTexts;
  },
): Promise<LinkRewrites> {
  const done: LinkRewrites = { campaign: null, units: [], encounters: [] };
  const linkableRenames = input.renames.filter((rename) => linkable(rename.to));
  if (linkableRenames.length === 0) return done;
  const { campaignId, userId } = input;
  const limits = limitsOf(input.tier);
  const tooLong = (code: LinkTextTooLong['code'], limit: number, before: string, after: string) => {
    if (!mayHoldText(limit, before.length, after.length)) {
      throw new LinkTextTooLong(code, { limit, tier: input.tier });
    }
  };
  const renames = new Map(linkableRenames.map((rename) => [renameKey(rename.kind, rename.id), rename.to]));
  const names = await unitNames(tx, campaignId);
  const resolve = linkResolver({
    units: input.unitNamesBefore
      ? names.map((unit) => ({ _id: unit._id, name: input.unitNamesBefore!.get(unit._id) ?? unit.name }))
      : names,
    races: input.lists.races,
    classes: input.lists.classes,
    statuses: input.lists.statuses,
    characteristics: input.lists.characteristics,
    // Headings are never renamed here: heading links resolve to nothing and stay as they are.
    headings: [],
  });

  // The campaign row: its rules and its lists' notes.
  const texts = input.texts ?? (await campaignTexts(tx, userId, campaignId));
  if (texts) {
    const campaign: Partial<CampaignTexts> = {};
    const rules = rewriteRenamedLinks(texts.rules, resolve, renames);
    if (rules !== null) {
      tooLong('RULES_TOO_LONG', limits.rulesChars, texts.rules, rules);
      campaign.rules = rules;
    }
    const notes = <T extends { note: string }>(list: T[], limit: number): T[] | null => {
      let changed = false;
      const next = list.map((entry) => {
        const note = rewriteRenamedLinks(entry.note, resolve, renames);
        if (note === null) return entry;
        tooLong('NOTE_TOO_LONG', limit, entry.note, note);
        changed = true;
        return { ...entry, note };
      });
      return changed ? next : null;
    };
    const races = notes(texts.races, limits.raceNoteChars);
    const classes = notes(texts.classes, limits.classNoteChars);
    const statuses = notes(texts.statuses, limits.statusNoteChars);
    if (races) campaign.races = races;
    if (classes) campaign.classes = classes;
    if (statuses) campaign.statuses = statuses;
    if (Object.keys(campaign).length > 0) {
      await tx
        .update(campaigns)
        .set({ ...campaign, updatedAt: sql`now()` })
        .where(sql`${campaigns.id} = ${campaignId} and ${campaigns.userId} = ${userId}`);
      done.campaign = campaign;
    }
  }

  // Unit and encounter notes: only the rows that hold a link at all are read, locked (after the
  // campaign row, as every write of the campaign locks them) so a notes save made meanwhile is either
  // read here or meets a new version, never overwritten with what it replaced.
  const unitRows = (await tx.execute(sql`
    select ${units.id} as id, ${units.notes} as notes from ${units}
    where ${units.campaignId} = ${campaignId} and ${units.userId} = ${userId}
      and strpos(${units.notes}, '[[') > 0
    for update`)) as unknown as { rows: { id: string; notes: string }[] };
  const unitNotes: { id: string; notes: string }[] = [];
  for (const row of unitRows.rows) {
    const notes = rewriteRenamedLinks(row.notes, resolve, renames);
    if (notes === null) continue;
    tooLong('NOTE_TOO_LONG', limits.unitNoteChars, row.notes, notes);
    unitNotes.push({ id: row.id, notes });
  }
  if (unitNotes.length > 0) {
    await tx.execute(sql`
      update ${units} set notes = v.notes, updated_at = clock_timestamp()
      from jsonb_to_recordset(${JSON.stringify(unitNotes)}::jsonb) as v(id uuid, notes text)
      where ${units.id} = v.id and ${units.campaignId} = ${campaignId} and ${units.userId} = ${userId}`);
    done.units = unitNotes.map((row) => row.id);
  }

  const encounterRows = (await tx.execute(sql`
    select ${encounters.id} as id, ${encounters.notes} as notes from ${encounters}
    where ${encounters.campaignId} = ${campaignId} and ${encounters.userId} = ${userId}
      and strpos(${encounters.notes}, '[[') > 0
    for update`)) as unknown as { rows: { id: string; notes: string }[] };
  const encounterNotes: { id: string; notes: string }[] = [];
  for (const row of encounterRows.rows) {
    const notes = rewriteRenamedLinks(row.notes, resolve, renames);
    if (notes === null) continue;
    tooLong('NOTE_TOO_LONG', ENCOUNTER_NOTES_MAX, row.notes, notes);
    encounterNotes.push({ id: row.id, notes });
  }
  if (encounterNotes.length > 0) {
    await tx.execute(sql`
      update ${encounters} set notes = v.notes, updated_at = clock_timestamp()
      from jsonb_to_recordset(${JSON.stringify(encounterNotes)}::jsonb) as v(id uuid, notes text)
      where ${encounters.id} = v.id and ${encounters.campaignId} = ${campaignId}
        and ${encounters.userId} = ${userId}`);
    done.encounters = encounterNotes.map((row) => row.id);
  }
  return done;
}

async function campaignTexts(
  tx: Executor,
  userId: string,
  campaignId: string,
): Promise<CampaignTexts | undefined> {
  const result = (await tx.execute(sql`
    select ${campaigns.rules} as rules, ${campaigns.races} as races, ${campaigns.classes} as classes,
      ${campaigns.statuses} as statuses
    from ${campaigns} where ${campaigns.id} = ${campaignId} and ${campaigns.userId} = ${userId}`)) as unknown as {
    rows: CampaignTexts[];
  };
  return result.rows[0];
}
