// HTTP only: campaign export and import, the rules as markdown (`/api/game-data`, decision 020), the
// account's data download and the account's deletion (`/api/auth`). Decision 024.
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sjson from 'secure-json-parse';
import { upgradeGameData } from '@questkeeper/core/rules/game-data-upgrades';
import { campaign } from '@questkeeper/core/schemas/campaigns';
import { errorBody, idParams } from '@questkeeper/core/schemas/common';
import {
  GAME_DATA_FORMAT_VERSION,
  accountExport,
  deleteAccountBody,
  gameDataExport,
} from '@questkeeper/core/schemas/game-data-export';
import { AppError } from '../../lib/app-error';
import { signedIn, userOf } from '../../plugins/auth';
import { attachment as attachmentOf } from './attachment';

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
 * The import's JSON parser: like the app's, but a `__proto__` or `constructor.prototype` key anywhere
 * refuses the file (400) instead of being dropped, since a file is imported whole or not at all.
 */
function refuseProtoKeys(scope: FastifyInstance) {
  // This scope holds the import alone: JSON is all it reads.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(JSON_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(Object.assign(new SyntaxError('Malformed JSON body'), { statusCode: 400 }), undefined);
    }
    try {
      if (typeof parsed === 'object' && parsed !== null) {
        sjson.scan(parsed, { protoAction: 'error', constructorAction: 'error' });
      }
    } catch {
      return done(new AppError('FORBIDDEN_JSON_KEY'), undefined);
    }
    done(null, parsed);
  });
}

/** Brings an older file to the current format before the schema reads it; refuses newer ones. */
async function upgradeBody(request: FastifyRequest) {
  const outcome = upgradeGameData(request.body);
  if (!outcome.ok) {
    throw new AppError(outcome.reason === 'tooNew' ? 'IMPORT_FORMAT_TOO_NEW' : 'IMPORT_FORMAT_UNKNOWN', {
      version: outcome.version,
      supported: GAME_DATA_FORMAT_VERSION,
    });
  }
  request.body = outcome.file;
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
          response: { 200: accountExport, 401: errorBody },
        },
      },
      async (request, reply) => {
        const data = await accountData.exportAccount(userOf(request).id);
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

  // Its own scope: the import alone takes 32 MiB and refuses prototype keys.
  await signedIn(app, async (r) => {
    refuseProtoKeys(r);
    r.post(
      '/api/game-data/import',
      {
        bodyLimit: IMPORT_BODY_LIMIT_BYTES,
        preValidation: upgradeBody,
        schema: {
          tags: ['campaigns'],
          security,
          summary: 'Create a campaign from an exported file',
          description:
            'The body is a file written by GET /api/game-data/{id}/export (any earlier formatVersion is ' +
            'upgraded; a newer one answers 400 IMPORT_FORMAT_TOO_NEW). Up to 32 MiB. Everything is ' +
            "checked against the user's tier first: 403 IMPORT_OVER_LIMITS names every limit exceeded, " +
            'and nothing is created.',
          body: gameDataExport,
          response: {
            201: campaign,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            413: errorBody,
            415: errorBody,
          },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await userData.importCampaign(userOf(request), request.body)),
    );
  });
};
export default routes;
