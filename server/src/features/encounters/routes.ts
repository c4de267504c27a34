// HTTP only: schemas from core, the X-Campaign-Id header, calls into the encounters service; running
// an encounter is the combat's and answers like an action (409 with the current fight when stale).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignHeaders, errorBody, idParams } from '@questkeeper/core/schemas/common';
import { combatActionResponse, combatConflictBody } from '@questkeeper/core/schemas/combat';
import {
  encounter,
  encounterBody,
  encounterList,
  runEncounterBody,
} from '@questkeeper/core/schemas/encounters';
import { campaignIdOf } from '../../lib/campaign-header';
import { signedIn, userOf } from '../../plugins/auth';
import { orConflict } from '../combat/conflict-answer';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

const routes: FastifyPluginAsyncZod = async (app) => {
  const encounters = app.services.encounters;
  const tags = ['encounters'];
  const security = [{ bearer: [] }];

  await signedIn(app, async (r) => {
    r.get(
      '/api/encounters',
      {
        schema: {
          tags,
          security,
          description: "The campaign's saved encounters, oldest first.",
          headers: campaignHeaders,
          response: { 200: encounterList, ...errors },
        },
      },
      async (request) => encounters.list(userOf(request), campaignIdOf(request)),
    );

    r.post(
      '/api/encounters',
      {
        schema: {
          tags,
          security,
          description:
            'Saves an encounter. Every unit named must be a unit of the campaign, once (400 on its field); ' +
            'per campaign at most 3 (Novice), 30 (Adventurer), 200 (Hero): 403 ENCOUNTER_LIMIT_REACHED.',
          headers: campaignHeaders,
          body: encounterBody,
          response: { 201: encounter, ...errors },
        },
      },
      async (request, reply) => {
        const created = await encounters.create(userOf(request), campaignIdOf(request), request.body);
        return reply.code(201).send(created);
      },
    );

    r.put(
      '/api/encounters/:id',
      {
        schema: {
          tags,
          security,
          description: 'Replaces the whole encounter.',
          headers: campaignHeaders,
          params: idParams,
          body: encounterBody,
          response: { 200: encounter, ...errors },
        },
      },
      async (request) =>
        encounters.update(userOf(request), campaignIdOf(request), request.params.id, request.body),
    );

    r.delete(
      '/api/encounters/:id',
      {
        schema: {
          tags,
          security,
          headers: campaignHeaders,
          params: idParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await encounters.remove(userOf(request), campaignIdOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    r.post(
      '/api/encounters/:id/run',
      {
        schema: {
          tags,
          security,
          description:
            "Sets the fight up from the encounter in one step (one version, one undo step), if `version` is the fight's " +
            'current one (else 409 COMBAT_CONFLICT with the current fight): both sides, hazards, hidden units, and ' +
            "the missing numbered copies of enemies within the tier's unit limit (403 UNIT_COPIES_OVER_LIMIT, " +
            'all or nothing). In setup only: during a fight, 409 COMBAT_IN_PROGRESS. Answers like an action.',
          headers: campaignHeaders,
          params: idParams,
          body: runEncounterBody,
          response: { 200: combatActionResponse, ...errors, 409: z.union([combatConflictBody, errorBody]) },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const campaignId = campaignIdOf(request);
        return orConflict(request, reply, async () => {
          const answer = await app.services.combat.runEncounter(
            user,
            campaignId,
            request.params.id,
            request.body.version,
          );
          await app.services.guide.tick(user.id, 'encounter');
          return answer;
        });
      },
    );
  });
};
export default routes;
