// Portraits and handout images of the game master (issue 34, docs/decisions/064). The GM's images need
// the bearer token, so an <img src> cannot load them: useGmImage fetches one with the api client into a
// blob URL, cached by TanStack Query under its URL and ETag (a new upload is a new ETag, so a new
// entry) and never stale; the blob URL is revoked when its entry leaves the cache. Uploads are checked
// here first (size, and the first bytes say PNG, JPEG or WebP) with the server's own words — the error
// codes' messages — and the server checks again: the bytes decide there too.
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IMAGE_MAX_BYTES } from '@questkeeper/core/limits';
import type { ImageInfo, UploadedImage } from '@questkeeper/core/schemas/images';
import { ApiError, apiDownload, apiRequest, apiUpload } from './api-client';
import { i18next } from './i18n';
import { useUserId } from './query-client';
import { campaignHeader, unitKeys, type Unit } from './units';

/** A unit's portrait as the API describes it (`unit.portrait`); the image itself is read by URL. */
export type Portrait = ImageInfo;
/** A handout image just uploaded: its id goes into the reveal (`imageId`). */
export type { UploadedImage };

/** The formats the server keeps (it re-encodes them as WebP). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** For a file input's `accept`. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** A unit's portrait, or null (a unit read before portraits existed has no field: null too). */
export function portraitOf(unit: Unit): Portrait | null {
  return unit.portrait ?? null;
}

const unitPath = (unitId: string) => `/api/units/${encodeURIComponent(unitId)}`;
/** The GM's read of a unit's portrait. */
export const portraitUrl = (unitId: string) => `${unitPath(unitId)}/portrait`;
const imagesPath = (campaignId: string) => `/api/game-data/${encodeURIComponent(campaignId)}/images`;
/** The GM's read of any image of the campaign (a handout's, a revealed portrait's copy). */
export const campaignImageUrl = (campaignId: string, imageId: string) =>
  `${imagesPath(campaignId)}/${encodeURIComponent(imageId)}`;

/** The format the first bytes say, or null: PNG, JPEG, or a RIFF file of WebP. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const at = (offset: number, bytes: number[]) => bytes.every((byte, index) => head[offset + index] === byte);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

/** The first 12 bytes of a file (FileReader: Blob.arrayBuffer is missing from older engines and jsdom). */
function headOf(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, 12);
  if (typeof head.arrayBuffer === 'function')
    return head.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(head);
  });
}

/**
 * What the server would refuse before reading a pixel: a file over IMAGE_MAX_BYTES, or one whose first
 * bytes are not a PNG, JPEG or WebP (whatever its name). Answers the Content-Type to send, or throws the
 * ApiError the server would answer, in the same words.
 */
export async function checkImage(file: Blob): Promise<ImageType> {
  if (file.size > IMAGE_MAX_BYTES) {
    throw new ApiError(
      413,
      'IMAGE_TOO_LARGE',
      i18next.t('errors.IMAGE_TOO_LARGE', { max: Math.floor(IMAGE_MAX_BYTES / (1024 * 1024)) }),
    );
  }
  let type: ImageType | null = null;
  try {
    type = sniffImageType(await headOf(file));
  } catch {
    type = null;
  }
  if (!type) throw new ApiError(400, 'IMAGE_INVALID', i18next.t('errors.IMAGE_INVALID'));
  return type;
}

/** Stores `file` as the unit's portrait (replacing any); the unit's version does not change. */
export async function uploadPortrait(campaignId: string, unitId: string, file: Blob): Promise<Portrait> {
  const contentType = await checkImage(file);
  const answer = (await apiUpload(portraitUrl(unitId), file, {
    method: 'PUT',
    contentType,
    headers: campaignHeader(campaignId),
  })) as { portrait: Portrait };
  return answer.portrait;
}

/** Removes the unit's portrait (nothing happens when it has none). */
export function removePortrait(campaignId: string, unitId: string): Promise<void> {
  return apiRequest<{ response: null }>('DELETE', portraitUrl(unitId), {
    headers: campaignHeader(campaignId),
  });
}

/** Stores a handout image of the campaign (at most 1,600 px a side); reveal it with its `_id`. */
export async function uploadHandoutImage(campaignId: string, file: Blob): Promise<UploadedImage> {
  const contentType = await checkImage(file);
  return (await apiUpload(imagesPath(campaignId), file, {
    contentType,
    headers: campaignHeader(campaignId),
  })) as UploadedImage;
}

/**
 * Discards a handout image that was uploaded and not revealed (the dialog closed, another file chosen),
 * so it stops counting against the campaign's images. Best effort: a failure leaves it stored.
 */
export function discardHandoutImage(campaignId: string, imageId: string): Promise<void> {
  return apiRequest<{ response: null }>('DELETE', `${imagesPath(campaignId)}/${imageId}`, {
    headers: campaignHeader(campaignId),
  });
}

/**
 * The units cache after a portrait changed: the unit shows its new portrait at once (cards, fight
 * rows, the order), then the list is read again. Its version is left as it is: an open form still saves.
 */
export function portraitChanged(
  queryClient: QueryClient,
  userId: string,
  campaignId: string,
  unitId: string,
  portrait: Portrait | null,
) {
  const key = unitKeys.list(userId, campaignId);
  queryClient.setQueryData<Unit[]>(key, (list) =>
    list?.map((unit) => (unit._id === unitId ? ({ ...unit, portrait } as Unit) : unit)),
  );
  return queryClient.invalidateQueries({ queryKey: key });
}

// ---- Reading an image into a blob URL ----

const IMAGE_KEY = 'gm-image';
export const imageKeys = {
  one: (userId: string, url: string, etag: string | null) => [IMAGE_KEY, userId, url, etag] as const,
};

/** Clients whose cache already revokes the blob URLs it drops. */
const watched = new WeakSet<QueryClient>();

/**
 * Revokes an image entry's blob URL when the entry leaves the cache (garbage collected, cleared at
 * logout) or its data is replaced by a new read; once per client.
 */
function watchImageCache(queryClient: QueryClient) {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  const held = new Map<string, string>();
  queryClient.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (query.queryKey[0] !== IMAGE_KEY) return;
    const before = held.get(query.queryHash);
    if (event.type === 'removed') {
      if (before) URL.revokeObjectURL(before);
      held.delete(query.queryHash);
      return;
    }
    const now = query.state.data as string | undefined;
    if (now === before) return;
    if (before) URL.revokeObjectURL(before);
    if (now) held.set(query.queryHash, now);
    else held.delete(query.queryHash);
  });
}

/**
 * A GM's image as a blob URL for <img src>: read with the session's token once per URL and ETag (pass
 * null for an image that never changes, like a handout's), kept while something shows it and a few
 * minutes after. `enabled` false reads nothing (an avatar not on screen yet).
 */
export function useGmImage(
  url: string | null,
  etag: string | null,
  options: { enabled?: boolean; campaignId?: string } = {},
) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  useEffect(() => watchImageCache(queryClient), [queryClient]);
  const { campaignId, enabled = true } = options;
  const query = useQuery({
    queryKey: imageKeys.one(userId, url ?? '', etag),
    queryFn: async ({ signal }) => {
      watchImageCache(queryClient);
      const { blob } = await apiDownload(url!, {
        signal,
        cache: 'no-cache',
        ...(campaignId ? { headers: campaignHeader(campaignId) } : {}),
      });
      return URL.createObjectURL(blob);
    },
    enabled: enabled && url !== null,
    staleTime: Infinity,
  });
  return { src: query.data, isLoading: query.isLoading, isError: query.isError };
}
