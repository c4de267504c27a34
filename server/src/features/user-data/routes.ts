// HTTP only: campaign export and import, the rules as markdown (`/api/game-data`, decision 020), the
// account's data download and the account's deletion (`/api/auth`). Decision 024.
import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaign } from '@questkeeper/core/schemas/campaigns';
import { errorBody, idParams } from '@questkeeper/core/schemas/common';
import { accountExport, deleteAccountBody, gameDataExport } from '@questkeeper/core/schemas/game-data-export';
import { fieldErrors } from '@questkeeper/core/validation';
import { signedIn, userOf } from '../../plugins/auth';
import { sendError } from '../../plugins/errors';
import { attachment as attachmentOf } from './attachment';
import { IMPORT_PROBLEMS_MAX, InvalidFile } from './file-check';
import { BodyBlocks, readBodyBlocks } from './body-blocks';
import { campaignAnswer } from './import-answer';

/**
 * A full Hero campaign as the export writes it (UTF-8, not \u-escaped) in any script: 600,000
 * characters of rules, 200 units and 300 list entries with notes at their limits, about 27 MB.
 */
export const IMPORT_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

const security = [{ bearer: [] }];
const readErrors = { 401: errorBody, 404: errorBody };
const JSON_TYPE = /^application\/([\w.+-]+\+)?json$/;

function download(reply: FastifyReply, disposition: string, type: string, body: string) {
  return reply
    .header('content-disposition', disposition)
    .header('cache-control', 'no-store')
    .type(type)
    .send(body);
}

/**
 * The import's body is its bytes: parsing, the prototype-key scan, the format upgrade and the schema
 * run in a worker thread (decision 047), so a 30 MB file never holds the event loop. They arrive in
 * blocks (body-blocks.ts), never joined on this thread.
 */
function rawJsonBody(scope: FastifyInstance) {
  // This scope holds the import alone: JSON is all it reads.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(JSON_TYPE, readBodyBlocks);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const { userData, accountData } = app.services;

  await signedIn(app, async (r) => {
    const tags = ['campaigns'];
    r.get(
      '/api/game-data/:id/export',
      {
        schema: {
          tags,
          security,
          summary: 'Download a campaign as one JSON file',
          params: idParams,
          response: { 200: gameDataExport, ...readErrors },
        },
      },
      async (request, reply) => {
        const file = await userData.exportCampaign(userOf(request), request.params.id);
        const body = `${JSON.stringify(file, null, 2)}\n`;
        return download(
          reply,
          attachmentOf(file.campaign.name, 'json'),
          'application/json; charset=utf-8',
          body,
        );
      },
    );

    r.get(
      '/api/game-data/:id/rules.md',
      {
        schema: {
          tags,
          security,
          summary: "Download a campaign's rules as markdown (text/markdown)",
          params: idParams,
          response: { 200: z.string(), ...readErrors },
        },
      },
      async (request, reply) => {
        const { name, rules } = await userData.rules(userOf(request), request.params.id);
        return download(reply, attachmentOf(name, 'md'), 'text/markdown; charset=utf-8', rules);
      },
    );

    r.get(
      '/api/auth/export',
      {
        schema: {
          tags: ['auth'],
          security,
          summary: 'Download everything the account holds (JSON)',
          response: { 200: accountExport, 401: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        await app.rateLimit(request, 'exportAccount', user.email);
        const data = await accountData.exportAccount(user.id);
        const day = data.exportedAt.slice(0, 10);
        const body = `${JSON.stringify(data, null, 2)}\n`;
        return download(
          reply,
          attachmentOf(`questkeeper-account-${day}`, 'json'),
          'application/json; charset=utf-8',
          body,
        );
      },
    );

    r.delete(
      '/api/auth/account',
      {
        schema: {
          tags: ['auth'],
          security,
          summary: 'Delete the account and all its data (cancels a paid subscription)',
          body: deleteAccountBody,
          response: { 204: z.null(), 400: errorBody, 401: errorBody, 429: errorBody, 503: errorBody },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        await app.rateLimit(request, 'deleteAccount', user.email);
        await accountData.deleteAccount(user.id, request.body.password);
        return reply.code(204).send(null);
      },
    );
  });

  // Its own scope: the import alone takes 32 MiB, as bytes for the worker.
  await signedIn(app, async (r) => {
    rawJsonBody(r);
    r.post(
      '/api/game-data/import',
      {
        bodyLimit: IMPORT_BODY_LIMIT_BYTES,
        // Counted before the body is read: a user over the limit never gets 32 MiB parsed.
        preParsing: async (request, _reply, payload) => {
          await app.rateLimit(request, 'importCampaign', userOf(request).email);
          return payload;
        },
        // The schema documents the body; the worker validates it (file-check.ts), not Fastify.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags: ['campaigns'],
          security,
          summary: 'Create a campaign from an exported file',
          description:
            'The body is a file written by GET /api/game-data/{id}/export (any earlier formatVersion is ' +
            'upgraded; a newer one answers 400 IMPORT_FORMAT_TOO_NEW). Up to 32 MiB. Everything is ' +
            "checked against the user's tier first: 403 IMPORT_OVER_LIMITS names every limit exceeded, " +
            `and nothing is created. A file the schema refuses answers its first ${IMPORT_PROBLEMS_MAX} ` +
            'problems (400 VALIDATION_FAILED, or IMPORT_TOO_MANY_PROBLEMS when it has more). Rate ' +
            'limited per account (429 RATE_LIMITED).',
          body: gameDataExport,
          response: {
            201: campaign,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            413: errorBody,
            415: errorBody,
            429: errorBody,
            503: errorBody,
          },
        },
      },
      async (request, reply) => {
        // The content-type parser above hands the blocks over untouched (none for an empty body).
        const body: unknown = request.body;
        const blocks = body instanceof BodyBlocks ? body.blocks : [new Uint8Array(0)];
        try {
          const imported = await userData.importFile(userOf(request), blocks);
          // Written in pieces, not serialized whole: its lists can hold megabytes (decision 047). A
          // stream skips the schema serializer: import-write.test.ts parses it with the schema and
          // compares it with the campaign as the API reads it.
          const answer = campaignAnswer(imported) as never;
          return reply.code(201).type('application/json; charset=utf-8').send(answer);
        } catch (error) {
          if (!(error instanceof InvalidFile)) throw error;
          return sendError(
            reply,
            request,
            error.more ? 'IMPORT_TOO_MANY_PROBLEMS' : 'VALIDATION_FAILED',
            { max: IMPORT_PROBLEMS_MAX },
            fieldErrors(error.issues, request.language),
          );
        }
      },
    );
  });
};
export default routes;
