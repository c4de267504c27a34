// Import from other tools (docs/product.md#import-from-other-tools, decision 065): the preview of a
// file, the import into a new campaign or into the current campaign's units, and the choice of what
// comes in (`only`). The file is sent as it is, as the body; the server tells its format from the
// content. Shared by the campaign form and the units view.
import type { z } from 'zod';
import type { campaign as campaignSchema } from '@questkeeper/core/schemas/campaigns';
import { foldText } from '@questkeeper/core/text/fold';
import { limitsOf, type Tier } from '@questkeeper/core/tiers';
import { CAMPAIGN_IMPORT_MAX_BYTES } from '@questkeeper/core/limits';
import { apiUpload } from './api-client';
import { campaignHeader } from './units';

/** The import routes' body limit: a bigger file is refused here, before it is sent. */
export const IMPORT_UPLOAD_MAX_BYTES = CAMPAIGN_IMPORT_MAX_BYTES;

export interface ImportSampleItem {
  /** What `only` names; stable across readings of the same file. */
  key: string;
  kind: 'unit' | 'encounter';
  name: string;
  isPlayer?: boolean;
  hp?: number;
  /** An encounter's units (their keys): choosing the encounter brings them. */
  units?: string[];
}

export interface ImportPreview {
  format: string;
  name: string;
  counts: {
    units: number;
    races: number;
    classes: number;
    statuses: number;
    characteristics: number;
    encounters: number;
    rulesChars: number;
  };
  /** Every limit of the plan the whole file exceeds: the field and the server's words. */
  overLimits: { field: string; message: string }[];
  /** `message` is the server's wording; the web words `reason` itself when it knows it. */
  warnings: { reason: string; text: string; limit?: number; message: string }[];
  sample: ImportSampleItem[];
}

/** What POST /api/units/import answers: how many units and encounters joined the campaign. */
export interface UnitsImported {
  units: number;
  encounters: number;
  warnings: ImportPreview['warnings'];
}

/** Where the file goes: a new campaign, or the units of an existing one. */
export type ImportTarget = { kind: 'campaign' } | { kind: 'units'; campaignId: string };

type Campaign = z.output<typeof campaignSchema>;

/**
 * The Content-Type to send: the browser's when it is JSON or a ZIP; otherwise (an empty type, a .txt
 * export) the content decides, as on the server: "PK" starts a ZIP, anything else is sent as JSON.
 */
export async function contentTypeOf(file: Blob): Promise<string> {
  if (
    /^application\/([\w.+-]+\+)?json$/.test(file.type) ||
    /^application\/(zip|x-zip-compressed)$/.test(file.type)
  )
    return file.type;
  try {
    const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
    if (head[0] === 0x50 && head[1] === 0x4b) return 'application/zip';
  } catch {
    // Unreadable here: the server says what is wrong with it.
  }
  return 'application/json';
}

const query = (only: readonly string[] | undefined) =>
  only === undefined ? '' : `?${only.map((key) => `only=${encodeURIComponent(key)}`).join('&')}`;

const headersOf = (target: ImportTarget) =>
  target.kind === 'units' ? campaignHeader(target.campaignId) : undefined;

interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

async function send(path: string, file: Blob, target: ImportTarget, options: UploadOptions) {
  const headers = headersOf(target);
  return apiUpload(path, file, {
    contentType: await contentTypeOf(file),
    ...(headers ? { headers } : {}),
    ...options,
  });
}

/** What importing the file would bring, writing nothing (measured against the campaign for units). */
export async function previewImport(
  file: Blob,
  target: ImportTarget,
  options: UploadOptions = {},
): Promise<ImportPreview> {
  return (await send('/api/game-data/import/preview', file, target, options)) as ImportPreview;
}

/** A new campaign from the file (all of it, or the `only` keys). */
export async function importAsCampaign(
  file: Blob,
  only: readonly string[] | undefined,
  options: UploadOptions = {},
): Promise<Campaign> {
  return (await send(`/api/game-data/import${query(only)}`, file, { kind: 'campaign' }, options)) as Campaign;
}

/** The file's units (and encounters) added to a campaign. */
export async function importUnits(
  campaignId: string,
  file: Blob,
  only: readonly string[] | undefined,
  options: UploadOptions = {},
): Promise<UnitsImported> {
  return (await send(
    `/api/units/import${query(only)}`,
    file,
    { kind: 'units', campaignId },
    options,
  )) as UnitsImported;
}

// ---- Choosing what comes in ----

/** Formats whose files come in whole (`only` is ignored for them). */
export const isWholeFile = (preview: ImportPreview) => preview.format === 'questkeeper';

/** The sample items whose name matches the filter (accent- and case-blind). */
export function matching(sample: readonly ImportSampleItem[], filter: string): ImportSampleItem[] {
  const needle = foldText(filter).trim();
  if (needle === '') return [...sample];
  return sample.filter((item) => foldText(item.name).includes(needle));
}

/** The units the chosen keys bring: those chosen, and those the chosen encounters need. */
export function unitsBrought(sample: readonly ImportSampleItem[], chosen: ReadonlySet<string>): Set<string> {
  const units = new Set<string>();
  const known = new Set(sample.filter((item) => item.kind === 'unit').map((item) => item.key));
  for (const item of sample) {
    if (!chosen.has(item.key)) continue;
    if (item.kind === 'unit') units.add(item.key);
    else for (const key of item.units ?? []) if (known.has(key)) units.add(key);
  }
  return units;
}

/** Units an encounter of the choice needs, whether or not they were ticked themselves. */
export function unitsNeededByEncounters(
  sample: readonly ImportSampleItem[],
  chosen: ReadonlySet<string>,
): Set<string> {
  const needed = new Set<string>();
  for (const item of sample) {
    if (item.kind === 'encounter' && chosen.has(item.key))
      for (const key of item.units ?? []) needed.add(key);
  }
  return needed;
}

/** What the choice brings, counted. */
export function selectionCounts(sample: readonly ImportSampleItem[], chosen: ReadonlySet<string>) {
  return {
    units: unitsBrought(sample, chosen).size,
    encounters: sample.filter((item) => item.kind === 'encounter' && chosen.has(item.key)).length,
  };
}

/** The `only` keys to send: none (everything) when everything is chosen. */
export function onlyOf(
  sample: readonly ImportSampleItem[],
  chosen: ReadonlySet<string>,
): string[] | undefined {
  if (sample.every((item) => chosen.has(item.key))) return undefined;
  return sample.filter((item) => chosen.has(item.key)).map((item) => item.key);
}

/** A limit the choice passes: how many it brings, how many the plan allows there, and the plan's own number. */
export interface SelectionProblem {
  kind: 'units' | 'encounters';
  count: number;
  /** How many more the campaign may take (the plan's number less what it holds). */
  room: number;
  /** The plan's number per campaign. */
  limit: number;
}

/**
 * The limits of `tier` the choice passes, given what the campaign holds already (nothing for a new
 * campaign). The server checks again; this only says it before the upload.
 */
export function selectionProblems(
  counts: { units: number; encounters: number },
  tier: Tier,
  existing: { units: number; encounters: number } = { units: 0, encounters: 0 },
): SelectionProblem[] {
  const limits = limitsOf(tier);
  const problems: SelectionProblem[] = [];
  const check = (kind: SelectionProblem['kind'], count: number, limit: number, holds: number) => {
    const room = Math.max(0, limit - holds);
    if (count > room) problems.push({ kind, count, room, limit });
  };
  check('units', counts.units, limits.unitsPerCampaign, existing.units);
  check('encounters', counts.encounters, limits.encountersPerCampaign, existing.encounters);
  return problems;
}

/** The server's over-limit lines the choice does not change (every one but the unit and encounter counts). */
export function fixedOverLimits(preview: ImportPreview) {
  if (isWholeFile(preview)) return preview.overLimits;
  return preview.overLimits.filter((item) => item.field !== 'units' && item.field !== 'encounters');
}
