// HTTP only (docs/product.md#players-take-part): a player's request through a share link (public,
// rate limited per address, per link and per phone; the token in the path is the capability), and
// the game master's queue (signed in, X-Campaign-Id): the pending requests, approve with the fight's
// version (409 with the current fight when stale), reject with a reason.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignHeaders, errorBody } from '@questkeeper/core/schemas/common';
import { combatConflictBody } from '@questkeeper/core/schemas/combat';
import { playTokenParams } from '@questkeeper/core/schemas/player-view';
import {
  approveRequestBody,
  approveRequestResponse,
  gmPlayerRequestList,
  playerRequestAnswer,
  playerRequestBody,
  playerRequestIdParams,
  rejectRequestBody,
  rejectRequestResponse,
} from '@questkeeper/core/schemas/player-requests';
import { campaignIdOf } from '../../lib/campaign-header';
import { signedIn, userOf } from '../../plugins/auth';
import { orConflict } from '../combat/conflict-answer';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

const routes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.playerRequests;
  const playerView = app.services.playerView;
  const tags = ['player-requests'];
  const security = [{ bearer: [] }];

  app.post(
    '/api/play/:token/requests',
    {
      schema: {
        tags,
        description:
          "A player's request for the character they play (`as`, a player character's opaque id of the " +
          "link's payload): `initiative` before the start; during the fight `damage` or `heal` on a unit " +
          'shown (`targetId`, an amount or dice), a `condition` on themselves (`conditionId` of ' +
          '`conditionChoices`, optional `rounds`), `endTurn` on their turn. Nothing changes until the game ' +
          'master approves. 404 for an unknown or revoked link; 409 NO_FIGHT without a fight; rate limited ' +
          'per address, per link and per phone (`phoneId`).',
        params: playTokenParams,
        body: playerRequestBody,
        response: {
          201: playerRequestAnswer,
          400: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      await app.rateLimit(request, 'playerView');
      reply.header('x-robots-tag', 'noindex').header('cache-control', 'no-store');
      const link = await playerView.link(request.params.token);
      // The phone first: a phone over its own limit does not spend the table's.
      await app.rateLimit(request, 'playerRequestPhone', `${link.tokenHash}:${request.body.phoneId}`);
      await app.rateLimit(request, 'playerRequestLink', link.tokenHash);
      return reply.code(201).send(await service.create(link, request.body));
    },
  );

  await signedIn(app, async (r) => {
    r.get(
      '/api/combat/requests',
      {
        schema: {
          tags,
          security,
          description: "The fight's pending player requests, oldest first (typed initiatives included).",
          headers: campaignHeaders,
          response: { 200: gmPlayerRequestList, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { requests: await service.pending(userOf(request), campaignIdOf(request)) };
      },
    );

    r.post(
      '/api/combat/requests/:id/approve',
      {
        schema: {
          tags,
          security,
          description:
            'Applies a pending request as one combat action if `version` is the current one (else 409 ' +
            "with the current fight), logged as requested by its character's player and undoable like " +
            'any action. 409 REQUEST_DECIDED when already answered, REQUEST_OUTDATED when it no longer ' +
            'fits the fight (reject it instead).',
          headers: campaignHeaders,
          params: playerRequestIdParams,
          body: approveRequestBody,
          response: { 200: approveRequestResponse, ...errors, 409: z.union([combatConflictBody, errorBody]) },
        },
      },
      async (request, reply) =>
        orConflict(request, reply, () =>
          service.approve(userOf(request), campaignIdOf(request), request.params.id, request.body.version),
        ),
    );

    r.post(
      '/api/combat/requests/:id/reject',
      {
        schema: {
          tags,
          security,
          description: "Refuses a pending request; the reason (optional, short) reaches the player's page.",
          headers: campaignHeaders,
          params: playerRequestIdParams,
          body: rejectRequestBody,
          response: { 200: rejectRequestResponse, ...errors, 409: errorBody },
        },
      },
      async (request) =>
        service.reject(userOf(request), campaignIdOf(request), request.params.id, request.body.reason),
    );
  });
};
export default routes;
