// Which tool wrote an imported file, read from its content, never its name (issue #35), and the
// shape limits every file passes before any reader looks at it.
import { GAME_DATA_FORMAT } from '../constants';
import { entriesOf, field, isRecord, type ImportFormat } from './plan';

/** The deepest nesting an imported file may have (a campaign file needs about 8). */
export const IMPORT_DEPTH_MAX = 64;
/** Values (objects, arrays, strings, numbers…) one file may hold. */
export const IMPORT_VALUES_MAX = 1_000_000;

/** Improved Initiative keeps each saved item under "<Kind>.<id>" (its localStorage keys). */
export const II_KEY = /^(Creatures|PersistentCharacters|PlayerCharacters|SavedEncounters)\.(.+)$/;

export type ShapeProblem = 'tooDeep' | 'tooManyValues';

/** Whether a parsed JSON value is within the depth and size limits (walked without recursion). */
export function checkJsonShape(value: unknown): ShapeProblem | null {
  const stack: [unknown, number][] = [[value, 1]];
  let values = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    values += 1;
    if (values > IMPORT_VALUES_MAX) return 'tooManyValues';
    if (typeof item !== 'object' || item === null) continue;
    if (depth > IMPORT_DEPTH_MAX) return 'tooDeep';
    const children = Array.isArray(item) ? item : Object.values(item);
    for (const child of children) stack.push([child, depth + 1]);
  }
  return null;
}

/** The format of a parsed file, or null when it is none the import reads. */
export function detectFormat(file: unknown): ImportFormat | null {
  if (!isRecord(file)) return null;
  if (field(file, 'format') === GAME_DATA_FORMAT) return 'questkeeper';
  const meta = field(file, '_meta');
  if (isRecord(meta) && Array.isArray(field(file, 'monster'))) return 'fivetools';
  const smMeta = field(file, 'meta');
  if (
    isRecord(smMeta) &&
    field(smMeta, 'export_version') !== undefined &&
    ['campaigns', 'encounters', 'npcs', 'players'].some((key) => field(file, key) !== undefined)
  )
    return 'shieldmaiden';
  if (entriesOf(file).some(([key]) => II_KEY.test(key))) return 'improvedInitiative';
  return null;
}
