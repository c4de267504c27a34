// Downed player characters and their death saves (docs/decisions/061): a player character at 0 HP is
// Down and keeps its turn while its saves go on; DEATH_SAVES_TO_END successes end them stable, as many
// failures dead. One rule for the server, the web rows and the player view.
import { DEATH_SAVES_TO_END } from '../limits';
import type { CombatState, DeathSaveTally } from '../schemas/combat';

export type DeathSaveOutcome = 'stable' | 'dead';
type DeathSaves = CombatState['deathSaves'];
/** What these rules read of a unit (a combat.ts Combatant fits; kept here so the two files need not import each other). */
interface FightingUnit {
  _id: string;
  currentHp: number;
  isPlayer?: boolean | undefined;
}

/** A unit with no save yet. */
export const NO_DEATH_SAVES: DeathSaveTally = { successes: 0, failures: 0 };

/** A unit's tally (none yet: 0/0). */
export function deathSavesOf(deathSaves: DeathSaves, unitId: string): DeathSaveTally {
  return (Object.hasOwn(deathSaves, unitId) ? deathSaves[unitId] : undefined) ?? NO_DEATH_SAVES;
}

/** How the saves ended, or null while they go on (or never began). */
export function deathSaveOutcome(tally: DeathSaveTally | undefined): DeathSaveOutcome | null {
  if (!tally) return null;
  if (tally.successes >= DEATH_SAVES_TO_END) return 'stable';
  if (tally.failures >= DEATH_SAVES_TO_END) return 'dead';
  return null;
}

/** A player character at 0 HP (whatever its saves say). */
export function isDown(unit: Pick<FightingUnit, 'currentHp' | 'isPlayer'>): boolean {
  return unit.isPlayer === true && unit.currentHp <= 0;
}

/**
 * Whether a unit is standing: it gets its turn, and its side is not defeated. Above 0 HP, or Down
 * with its saves still going on. A unit missing (deleted) is not.
 */
export function takesTurn(unit: FightingUnit | undefined, deathSaves: DeathSaves): boolean {
  if (unit === undefined) return false;
  if (unit.currentHp > 0) return true;
  return isDown(unit) && deathSaveOutcome(deathSavesOf(deathSaves, unit._id)) === null;
}

/** Status names that mean each outcome, compared without case, accents or surrounding spaces. */
const OUTCOME_STATUS_NAMES: Record<DeathSaveOutcome, readonly string[]> = {
  stable: ['Stable', 'Stabilized', 'Stabilised', 'Stabilisé', 'Stabilisée', 'Stabilisé(e)'],
  dead: ['Dead', 'Mort', 'Morte', 'Mort(e)', 'Décédé', 'Deceased'],
};

const fold = (name: string) =>
  name
    .trim()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en');

const FOLDED: Record<DeathSaveOutcome, ReadonlySet<string>> = {
  stable: new Set(OUTCOME_STATUS_NAMES.stable.map(fold)),
  dead: new Set(OUTCOME_STATUS_NAMES.dead.map(fold)),
};

/** The campaign's status that says the outcome (the first in its list), or undefined when it has none. */
export function matchingStatus<S extends { name: string }>(
  statuses: readonly S[],
  outcome: DeathSaveOutcome,
): S | undefined {
  return statuses.find((status) => FOLDED[outcome].has(fold(status.name)));
}
