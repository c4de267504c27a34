// HTTP only (docs/decisions/064): reveal a rules section, a unit, a list entry or a handout to the
// campaign's players, list what is revealed, hide one again.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@questkeeper/core/schemas/common';
import { revealCreate, revealList, revealParams, revealResponse } from '@questkeeper/core/schemas/reveals';
import { signedIn, userOf } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

const routes: FastifyPluginAsyncZod = async (app) => {
  const reveals = app.services.reveals;
  const tags = ['reveals'];
  const security = [{ bearer: [] }];

  await signedIn(app, async (r) => {
    r.post(
      '/api/game-data/:id/reveals',
      {
        schema: {
          tags,
          security,
          description:
            "Shows players, through the campaign's share link, a snapshot taken now without secret blocks: " +
            "`rules-section` (`ref`: the heading's anchor), `unit` (`ref`: its id; alias, notes, portrait), " +
            '`list-entry` (`ref`: `races:Elf`, `classes:…`, `statuses:…`, `characteristics:…`) or `handout` ' +
            '(`title`, and `text` and/or `imageId`). The same ref again replaces its snapshot. 409 ' +
            "SHARE_LINK_NEEDED without a live link; 403 REVEAL_LIMIT past the plan's reveals per campaign; " +
            '404 REVEAL_SOURCE_NOT_FOUND when the ref names nothing players may see.',
          params: idParams,
          body: revealCreate,
          response: { 201: revealResponse, ...errors, 403: errorBody, 409: errorBody },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await reveals.reveal(userOf(request), request.params.id, request.body)),
    );

    r.get(
      '/api/game-data/:id/reveals',
      {
        schema: {
          tags,
          security,
          description: "The campaign's reveals, newest first, and the plan's limit of reveals shown at once.",
          params: idParams,
          response: { 200: revealList, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return reveals.list(userOf(request), request.params.id);
      },
    );

    r.delete(
      '/api/game-data/:id/reveals/:revealId',
      {
        schema: {
          tags,
          security,
          description: 'Hides a reveal again: players stop seeing it at once.',
          params: revealParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await reveals.hide(userOf(request), request.params.id, request.params.revealId);
        return reply.code(204).send(null);
      },
    );
  });
};
export default routes;
