// Portraits and handout images (docs/decisions/064, docs/product.md#portraits). The bytes are checked
// and re-encoded by processImage (sharp) before any transaction opens: the embedded database runs one
// transaction at a time, and decoding an image is the slow part. The transaction then only counts the
// campaign's images under its row lock (IMAGES_PER_CAMPAIGN) and writes.
import { IMAGES_PER_CAMPAIGN } from '@questkeeper/core/limits';
import type { ImageInfo, UploadedImage } from '@questkeeper/core/schemas/images';
import type { Db, Tx } from '../../db/client';
import { ownsCampaign } from '../../db/shared/campaigns';
import {
  deleteImageIfUnreferenced,
  insertImage,
  ownedImage,
  readImage,
  type ImageContent,
} from '../../db/shared/images';
import { AppError, notFound } from '../../lib/app-error';
import { processImage } from '../../lib/image-processing';
import * as repo from './repository';

export interface ImagesActor {
  id: string;
}

export type ImagesService = ReturnType<typeof createImagesService>;

const imageLimit = () => new AppError('IMAGE_LIMIT', { limit: IMAGES_PER_CAMPAIGN });

export function createImagesService(deps: {
  db: Db;
  /** After a portrait changed: players' views showing the unit follow it. */
  onUnitChanged?: (campaignId: string, unitId: string) => void;
  /** Test seam: a lower limit than IMAGES_PER_CAMPAIGN. */
  imagesPerCampaign?: number;
}) {
  const { db } = deps;
  const limit = deps.imagesPerCampaign ?? IMAGES_PER_CAMPAIGN;

  /** Locks the campaign row; past the limit, refuses a new image (`replacing` one adds none). */
  async function lockWithRoom(tx: Tx, userId: string, campaignId: string, replacing = false) {
    if (!(await repo.lockOwnedCampaign(tx, userId, campaignId))) throw notFound();
    if (!replacing && (await repo.countImages(tx, campaignId)) >= limit) throw imageLimit();
  }

  return {
    /** Stores the bytes as the unit's portrait (replacing any); the old image goes unless shared. */
    async putPortrait(user: ImagesActor, unitId: string, bytes: Buffer): Promise<ImageInfo> {
      const unit = await repo.findUnitPortrait(db, user.id, unitId);
      if (!unit) throw notFound();
      const processed = await processImage(bytes, 'portrait');
      const campaignId = await db.transaction(async (tx) => {
        await lockWithRoom(tx, user.id, unit.campaignId, unit.imageId !== null);
        const locked = await repo.findUnitPortrait(tx, user.id, unitId, { lock: true });
        if (!locked) throw notFound();
        const stored = await insertImage(tx, {
          userId: user.id,
          campaignId: locked.campaignId,
          kind: 'portrait',
          processed,
        });
        await repo.setUnitPortrait(tx, user.id, unitId, stored.id);
        if (locked.imageId) await deleteImageIfUnreferenced(tx, locked.campaignId, locked.imageId);
        return locked.campaignId;
      });
      deps.onUnitChanged?.(campaignId, unitId);
      return { etag: processed.etag, width: processed.width, height: processed.height };
    },

    async readPortrait(user: ImagesActor, unitId: string): Promise<ImageContent> {
      const unit = await repo.findUnitPortrait(db, user.id, unitId);
      if (!unit?.imageId) throw notFound();
      const image = await readImage(db, unit.campaignId, unit.imageId);
      if (!image) throw notFound();
      return image;
    },

    /** Removes the unit's portrait (nothing to do without one). */
    async removePortrait(user: ImagesActor, unitId: string): Promise<void> {
      const campaignId = await db.transaction(async (tx) => {
        const unit = await repo.findUnitPortrait(tx, user.id, unitId, { lock: true });
        if (!unit) throw notFound();
        if (!unit.imageId) return null;
        await repo.setUnitPortrait(tx, user.id, unitId, null);
        await deleteImageIfUnreferenced(tx, unit.campaignId, unit.imageId);
        return unit.campaignId;
      });
      if (campaignId) deps.onUnitChanged?.(campaignId, unitId);
    },

    /** A handout image of the campaign, revealed later with its id (POST …/reveals, `imageId`). */
    async uploadHandoutImage(user: ImagesActor, campaignId: string, bytes: Buffer): Promise<UploadedImage> {
      if (!(await ownsCampaign(db, user.id, campaignId))) throw notFound();
      const processed = await processImage(bytes, 'handout');
      const stored = await db.transaction(async (tx) => {
        await lockWithRoom(tx, user.id, campaignId);
        return insertImage(tx, { userId: user.id, campaignId, kind: 'handout', processed });
      });
      return { _id: stored.id, etag: stored.etag, width: stored.width, height: stored.height };
    },

    /**
     * Discards a handout image that nothing shows (uploaded in the handout dialog, then left): one
     * revealed meanwhile stays. Only the campaign's handout images: a portrait goes with its unit.
     */
    async discardHandoutImage(user: ImagesActor, campaignId: string, imageId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.lockOwnedCampaign(tx, user.id, campaignId))) throw notFound();
        if (!(await ownedImage(tx, user.id, campaignId, imageId, 'handout'))) throw notFound();
        await deleteImageIfUnreferenced(tx, campaignId, imageId);
      });
    },

    async readCampaignImage(user: ImagesActor, campaignId: string, imageId: string): Promise<ImageContent> {
      if (!(await ownsCampaign(db, user.id, campaignId))) throw notFound();
      const image = await readImage(db, campaignId, imageId);
      if (!image) throw notFound();
      return image;
    },
  };
}
