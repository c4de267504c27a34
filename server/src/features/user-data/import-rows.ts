// A checked campaign file → the rows it becomes, ready to write (decision 047). It runs in
// the import's worker thread, right after the file is checked: everything large leaves the worker as
// UTF-8 JSON in chunks of at most IMPORT_CHUNK_BYTES, in one transferred buffer, so the main thread
// never receives, builds or stringifies megabytes at once. Ids of the file are references inside it:
// every row gets a new id and the fight's references are rewritten through one map.
import { checkImportLimits, type ImportProblem } from '@questkeeper/core/campaigns/import-limits';
import { withItemIds } from '@questkeeper/core/campaigns/tier-rules';
import { clampCurrentHp } from '@questkeeper/core/combat/hit-points';
import {
  UNKNOWN_LIST_CHOICE,
  checkCharacteristicValue,
  matchListChoice,
  type UnitListField,
} from '@questkeeper/core/units/fields';
import type { MessageKey } from '@questkeeper/core/i18n';
import type { CharacteristicDef } from '@questkeeper/core/schemas/campaigns';
import type { CombatState, ConditionMap } from '@questkeeper/core/schemas/combat';
import type {
  ExportedFight,
  ExportedImage,
  GameDataExport,
} from '@questkeeper/core/schemas/game-data-export';
import type { ImportWarning } from '@questkeeper/core/import/plan';
import { TIERS, type Tier } from '@questkeeper/core/tiers';
import type { ErrorCode } from '@questkeeper/core/errors';
import type { FieldProblem } from '../../lib/app-error';
import { defaultCharacteristicValue, storedCounters } from '../units/unit-fields';
import { encounterUnitProblems } from '../encounters/encounter-units';
import { IMPORT_PROBLEMS_MAX } from './file-check';

/**
 * The largest statement parameter (and answer piece) an import builds. Each one is decoded, then
 * encoded again by the driver on the main thread: a few milliseconds each way for 512 KiB of CJK
 * text (6 MB decoded in 34–47 ms on the loaded test machine), far under the 100 ms target
 * (decision 047).
 */
export const IMPORT_CHUNK_BYTES = 512 * 1024;

/**
 * The largest statement of log entries: a log row costs the engine far more per byte than text does
 * (a jsonb value and an index entry per 450 bytes or so). On PGlite, whose engine runs on the main
 * thread, 512 KiB of log took 116 ms per statement on average on a loaded machine, a quarter of it
 * 14 ms, for the same total work (decision 047).
 */
export const LOG_CHUNK_BYTES = 128 * 1024;

/**
 * `text` in pieces of at most IMPORT_CHUNK_BYTES of UTF-8 (a UTF-16 unit is at most 3 bytes; a
 * surrogate pair, 4 for 2 units), never cutting a pair: the rules go in like the lists, piece by piece.
 */
export function textPieces(text: string): string[] {
  const max = Math.floor(IMPORT_CHUNK_BYTES / 3);
  const pieces: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + max, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** Where one chunk lies in the prepared import's buffer: a JSON array of rows, as UTF-8. */
export type Span = readonly [offset: number, length: number];

export type CampaignList = 'races' | 'classes' | 'statuses';
export const CAMPAIGN_LISTS: readonly CampaignList[] = ['races', 'classes', 'statuses'];

/** A file the import can write: small values as they are, large ones as spans of `bytes`. */
export interface PreparedImport {
  /**
   * Per tier, what checkImportLimits finds in the file with no campaign yet: the file's own limits.
   * The count of the user's campaigns is the database's, added on the main thread (importLimits).
   */
  limits: Record<Tier, ImportProblem[]>;
  /** Problems against the file's own lists (a unit's race it lacks…): 400, answered after the limits. */
  refusal?: {
    code: ErrorCode;
    params: Record<string, string | number>;
    fields: Record<string, FieldProblem>;
  };
  campaign: {
    name: string;
    rules: string;
    characteristics: CharacteristicDef[];
    initiativeRule: GameDataExport['campaign']['initiativeRule'];
    initiativeCaracName: string;
    initiativeModifier: GameDataExport['campaign']['initiativeModifier'];
  };
  /** Each list's items with new `_id`s, as the campaign stores and answers them. */
  lists: Record<CampaignList, Span[]>;
  /** Unit rows in file order (`ord`), keys as the columns are named. */
  units: Span[];
  /** Saved encounters' rows in file order (`ord`), unit ids rewritten (docs/decisions/062). */
  encounters: Span[];
  fight?: { state: CombatState; conditions: ConditionMap; logTotal: number; log: Span[] };
  /**
   * A campaign archive's images that something imported shows (docs/decisions/077), with the new ids
   * the units' and reveals' rows name; checked like uploads on the main thread before anything is written.
   */
  images: { id: string; ref: string; kind: ExportedImage['kind']; bytes: Uint8Array }[];
  /** Reveals' rows, their unit and image references rewritten. */
  reveals: Span[];
  /** Reveals and portraits left out because the file lacks what they name. */
  warnings: ImportWarning[];
  /** The UTF-8 of every span; transferred, not copied, between threads. */
  bytes: Uint8Array;
}

/**
 * The problems of a file's content (units against its lists, fight references), like FieldProblems
 * but bounded as the schema's are (decision 047): the first IMPORT_PROBLEMS_MAX fields, then "more".
 */
export class ImportProblems {
  private readonly problems = new Map<string, FieldProblem>();
  private more = false;

  get full(): boolean {
    return this.more;
  }

  add(field: string, key: MessageKey, params?: Record<string, string | number>): void {
    if (this.problems.has(field)) return;
    if (this.problems.size >= IMPORT_PROBLEMS_MAX) {
      this.more = true;
      return;
    }
    this.problems.set(field, params ? { key, params } : { key });
  }

  /** 400 VALIDATION_FAILED naming the fields, IMPORT_TOO_MANY_PROBLEMS when there were more. */
  refusal(): PreparedImport['refusal'] {
    if (this.problems.size === 0) return undefined;
    const fields = Object.fromEntries(this.problems);
    if (this.more) return { code: 'IMPORT_TOO_MANY_PROBLEMS', params: { max: IMPORT_PROBLEMS_MAX }, fields };
    return { code: 'VALIDATION_FAILED', params: {}, fields };
  }
}

/** File references → new ids; a reference to nothing in the file (a log's deleted unit) gets one too. */
export function idMap(newId: () => string) {
  const ids = new Map<string, string>();
  return (ref: string): string => {
    let id = ids.get(ref);
    if (id === undefined) {
      id = newId();
      ids.set(ref, id);
    }
    return id;
  };
}

/** JSON arrays of at most a given size each (one item larger than that is a chunk alone). */
class ChunkWriter {
  private readonly encoder = new TextEncoder();
  private buffer = new Uint8Array(IMPORT_CHUNK_BYTES * 4);
  private length = 0;

  /** The items as chunks of at most `max` bytes; `toRow` maps each one just before it is written. */
  chunks<T>(items: Iterable<T>, toRow: (item: T) => unknown, max = IMPORT_CHUNK_BYTES): Span[] {
    const spans: Span[] = [];
    let start = -1;
    for (const item of items) {
      const json = this.encoder.encode(JSON.stringify(toRow(item)));
      if (start >= 0 && this.length - start + json.length + 2 > max) {
        spans.push(this.close(start));
        start = -1;
      }
      if (start < 0) {
        start = this.length;
        this.write(91); // [
      } else {
        this.write(44); // ,
      }
      this.write(json);
    }
    if (start >= 0) spans.push(this.close(start));
    return spans;
  }

  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }

  private close(start: number): Span {
    this.write(93); // ]
    return [start, this.length - start];
  }

  private write(data: Uint8Array | number) {
    const size = typeof data === 'number' ? 1 : data.length;
    if (this.length + size > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + size));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    if (typeof data === 'number') this.buffer[this.length] = data;
    else this.buffer.set(data, this.length);
    this.length += size;
  }
}

/** A checked file (upgraded and parsed) → the import, with new ids, or the problems it has. */
export function prepareImport(
  file: GameDataExport,
  newId: () => string = () => crypto.randomUUID(),
  /** A campaign archive's image files by ref (docs/decisions/077); a plain JSON file has none. */
  imageFiles: ReadonlyMap<string, Uint8Array> = new Map(),
) {
  const { campaign } = file;
  const problems = new ImportProblems();
  const warnings: ImportWarning[] = [];
  // An image the file lists and carries, stored once under a new id whoever shows it (copies of a
  // unit share their portrait).
  const listed = new Map((file.images ?? []).map((image) => [image.id, image]));
  const images = new Map<string, PreparedImport['images'][number]>();
  const imageId = (ref: string | null | undefined): string | null => {
    if (ref === null || ref === undefined) return null;
    const image = listed.get(ref);
    const bytes = imageFiles.get(ref);
    if (!image || !bytes) return null;
    let stored = images.get(ref);
    if (!stored) {
      stored = { id: newId(), ref, kind: image.kind, bytes };
      images.set(ref, stored);
    }
    return stored.id;
  };
  if (
    campaign.initiativeCaracName &&
    !campaign.characteristics.some((c) => c.name === campaign.initiativeCaracName)
  ) {
    problems.add('campaign.initiativeCaracName', 'validation.unknownCharacteristic');
  }
  const lists = { race: campaign.races, class: campaign.classes, status: campaign.statuses };
  const mapUnit = idMap(newId);
  const out = new ChunkWriter();
  const portraitOf = (unit: GameDataExport['units'][number]) => {
    const id = imageId(unit.portraitImage);
    if (id === null && unit.portraitImage !== undefined)
      warnings.push({ reason: 'portraitMissing', text: unit.name });
    return id;
  };
  const units = out.chunks(file.units.entries(), ([index, unit]) => {
    const choice = (field: UnitListField) => {
      const name = matchListChoice(lists[field], unit[field]);
      if (name === undefined) problems.add(`units.${index}.${field}`, UNKNOWN_LIST_CHOICE[field]);
      return name ?? unit[field];
    };
    // Every characteristic of the campaign, at the unit's value or the default; names the campaign
    // does not have are left out, as a unit edit would.
    const characteristics: Record<string, number> = {};
    for (const { name, max } of campaign.characteristics) {
      const value = Object.hasOwn(unit.characteristics, name) ? unit.characteristics[name] : undefined;
      const problem = value === undefined ? null : checkCharacteristicValue(value, max);
      if (problem) problems.add(`units.${index}.characteristics.${name}`, problem.key, problem.params);
      Object.defineProperty(characteristics, name, {
        value: value ?? defaultCharacteristicValue(max),
        enumerable: true,
      });
    }
    return {
      ord: index,
      id: mapUnit(unit.id),
      name: unit.name,
      gender: unit.gender,
      is_player: unit.isPlayer,
      race: choice('race'),
      class: choice('class'),
      status: choice('status'),
      characteristics,
      hp: unit.hp,
      current_hp: clampCurrentHp(unit.currentHp, unit.hp),
      gold: unit.money.gold,
      silver: unit.money.silver,
      bronze: unit.money.bronze,
      notes: unit.notes,
      // A unit's counters keep their ids (a fight's values are keyed by them); new ones get one.
      counters: storedCounters(unit.counters, newId),
      portrait_image_id: portraitOf(unit),
    };
  });
  const unitRefs = new Set(file.units.map((unit) => unit.id));
  const fight = file.fight && toImportedFight(file.fight, unitRefs, mapUnit, newId, problems);
  const encounters = out.chunks(file.encounters.entries(), ([index, encounter]) => {
    const unitProblems = encounterUnitProblems(encounter, (ref) => unitRefs.has(ref));
    for (const [field, problem] of Object.entries(unitProblems)) {
      problems.add(`encounters.${index}.${field}`, problem.key);
    }
    return {
      ord: index,
      name: encounter.name,
      notes: encounter.notes,
      data: {
        allies: encounter.allies.map(({ unitId }) => ({ unitId: mapUnit(unitId) })),
        enemies: encounter.enemies.map(({ unitId, count }) => ({ unitId: mapUnit(unitId), count })),
        hazards: encounter.hazards.map(({ name, initiative, hidden }) => ({ name, initiative, hidden })),
        hidden: encounter.hidden.map(mapUnit),
        groups: encounter.groups,
      },
    };
  });
  const listSpans = {
    races: out.chunks(withItemIds(campaign.races, newId), ({ _id, name, note }) => ({ _id, name, note })),
    classes: out.chunks(withItemIds(campaign.classes, newId), ({ _id, name, color, note }) => ({
      _id,
      name,
      color,
      note,
    })),
    statuses: out.chunks(withItemIds(campaign.statuses, newId), ({ _id, name, note }) => ({
      _id,
      name,
      note,
    })),
  };
  // Reveals (docs/decisions/077): a unit's under the unit's new id, images under theirs; one naming a
  // unit or an image the file lacks is left out with a warning (the snapshot would point at nothing).
  const reveals = out.chunks(
    (file.reveals ?? []).flatMap((reveal) => {
      const unitMissing = reveal.kind === 'unit' && (reveal.ref === null || !unitRefs.has(reveal.ref));
      const image = imageId(reveal.image);
      if (unitMissing || (reveal.image !== null && image === null)) {
        warnings.push({ reason: 'revealDropped', text: reveal.title });
        return [];
      }
      return [
        {
          kind: reveal.kind,
          ref: reveal.kind === 'unit' && reveal.ref !== null ? mapUnit(reveal.ref) : reveal.ref,
          title: reveal.title,
          text: reveal.text,
          image_id: image,
          revealed_at: reveal.revealedAt,
        },
      ];
    }),
    (row) => row,
  );
  const log =
    fight &&
    out.chunks(
      fight.log,
      (entry) => ({
        step: entry.step,
        position: entry.position,
        undone: entry.undone,
        created_at: entry.createdAt,
        data: entry.data,
      }),
      LOG_CHUNK_BYTES,
    );
  const prepared: PreparedImport = {
    limits: Object.fromEntries(TIERS.map((tier) => [tier, checkImportLimits(tier, 0, file)])) as Record<
      Tier,
      ImportProblem[]
    >,
    campaign: {
      name: campaign.name,
      rules: campaign.rules,
      characteristics: campaign.characteristics.map(({ name, max, pinned }) => ({ name, max, pinned })),
      initiativeRule: campaign.initiativeRule,
      initiativeCaracName: campaign.initiativeCaracName,
      initiativeModifier: campaign.initiativeModifier,
    },
    lists: listSpans,
    units,
    encounters,
    ...(fight && log
      ? { fight: { state: fight.state, conditions: fight.conditions, logTotal: fight.log.length, log } }
      : {}),
    images: [...images.values()],
    reveals,
    warnings,
    bytes: out.bytes(),
  };
  const refusal = problems.refusal();
  return refusal ? { ...prepared, refusal } : prepared;
}

/**
 * The fight of an imported file with new unit ids. Every unit the fight itself names must be a unit
 * of the file (a problem otherwise, field by field); log entries keep the names they were written with.
 */
function toImportedFight(
  fight: ExportedFight,
  unitRefs: ReadonlySet<string>,
  mapUnit: (ref: string) => string,
  newId: () => string,
  problems: ImportProblems,
) {
  const known = (ref: string, field: string) => {
    if (!unitRefs.has(ref)) problems.add(`fight.${field}`, 'validation.unitNotInCombat');
    return mapUnit(ref);
  };
  const hazardIds = new Set(fight.hazards.map((hazard) => hazard.id));
  const state: CombatState = {
    phase: fight.phase,
    allies: fight.allies.map((ref, i) => known(ref, `allies.${i}`)),
    enemies: fight.enemies.map((ref, i) => known(ref, `enemies.${i}`)),
    // A hazard's entry names one of the fight's hazards; a unit's is remapped (docs/decisions/062).
    order: fight.order.map((entry, i) => {
      const { unitId, hazardId, initiative, groupId } = entry;
      if (hazardId !== undefined && !hazardIds.has(hazardId)) {
        problems.add(`fight.order.${i}.hazardId`, 'validation.unknownHazard');
      }
      return {
        ...(unitId === undefined ? {} : { unitId: known(unitId, `order.${i}.unitId`) }),
        ...(hazardId === undefined ? {} : { hazardId }),
        initiative,
        ...(groupId === undefined ? {} : { groupId }),
      };
    }),
    turnIndex: fight.turnIndex,
    round: fight.round,
    amount: fight.amount,
    targetId: fight.targetId === null ? null : known(fight.targetId, 'targetId'),
    // Temporary HP and death saves by unit (docs/decisions/061), under the units' new ids.
    tempHp: Object.fromEntries(
      Object.entries(fight.tempHp).map(([ref, value]) => [known(ref, `tempHp.${ref}`), value]),
    ),
    deathSaves: Object.fromEntries(
      Object.entries(fight.deathSaves).map(([ref, tally]) => [known(ref, `deathSaves.${ref}`), tally]),
    ),
    // Counters' values (keyed by the units' counter ids, kept on import), hazards and the round's
    // rules of docs/decisions/062.
    counters: Object.fromEntries(
      Object.entries(fight.counters).map(([ref, values]) => [known(ref, `counters.${ref}`), values]),
    ),
    hazards: fight.hazards,
    rerollEachRound: fight.rerollEachRound,
    grouping: fight.grouping,
    typed: fight.typed.map((ref, i) => known(ref, `typed.${i}`)),
  };
  const conditions: ConditionMap = {};
  for (const [ref, list] of Object.entries(fight.conditions)) {
    conditions[known(ref, `conditions.${ref}`)] = list.map((condition, i) => ({
      ...condition,
      id: newId(),
      ofUnitId: known(condition.ofUnitId, `conditions.${ref}.${i}.ofUnitId`),
    }));
  }

  const unitRef = <T extends { id: string } | null>(ref: T): T =>
    ref ? { ...ref, id: mapUnit(ref.id) } : ref;
  const positions = new Map<number, number>();
  // Undone entries are a redo branch whose changes stay on the server they were played on (the file
  // carries no undo history, decision 024): the imported fight starts with nothing to redo.
  const log = fight.log
    .filter((entry) => !entry.undone)
    .map(({ id: _id, step, undone, at, ...data }) => {
      const position = positions.get(step) ?? 0;
      positions.set(step, position + 1);
      const createdAt = new Date(at);
      return {
        step,
        position,
        undone,
        createdAt: (Number.isNaN(createdAt.getTime()) ? new Date() : createdAt).toISOString(),
        data: {
          ...data,
          turnOf: unitRef(data.turnOf),
          actor: unitRef(data.actor),
          target: unitRef(data.target),
          condition: data.condition && {
            ...data.condition,
            id: newId(),
            ofUnit: unitRef(data.condition.ofUnit),
          },
        },
      };
    });
  return { state, conditions, log };
}
