// HTTP only (docs/product.md#guided-first-fight): the signed-in user's checklist of the guided first
// fight; close or reopen its panel, and tick the one step the web sees (the secret found in the rules).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@questkeeper/core/schemas/common';
import { guideChange, guideState } from '@questkeeper/core/schemas/guide';
import { signedIn, userOf } from '../../plugins/auth';

const routes: FastifyPluginAsyncZod = async (app) => {
  const guide = app.services.guide;
  const tags = ['guide'];
  const security = [{ bearer: [] }];

  await signedIn(app, async (r) => {
    r.get(
      '/api/me/guide',
      {
        schema: {
          tags,
          security,
          description:
            "The guided first fight's checklist: the steps done (ticked where the real action happens: the " +
            'demo table created, an encounter run, damage rolled with dice, an undo, the player page opened ' +
            'through the share link) and whether the panel was closed.',
          response: { 200: guideState, 401: errorBody },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return guide.state(userOf(request).id);
      },
    );

    r.patch(
      '/api/me/guide',
      {
        schema: {
          tags,
          security,
          description:
            'Closes (`dismissed: true`) or reopens the panel; `seen: "secret"` ticks "find the secret" (the ' +
            "web sends it when a secret block of the rules is on the game master's screen). Answers the checklist.",
          body: guideChange,
          response: { 200: guideState, 400: errorBody, 401: errorBody },
        },
      },
      async (request) => guide.change(userOf(request).id, request.body),
    );
  });
};

export default routes;
