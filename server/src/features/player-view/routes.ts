// HTTP only (docs/decisions/028): the game master's share link and player-view settings (signed in, with
// X-Campaign-Id), and the public, rate-limited player data and stream of a link (the token in the
// path is the capability; no session is read).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@questkeeper/core/i18n';
import { campaignHeaders, errorBody } from '@questkeeper/core/schemas/common';
import {
  playImageParams,
  playTokenParams,
  playerViewChange,
  playerViewConflictBody,
  playerViewPayload,
  playerViewSettings,
  playerViewSettingsState,
  shareLinkResponse,
  shareLinkState,
  type PlayerViewConflictBody,
} from '@questkeeper/core/schemas/player-view';
import { campaignIdOf } from '../../lib/campaign-header';
import { limitKey } from '../../lib/limit-key';
import { signedIn, userOf } from '../../plugins/auth';
import { OpenStreams, takeStreamSlot } from '../combat/events/sse';
import { PlayerViewConflict, watchKey } from './service';
import { streamPlayerView } from './stream';
import { sendImage } from '../../lib/send-image';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
const publicErrors = { 404: errorBody, 429: errorBody };

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.playerView;
  const tags = ['player-view'];
  const security = [{ bearer: [] }];
  const streams = new OpenStreams();
  app.addHook('preClose', async () => streams.closeAll());

  await signedIn(app, async (r) => {
    r.get(
      '/api/combat/share',
      {
        schema: {
          tags,
          security,
          description:
            'The live link, for its owner only (shown again on any device, decision 050), and how many ' +
            'player pages watch it now across processes. `url` null: no link, or one made before links ' +
            'were kept (`live` true: it still works).',
          headers: campaignHeaders,
          response: { 200: shareLinkState, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.currentLink(userOf(request).id, campaignIdOf(request), userOf(request).language);
      },
    );

    r.post(
      '/api/combat/share',
      {
        schema: {
          tags,
          security,
          description: 'A new read-only link to the fight for players; the previous link stops at once.',
          headers: campaignHeaders,
          response: { 200: shareLinkResponse, ...errors },
        },
      },
      async (request) => service.share(userOf(request).id, campaignIdOf(request), userOf(request).language),
    );

    r.delete(
      '/api/combat/share',
      {
        schema: {
          tags,
          security,
          description: 'Revokes the link; open player streams close within a second.',
          headers: campaignHeaders,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.revoke(userOf(request).id, campaignIdOf(request));
        return reply.code(204).send(null);
      },
    );

    r.get(
      '/api/combat/player-view',
      {
        schema: {
          tags,
          security,
          headers: campaignHeaders,
          response: { 200: playerViewSettingsState, ...errors },
        },
      },
      async (request) => service.settings(userOf(request).id, campaignIdOf(request)),
    );

    r.patch(
      '/api/combat/player-view',
      {
        schema: {
          tags,
          security,
          description:
            'One change of what players see, applied at once: `hp` (a side) or `unit` (hidden, ' +
            'revealOnFirstTurn, alias; "" removes it). Applied only if `expectedVersion` is the current ' +
            'version, else 409 with the current settings and nothing changed.',
          headers: campaignHeaders,
          body: playerViewChange,
          response: { 200: playerViewSettingsState, ...errors, 409: playerViewConflictBody },
        },
      },
      async (request, reply) => {
        try {
          return await service.changeSettings(userOf(request).id, campaignIdOf(request), request.body);
        } catch (error) {
          if (!(error instanceof PlayerViewConflict)) throw error;
          const body: PlayerViewConflictBody = {
            code: 'PLAYER_VIEW_CONFLICT',
            message: translate(request.language, 'errors.PLAYER_VIEW_CONFLICT'),
            settings: error.settings,
          };
          return reply.code(409).send(body);
        }
      },
    );

    r.put(
      '/api/combat/player-view',
      {
        schema: {
          tags,
          security,
          description: 'What players see: HP per side (exact, bands, hidden), hidden units, aliases.',
          headers: campaignHeaders,
          body: playerViewSettings,
          response: { 200: playerViewSettingsState, ...errors },
        },
      },
      async (request) => service.saveSettings(userOf(request).id, campaignIdOf(request), request.body),
    );
  });

  app.get(
    '/api/play/:token',
    {
      schema: {
        tags,
        description: 'The fight as players see it (rate limited per IP; 404 for an unknown or revoked link).',
        params: playTokenParams,
        response: { 200: playerViewPayload, ...publicErrors },
      },
    },
    async (request, reply) => {
      await app.rateLimit(request, 'playerView');
      reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
      const link = await service.link(request.params.token);
      // The guided first fight's last step is the owner's (decision 068): once done, a Set lookup.
      await app.services.guide.tickOwner(link.campaignId, 'phone');
      return service.payload(link);
    },
  );

  app.get(
    '/api/play/:token/images/:opaqueId',
    {
      schema: {
        tags,
        description:
          "An image of the link's payload (a visible unit's `portraitUrl`, a reveal's `imageUrl`), WebP; " +
          '404 for any other id, and once the link is revoked or the image is no longer shown. `ETag`, ' +
          '304 on `If-None-Match`; revalidated on each use.',
        params: playImageParams,
        response: { 200: z.unknown().describe('The image (image/webp)'), 304: z.null(), ...publicErrors },
      },
    },
    async (request, reply) => {
      await app.rateLimit(request, 'playerView');
      const link = await service.link(request.params.token);
      const image = await service.image(link, request.params.opaqueId);
      // Revalidated each time: a revoked link, or an image no longer shown, must stop at once.
      reply.header('x-robots-tag', 'noindex');
      return sendImage(request, reply, image);
    },
  );

  app.get(
    '/api/play/:token/events',
    {
      schema: {
        tags,
        description:
          'Server-Sent Events: `data` is the whole player payload at once and after every change; ' +
          '`event: revoked` then the end when the link stops; a `: ping` comment every 15 s. ' +
          'At most 20 open per IP address (429 beyond).',
        params: playTokenParams,
        response: publicErrors,
      },
    },
    async (request, reply) => {
      await app.rateLimit(request, 'playerView');
      const link = await service.link(request.params.token);
      await app.services.guide.tickOwner(link.campaignId, 'phone');
      reply.header('x-robots-tag', 'noindex');
      // Per address: the link is public, so there is no account to count by.
      const slot = await takeStreamSlot(app.streamSlots, limitKey('streams:ip', request.ip));
      // A second lease, on the link, is how the game master's panel counts who watches.
      const watching = await app.streamSlots
        .acquire(watchKey(link), Number.MAX_SAFE_INTEGER)
        .catch((error) => {
          slot.release();
          throw error;
        });
      const both = {
        release() {
          slot.release();
          watching?.release();
        },
      };
      await streamPlayerView(reply, service, link, streams, { slot: both });
      return reply;
    },
  );
};
export default routes;
