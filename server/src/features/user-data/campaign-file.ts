// The only mapping between stored rows and the campaign export file (core's gameDataExport), both
// ways. Ids of the file are references inside it: the importing side gives every row a new id and
// rewrites the fight's references through one map, so units and the fight stay linked.
import {
  GAME_DATA_FORMAT,
  GAME_DATA_FORMAT_VERSION,
  gameDataExport,
  type ExportedFight,
  type GameDataExport,
} from '@questkeeper/core/schemas/game-data-export';
import type { CombatState, ConditionMap } from '@questkeeper/core/schemas/combat';
import type { MessageKey } from '@questkeeper/core/i18n';
import { AppError, type FieldProblem } from '../../lib/app-error';
import { healed } from '../combat/fight-store';
import { IMPORT_PROBLEMS_MAX } from './file-check';
import type { CampaignRow, FightRow, LogRow, NewLogEntry, UnitRow } from './repository';

export function toCampaignFile(
  campaign: CampaignRow,
  units: readonly UnitRow[],
  fight: { row: FightRow; log: readonly LogRow[] } | undefined,
): GameDataExport {
  const file = {
    format: GAME_DATA_FORMAT,
    formatVersion: GAME_DATA_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    campaign: {
      name: campaign.name,
      rules: campaign.rules,
      characteristics: campaign.characteristics,
      races: campaign.races,
      classes: campaign.classes,
      statuses: campaign.statuses,
      initiativeRule: campaign.initiativeRule,
      initiativeCaracName: campaign.initiativeCaracName,
      createdAt: campaign.createdAt.toISOString(),
      updatedAt: campaign.updatedAt.toISOString(),
    },
    units: units.map((unit) => ({
      id: unit.id,
      name: unit.name,
      gender: unit.gender,
      isPlayer: unit.isPlayer,
      race: unit.race,
      class: unit.class,
      status: unit.status,
      characteristics: unit.characteristics,
      hp: unit.hp,
      currentHp: unit.currentHp,
      money: { gold: unit.gold, silver: unit.silver, bronze: unit.bronze },
      notes: unit.notes,
      createdAt: unit.createdAt.toISOString(),
      updatedAt: unit.updatedAt.toISOString(),
    })),
    ...(fight ? { fight: toFightFile(fight.row, fight.log, new Set(units.map((unit) => unit.id))) } : {}),
  };
  // Parsed, not cast: a stored value the format does not allow fails here, before a user downloads a
  // file that would not import.
  return gameDataExport.parse(file);
}

function toFightFile(row: FightRow, log: readonly LogRow[], unitIds: ReadonlySet<string>): ExportedFight {
  // The fight as the combat API shows it: without units deleted since it was saved.
  const { state, conditions } = healed({ state: row.state, conditions: row.conditions }, unitIds);
  return {
    ...state,
    conditions,
    log: log.map((entry) => ({
      ...entry.data,
      id: entry.id,
      step: entry.step,
      undone: entry.undone,
      at: entry.createdAt.toISOString(),
    })),
  };
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
  throwIfAny(): void {
    if (this.problems.size === 0) return;
    const fields = Object.fromEntries(this.problems);
    if (this.more) throw new AppError('IMPORT_TOO_MANY_PROBLEMS', { max: IMPORT_PROBLEMS_MAX }, fields);
    throw new AppError('VALIDATION_FAILED', {}, fields);
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

/**
 * The fight of an imported file with new unit ids. Every unit the fight itself names must be a unit
 * of the file (400 otherwise, field by field); log entries keep the names they were written with.
 */
export function toImportedFight(
  fight: ExportedFight,
  unitRefs: ReadonlySet<string>,
  mapUnit: (ref: string) => string,
  newId: () => string,
): { state: CombatState; conditions: ConditionMap; log: NewLogEntry[] } {
  const problems = new ImportProblems();
  const known = (ref: string, field: string) => {
    if (!unitRefs.has(ref)) problems.add(`fight.${field}`, 'validation.unitNotInCombat');
    return mapUnit(ref);
  };
  const state: CombatState = {
    phase: fight.phase,
    allies: fight.allies.map((ref, i) => known(ref, `allies.${i}`)),
    enemies: fight.enemies.map((ref, i) => known(ref, `enemies.${i}`)),
    order: fight.order.map((entry, i) => ({
      unitId: known(entry.unitId, `order.${i}.unitId`),
      initiative: entry.initiative,
    })),
    turnIndex: fight.turnIndex,
    round: fight.round,
    amount: fight.amount,
    targetId: fight.targetId === null ? null : known(fight.targetId, 'targetId'),
  };
  const conditions: ConditionMap = {};
  for (const [ref, list] of Object.entries(fight.conditions)) {
    conditions[known(ref, `conditions.${ref}`)] = list.map((condition, i) => ({
      ...condition,
      id: newId(),
      ofUnitId: known(condition.ofUnitId, `conditions.${ref}.${i}.ofUnitId`),
    }));
  }
  problems.throwIfAny();

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
        createdAt: Number.isNaN(createdAt.getTime()) ? new Date() : createdAt,
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
