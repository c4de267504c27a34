// HTTP only: campaign export and import, the rules as markdown (`/api/game-data`, decision 020), the
// account's data download and the account's deletion (`/api/auth`). Decision 024.
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaign } from '@questkeeper/core/schemas/campaigns';
import { campaignHeaders, errorBody, idParams, nameSchema } from '@questkeeper/core/schemas/common';
import {
  accountExport,
  deleteAccountBody,
  gameDataExport,
  importedCampaign,
} from '@questkeeper/core/schemas/game-data-export';
import { CAMPAIGN_ARCHIVE_MAX_BYTES, CAMPAIGN_IMPORT_MAX_BYTES } from '@questkeeper/core/limits';
import { demoCampaignBody } from '@questkeeper/core/schemas/demo';
import { fieldErrors } from '@questkeeper/core/validation';
import { FOREIGN_ENTRIES_MAX, IMPORT_FORMATS } from '@questkeeper/core/import/plan';
import { AppError } from '../../lib/app-error';
import { campaignIdOf } from '../../lib/campaign-header';
import { signedIn, userOf } from '../../plugins/auth';
import { sendError } from '../../plugins/errors';
import { attachment as attachmentOf } from './attachment';
import { IMPORT_PROBLEMS_MAX, InvalidFile } from './file-check';
import { BodyBlocks, readBodyBlocks } from './body-blocks';
import { campaignAnswer } from './import-answer';
import { campaignArchiveStream } from './campaign-archive';

/** The import routes' body limit: core's, which the browser checks before sending. */
export const IMPORT_BODY_LIMIT_BYTES = CAMPAIGN_IMPORT_MAX_BYTES;

const security = [{ bearer: [] }];
const readErrors = { 401: errorBody, 404: errorBody };
const JSON_TYPE = /^application\/([\w.+-]+\+)?json$/;
const ZIP_TYPE = /^application\/(zip|x-zip-compressed)$/;

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
  // JSON keeps its 32 MiB; the route's larger limit is a campaign archive's (docs/decisions/077).
  scope.addContentTypeParser(JSON_TYPE, (request, payload, done) =>
    readBodyBlocks(request, payload, done, IMPORT_BODY_LIMIT_BYTES),
  );
  // A ZIP (a campaign archive, Kanka's export, Foundry exports zipped) is read in the worker too
  // (campaign-archive.ts, zip-files.ts).
  scope.addContentTypeParser(ZIP_TYPE, readBodyBlocks);
}

/**
 * The one way the three routes that take a file read it: the blocks the content-type parser kept (none
 * for an empty body), handed to `run`; a file the schema refuses answers its first problems, localized.
 */
async function withFile<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (blocks: readonly Uint8Array[], only: readonly string[] | undefined) => Promise<T>,
): Promise<T | FastifyReply> {
  const body: unknown = request.body;
  const blocks = body instanceof BodyBlocks ? body.blocks : [new Uint8Array(0)];
  try {
    return await run(blocks, onlyOf(request.query));
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
}

/** The campaign of an optional X-Campaign-Id (the preview's): absent → none. */
const optionalCampaignIdOf = (request: FastifyRequest): string | undefined =>
  request.headers['x-campaign-id'] === undefined ? undefined : campaignIdOf(request);

/** The `only` query parameter, repeated: `?only=Creatures.a&only=SavedEncounters.b` (keys may hold commas). */
const onlyQuery = z.object({
  only: z
    .union([z.string().max(300), z.array(z.string().max(300)).max(FOREIGN_ENTRIES_MAX * 2)])
    .optional()
    .describe(
      'Keys (from the preview) of the units and encounters to bring, one per parameter; an encounter ' +
        'brings the units it needs. Absent: everything. Files of other tools only.',
    ),
});
/** The import's query: `only`, and `name`, a new name for the campaign (a campaign archive's). */
const importQuery = onlyQuery.extend({
  name: nameSchema()
    .optional()
    .describe(
      "The new campaign's name instead of the file's (a campaign archive's campaign.json is not " +
        'rewritten for it; a JSON file may carry its own in campaign.name). Numbered like any import ' +
        'when taken.',
    ),
});
const nameOf = (query: unknown): string | undefined => {
  const parsed = importQuery.shape.name.safeParse((query as { name?: unknown } | undefined)?.name);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', {}, { name: { key: 'validation.invalid' } });
  return parsed.data;
};
const onlyOf = (query: unknown): readonly string[] | undefined => {
  const parsed = onlyQuery.safeParse(query);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', {}, { only: { key: 'validation.invalid' } });
  const { only } = parsed.data;
  return only === undefined ? undefined : typeof only === 'string' ? [only] : only;
};

const sampleItem = z.object({
  key: z.string(),
  kind: z.enum(['unit', 'encounter']),
  name: z.string(),
  isPlayer: z.boolean().optional(),
  hp: z.number().optional(),
  units: z.array(z.string()).optional(),
});
const importPreview = z.object({
  format: z.enum(IMPORT_FORMATS),
  name: z.string(),
  counts: z.object({
    units: z.number(),
    races: z.number(),
    classes: z.number(),
    statuses: z.number(),
    characteristics: z.number(),
    encounters: z.number(),
    rulesChars: z.number(),
  }),
  overLimits: z.array(z.object({ field: z.string(), message: z.string() })),
  warnings: z.array(
    z.object({ reason: z.string(), text: z.string(), limit: z.number().optional(), message: z.string() }),
  ),
  sample: z.array(sampleItem),
});
const unitsImported = z.object({
  units: z.number().describe('Units added to the campaign'),
  encounters: z.number().describe('Saved encounters added to the campaign'),
  warnings: importPreview.shape.warnings,
});

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
      '/api/game-data/:id/export.zip',
      {
        schema: {
          tags,
          security,
          summary: 'Download a campaign with its images and reveals as a ZIP (a backup)',
          description:
            'A campaign archive (docs/decisions/077): `campaign.json`, the file GET …/export writes plus ' +
            "`images` (each image a unit or a reveal shows), the units' `portraitImage` and `reveals`, and " +
            'every image as stored, `images/<id>.webp`. POST /api/game-data/import takes it back (up to ' +
            `${CAMPAIGN_ARCHIVE_MAX_BYTES / (1024 * 1024)} MiB), images byte for byte.`,
          params: idParams,
          response: { 200: z.any().describe('application/zip'), 429: errorBody, ...readErrors },
        },
      },
      async (request, reply) => {
        await app.rateLimit(request, 'exportArchive', userOf(request).email);
        // Its pictures are read into memory together: they count in the file routes' budget (decision 078).
        app.importBudget.reserveBytes(
          await userData.archiveImagesBytes(userOf(request), request.params.id),
          reply,
        );
        const { file, images } = await userData.exportArchive(userOf(request), request.params.id);
        const json = `${JSON.stringify(file, null, 2)}\n`;
        return reply
          .header('content-disposition', attachmentOf(file.campaign.name, 'zip'))
          .header('cache-control', 'no-store')
          .type('application/zip')
          .send(campaignArchiveStream(json, images));
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

  await signedIn(app, async (r) => {
    r.post(
      '/api/game-data/demo',
      {
        preHandler: async (request) => {
          await app.rateLimit(request, 'importCampaign', userOf(request).email);
        },
        schema: {
          tags: ['campaigns'],
          security,
          summary: 'Create the demo table: a small campaign ready to play, in a language',
          description:
            'A complete campaign written by Questkeeper in `language` (rules with a secret block, four ' +
            'player characters with portraits, NPCs with counters, a saved encounter with a lair entry and ' +
            "a hidden unit), created as POST /api/game-data/import would create it, within the user's " +
            'tier: over its campaigns, 403 CAMPAIGN_LIMIT_REACHED and nothing written. Deleted like any ' +
            'campaign. Rate limited with the imports (429 RATE_LIMITED).',
          body: demoCampaignBody,
          response: { 201: campaign, 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const imported = await userData.createDemo(userOf(request), request.body.language);
        await app.services.guide.tick(userOf(request).id, 'demo');
        const answer = campaignAnswer(imported) as never;
        return reply.code(201).type('application/json; charset=utf-8').send(answer);
      },
    );
  });

  // What the three file routes share (campaign import, its preview, the units import): the body limit,
  // the rate limit counted before the body is read (a user over it never gets 32 MiB parsed), and no
  // Fastify validation (the schema documents the body; the worker validates it, file-check.ts).
  const fileRoute = {
    // A campaign archive's; JSON bodies stop at IMPORT_BODY_LIMIT_BYTES (rawJsonBody).
    bodyLimit: CAMPAIGN_ARCHIVE_MAX_BYTES,
    preParsing: async (request: FastifyRequest, reply: FastifyReply, payload: RequestPayload) => {
      await app.rateLimit(request, 'importCampaign', userOf(request).email);
      // Then the bytes it may hold, before any is read (import-budget.ts).
      app.importBudget.reserve(request, reply);
      return payload;
    },
    validatorCompiler: () => (value: unknown) => ({ value }),
  };

  // Its own scope: the import alone takes 32 MiB, as bytes for the worker.
  await signedIn(app, async (r) => {
    rawJsonBody(r);
    r.post(
      '/api/game-data/import',
      {
        ...fileRoute,
        schema: {
          tags: ['campaigns'],
          security,
          summary: 'Create a campaign from an exported file or a file of another tool',
          querystring: importQuery,
          description:
            'The body is a file written by GET /api/game-data/{id}/export (any earlier formatVersion is ' +
            'upgraded; a newer one answers 400 IMPORT_FORMAT_TOO_NEW). Up to 32 MiB. Everything is ' +
            "checked against the user's tier first: 403 IMPORT_OVER_LIMITS names every limit exceeded, " +
            `and nothing is created. A file the schema refuses answers its first ${IMPORT_PROBLEMS_MAX} ` +
            'problems (400 VALIDATION_FAILED, or IMPORT_TOO_MANY_PROBLEMS when it has more). Rate ' +
            'limited per account (429 RATE_LIMITED). It also takes, detected from the content, an Improved ' +
            'Initiative, Shieldmaiden, 5e.tools homebrew or Foundry VTT export (JSON, up to 10 MB) or a ' +
            'Kanka campaign export or Foundry exports zipped (ZIP, up to 10 MB, 2,000 entries, 50 MB ' +
            'expanded), read as POST /api/game-data/import/preview shows it; `only` brings some of its ' +
            'units and encounters. A campaign archive (GET /api/game-data/{id}/export.zip, up to ' +
            `${CAMPAIGN_ARCHIVE_MAX_BYTES / (1024 * 1024)} MiB) brings its images, each checked as an upload ` +
            '(IMAGE_INVALID, IMAGE_TOO_LARGE, IMAGE_TOO_MANY_PIXELS name the file in `fields`), and its ' +
            'reveals; a reveal or portrait naming what the archive lacks is left out, listed in `warnings`.',
          body: gameDataExport,
          response: {
            201: importedCampaign,
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
      async (request, reply) =>
        withFile(request, reply, async (blocks, only) => {
          const imported = await userData.importFile(userOf(request), blocks, only, nameOf(request.query));
          // Written in pieces, not serialized whole: its lists can hold megabytes (decision 047). A
          // stream skips the schema serializer: import-write.test.ts parses it with the schema and
          // compares it with the campaign as the API reads it.
          const answer = campaignAnswer(imported) as never;
          return reply.code(201).type('application/json; charset=utf-8').send(answer);
        }),
    );

    r.post(
      '/api/game-data/import/preview',
      {
        ...fileRoute,
        schema: {
          tags: ['campaigns'],
          security,
          summary: 'Read a file to import and say what it would create, writing nothing',
          headers: campaignHeaders,
          description:
            'The body is the file, as POST /api/game-data/import takes it: a Questkeeper campaign file, ' +
            'an Improved Initiative, Shieldmaiden, 5e.tools homebrew or Foundry VTT export (JSON), or a ' +
            'Kanka campaign export (ZIP), the format detected ' +
            "from the content. The answer: the format, the counts, every limit of the user's tier the " +
            'import would exceed (overLimits, localized), warnings (values clamped, names cut, entries ' +
            'left out) and `sample`, every unit and encounter with the key `only` takes. With X-Campaign-Id ' +
            "(a campaign of the user's, else 404), what POST /api/units/import would add to it: overLimits " +
            'counts the units and encounters it holds. A ZIP is read within its limits (2,000 entries, ' +
            '50 MB expanded; names with `..`, absolute or with backslashes left out); a ZIP that is no ' +
            'Kanka or Foundry export answers 415 IMPORT_ZIP_UNSUPPORTED; a file nested too deep, 400 ' +
            'IMPORT_FILE_TOO_DEEP.',
          querystring: onlyQuery,
          body: gameDataExport,
          response: {
            200: importPreview,
            400: errorBody,
            401: errorBody,
            413: errorBody,
            415: errorBody,
            429: errorBody,
            503: errorBody,
          },
        },
      },
      async (request, reply) =>
        withFile(request, reply, (blocks, only) =>
          userData.previewFile(userOf(request), blocks, only, optionalCampaignIdOf(request)),
        ),
    );

    r.post(
      '/api/units/import',
      {
        ...fileRoute,
        schema: {
          tags: ['units'],
          security,
          summary: "Add another tool's units (and encounters) to the current campaign",
          description:
            'The body is the file, as POST /api/game-data/import/preview takes it (an Improved Initiative, ' +
            'Shieldmaiden, 5e.tools homebrew or Foundry VTT export, or a Kanka campaign export as a ZIP; ' +
            'not a Questkeeper campaign file: 400 IMPORT_FILE_UNKNOWN). Its units, or those `only` names ' +
            '(an encounter brings the units it needs, and comes too), join the X-Campaign-Id campaign: ' +
            "abilities on the campaign's characteristics by name (values above a max are brought down " +
            'with a warning), races and classes the file names added to its lists within the limits ' +
            "(else the first entry, with a warning). All or nothing: over the tier's units or encounters " +
            'per campaign, counting those the campaign holds, 403 IMPORT_OVER_LIMITS names each limit ' +
            "and nothing is written. Another user's campaign: 404. Rules sections (Kanka notes and " +
            'journals, Foundry journals) are not added here: a new campaign takes them.',
          headers: campaignHeaders,
          querystring: onlyQuery,
          body: gameDataExport,
          response: {
            201: unitsImported,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            404: errorBody,
            413: errorBody,
            415: errorBody,
            429: errorBody,
            503: errorBody,
          },
        },
      },
      async (request, reply) =>
        withFile(request, reply, async (blocks, only) => {
          const added = await userData.importUnits(userOf(request), campaignIdOf(request), blocks, only);
          return reply.code(201).send(added);
        }),
    );
  });
};
export default routes;
