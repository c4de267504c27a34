// HTTP only: the campaign calls of spec §7 (`/api/game-data`), all for a signed-in user.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaign,
  campaignLimit,
  copyCampaignBody,
  createCampaignBody,
  updateCampaignBody,
} from '@questkeeper/core/schemas/campaigns';
import { errorBody, idParams } from '@questkeeper/core/schemas/common';
import { signedIn, userOf } from '../../plugins/auth';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  413: errorBody,
  415: errorBody,
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const campaigns = app.services.campaigns;
  const tags = ['campaigns'];
  const security = [{ bearer: [] }];

  await signedIn(app, async (r) => {
    r.get(
      '/api/game-data',
      { schema: { tags, security, response: { 200: z.array(campaign), 401: errorBody } } },
      async (request) => campaigns.list(userOf(request)),
    );

    r.get(
      '/api/game-data/campaigns/limit',
      { schema: { tags, security, response: { 200: campaignLimit, 401: errorBody } } },
      async (request) => campaigns.limit(userOf(request)),
    );

    r.post(
      '/api/game-data',
      { schema: { tags, security, body: createCampaignBody, response: { 201: campaign, ...errors } } },
      async (request, reply) => reply.code(201).send(await campaigns.create(userOf(request), request.body)),
    );

    r.put(
      '/api/game-data/:id',
      {
        schema: {
          tags,
          security,
          params: idParams,
          body: updateCampaignBody,
          response: { 200: campaign, ...errors },
        },
      },
      async (request) => campaigns.update(userOf(request), request.params.id, request.body),
    );

    r.delete(
      '/api/game-data/:id',
      {
        schema: {
          tags,
          security,
          params: idParams,
          response: { 204: z.null(), 401: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        await campaigns.remove(userOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    r.post(
      '/api/game-data/:id/copy',
      {
        schema: {
          tags,
          security,
          params: idParams,
          body: copyCampaignBody,
          response: { 200: campaign, ...errors },
        },
      },
      async (request) => campaigns.copy(userOf(request), request.params.id, request.body.sourceCampaignId),
    );
  });
};
export default routes;
