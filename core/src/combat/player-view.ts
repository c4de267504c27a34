// The redaction of a fight for players (decision 028): ONE pure function from the fight,
// its units, the game master's settings and the log to the payload a share link serves. Whatever is
// not copied here never reaches a player: hidden units (not even counted), real names behind
// aliases (and their class colour), HP where bands or hidden were chosen, notes, money,
// characteristics, real ids. It reads a bounded part of the log (decision 046): the newest entries
// and the set of units whose turn has come, so its cost does not grow with the fight.
import type { CombatLogEntry, CombatState, ConditionMap } from '../schemas/combat';
import type {
  PlayerViewChange,
  HpBand,
  PlayerHp,
  PlayerLogLine,
  PlayerUnit,
  PlayerViewPayload,
  PlayerViewSettings,
} from '../schemas/player-view';
import { PLAYER_LOG_TYPES } from '../constants';
import type { PlayerReveal } from '../schemas/reveals';
import { PLAYER_LOG_LINES } from '../limits';
import { roundsLeft } from './conditions';
import { deathSavesOf, isDown } from './death-saves';
import { groupMembers, turnUnitIds } from './turns';

/** What the redaction reads of a unit: nothing else can leak. */
export interface PlayerViewUnit {
  _id: string;
  name: string;
  class: string;
  hp: number;
  currentHp: number;
  /** A player character: Down at 0 HP, its death saves shown as its side's HP allow (decision 061). */
  isPlayer: boolean;
  /** Its portrait's image id (docs/decisions/064): sent, as a link's URL, only for a unit players see. */
  portraitImageId?: string | null;
}

/** What it reads of a log entry. */
export type PlayerViewLogEntry = Pick<
  CombatLogEntry,
  | 'type'
  | 'round'
  | 'turnOf'
  | 'actor'
  | 'target'
  | 'amount'
  | 'condition'
  | 'wrapped'
  | 'defeated'
  | 'undone'
> & {
  /** Absent from entries stored before death saves existed (decision 061). */
  deathSave?: CombatLogEntry['deathSave'] | undefined;
  /** Absent from entries stored before hazards existed (decision 062). */
  hazard?: CombatLogEntry['hazard'] | undefined;
};

export interface PlayerViewInput {
  state: CombatState;
  conditions: ConditionMap;
  /**
   * The campaign's units the fight names, and those the log entries name (a fight that ended, a unit
   * removed: players saw them); a unit absent here is left out.
   */
  units: ReadonlyMap<string, PlayerViewUnit>;
  classes: readonly { name: string; color: string }[];
  /** Current status names by id: a renamed status keeps its conditions. */
  statuses: readonly { _id: string; name: string }[];
  settings: PlayerViewSettings;
  /**
   * The fight's newest log entries, oldest first: the server reads PLAYER_LOG_WINDOW of them
   * (decision 046), so lines older than that window are not shown even when fewer than
   * PLAYER_LOG_LINES newer ones are for players.
   */
  log: readonly PlayerViewLogEntry[];
  /** The units a live `start`/`nextTurn` entry of the WHOLE log names (`unitsWhoseTurnCame`). */
  turnsCame: ReadonlySet<string>;
  /** The id players see for a unit (the server: an HMAC with the link's secret). */
  opaqueId: (unitId: string) => string;
  /** The URL players fetch an image by (the server: an opaque id under their link). */
  imageUrl?: (imageId: string) => string;
  /** The reveals players see, newest first, already snapshots without secrets (docs/decisions/064). */
  revealed?: readonly PlayerReveal[];
}

/** Healthy (> 70 %), Wounded (> 30 %), Bloodied (> 0), Down (0): no number leaves. */
export function hpBand(currentHp: number, maxHp: number): HpBand {
  if (currentHp <= 0) return 'down';
  if (maxHp <= 0) return 'healthy';
  const ratio = currentHp / maxHp;
  return ratio > 0.7 ? 'healthy' : ratio > 0.3 ? 'wounded' : 'bloodied';
}

const isTurnEntry = (entry: PlayerViewLogEntry) =>
  !entry.undone && (entry.type === 'start' || entry.type === 'nextTurn') && entry.turnOf !== null;

/**
 * The units whose turn has come: those a live `start` or `nextTurn` entry names. The server keeps
 * this set as an indexed aggregate of the log (player-view repository, decision 046) and a test
 * checks it against this function.
 */
export function unitsWhoseTurnCame(log: readonly PlayerViewLogEntry[]): Set<string> {
  const ids = new Set<string>();
  for (const entry of log) if (isTurnEntry(entry)) ids.add(entry.turnOf!.id);
  return ids;
}

/** Whether the settings let players see a unit: not hidden, or hidden until a first turn that came. */
function shownBySettings(
  input: Pick<PlayerViewInput, 'settings' | 'units'>,
  turnsCame: ReadonlySet<string>,
  id: string,
): boolean {
  if (!input.units.has(id)) return false;
  const own = Object.hasOwn(input.settings.units, id) ? input.settings.units[id] : undefined;
  return !(own?.hidden && !(own.revealOnFirstTurn && turnsCame.has(id)));
}

/**
 * The units whose turn has come, now: the log's, the turn's (a group's turn is each member's), and the
 * members of a group one of whose members had its turn (they take it together: docs/decisions/062).
 */
const turnsCameNow = (input: Pick<PlayerViewInput, 'state' | 'turnsCame'>) => {
  const { state } = input;
  const turnsCame = new Set(input.turnsCame);
  if (state.phase === 'fight') for (const id of turnUnitIds(state.order, state.turnIndex)) turnsCame.add(id);
  const groups = new Set(
    state.order.flatMap((entry) => (entry.groupId === undefined ? [] : [entry.groupId])),
  );
  for (const groupId of groups) {
    const members = groupMembers(state.order, groupId);
    if (members.some((id) => turnsCame.has(id))) for (const id of members) turnsCame.add(id);
  }
  return turnsCame;
};

/** The units players may see: not hidden, or hidden until their first turn and it has come. */
export function visibleUnitIds(
  input: Pick<PlayerViewInput, 'state' | 'settings' | 'turnsCame' | 'units'>,
): Set<string> {
  const turnsCame = turnsCameNow(input);
  const visible = new Set<string>();
  for (const id of [...input.state.allies, ...input.state.enemies]) {
    if (shownBySettings(input, turnsCame, id)) visible.add(id);
  }
  return visible;
}

/**
 * One change of the settings (PATCH) applied to the current ones. A unit left with
 * nothing set is dropped, so the settings only ever hold units the game master chose something for.
 */
export function applyPlayerViewChange<S extends PlayerViewSettings>(
  settings: S,
  change: Omit<PlayerViewChange, 'expectedVersion'>,
): S {
  if (change.hp) {
    return {
      ...settings,
      hp: {
        allies: change.hp.allies ?? settings.hp.allies,
        enemies: change.hp.enemies ?? settings.hp.enemies,
      },
    };
  }
  if (!change.unit) return settings;
  const { id, ...set } = change.unit;
  const before = Object.hasOwn(settings.units, id) ? settings.units[id] : undefined;
  const merged = { ...before, ...Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) };
  const alias = merged.alias?.trim() ?? '';
  const hidden = merged.hidden === true;
  const next = {
    ...(hidden ? { hidden: true } : {}),
    // Reveal-on-first-turn only means something for a hidden unit, but is kept while it is ticked.
    ...(merged.revealOnFirstTurn ? { revealOnFirstTurn: true } : {}),
    ...(alias !== '' ? { alias } : {}),
  };
  const units = { ...settings.units };
  if (Object.keys(next).length === 0) delete units[id];
  else units[id] = next;
  return { ...settings, units };
}

export function toPlayerView(input: PlayerViewInput): PlayerViewPayload {
  const { state, settings, opaqueId } = input;
  const visible = visibleUnitIds(input);
  const groupOf = (id: string) => (state.allies.includes(id) ? 'allies' : 'enemies') as 'allies' | 'enemies';
  const aliasOf = (unit: PlayerViewUnit) => {
    const alias = Object.hasOwn(settings.units, unit._id) ? settings.units[unit._id]?.alias : undefined;
    return alias && alias.trim() !== '' ? alias.trim() : null;
  };
  const nameOf = (unit: PlayerViewUnit) => aliasOf(unit) ?? unit.name;
  const members = new Set([...state.allies, ...state.enemies]);
  // A fight member players do not see. A condition counted on its turns is not shown (nor its log
  // lines): its count moves, and it expires, as that unit's turns pass, which would time them.
  const unseen = (id: string) => members.has(id) && !visible.has(id);
  // In the log, a unit no longer in the fight (the fight ended, it was removed) keeps the name players
  // saw while the settings still show it: it does not turn into "someone unseen".
  const turnsCame = turnsCameNow(input);
  const seenInLog = (id: string) =>
    members.has(id) ? visible.has(id) : shownBySettings(input, turnsCame, id);
  const colors = new Map(input.classes.map((item) => [item.name, item.color]));
  const statusNames = new Map(input.statuses.map((status) => [status._id, status.name]));
  // A unit no longer in the fight: the side its log entry names (enemies when none, the stricter default).
  const shown = (id: string, side?: 'allies' | 'enemies' | null) =>
    settings.hp[members.has(id) ? groupOf(id) : (side ?? 'enemies')];

  const hpOf = (unit: PlayerViewUnit): PlayerHp => {
    const mode = shown(unit._id);
    if (mode === 'exact') return { shown: 'exact', current: unit.currentHp, max: unit.hp, band: null };
    if (mode === 'bands')
      return { shown: 'band', current: null, max: null, band: hpBand(unit.currentHp, unit.hp) };
    return { shown: 'hidden', current: null, max: null, band: null };
  };

  // Decision 061: a Down player character's death saves where its side's HP show (bands say Down
  // anyway); temporary HP only with exact HP. Not allowed: no key at all.
  const roundTracking = (unit: PlayerViewUnit): Pick<PlayerUnit, 'deathSaves' | 'tempHp'> => {
    const mode = shown(unit._id);
    const extra: Pick<PlayerUnit, 'deathSaves' | 'tempHp'> = {};
    if (mode !== 'hidden' && isDown(unit)) {
      const { successes, failures } = deathSavesOf(state.deathSaves, unit._id);
      extra.deathSaves = { successes, failures };
    }
    const temp = Object.hasOwn(state.tempHp, unit._id) ? (state.tempHp[unit._id] ?? 0) : 0;
    if (mode === 'exact' && temp > 0) extra.tempHp = temp;
    return extra;
  };

  // A group players see at least two members of shows as one row (docs/decisions/062); fewer would
  // say that unseen members exist.
  const groupIdOf = new Map<string, string>();
  const seenPerGroup = new Map<string, number>();
  for (const entry of state.order) {
    if (entry.groupId === undefined || entry.unitId === undefined || !visible.has(entry.unitId)) continue;
    groupIdOf.set(entry.unitId, entry.groupId);
    seenPerGroup.set(entry.groupId, (seenPerGroup.get(entry.groupId) ?? 0) + 1);
  }
  const shownGroup = (id: string): Pick<PlayerUnit, 'groupId'> => {
    const groupId = groupIdOf.get(id);
    return groupId !== undefined && (seenPerGroup.get(groupId) ?? 0) >= 2
      ? { groupId: opaqueId(groupId) }
      : {};
  };
  const hazardSeen = (hazard: { hidden: boolean }) => !hazard.hidden;

  const units: PlayerUnit[] = [];
  for (const id of [...state.allies, ...state.enemies]) {
    const unit = input.units.get(id);
    if (!unit || !visible.has(id)) continue;
    units.push({
      id: opaqueId(id),
      name: nameOf(unit),
      group: groupOf(id),
      // A disguise hides the class too: its colour would name what the alias hides.
      color: aliasOf(unit) === null ? (colors.get(unit.class) ?? null) : null,
      hp: hpOf(unit),
      conditions: (Object.hasOwn(input.conditions, id) ? (input.conditions[id] ?? []) : [])
        .filter((condition) => !unseen(condition.ofUnitId))
        .map((condition) => ({
          name: statusNames.get(condition.statusId) ?? condition.status,
          roundsLeft: roundsLeft(condition),
        })),
      ...roundTracking(unit),
      ...shownGroup(id),
      // Only here, for a unit players see: a hidden unit's portrait is never sent, nor that it has one.
      ...(unit.portraitImageId && input.imageUrl
        ? { portraitUrl: input.imageUrl(unit.portraitImageId) }
        : {}),
      ...(unit.isPlayer ? { player: true as const } : {}),
    });
  }

  const inFight = state.phase === 'fight';
  const currentEntry = inFight ? state.order[state.turnIndex] : undefined;
  const hazards = state.hazards.filter(hazardSeen);
  let turn: PlayerViewPayload['turn'] = null;
  if (currentEntry?.hazardId !== undefined) {
    const hazard = state.hazards.find((item) => item.id === currentEntry.hazardId);
    turn = hazard && hazardSeen(hazard) ? { unitId: null, hazardId: opaqueId(hazard.id) } : { unitId: null };
  } else if (currentEntry?.unitId !== undefined) {
    // A group's turn shows on a member players see, the one whose turn it names first.
    const ids = [currentEntry.unitId, ...turnUnitIds(state.order, state.turnIndex)];
    const seen = ids.find((id) => visible.has(id));
    turn = { unitId: seen === undefined ? null : opaqueId(seen) };
  }
  const feed = playerLog(input, seenInLog, nameOf, shown);

  return {
    phase: state.phase,
    // While unseen units hold the turn, the round players see is the one they were told when it
    // passed to someone unseen: a new round begun between two unseen turns would count them.
    round: turn?.unitId === null && feed.unseenRunRound !== null ? feed.unseenRunRound : state.round,
    turn,
    order: inFight
      ? state.order.flatMap((entry) => {
          if (entry.unitId !== undefined) return visible.has(entry.unitId) ? [opaqueId(entry.unitId)] : [];
          const hazard = hazards.find((item) => item.id === entry.hazardId);
          return hazard ? [opaqueId(hazard.id)] : [];
        })
      : [],
    units,
    hazards: hazards.map((hazard) => ({ id: opaqueId(hazard.id), name: hazard.name })),
    log: feed.lines,
    revealed: [...(input.revealed ?? [])],
  };
}

const PLAYER_TYPES: ReadonlySet<string> = new Set(PLAYER_LOG_TYPES);

/**
 * The last lines players may read: a line naming a unit they do not see is left out, except a turn
 * passing to one (they learn that someone unseen acts, nothing more). The turn passing from one
 * unseen unit to another gives no line at all, so players never count unseen units; the next turn
 * they see is marked `wrapped` when a round began meanwhile. Names are today's (alias or name),
 * never the ones the entry stored. `unseenRunRound`: the round of the line that passed the turn to
 * someone unseen, while the log's last turn is still an unseen one (null otherwise).
 */
function playerLog(
  input: PlayerViewInput,
  seen: (id: string) => boolean,
  nameOf: (unit: PlayerViewUnit) => string,
  shown: (id: string, side?: 'allies' | 'enemies' | null) => PlayerViewSettings['hp']['allies'],
): { lines: PlayerLogLine[]; unseenRunRound: number | null } {
  const lines: PlayerLogLine[] = [];
  const ref = (id: string) => {
    const unit = input.units.get(id);
    return unit && seen(id) ? { id: input.opaqueId(id), name: nameOf(unit) } : null;
  };
  // The last turn players were told about: its round, and whether it went to someone unseen.
  let told: { round: number; unseen: boolean } | null = null;
  for (const entry of input.log) {
    if (entry.undone || !PLAYER_TYPES.has(entry.type)) continue;
    const type = entry.type as PlayerLogLine['type'];
    const base = {
      type,
      round: entry.round,
      actor: null,
      target: null,
      amount: null,
      condition: null,
      wrapped: entry.wrapped,
      defeated: entry.defeated,
    };
    if (type === 'nextTurn' || type === 'start') {
      const actor = entry.turnOf ? ref(entry.turnOf.id) : null;
      // A lair action or hazard players see is named; a hidden one is someone unseen (decision 062).
      const hazard = entry.hazard && !entry.hazard.hidden ? entry.hazard.name : null;
      const unseen = actor === null && hazard === null;
      if (type === 'nextTurn' && unseen && told?.unseen) continue;
      const wrapped = entry.wrapped || (type === 'nextTurn' && told !== null && entry.round > told.round);
      lines.push({ ...base, actor, wrapped, ...(hazard === null ? {} : { hazard }) });
      told = { round: entry.round, unseen };
      continue;
    }
    if (type === 'end') {
      lines.push(base);
      told = null;
      continue;
    }
    // Attacks, heals, conditions and death saves name units: every one of them must be seen.
    const named = [entry.actor, entry.target].filter((unit) => unit !== null);
    if (named.some((unit) => ref(unit.id) === null)) continue;
    if (entry.condition?.ofUnit && !seen(entry.condition.ofUnit.id)) continue;
    const target = entry.target ? ref(entry.target.id) : null;
    const mode = entry.target === null ? 'hidden' : shown(entry.target.id, entry.target.group);
    if (type === 'deathSave') {
      // Only where the unit's side shows HP (decision 061): with HP hidden, no line at all.
      const save = entry.deathSave ?? null;
      if (save === null || target === null || mode === 'hidden') continue;
      const { result, successes, failures } = save;
      lines.push({ ...base, target, deathSave: { result, successes, failures } });
      continue;
    }
    const exact = mode === 'exact';
    lines.push({
      ...base,
      actor: entry.actor ? ref(entry.actor.id) : null,
      target,
      amount: (type === 'attack' || type === 'heal') && exact ? entry.amount : null,
      condition: entry.condition?.status ?? null,
    });
  }
  return { lines: lines.slice(-PLAYER_LOG_LINES), unseenRunRound: told?.unseen ? told.round : null };
}
