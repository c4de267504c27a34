// Portraits and handout images (docs/decisions/064, docs/product.md#portraits): what the API answers
// about a stored image. The image itself is read by URL (the GM's with the token, players' by opaque id).
import { z } from 'zod';
import { idSchema } from './common';

/** A stored image's description: `etag` changes with every new upload (an opaque token). */
export const imageInfo = z.object({
  etag: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageInfo = z.infer<typeof imageInfo>;

/** PUT /api/units/{id}/portrait. */
export const portraitResponse = z.object({ portrait: imageInfo });

/** POST /api/game-data/{id}/images: a handout image, revealed with its `_id` as `imageId`. */
export const uploadedImage = imageInfo.extend({ _id: idSchema });
export type UploadedImage = z.infer<typeof uploadedImage>;

export const campaignImageParams = z.object({ id: idSchema, imageId: idSchema });
