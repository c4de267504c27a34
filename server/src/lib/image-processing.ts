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
