// A campaign archive (docs/decisions/077): the campaign export as a ZIP holding the same JSON file
// (`campaign.json`) and the campaign's images as they are stored (`images/<id>.webp`), so a backup
// brings portraits, handout pictures and reveals back byte for byte. Written here for the export and
// read here, in the import's worker thread, like any untrusted ZIP (zip-files.ts): entries and
// expanded bytes are bounded, inflating stops at each limit, names that could climb out are ignored.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import {
  CAMPAIGN_ARCHIVE_IMAGE_NAME,
  CAMPAIGN_ARCHIVE_JSON,
  CAMPAIGN_ARCHIVE_MAX_BYTES,
  CAMPAIGN_IMPORT_MAX_BYTES,
  IMAGE_MAX_BYTES,
  campaignArchiveImageName,
} from '@questkeeper/core/limits';
import { inflateZip, type ZipRefusal } from './zip-files';

/** The campaign file inside an archive: the JSON import's own body limit (routes.ts). */
export const ARCHIVE_JSON_MAX_BYTES = CAMPAIGN_IMPORT_MAX_BYTES;
/** Bytes an archive's files may expand to in all: its JSON and its images at their limits. */
const ARCHIVE_EXPANDED_MAX_BYTES = CAMPAIGN_ARCHIVE_MAX_BYTES + ARCHIVE_JSON_MAX_BYTES;

export const imageFileName = campaignArchiveImageName;

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
  const refOf = (name: string) => CAMPAIGN_ARCHIVE_IMAGE_NAME.exec(name)?.[1] ?? null;
  const read = inflateZip<ArchiveRefusal>(
    bytes,
    (file) => file.name === CAMPAIGN_ARCHIVE_JSON || (withImages && refOf(file.name) !== null),
    (entry, expanded) => {
      // The upload's limit, named for the file; the campaign file its JSON body's.
      if (entry.name === CAMPAIGN_ARCHIVE_JSON && entry.size > ARCHIVE_JSON_MAX_BYTES)
        return { code: 'IMPORT_ZIP_TOO_LARGE', max: ARCHIVE_JSON_MAX_BYTES / (1024 * 1024) };
      if (entry.name !== CAMPAIGN_ARCHIVE_JSON && entry.size > IMAGE_MAX_BYTES)
        return { code: 'IMAGE_TOO_LARGE', max: IMAGE_MAX_BYTES / (1024 * 1024), name: entry.name };
      if (expanded > ARCHIVE_EXPANDED_MAX_BYTES)
        return { code: 'IMPORT_ZIP_TOO_LARGE', max: ARCHIVE_EXPANDED_MAX_BYTES / (1024 * 1024) };
      return null;
    },
  );
  if (!read.ok) return { ok: false, ...read.refusal };
  const json = read.entries.find((entry) => entry.name === CAMPAIGN_ARCHIVE_JSON);
  if (!json) return { ok: true, archive: null };
  const images = new Map<string, Uint8Array>();
  for (const entry of read.entries) {
    const ref = entry.name === CAMPAIGN_ARCHIVE_JSON ? null : refOf(entry.name);
    // Its own buffer (a copy of the chunks): moved to the main thread with the import.
    if (ref !== null && !images.has(ref)) images.set(ref, joined(entry.chunks, entry.size));
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
