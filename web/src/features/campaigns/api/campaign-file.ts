// A campaign as a file (decision 024): its JSON export, its archive with images (a ZIP, decision 077)
// and its rules as markdown, downloaded with the session's headers, and the import that turns an
// exported file or archive into a new campaign. The file is read and checked here first, so a file
// that is not a campaign export gets a clear message without a round trip; the server checks
// everything again.
import type { z } from 'zod';
import type { importedCampaign } from '@questkeeper/core/schemas/game-data-export';
import { ACCOUNT_EXPORT_FORMAT, GAME_DATA_FORMAT } from '@questkeeper/core/constants';
import {
  CAMPAIGN_ARCHIVE_IMAGE_NAME,
  CAMPAIGN_ARCHIVE_JSON,
  CAMPAIGN_ARCHIVE_MAX_BYTES,
  CAMPAIGN_IMPORT_MAX_BYTES,
} from '@questkeeper/core/limits';
import { apiDownload, apiRequest, apiUpload } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import { fileNameOf, saveBlob } from '@/lib/download';

/** The import route's body limit (decision 024): a bigger file is refused before it is read. */
export const IMPORT_MAX_BYTES = CAMPAIGN_IMPORT_MAX_BYTES;

/** The archive's limit (decision 077): a bigger ZIP is refused before it is sent. */
export const ARCHIVE_MAX_BYTES = CAMPAIGN_ARCHIVE_MAX_BYTES;

export type CampaignFileKind = 'json' | 'archive' | 'markdown';

const campaignPath = (id: string) => `/api/game-data/${encodeURIComponent(id)}`;
const FILES: Record<CampaignFileKind, { path: string; extension: string }> = {
  json: { path: 'export', extension: 'json' },
  archive: { path: 'export.zip', extension: 'zip' },
  markdown: { path: 'rules.md', extension: 'md' },
};

/**
 * Downloads the campaign's export (`json`), its archive with images (`archive`) or its rules, and saves
 * it. Answers the saved file's size in bytes.
 */
export async function downloadCampaignFile(campaign: Campaign, kind: CampaignFileKind): Promise<number> {
  const { path, extension } = FILES[kind];
  const { blob, disposition } = await apiDownload(`${campaignPath(campaign._id)}/${path}`, {
    headers: { 'x-campaign-id': campaign._id },
  });
  saveBlob(blob, fileNameOf(disposition, `${campaign.name}.${extension}`));
  return blob.size;
}

/** Why a picked file cannot be sent: each has its own message (campaigns.import.*). */
export type FileProblem = 'tooLarge' | 'unreadable' | 'notJson' | 'accountFile' | 'notCampaign';

export type ReadCampaignFile =
  | {
      ok: true;
      data: Record<string, unknown>;
      name: string;
      /** A campaign archive (a ZIP with its images): sent as it is. */
      archive?: Blob;
      /** The archive's pictures (its `images/` entries), as the dialog announces them. */
      images?: number;
    }
  | { ok: false; problem: FileProblem };

/** The file's text as UTF-8 (FileReader where Blob.text is missing, as in older browsers). */
function textOf(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

/** The file's bytes (FileReader where Blob.arrayBuffer is missing). */
function bytesOf(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function')
    return file.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file);
  });
}

const isZip = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4;

/**
 * A campaign archive (decision 077): its `campaign.json` only is read (fflate, loaded when a ZIP is
 * picked), to check it and name the campaign; the images go to the server as they are.
 */
async function readArchive(file: Blob, bytes: Uint8Array): Promise<ReadCampaignFile> {
  if (file.size > ARCHIVE_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  let json: Uint8Array | undefined;
  let images = 0;
  try {
    const { unzipSync } = await import('fflate');
    json = unzipSync(bytes, {
      filter: (entry) => {
        // Counted, not inflated: the server checks each picture.
        if (CAMPAIGN_ARCHIVE_IMAGE_NAME.test(entry.name)) images += 1;
        return entry.name === CAMPAIGN_ARCHIVE_JSON;
      },
    })[CAMPAIGN_ARCHIVE_JSON];
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  if (!json) return { ok: false, problem: 'notCampaign' };
  const read = readJson(new TextDecoder().decode(json));
  return read.ok ? { ...read, archive: file, images } : read;
}

/**
 * Reads a picked file as a campaign export: JSON, an object, `format` of a campaign file; or a
 * campaign archive holding one.
 */
export async function readCampaignFile(file: Blob): Promise<ReadCampaignFile> {
  if (file.size > ARCHIVE_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  let bytes: Uint8Array;
  try {
    bytes = await bytesOf(file.slice(0, 4));
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  if (isZip(bytes)) {
    try {
      bytes = await bytesOf(file);
    } catch {
      return { ok: false, problem: 'unreadable' };
    }
    return readArchive(file, bytes);
  }
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  let text: string;
  try {
    text = await textOf(file);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  return readJson(text);
}

function readJson(text: string): ReadCampaignFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'notJson' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, problem: 'notCampaign' };
  }
  const record = data as Record<string, unknown>;
  if (record.format === ACCOUNT_EXPORT_FORMAT) return { ok: false, problem: 'accountFile' };
  // A missing or other `format` is not ours; a newer formatVersion is the server's to explain.
  if (record.format !== GAME_DATA_FORMAT) return { ok: false, problem: 'notCampaign' };
  const campaign = record.campaign as { name?: unknown } | undefined;
  const name = typeof campaign?.name === 'string' ? campaign.name : '';
  return { ok: true, data: record, name };
}

export type ImportedCampaign = z.infer<typeof importedCampaign>;

/**
 * Creates a new campaign from a read file, named `name` (the file's name unless the user changed it):
 * a JSON file with the name in it, an archive as it is with the name beside it (`?name=`).
 */
export async function importCampaign(
  data: Record<string, unknown>,
  name: string,
  archive?: Blob,
): Promise<ImportedCampaign> {
  if (archive) {
    const path = `/api/game-data/import?name=${encodeURIComponent(name)}`;
    return (await apiUpload(path, archive, { contentType: 'application/zip' })) as ImportedCampaign;
  }
  const campaign = (data.campaign ?? {}) as Record<string, unknown>;
  return apiRequest<{ body: z.ZodType<unknown>; response: typeof importedCampaign }>(
    'POST',
    '/api/game-data/import',
    { body: { ...data, campaign: { ...campaign, name } } },
  );
}
