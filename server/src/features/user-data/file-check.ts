// Everything the import does to a file before the database sees it (decision 047): JSON,
// prototype keys, the format version, and the schema. It runs in a worker thread (file-check-worker.ts),
// so it holds no state and takes and gives only plain data.
import sjson from 'secure-json-parse';
import { COMBAT_LOG_MAX_ENTRIES, GAME_DATA_LIST_MAX } from '@questkeeper/core/limits';
import { upgradeGameData } from '@questkeeper/core/campaigns/file-upgrades';
import { storableStrings } from '@questkeeper/core/schemas/common';
import { GAME_DATA_FORMAT_VERSION } from '@questkeeper/core/constants';
import {
  FIGHT_UNITS_MAX,
  exportedLogEntry,
  exportedUnit,
  gameDataExport,
  type GameDataExport,
} from '@questkeeper/core/schemas/game-data-export';
import type { IssueLike } from '@questkeeper/core/validation';
import type { Language } from '@questkeeper/core/i18n';
import { FOREIGN_IMPORT_MAX_BYTES } from '@questkeeper/core/limits';
import { checkJsonShape, detectFormat } from '@questkeeper/core/import/detect';
import {
  type ImportTarget,
  defaultCharacteristics,
  planToGameData,
  readForeignFile,
  selectFromPlan,
} from '@questkeeper/core/import/import-plan';
import {
  ForeignFiles,
  type ImportFormat,
  type ImportPlan,
  type ImportWarning,
} from '@questkeeper/core/import/plan';
import type { Tier } from '@questkeeper/core/tiers';
import { isZip, readZipJson } from './zip-files';
import { readCampaignArchive, type ArchiveRefusal } from './campaign-archive';
import { CAMPAIGN_ARCHIVE_MAX_BYTES } from '@questkeeper/core/limits';

/** Problems the answer names at most; the check stops collecting once it has one more. */
export const IMPORT_PROBLEMS_MAX = 100;

/** How a foreign file is read (docs/product.md#import-from-other-tools). */
export interface FileCheckOptions {
  /** The language of the campaign a foreign file becomes (its characteristics, headings, labels). */
  language?: Language;
  /** Keys of the units and encounters to bring (a foreign file); absent: everything. */
  only?: readonly string[];
  /** The tier's unitNoteChars: longer notes are cut, with a warning. */
  notesMax?: number;
  /** Units for this existing campaign (POST /api/units/import): other tools' files only. */
  target?: ImportTarget;
  /** POST /api/units/import: a Questkeeper campaign file is refused (it is a whole campaign). */
  unitsOnly?: boolean;
  /** The user's tier: how many races and classes a foreign file may add, how long the rules are. */
  tier?: Tier;
}

/** One unit or encounter of a file, with the key `only` names it by. */
export interface ImportSampleItem {
  key: string;
  kind: 'unit' | 'encounter';
  name: string;
  isPlayer?: boolean;
  hp?: number;
  /** An encounter's units, by key. */
  units?: string[];
}

/** What a file holds, for the preview (before the tier's limits, which the service adds). */
export interface ImportSummary {
  format: ImportFormat;
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
  warnings: ImportWarning[];
  /** Every unit and encounter of the file (up to FOREIGN_ENTRIES_MAX each), `only` or not. */
  sample: ImportSampleItem[];
}

export type FileCheck =
  | {
      ok: true;
      file: GameDataExport;
      summary: ImportSummary;
      /** A campaign archive's images by their ref in the file (docs/decisions/077). */
      images?: Map<string, Uint8Array>;
    }
  | {
      ok: false;
      code:
        | 'MALFORMED_JSON'
        | 'FORBIDDEN_JSON_KEY'
        | 'IMPORT_ZIP_UNSUPPORTED'
        | 'IMPORT_FILE_TOO_DEEP'
        | 'IMPORT_FILE_UNKNOWN';
    }
  | { ok: false; code: 'IMPORT_FILE_TOO_LARGE'; max: number }
  | { ok: false; code: 'IMPORT_FORMAT_TOO_NEW' | 'IMPORT_FORMAT_UNKNOWN'; version: string; supported: number }
  /** `more`: problems beyond the first IMPORT_PROBLEMS_MAX exist and were not collected. */
  | { ok: false; code: 'VALIDATION_FAILED'; issues: IssueLike[]; more: boolean }
  | ({ ok: false } & ArchiveRefusal);

/** A campaign export file as the request brought it (UTF-8 bytes) → the validated file or why not. */
export function checkCampaignFile(bytes: Uint8Array, options: FileCheckOptions = {}): FileCheck {
  // A ZIP (Kanka's export, Foundry exports zipped): its JSON files, within the ZIP limits (zip-files.ts).
  if (isZip(bytes)) {
    // A campaign archive (docs/decisions/077): a Questkeeper campaign file as `campaign.json` (Kanka's
    // export has one too, of its own format: read below) and its images.
    const archive = readCampaignArchive(bytes, { withImages: false });
    if (!archive.ok) return archive;
    if (archive.archive) {
      const parsed = parseJson(new TextDecoder('utf-8').decode(archive.archive.json));
      if (parsed.ok && detectFormat(parsed.value) === 'questkeeper') {
        if (bytes.byteLength > CAMPAIGN_ARCHIVE_MAX_BYTES)
          return {
            ok: false,
            code: 'IMPORT_FILE_TOO_LARGE',
            max: CAMPAIGN_ARCHIVE_MAX_BYTES / (1024 * 1024),
          };
        const inside = checkParsed(parsed.value, options, bytes.byteLength);
        if (!inside.ok) return inside;
        const withImages = readCampaignArchive(bytes, { withImages: true });
        if (!withImages.ok) return withImages;
        return { ...inside, images: withImages.archive?.images ?? new Map() };
      }
    }
    if (bytes.byteLength > FOREIGN_IMPORT_MAX_BYTES)
      return { ok: false, code: 'IMPORT_FILE_TOO_LARGE', max: FOREIGN_IMPORT_MAX_BYTES / (1024 * 1024) };
    const zip = readZipJson(bytes);
    if (!zip.ok) return zip;
    if (detectFormat(zip.files) !== null) return checkForeignFile(zip.files, bytes.byteLength, options);
    // One zipped export of another tool (an Improved Initiative library, a 5e.tools homebrew…): that file.
    const [only, ...more] = zip.files.files;
    const inside = only && more.length === 0 ? detectFormat(only.json) : null;
    if (only && inside !== null && inside !== 'questkeeper')
      return checkForeignFile(only.json, bytes.byteLength, options);
    return { ok: false, code: 'IMPORT_ZIP_UNSUPPORTED' };
  }
  const parsed = parseJson(new TextDecoder('utf-8').decode(bytes));
  if (!parsed.ok) return { ok: false, code: 'MALFORMED_JSON' };
  return checkParsed(parsed.value, options, bytes.byteLength);
}

/** JSON text → its value (an empty text is `undefined`, which no format reads). */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A parsed file: sent alone, or a campaign archive's `campaign.json`. */
function checkParsed(parsed: unknown, options: FileCheckOptions, size: number): FileCheck {
  const format = detectFormat(parsed);
  if (format !== null && format !== 'questkeeper') return checkForeignFile(parsed, size, options);
  // Adding units to a campaign reads other tools' files; a Questkeeper file is a whole campaign (its
  // preview, even with a campaign named, is that of a new campaign).
  if (options.unitsOnly) return { ok: false, code: 'IMPORT_FILE_UNKNOWN' };
  // Refused, not dropped: a file is imported whole or not at all (decision 024).
  try {
    if (typeof parsed === 'object' && parsed !== null) {
      sjson.scan(parsed, { protoAction: 'error', constructorAction: 'error' });
    }
  } catch {
    return { ok: false, code: 'FORBIDDEN_JSON_KEY' };
  }
  const upgraded = upgradeGameData(parsed);
  if (!upgraded.ok) {
    return {
      ok: false,
      code: upgraded.reason === 'tooNew' ? 'IMPORT_FORMAT_TOO_NEW' : 'IMPORT_FORMAT_UNKNOWN',
      version: upgraded.version,
      supported: GAME_DATA_FORMAT_VERSION,
    };
  }
  const checked = validate(upgraded.file);
  return checked.ok
    ? { ...checked, summary: summaryOf('questkeeper', checked.file, [], ownSample(checked.file)) }
    : checked;
}

/**
 * A file of another tool: within the size and shape limits, read into a plan (prototype keys are
 * never read), narrowed to `only`, written as a campaign file and checked like one.
 */
function checkForeignFile(parsed: unknown, size: number, options: FileCheckOptions): FileCheck {
  if (size > FOREIGN_IMPORT_MAX_BYTES)
    return { ok: false, code: 'IMPORT_FILE_TOO_LARGE', max: FOREIGN_IMPORT_MAX_BYTES / (1024 * 1024) };
  // A ZIP's files were shape-checked one by one as they were read.
  if (!(parsed instanceof ForeignFiles) && checkJsonShape(parsed) !== null)
    return { ok: false, code: 'IMPORT_FILE_TOO_DEEP' };
  const language = options.language ?? 'en';
  const plan = readForeignFile(parsed, {
    characteristics: options.target?.characteristics ?? defaultCharacteristics(language),
    language,
    ...(options.notesMax === undefined ? {} : { notesMax: options.notesMax }),
  });
  if (!plan)
    return { ok: false, code: parsed instanceof ForeignFiles ? 'IMPORT_ZIP_UNSUPPORTED' : 'MALFORMED_JSON' };
  if (parsed instanceof ForeignFiles) {
    for (const name of parsed.ignored.slice(0, 20))
      plan.warnings.push({ reason: 'ignored', text: name.slice(0, 200) });
  }
  const chosen = selectFromPlan(plan, options.only);
  const checked = validate(planToGameData(chosen, language, options.target, options.tier));
  return checked.ok
    ? { ...checked, summary: summaryOf(plan.format, checked.file, plan.warnings, planSample(plan)) }
    : checked;
}

function planSample(plan: ImportPlan): ImportSampleItem[] {
  return [
    ...plan.units.map((u) => ({
      key: u.key,
      kind: 'unit' as const,
      name: u.name,
      isPlayer: u.isPlayer,
      hp: u.hp,
    })),
    ...plan.encounters.map((e) => ({
      key: e.key,
      kind: 'encounter' as const,
      name: e.name,
      units: [...new Set([...e.allies, ...e.enemies.map((x) => x.unitKey)])],
    })),
  ];
}

function ownSample(file: GameDataExport): ImportSampleItem[] {
  return [
    ...file.units.map((u) => ({
      key: u.id,
      kind: 'unit' as const,
      name: u.name,
      isPlayer: u.isPlayer,
      hp: u.hp,
    })),
    ...file.encounters.map((e, index) => ({
      key: `encounters.${index}`,
      kind: 'encounter' as const,
      name: e.name,
      units: [...new Set([...e.allies.map((a) => a.unitId), ...e.enemies.map((x) => x.unitId)])],
    })),
  ];
}

function summaryOf(
  format: ImportFormat,
  file: GameDataExport,
  warnings: ImportWarning[],
  sample: ImportSampleItem[],
): ImportSummary {
  const { campaign } = file;
  return {
    format,
    name: campaign.name,
    counts: {
      units: file.units.length,
      races: campaign.races.length,
      classes: campaign.classes.length,
      statuses: campaign.statuses.length,
      characteristics: campaign.characteristics.length,
      encounters: file.encounters.length,
      rulesChars: campaign.rules.length,
    },
    warnings,
    sample,
  };
}

type Issue = IssueLike & { path: PropertyKey[] };

/** The first problems, up to one past the cap (which says "more"). */
class Problems {
  readonly issues: Issue[] = [];
  get full() {
    return this.issues.length > IMPORT_PROBLEMS_MAX;
  }
  add(issues: readonly Issue[], prefix: PropertyKey[] = []) {
    for (const issue of issues) {
      if (this.full) return;
      this.issues.push({ ...issue, path: [...prefix, ...issue.path] });
    }
  }
  answer(): Exclude<FileCheck, { ok: true }> {
    return {
      ok: false,
      code: 'VALIDATION_FAILED',
      issues: this.issues.slice(0, IMPORT_PROBLEMS_MAX).map(plainIssue),
      more: this.full,
    };
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod collects every problem of a value, and a 32 MiB file can hold millions (a log of a million
 * `0`s). So the schema only ever reads a value whose problems are bounded: first the sizes of every
 * list the file may make long, without reading their items; then units and log entries one by one,
 * stopping at the cap; only then the whole file, whose remaining parts are small.
 */
type Validated = { ok: true; file: GameDataExport } | Exclude<FileCheck, { ok: true }>;

function validate(file: unknown): Validated {
  const problems = new Problems();
  problems.add(oversized(file));
  if (problems.issues.length > 0) return problems.answer();

  if (isRecord(file)) {
    eachChecked(file.units, exportedUnit, ['units'], problems);
    if (isRecord(file.fight)) eachChecked(file.fight.log, logEntryStored, ['fight', 'log'], problems);
  }
  if (problems.full) return problems.answer();

  const result = gameDataExport.safeParse(file);
  if (result.success) return { ok: true, file: result.data };
  const all = new Problems();
  all.add(result.error.issues as Issue[]);
  return all.answer();
}

// The whole fight is checked for storable strings by gameDataExport; an entry read alone is too.
const logEntryStored = exportedLogEntry.superRefine(storableStrings);

function eachChecked(
  items: unknown,
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } } },
  path: PropertyKey[],
  problems: Problems,
) {
  if (!Array.isArray(items)) return;
  for (let index = 0; index < items.length && !problems.full; index += 1) {
    const result = schema.safeParse(items[index]);
    if (!result.success) problems.add((result.error?.issues ?? []) as Issue[], [...path, index]);
  }
}

/** Lists (and maps) longer than the schema allows: one problem each, their items left unread. */
function oversized(file: unknown): Issue[] {
  if (!isRecord(file)) return [];
  const issues: Issue[] = [];
  const check = (value: unknown, path: PropertyKey[], max: number) => {
    const size = Array.isArray(value) ? value.length : isRecord(value) ? Object.keys(value).length : 0;
    if (size > max) issues.push({ code: 'too_big', origin: 'array', maximum: max, message: '', path });
  };
  check(file.units, ['units'], GAME_DATA_LIST_MAX);
  if (Array.isArray(file.units)) {
    file.units.slice(0, GAME_DATA_LIST_MAX).forEach((unit, index) => {
      if (isRecord(unit))
        check(unit.characteristics, ['units', index, 'characteristics'], GAME_DATA_LIST_MAX);
    });
  }
  if (isRecord(file.campaign)) {
    for (const list of ['characteristics', 'races', 'classes', 'statuses']) {
      check(file.campaign[list], ['campaign', list], GAME_DATA_LIST_MAX);
    }
  }
  if (isRecord(file.fight)) {
    const { fight } = file;
    check(fight.log, ['fight', 'log'], COMBAT_LOG_MAX_ENTRIES);
    check(fight.allies, ['fight', 'allies'], FIGHT_UNITS_MAX);
    check(fight.enemies, ['fight', 'enemies'], FIGHT_UNITS_MAX);
    check(fight.order, ['fight', 'order'], FIGHT_UNITS_MAX * 2);
    // Keyed by the units of the file, which are capped like any list.
    check(fight.conditions, ['fight', 'conditions'], GAME_DATA_LIST_MAX);
  }
  return issues;
}

/** The fields the answer reads, as plain data a worker can post (no schema instances, no input). */
function plainIssue(issue: Issue): IssueLike {
  const { code, message, path, minimum, maximum, origin, expected, values, format } = issue;
  const plain: IssueLike = {
    code,
    message,
    path: path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
  };
  for (const [key, value] of Object.entries({ minimum, maximum, origin, expected, values, format })) {
    if (value !== undefined)
      Object.assign(plain, { [key]: typeof value === 'bigint' ? Number(value) : value });
  }
  return plain;
}

/** A file the schema refuses: its first problems (the route answers them as fields, localized). */
export class InvalidFile extends Error {
  constructor(
    readonly issues: readonly IssueLike[],
    /** More problems exist than IMPORT_PROBLEMS_MAX. */
    readonly more: boolean,
  ) {
    super('invalid import file');
    this.name = 'InvalidFile';
  }
}
