// Image queries several features run (docs/decisions/064): portraits (images), reveals' snapshot copies
// and the player view's reads. Every read and write names the campaign (and the user where a GM acts):
// another campaign's image is simply not found (docs/decisions/019-cross-feature-data-access.md).
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { campaigns, images } from '../schema';
import type { ImageKind, ProcessedImage } from '../../lib/image-processing';

export type { ImageKind, ProcessedImage };

export interface StoredImageRef {
  id: string;
  publicId: string;
  etag: string;
  width: number;
  height: number;
}

export interface ImageContent {
  bytes: Buffer;
  contentType: string;
  etag: string;
  width: number;
  height: number;
}

/** 128 random bits, base64url: the only name players' URLs may use. */
const newPublicId = () => crypto.randomBytes(16).toString('base64url');

/**
 * Stores a processed image of the user's campaign. The campaign must be the user's: the insert selects
 * it by both ids, so nothing is written otherwise, and it throws (callers check the campaign first).
 */
export async function insertImage(
  tx: Executor,
  input: {
    userId: string;
    campaignId: string;
    kind: ImageKind;
    processed: ProcessedImage;
    /** An id chosen beforehand (a campaign import names its images in the rows it writes); else new. */
    id?: string;
  },
): Promise<StoredImageRef> {
  const { userId, campaignId, kind, processed } = input;
  const publicId = newPublicId();
  const id = input.id ?? crypto.randomUUID();
  const result = (await tx.execute(sql`
    INSERT INTO ${images} (id, user_id, campaign_id, kind, public_id, content_type, bytes, width, height, etag)
    SELECT ${id}, ${campaigns.userId}, ${campaigns.id}, ${kind}, ${publicId}, ${processed.contentType},
           ${processed.bytes}, ${processed.width}, ${processed.height}, ${processed.etag}
      FROM ${campaigns}
     WHERE ${campaigns.id} = ${campaignId} AND ${campaigns.userId} = ${userId}
    RETURNING id`)) as unknown as { rows: { id: string }[] };
  const row = result.rows[0];
  if (!row) throw new Error('insertImage: the campaign is not the user’s');
  return { id: row.id, publicId, etag: processed.etag, width: processed.width, height: processed.height };
}

/** How many images the campaign holds (IMAGES_PER_CAMPAIGN counts them under its row's lock). */
export async function countCampaignImages(db: Executor, campaignId: string): Promise<number> {
  const result = (await db.execute(
    sql`SELECT count(*)::int AS n FROM ${images} WHERE campaign_id = ${campaignId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/**
 * A snapshot copy of an image of the campaign (a new row and a new public id), as `kind`; null when the
 * image is not the campaign's.
 */
export async function copyImage(
  tx: Executor,
  imageId: string,
  campaignId: string,
  kind: ImageKind,
): Promise<string | null> {
  const publicId = newPublicId();
  const result = (await tx.execute(sql`
    INSERT INTO ${images} (user_id, campaign_id, kind, public_id, content_type, bytes, width, height, etag)
    SELECT user_id, campaign_id, ${kind}, ${publicId}, content_type, bytes, width, height, etag
      FROM ${images}
     WHERE id = ${imageId} AND campaign_id = ${campaignId}
    RETURNING id`)) as unknown as { rows: { id: string }[] };
  return result.rows[0]?.id ?? null;
}

/** An image of the campaign with its bytes; null when it is not the campaign's. */
export async function readImage(
  db: Executor,
  campaignId: string,
  imageId: string,
): Promise<ImageContent | null> {
  const [row] = await db
    .select({
      bytes: images.bytes,
      contentType: images.contentType,
      etag: images.etag,
      width: images.width,
      height: images.height,
    })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.campaignId, campaignId)))
    .limit(1);
  return row ?? null;
}

/** Whether the image is the user's, of that campaign and of that kind (reads the id only). */
export async function ownedImage(
  db: Executor,
  userId: string,
  campaignId: string,
  imageId: string,
  kind: ImageKind,
): Promise<boolean> {
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(
      and(
        eq(images.id, imageId),
        eq(images.userId, userId),
        eq(images.campaignId, campaignId),
        eq(images.kind, kind),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Deletes the image unless a unit or a reveal still refers to it (a portrait replaced or removed, a unit
 * deleted). Scoped by campaign.
 */
export async function deleteImageIfUnreferenced(
  tx: Executor,
  campaignId: string,
  imageId: string,
): Promise<void> {
  await tx.execute(sql`
    DELETE FROM ${images}
     WHERE id = ${imageId} AND campaign_id = ${campaignId}
       AND NOT EXISTS (SELECT 1 FROM units WHERE portrait_image_id = ${imageId})
       AND NOT EXISTS (SELECT 1 FROM reveals WHERE image_id = ${imageId})`);
}
