// HTTP only (docs/decisions/064, docs/product.md#portraits): a unit's portrait (PUT/GET/DELETE) and a
// campaign's handout images (POST, GET, DELETE). Uploads are the raw file as the body; the bytes decide.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@questkeeper/core/schemas/common';
import { campaignImageParams, portraitResponse, uploadedImage } from '@questkeeper/core/schemas/images';
import { IMAGE_MAX_BYTES } from '@questkeeper/core/limits';
import { sendImage } from '../../lib/send-image';
import { signedIn, userOf } from '../../plugins/auth';
import { IMAGE_BODY_TYPES, readImageBody } from './body';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
const uploadErrors = { ...errors, 403: errorBody, 413: errorBody, 415: errorBody };
const imageAnswer = { 200: z.unknown().describe('The image (image/webp)'), 304: z.null(), ...errors };
const uploadNote =
  'The body is the file itself (Content-Type image/png, image/jpeg, image/webp or ' +
  'application/octet-stream; the bytes decide): PNG, JPEG or WebP, at most 5 MB and 40 megapixels, ' +
  'stored as WebP without metadata. 413 IMAGE_TOO_LARGE, 400 IMAGE_INVALID or IMAGE_TOO_MANY_PIXELS, ' +
  '403 IMAGE_LIMIT past 300 images in the campaign; nothing is written then.';

const routes: FastifyPluginAsyncZod = async (app) => {
  const images = app.services.images;
  const tags = ['images'];
  const security = [{ bearer: [] }];

  await signedIn(app, async (r) => {
    // The upload routes read raw bytes; every other type answers 415 (Fastify's own, localized).
    r.removeAllContentTypeParsers();
    r.addContentTypeParser(IMAGE_BODY_TYPES, readImageBody);
    // Above the image limit, so the parser (not Fastify) answers a large file with IMAGE_TOO_LARGE.
    const bodyLimit = IMAGE_MAX_BYTES * 2;

    r.put(
      '/api/units/:id/portrait',
      {
        bodyLimit,
        schema: {
          tags,
          security,
          description: `Sets the unit's portrait (at most 512 px a side), replacing any. ${uploadNote}`,
          params: idParams,
          response: { 200: portraitResponse, ...uploadErrors },
        },
      },
      async (request) => {
        const user = userOf(request);
        await app.rateLimit(request, 'uploadImage', user.id);
        return { portrait: await images.putPortrait(user, request.params.id, request.body as Buffer) };
      },
    );

    r.get(
      '/api/units/:id/portrait',
      {
        schema: {
          tags,
          security,
          description: "The unit's portrait (WebP); `ETag`, 304 on `If-None-Match`. 404 without one.",
          params: idParams,
          response: imageAnswer,
        },
      },
      async (request, reply) =>
        sendImage(request, reply, await images.readPortrait(userOf(request), request.params.id)),
    );

    r.delete(
      '/api/units/:id/portrait',
      {
        schema: {
          tags,
          security,
          description: "Removes the unit's portrait (204 also when it had none).",
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await images.removePortrait(userOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    r.post(
      '/api/game-data/:id/images',
      {
        bodyLimit,
        schema: {
          tags,
          security,
          description: `Stores a handout image (at most 1,600 px a side) to reveal with its \`_id\`. ${uploadNote}`,
          params: idParams,
          response: { 201: uploadedImage, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        await app.rateLimit(request, 'uploadImage', user.id);
        const stored = await images.uploadHandoutImage(user, request.params.id, request.body as Buffer);
        return reply.code(201).send(stored);
      },
    );

    r.get(
      '/api/game-data/:id/images/:imageId',
      {
        schema: {
          tags,
          security,
          description:
            "An image of the campaign (a handout's, a revealed portrait's copy), WebP; `ETag`, 304 on `If-None-Match`.",
          params: campaignImageParams,
          response: imageAnswer,
        },
      },
      async (request, reply) =>
        sendImage(
          request,
          reply,
          await images.readCampaignImage(userOf(request), request.params.id, request.params.imageId),
        ),
    );

    r.delete(
      '/api/game-data/:id/images/:imageId',
      {
        schema: {
          tags,
          security,
          description:
            'Discards a handout image the game master uploaded and did not reveal (the handout dialog ' +
            'closed, another file chosen): it no longer counts against the campaign’s images. An image a ' +
            'reveal shows stays; 204 either way. 404 for a portrait or another campaign’s image.',
          params: campaignImageParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await images.discardHandoutImage(userOf(request), request.params.id, request.params.imageId);
        return reply.code(204).send(null);
      },
    );
  });
};
export default routes;
