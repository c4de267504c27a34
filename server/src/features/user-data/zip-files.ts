// A ZIP of another tool (Kanka's campaign export, Foundry VTT exports zipped together), read in the
// import's worker thread as its JSON files (issue #35). The ZIP is untrusted: at most ZIP_ENTRIES_MAX
// entries, at most ZIP_EXPANDED_MAX_BYTES inflated in all (inflating stops there: a ZIP bomb is never
// expanded whole), names that could climb out of a folder (`..`, absolute, backslashes, drive letters)
// are left out, and each JSON file passes the same shape limits as a file sent alone.
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { checkJsonShape, IMPORT_VALUES_MAX, type ShapeProblem } from '@questkeeper/core/import/detect';
import { ForeignFiles } from '@questkeeper/core/import/plan';

/** Entries (files and folders) a ZIP may hold. */
export const ZIP_ENTRIES_MAX = 2_000;
/** Bytes its files may expand to, in all. */
export const ZIP_EXPANDED_MAX_BYTES = 50 * 1024 * 1024;
/**
 * Compressed bytes handed to the inflater at a time: deflate expands at most about 1,032 times, so one
 * step inflates at most about 16 MB before the total is checked again.
 */
const STEP_BYTES = 16 * 1024;

export type ZipRefusal =
  | { code: 'IMPORT_ZIP_MALFORMED' }
  | { code: 'IMPORT_ZIP_TOO_LARGE'; max: number }
  | { code: 'IMPORT_ZIP_TOO_MANY_FILES'; max: number }
  | { code: 'IMPORT_ZIP_BAD_JSON'; name: string }
  | { code: 'IMPORT_FILE_TOO_DEEP' };

/** Whether bytes start like a ZIP ("PK\x03\x04", or "PK\x05\x06" when empty). */
export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  (bytes[2] === 3 || bytes[2] === 5) &&
  (bytes[3] === 4 || bytes[3] === 6);

/** A name that stays inside the archive's folder: relative, forward slashes, no `..`, no drive. */
export function isSafeZipName(name: string): boolean {
  if (name === '' || name.includes('\\') || name.includes('\0')) return false;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return false;
  return !name.split('/').some((part) => part === '..');
}

/** An entry inflated by inflateZip: its chunks as they came, their size, and whether it ended. */
export interface InflatedEntry {
  name: string;
  chunks: Uint8Array[];
  size: number;
  done: boolean;
}

/**
 * Walks an untrusted ZIP: at most ZIP_ENTRIES_MAX entries; only the entries `pick` keeps are inflated;
 * `check` sees each entry after each chunk, with the bytes inflated in all, and its refusal stops the
 * inflating at once; the input goes in STEP_BYTES at a time. A damaged archive, or an entry whose data
 * ends before its end, is IMPORT_ZIP_MALFORMED. The one reader of every ZIP a user sends.
 */
export function inflateZip<R extends { code: string }>(
  bytes: Uint8Array,
  pick: (file: UnzipFile) => boolean,
  check: (entry: InflatedEntry, expanded: number) => R | null,
): { ok: true; entries: InflatedEntry[] } | { ok: false; refusal: R | ZipRefusal } {
  const found: InflatedEntry[] = [];
  let entries = 0;
  let expanded = 0;
  let refusal: R | ZipRefusal | null = null;

  const unzip = new Unzip((file: UnzipFile) => {
    if (refusal) return;
    entries += 1;
    if (entries > ZIP_ENTRIES_MAX) {
      refusal = { code: 'IMPORT_ZIP_TOO_MANY_FILES', max: ZIP_ENTRIES_MAX };
      return;
    }
    if (!pick(file)) return;
    const entry: InflatedEntry = { name: file.name, chunks: [], size: 0, done: false };
    found.push(entry);
    file.ondata = (error, data, final) => {
      if (refusal) return;
      if (error) {
        refusal = { code: 'IMPORT_ZIP_MALFORMED' };
        return;
      }
      entry.size += data.length;
      expanded += data.length;
      const refused = check(entry, expanded);
      if (refused) {
        refusal = refused;
        file.terminate();
        return;
      }
      entry.chunks.push(data);
      if (final) entry.done = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !refusal; at += STEP_BYTES) {
      const end = Math.min(at + STEP_BYTES, bytes.length);
      unzip.push(bytes.subarray(at, end), end === bytes.length);
    }
    if (bytes.length === 0) unzip.push(bytes, true);
  } catch {
    refusal ??= { code: 'IMPORT_ZIP_MALFORMED' };
  }
  if (refusal) return { ok: false, refusal };
  // A file whose data ended before its end: the archive is damaged.
  if (found.some((entry) => !entry.done)) return { ok: false, refusal: { code: 'IMPORT_ZIP_MALFORMED' } };
  return { ok: true, entries: found };
}

/** The ZIP's JSON files by name (with the names left out), or why it cannot be read. */
export function readZipJson(
  bytes: Uint8Array,
): { ok: true; files: ForeignFiles } | ({ ok: false } & ZipRefusal) {
  // The end of central directory record: a ZIP cut short (a failed download) has none.
  if (!hasEndRecord(bytes)) return { ok: false, code: 'IMPORT_ZIP_MALFORMED' };
  const ignored: string[] = [];
  const read = inflateZip<ZipRefusal>(
    bytes,
    (file) => {
      if (file.name.endsWith('/')) return false; // a folder
      if (!isSafeZipName(file.name)) {
        ignored.push(file.name);
        return false;
      }
      // Images and anything else are never inflated.
      return file.name.toLowerCase().endsWith('.json');
    },
    (_entry, expanded) =>
      expanded > ZIP_EXPANDED_MAX_BYTES
        ? { code: 'IMPORT_ZIP_TOO_LARGE', max: ZIP_EXPANDED_MAX_BYTES / (1024 * 1024) }
        : null,
  );
  if (!read.ok) return { ok: false, ...read.refusal };
  const found = read.entries;

  const decoder = new TextDecoder('utf-8');
  const files: { path: string; json: unknown }[] = [];
  let values = 0;
  for (const { name, chunks } of found) {
    const text = decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, code: 'IMPORT_ZIP_BAD_JSON', name: name.slice(0, 200) };
    }
    const shape: ShapeProblem | null = checkJsonShape(json);
    if (shape !== null) return { ok: false, code: 'IMPORT_FILE_TOO_DEEP' };
    values += countValues(json);
    if (values > IMPORT_VALUES_MAX) return { ok: false, code: 'IMPORT_FILE_TOO_DEEP' };
    files.push({ path: name, json });
  }
  return { ok: true, files: new ForeignFiles(files, ignored) };
}

/** Whether the last 64 KiB + 22 bytes hold the end of central directory signature "PK\x05\x06". */
function hasEndRecord(bytes: Uint8Array): boolean {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 5 && bytes[at + 3] === 6)
      return true;
  }
  return false;
}

/** Values in a parsed JSON value (already within the shape limits). */
function countValues(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    count += 1;
    if (typeof item !== 'object' || item === null) continue;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push(child);
  }
  return count;
}
