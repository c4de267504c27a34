// A campaign as a file (decision 024): its JSON export and its rules as markdown, both
// downloaded with the session's headers, and the import that turns an exported file into a new
// campaign. The file is read and checked here first, so a file that is not JSON or not a campaign
// export gets a clear message without a round trip; the server checks everything again.
import type { z } from 'zod';
import type { campaign as campaignSchema } from '@questkeeper/core/schemas/campaigns';
import { ACCOUNT_EXPORT_FORMAT, GAME_DATA_FORMAT } from '@questkeeper/core/constants';
import { apiDownload, apiRequest } from '@/lib/api-client';
import type { Campaign } from '@/lib/campaigns';
import { fileNameOf, saveBlob } from '@/lib/download';

/** The import route's body limit (decision 024): a bigger file is refused before it is read. */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;

export type CampaignFileKind = 'json' | 'markdown';

const campaignPath = (id: string) => `/api/game-data/${encodeURIComponent(id)}`;

/** Downloads the campaign's export (`json`) or its rules (`markdown`) and saves it. */
export async function downloadCampaignFile(campaign: Campaign, kind: CampaignFileKind): Promise<void> {
  const path = `${campaignPath(campaign._id)}/${kind === 'json' ? 'export' : 'rules.md'}`;
  const { blob, disposition } = await apiDownload(path, { headers: { 'x-campaign-id': campaign._id } });
  saveBlob(blob, fileNameOf(disposition, `${campaign.name}.${kind === 'json' ? 'json' : 'md'}`));
}

/** Why a picked file cannot be sent: each has its own message (campaigns.import.*). */
export type FileProblem = 'tooLarge' | 'unreadable' | 'notJson' | 'accountFile' | 'notCampaign';

export type ReadCampaignFile =
  { ok: true; data: Record<string, unknown>; name: string } | { ok: false; problem: FileProblem };

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

/** Reads a picked file as a campaign export: JSON, an object, `format` of a campaign file. */
export async function readCampaignFile(file: Blob): Promise<ReadCampaignFile> {
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  let text: string;
  try {
    text = await textOf(file);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
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

/** Creates a new campaign from a read file, named `name` (the file's name unless the user changed it). */
export function importCampaign(data: Record<string, unknown>, name: string) {
  const campaign = (data.campaign ?? {}) as Record<string, unknown>;
  return apiRequest<{ body: z.ZodType<unknown>; response: typeof campaignSchema }>(
    'POST',
    '/api/game-data/import',
    { body: { ...data, campaign: { ...campaign, name } } },
  );
}
