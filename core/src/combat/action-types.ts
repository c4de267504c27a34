// The vocabulary of combat actions (docs/decisions/021): what an action reads (a fight, its units, a context
// of rules and random sources), what it gives back (the outcome, log drafts), and how it refuses.
import type { InitiativeModifier, InitiativeRule } from '../constants';
import type { ErrorCode } from '../errors';
import type { MessageKey } from '../i18n';
import type { CombatLogEntry, CombatState, ConditionMap } from '../schemas/combat';
import type { CombatGroup, Combatant, Random } from './combat';
import type { DieRoller } from './dice';

/** What an action reads of a unit. */
export interface FightUnit extends Combatant {
  status: string;
  /** A player character at 0 HP is Down and keeps its turn for death saves (docs/decisions/061). */
  isPlayer: boolean;
}

export interface Fight {
  state: CombatState;
  conditions: ConditionMap;
}

export interface ActionContext {
  /** The campaign's units the fight and the action name (a unit absent here is not the campaign's). */
  units: ReadonlyMap<string, FightUnit>;
  statuses: readonly { _id: string; name: string }[];
  /** The rule the campaign plays with (after the tier check), its characteristic and how it reads it. */
  initiativeRule: InitiativeRule;
  initiativeCharacteristic: string;
  initiativeModifier: InitiativeModifier;
  /** For initiative rolls. */
  random: Random;
  /** For dice amounts: an integer 1..sides. */
  rollDie: DieRoller;
  newId: () => string;
}

/** A unit's HP and status after the action. */
export interface UnitChange {
  currentHp: number;
  status: string;
}

/** A log entry before the server gives it an id, a step, a time. */
export type LogDraft = Omit<CombatLogEntry, 'id' | 'step' | 'undone' | 'at'>;

/** Every detail of a log entry left empty: an entry fills in the ones its action has (tests too). */
export const BLANK_LOG_DETAILS = {
  actor: null,
  target: null,
  input: null,
  amount: null,
  breakdown: null,
  clamped: false,
  hpBefore: null,
  hpAfter: null,
  tempBefore: null,
  tempAfter: null,
  modifier: null,
  rolled: null,
  deathSave: null,
  counter: null,
  hazard: null,
  group: null,
  statusBefore: null,
  statusAfter: null,
  condition: null,
  initiative: null,
  initiatives: null,
  wrapped: false,
  defeated: null,
} satisfies Omit<LogDraft, 'type' | 'round' | 'turnOf'>;

export interface ActionOutcome {
  fight: Fight;
  units: Map<string, UnitChange>;
  entries: LogDraft[];
}

type RefusalCode = Extract<
  ErrorCode,
  | 'VALIDATION_FAILED'
  | 'UNKNOWN_UNIT'
  | 'FIGHT_NOT_STARTED'
  | 'FIGHT_ALREADY_STARTED'
  | 'FIGHT_NEEDS_BOTH_GROUPS'
>;
export interface FieldRefusal {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** An action the rules refuse; `fields` are named after the action's own properties. */
export class CombatRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly fields: Record<string, FieldRefusal> = {},
  ) {
    super(code);
    this.name = 'CombatRefusal';
  }
}

/** Collects field problems so one refusal names every bad field. */
export class Problems {
  private readonly fields: Record<string, FieldRefusal> = {};
  add(field: string, key: MessageKey, params?: Record<string, string | number>) {
    if (!Object.hasOwn(this.fields, field)) this.fields[field] = params ? { key, params } : { key };
  }
  throwIfAny() {
    if (Object.keys(this.fields).length > 0) throw new CombatRefusal('VALIDATION_FAILED', this.fields);
  }
}

export function groupOf(state: CombatState, unitId: string): CombatGroup | null {
  if (state.allies.includes(unitId)) return 'allies';
  if (state.enemies.includes(unitId)) return 'enemies';
  return null;
}

/** Whether a step's entries close the fight (End, or a blow that left a side with nobody standing). */
export function endsFight(entry: Pick<CombatLogEntry, 'type' | 'defeated'>): boolean {
  return entry.type === 'end' || entry.defeated !== null;
}

/** The campaign's status by name: exact first, then regardless of case (names are unique that way). */
export function resolveStatus(
  statuses: readonly { _id: string; name: string }[],
  given: string,
): { _id: string; name: string } | undefined {
  const trimmed = given.trim();
  const exact = statuses.find((status) => status.name === trimmed);
  if (exact) return exact;
  const folded = trimmed.toLocaleLowerCase();
  return statuses.find((status) => status.name.toLocaleLowerCase() === folded);
}
