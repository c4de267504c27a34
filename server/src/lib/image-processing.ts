// Uploaded images (docs/decisions/064): the bytes decide what a file is, never its name or Content-Type.
// sharp reads the header first (format, size) with a pixel limit, then decodes, applies the EXIF
// orientation, fits the image inside the kind's box without enlarging it, and writes WebP. sharp keeps no
// metadata unless asked (no withMetadata/keepExif here), so EXIF (GPS included), XMP and ICC go.
// sharp works on libuv's thread pool, off the event loop.
import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import {
  HANDOUT_IMAGE_MAX_PX,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  PORTRAIT_MAX_PX,
} from '@questkeeper/core/limits';
import { AppError } from './app-error';

// Two cores: one libvips thread per image, so two uploads run side by side without starving each other
// or the event loop's own libuv work; no operation cache (every upload is a new image, a cache only holds
// memory).
sharp.concurrency(1);
sharp.cache(false);

export type ImageKind = 'portrait' | 'handout';

export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
  /** A strong ETag: the quoted sha256 of the stored bytes. */
  etag: string;
}

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
const MAX_SIDE: Record<ImageKind, number> = { portrait: PORTRAIT_MAX_PX, handout: HANDOUT_IMAGE_MAX_PX };

export const imageTooLarge = () =>
  new AppError('IMAGE_TOO_LARGE', { max: Math.floor(IMAGE_MAX_BYTES / (1024 * 1024)) });
const imageInvalid = () => new AppError('IMAGE_INVALID');
const tooManyPixels = () =>
  new AppError('IMAGE_TOO_MANY_PIXELS', { max: Math.floor(IMAGE_MAX_PIXELS / 1_000_000) });

export async function processImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw imageTooLarge();
  if (bytes.length === 0) throw imageInvalid();

  let meta: Metadata;
  try {
    // Only the header is read here: a 100000×100000 PNG is refused before any pixel is decoded.
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'none' }).metadata();
  } catch {
    throw imageInvalid();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw imageInvalid();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width <= 0 || height <= 0) throw imageInvalid();
  if (width * height > IMAGE_MAX_PIXELS) throw tooManyPixels();

  const side = MAX_SIDE[kind];
  try {
    // The first frame only (pages: 1): an animated WebP becomes its first picture.
    const { data, info } = await sharp(bytes, {
      limitInputPixels: IMAGE_MAX_PIXELS,
      failOn: 'error',
      pages: 1,
    })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      etag: `"${crypto.createHash('sha256').update(data).digest('base64url')}"`,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw imageInvalid();
  }
}

/**
 * An image of a campaign archive (docs/decisions/077): checked exactly as an upload (processImage, the
 * same refusals), and stored as it came when it already is what processImage keeps: a plain WebP
 * (only image chunks, no metadata, no animation, nothing after its end) no larger than the kind's box.
 * An exported image is one, so a backup comes back byte for byte; anything else is stored re-encoded.
 */
export async function processImportedImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const processed = await processImage(bytes, kind);
  if (!isPlainWebp(bytes)) return processed;
  const meta = await sharp(bytes, { failOn: 'error' }).metadata();
  if (meta.width !== processed.width || meta.height !== processed.height) return processed;
  return {
    bytes,
    contentType: 'image/webp',
    width: processed.width,
    height: processed.height,
    etag: `"${crypto.createHash('sha256').update(bytes).digest('base64url')}"`,
  };
}

/** VP8X's flags other than alpha: ICC profile, EXIF, XMP, animation (and the reserved bits). */
const VP8X_NOT_ALPHA = 0xff & ~0x10;

/**
 * A RIFF WebP whose chunks are `VP8 ` or `VP8L` alone, or `VP8X` (alpha flag only) with an optional
 * `ALPH` and then `VP8 `: every size consistent with the file, nothing after its end.
 */
export function isPlainWebp(bytes: Uint8Array): boolean {
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  const size = (at: number) =>
    (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
  if (bytes.length < 20 || text(0) !== 'RIFF' || text(8) !== 'WEBP') return false;
  if (size(4) + 8 !== bytes.length) return false;
  const chunks: string[] = [];
  for (let at = 12; at < bytes.length;) {
    if (at + 8 > bytes.length) return false;
    const name = text(at);
    const length = size(at + 4);
    const end = at + 8 + length + (length % 2);
    if (end > bytes.length) return false;
    if (name === 'VP8X' && (length < 10 || (bytes[at + 8]! & VP8X_NOT_ALPHA) !== 0)) return false;
    chunks.push(name);
    at = end;
  }
  const order = chunks.join(',');
  return ['VP8 ', 'VP8L', 'VP8X,VP8 ', 'VP8X,VP8L', 'VP8X,ALPH,VP8 '].includes(order);
}
