// HTTP only: the campaign calls of docs/product.md#api (`/api/game-data`), all for a signed-in user.
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@questkeeper/core/i18n';
import {
  campaign,
  campaignConflictBody,
  campaignLimit,
  copyCampaignBody,
  createCampaignBody,
  deletedCampaign,
  listEditBody,
  listEditResponse,
  restoreCampaignBody,
  updateCampaignBody,
  type CampaignConflictBody,
} from '@questkeeper/core/schemas/campaigns';
import { errorBody, idParams } from '@questkeeper/core/schemas/common';
import { signedIn, userOf } from '../../plugins/auth';
import { CampaignConflict } from './service';

/** Runs a write; a stale version answers 409 with the current campaign instead of an error body. */
async function orConflict<T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CampaignConflict)) throw error;
    const body: CampaignConflictBody = {
      code: 'GAME_DATA_CONFLICT',
      message: translate(request.language, 'errors.GAME_DATA_CONFLICT'),
      campaign: error.campaign,
    };
    return reply.code(409).send(body);
  }
}

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
          description:
            'Changes the fields sent. With `version` (the campaign version the change was made from), ' +
            'a campaign changed since is left as it is: 409 GAME_DATA_CONFLICT with the current campaign. ' +
            'Lists sent here replace the whole list; POST /api/game-data/{id}/lists edits one entry.',
          params: idParams,
          body: updateCampaignBody,
          response: { 200: campaign, ...errors, 409: campaignConflictBody },
        },
      },
      async (request, reply) =>
        orConflict(request, reply, () => campaigns.update(userOf(request), request.params.id, request.body)),
    );

    r.post(
      '/api/game-data/:id/lists',
      {
        schema: {
          tags,
          security,
          description:
            'Adds, changes or deletes one entry of a list (characteristics, races, classes, statuses) ' +
            'of the campaign as it is now, in one transaction: concurrent edits never undo each other. ' +
            'Races, classes and statuses are addressed by `_id`, characteristics by name. Same rules as ' +
            'a whole-list save (tier, counts, note lengths, unique names); units follow a rename.',
          params: idParams,
          body: listEditBody,
          response: { 200: listEditResponse, ...errors },
        },
      },
      async (request) => campaigns.editList(userOf(request), request.params.id, request.body),
    );

    r.delete(
      '/api/game-data/:id',
      {
        schema: {
          tags,
          security,
          params: idParams,
          summary: 'Delete a campaign; the answer holds the one-time token of its Undo',
          response: { 200: deletedCampaign, 401: errorBody, 404: errorBody },
        },
      },
      async (request) => campaigns.remove(userOf(request), request.params.id),
    );

    r.post(
      '/api/game-data/:id/restore',
      {
        schema: {
          tags,
          security,
          summary: 'Undo the delete of a campaign: it comes back exactly, with the same ids',
          params: idParams,
          body: restoreCampaignBody,
          response: { 200: campaign, ...errors, 409: errorBody },
        },
      },
      async (request) => campaigns.restore(userOf(request), request.params.id, request.body.undoToken),
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
