// A campaign archive (docs/decisions/077): the campaign export as a ZIP holding the same JSON file
// (`campaign.json`) and the campaign's images as they are stored (`images/<id>.webp`), so a backup
// brings portraits, handout pictures and reveals back byte for byte. Written here for the export and
// read here, in the import's worker thread, like any untrusted ZIP (zip-files.ts): entries and
// expanded bytes are bounded, inflating stops at each limit, names that could climb out are ignored.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough, type UnzipFile } from 'fflate';
import { CAMPAIGN_ARCHIVE_JSON, CAMPAIGN_ARCHIVE_MAX_BYTES, IMAGE_MAX_BYTES } from '@questkeeper/core/limits';
import { ZIP_ENTRIES_MAX, type ZipRefusal } from './zip-files';

/** The campaign file inside an archive: the JSON import's own body limit (routes.ts). */
export const ARCHIVE_JSON_MAX_BYTES = 32 * 1024 * 1024;
/** Bytes an archive's files may expand to in all: its JSON and its images at their limits. */
const ARCHIVE_EXPANDED_MAX_BYTES = CAMPAIGN_ARCHIVE_MAX_BYTES + ARCHIVE_JSON_MAX_BYTES;
const IMAGE_NAME = /^images\/([A-Za-z0-9_-]{1,64})\.webp$/;
/** Compressed bytes handed to the inflater at a time (zip-files.ts: at most ~16 MB inflated a step). */
const STEP_BYTES = 16 * 1024;

export const imageFileName = (ref: string) => `images/${ref}.webp`;

export type ArchiveRefusal = ZipRefusal | { code: 'IMAGE_TOO_LARGE'; max: number; name: string };

export interface CampaignArchive {
  /** `campaign.json`'s bytes (UTF-8). */
  json: Uint8Array;
  /** Each `images/<ref>.webp` by its ref, as its own buffer (moved between threads, not copied). */
  images: Map<string, Uint8Array>;
}

/**
 * The archive's campaign file and, when asked, its images; `archive: null` when the ZIP has no
 * `campaign.json` at its root (another tool's ZIP: zip-files.ts reads it). Nothing but those entries
 * is inflated: read once without images to tell a campaign archive (Kanka's export has a
 * `campaign.json` of its own), then with them, so another tool's ZIP never has its pictures inflated.
 */
export function readCampaignArchive(
  bytes: Uint8Array,
  { withImages }: { withImages: boolean },
): { ok: true; archive: CampaignArchive | null } | ({ ok: false } & ArchiveRefusal) {
  const found: { name: string; ref: string | null; chunks: Uint8Array[]; size: number; done: boolean }[] = [];
  let entries = 0;
  let expanded = 0;
  let refusal: ArchiveRefusal | null = null;

  const unzip = new Unzip((file: UnzipFile) => {
    if (refusal) return;
    entries += 1;
    if (entries > ZIP_ENTRIES_MAX) {
      refusal = { code: 'IMPORT_ZIP_TOO_MANY_FILES', max: ZIP_ENTRIES_MAX };
      return;
    }
    const image = withImages ? IMAGE_NAME.exec(file.name) : null;
    if (file.name !== CAMPAIGN_ARCHIVE_JSON && !image) return;
    const item = {
      name: file.name,
      ref: image?.[1] ?? null,
      chunks: [] as Uint8Array[],
      size: 0,
      done: false,
    };
    const max = item.ref === null ? ARCHIVE_JSON_MAX_BYTES : IMAGE_MAX_BYTES;
    found.push(item);
    file.ondata = (error, data, final) => {
      if (refusal) return;
      if (error) {
        refusal = { code: 'IMPORT_ZIP_MALFORMED' };
        return;
      }
      item.size += data.length;
      expanded += data.length;
      if (item.size > max) {
        // The upload's limit, named for the file; the campaign file its JSON body's.
        refusal =
          item.ref === null
            ? { code: 'IMPORT_ZIP_TOO_LARGE', max: ARCHIVE_JSON_MAX_BYTES / (1024 * 1024) }
            : { code: 'IMAGE_TOO_LARGE', max: IMAGE_MAX_BYTES / (1024 * 1024), name: item.name };
        file.terminate();
        return;
      }
      if (expanded > ARCHIVE_EXPANDED_MAX_BYTES) {
        refusal = { code: 'IMPORT_ZIP_TOO_LARGE', max: ARCHIVE_EXPANDED_MAX_BYTES / (1024 * 1024) };
        file.terminate();
        return;
      }
      item.chunks.push(data);
      if (final) item.done = true;
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
  if (refusal) return { ok: false, ...(refusal as ArchiveRefusal) };
  const json = found.find((item) => item.ref === null);
  if (!json) return { ok: true, archive: null };
  if (found.some((item) => !item.done)) return { ok: false, code: 'IMPORT_ZIP_MALFORMED' };
  const images = new Map<string, Uint8Array>();
  for (const item of found) {
    // Its own buffer (a copy of the chunks): moved to the main thread with the import.
    if (item.ref !== null && !images.has(item.ref)) images.set(item.ref, joined(item.chunks, item.size));
  }
  return { ok: true, archive: { json: joined(json.chunks, json.size), images } };
}

function joined(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Bytes of the JSON compressed at a time: each step holds the event loop a few milliseconds. */
const DEFLATE_STEP_BYTES = 256 * 1024;

/**
 * The archive as a stream: `campaign.json` deflated in steps with a turn of the event loop between
 * them (the largest campaign file is about 27 MB, decision 047), then each image stored as it is
 * (WebP does not compress further).
 */
export function campaignArchiveStream(
  json: string,
  images: readonly { ref: string; bytes: Uint8Array }[],
): Readable {
  const out = new Readable({ read() {} });
  const zip = new Zip((error, data, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.push(data);
    if (final) out.push(null);
  });
  void (async () => {
    try {
      const file = new ZipDeflate(CAMPAIGN_ARCHIVE_JSON, { level: 6 });
      zip.add(file);
      const bytes = Buffer.from(json, 'utf8');
      for (let at = 0; at < bytes.length; at += DEFLATE_STEP_BYTES) {
        const end = Math.min(at + DEFLATE_STEP_BYTES, bytes.length);
        file.push(bytes.subarray(at, end), end === bytes.length);
        await nextTurn();
      }
      if (bytes.length === 0) file.push(bytes, true);
      for (const image of images) {
        const entry = new ZipPassThrough(imageFileName(image.ref));
        zip.add(entry);
        entry.push(image.bytes, true);
        await nextTurn();
      }
      zip.end();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
