// HTTP only: schemas from core, the X-Campaign-Id header, and calls into the combat service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { combatResponse, combatState } from '@questkeeper/core/schemas/combat';
import { campaignHeaders, errorBody } from '@questkeeper/core/schemas/common';
import { campaignIdOf } from '../../lib/campaign-header';
import { signedIn, userOf } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

const routes: FastifyPluginAsyncZod = async (app) => {
  const combat = app.services.combat;
  const tags = ['combat'];
  const security = [{ bearer: [] }];

  await signedIn(app, async (r) => {
    r.get(
      '/api/combat',
      { schema: { tags, security, headers: campaignHeaders, response: { 200: combatResponse, ...errors } } },
      async (request) => combat.get(userOf(request), campaignIdOf(request)),
    );

    r.put(
      '/api/combat',
      {
        schema: {
          tags,
          security,
          headers: campaignHeaders,
          body: combatState,
          response: { 200: combatResponse, ...errors },
        },
      },
      async (request) => combat.save(userOf(request), campaignIdOf(request), request.body),
    );
  });
};
export default routes;
