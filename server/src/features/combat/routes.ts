// HTTP only: schemas from core, the X-Campaign-Id header, calls into the combat service, the 409
// answer that carries the current fight, and the live-sync event stream.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  combatActionBody,
  combatActionResponse,
  combatConflictBody,
  combatLogPage,
  combatLogQuery,
  combatResponse,
  combatVersionBody,
} from '@questkeeper/core/schemas/combat';
import { COMBAT_LOG_PAGE_MAX, COMBAT_LOG_WINDOW } from '@questkeeper/core/limits';
import { campaignHeaders, errorBody } from '@questkeeper/core/schemas/common';
import { isRolledDamage } from '@questkeeper/core/guide/steps';
import { campaignIdOf } from '../../lib/campaign-header';
import { limitKey } from '../../lib/limit-key';
import { signedIn, userOf } from '../../plugins/auth';
import { OpenStreams, streamVersions, takeStreamSlot } from './events/sse';
import { orConflict } from './conflict-answer';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
const writeErrors = { ...errors, 409: combatConflictBody };

const routes: FastifyPluginAsyncZod = async (app) => {
  const combat = app.services.combat;
  const tags = ['combat'];
  const security = [{ bearer: [] }];
  const streams = new OpenStreams();
  // Streams never end by themselves: the server could not stop while one is open.
  app.addHook('preClose', async () => streams.closeAll());

  await signedIn(app, async (r) => {
    r.get(
      '/api/combat',
      { schema: { tags, security, headers: campaignHeaders, response: { 200: combatResponse, ...errors } } },
      async (request) => combat.get(userOf(request), campaignIdOf(request)),
    );

    r.get(
      '/api/combat/log',
      {
        schema: {
          tags,
          security,
          description:
            "Older entries of the fight's log, page by page (decision 030): the `limit` entries (at most " +
            `${COMBAT_LOG_PAGE_MAX}, ${COMBAT_LOG_WINDOW} by default) just before the cursor \`before\` ` +
            "(the newest ones without it), oldest first. Start from the fight's `logBefore` and follow " +
            "each page's `before` until it is null. Undone entries are flagged as they are when read; " +
            "the fight's `logUndoneFrom` says which are undone now.",
          headers: campaignHeaders,
          querystring: combatLogQuery,
          response: { 200: combatLogPage, ...errors },
        },
      },
      async (request) => combat.logPage(userOf(request), campaignIdOf(request), request.query),
    );

    r.post(
      '/api/combat/actions',
      {
        schema: {
          tags,
          security,
          description:
            'Applies one action in one transaction if `version` is the current one (else 409 with the ' +
            'current fight). Refusals name the action field at fault (`amount`, `unitId`, `targetId`…). ' +
            'The fight carries its newest log entries only; `entries` are the ones this action added.',
          headers: campaignHeaders,
          body: combatActionBody,
          response: { 200: combatActionResponse, ...writeErrors },
        },
      },
      async (request, reply) =>
        orConflict(request, reply, async () => {
          const user = userOf(request);
          const answer = await combat.act(user, campaignIdOf(request), request.body);
          // The guided first fight's "deal damage with dice" (decision 068): one Set lookup once done.
          if (isRolledDamage(request.body.action)) await app.services.guide.tick(user.id, 'dice');
          return answer;
        }),
    );

    for (const direction of ['undo', 'redo'] as const) {
      r.post(
        `/api/combat/${direction}`,
        {
          schema: {
            tags,
            security,
            description: `${direction === 'undo' ? 'Undoes the last' : 'Redoes the first undone'} step of this fight; \`entries\` are every entry it flagged, in the fight's log window or older.`,
            headers: campaignHeaders,
            body: combatVersionBody,
            response: { 200: combatActionResponse, ...writeErrors },
          },
        },
        async (request, reply) =>
          orConflict(request, reply, async () => {
            const user = userOf(request);
            const answer = await combat[direction](user, campaignIdOf(request), request.body.version);
            if (direction === 'undo') await app.services.guide.tick(user.id, 'undo');
            return answer;
          }),
      );
    }

    r.get(
      '/api/combat/events',
      {
        schema: {
          tags,
          security,
          description:
            'Server-Sent Events (`text/event-stream`): `data` is `{ "version": n }` at once, then after ' +
            'every change of the fight; a `: ping` comment every 15 s. Authenticate with headers. ' +
            'At most 20 open per user (429 beyond); the stream ends when its session does.',
          headers: campaignHeaders,
          response: { ...errors, 429: errorBody },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const campaignId = campaignIdOf(request);
        // Another user's or an unknown campaign answers 404 before a slot is taken: a refusal writes nothing.
        await combat.version(user, campaignId);
        const slot = await takeStreamSlot(app.streamSlots, limitKey('streams:user', user.id));
        await streamVersions(
          reply,
          {
            subscribe: (listener) => combat.subscribe(campaignId, listener),
            currentVersion: () => combat.version(user, campaignId),
            subscribeRequests: (listener) =>
              app.shared.pubsub.subscribe('playerRequests', listener, campaignId),
          },
          streams,
          { slot, endWhen: (end) => app.services.auth.watchSession(user, end) },
        );
        return reply;
      },
    );
  });
};
export default routes;
