// Which tool wrote an imported file, read from its content, never its name (issue #35), and the
// shape limits every file passes before any reader looks at it.
import { GAME_DATA_FORMAT } from '../constants';
import { entriesOf, field, ForeignFiles, isRecord, type ImportFormat } from './plan';

export { ForeignFiles };

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

/** A Foundry VTT document export: an actor (`type` npc/character with `system`) or a journal entry. */
export function isFoundryDocument(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const type = field(value, 'type');
  if ((type === 'npc' || type === 'character') && isRecord(field(value, 'system'))) return true;
  const pages = field(value, 'pages');
  return (
    Array.isArray(pages) &&
    typeof field(value, 'name') === 'string' &&
    pages.some((page) => isRecord(page) && isRecord(field(page, 'text')))
  );
}

/** Kanka's export: `campaign.json` at the top of the archive, entities in module folders. */
function isKanka(zip: ForeignFiles): boolean {
  const campaign = zip.files.find(
    (f) => f.path.replace(/^[^/]+\//, '') === 'campaign.json' || f.path === 'campaign.json',
  );
  if (!campaign || !isRecord(campaign.json) || typeof field(campaign.json, 'name') !== 'string') return false;
  return zip.files.some((f) => /(^|\/)(characters|races|notes|journals|families)\/[^/]+\.json$/.test(f.path));
}

/** The format of a parsed file, or null when it is none the import reads. */
export function detectFormat(file: unknown): ImportFormat | null {
  if (file instanceof ForeignFiles) {
    if (isKanka(file)) return 'kanka';
    if (
      file.files.some(
        (f) => isFoundryDocument(f.json) || (Array.isArray(f.json) && f.json.some(isFoundryDocument)),
      )
    )
      return 'foundry';
    return null;
  }
  if (Array.isArray(file)) return file.length > 0 && file.some(isFoundryDocument) ? 'foundry' : null;
  if (!isRecord(file)) return null;
  if (isFoundryDocument(file)) return 'foundry';
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
