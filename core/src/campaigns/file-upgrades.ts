// Reading campaign export files of older formats (decision 024). Each step turns a file of
// version n into one of version n + 1, so a file of any known version reaches the current one; the
// current schema (../schemas/game-data-export.ts) then reads it. A file newer than this code, or of a
// version no step starts from, is refused with a reason the user can act on.
import { GAME_DATA_FORMAT, GAME_DATA_FORMAT_VERSION } from '../constants';

export type GameDataFile = Record<string, unknown>;
/** Upgrades a file of version n (the key) to version n + 1; it may assume the file's format marker. */
export type UpgradeStep = (file: GameDataFile) => GameDataFile;

/**
 * The steps of the format's history. Version 1 is the first version ever written, so there are none
 * yet; when version 2 comes, `1: (file) => …` goes here, and every version-1 file keeps importing.
 */
export const GAME_DATA_UPGRADES: Readonly<Record<number, UpgradeStep>> = {};

export type UpgradeOutcome =
  { ok: true; file: unknown } | { ok: false; reason: 'tooNew' | 'unknown'; version: string };

const isFile = (value: unknown): value is GameDataFile =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Brings a parsed file to GAME_DATA_FORMAT_VERSION. Anything that is not a Questkeeper campaign file
 * with a numeric version is handed back as it is, for the schema to name what is wrong with it.
 */
export function upgradeGameData(
  input: unknown,
  steps: Readonly<Record<number, UpgradeStep>> = GAME_DATA_UPGRADES,
  current: number = GAME_DATA_FORMAT_VERSION,
): UpgradeOutcome {
  if (!isFile(input) || input.format !== GAME_DATA_FORMAT || typeof input.formatVersion !== 'number') {
    return { ok: true, file: input };
  }
  const version = input.formatVersion;
  if (version > current) return { ok: false, reason: 'tooNew', version: String(version) };
  let file = input;
  for (let at = version; at < current; at += 1) {
    const step = Number.isInteger(at) ? steps[at] : undefined;
    if (!step) return { ok: false, reason: 'unknown', version: String(version) };
    file = { ...step(file), format: GAME_DATA_FORMAT, formatVersion: at + 1 };
  }
  return { ok: true, file };
}
