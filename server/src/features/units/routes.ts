// HTTP only: schemas from core, the X-Campaign-Id header, and calls into the units service.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@questkeeper/core/i18n';
import { campaignHeaders, errorBody, idParams } from '@questkeeper/core/schemas/common';
import {
  copyUnitBody,
  copyUnitResponse,
  createUnitBody,
  generateBody,
  generateResponse,
  unit,
  unitConflictBody,
  updateUnitBody,
  type UnitConflictBody,
} from '@questkeeper/core/schemas/units';
import { parseStatBlockBody, parseStatBlockResponse } from '@questkeeper/core/schemas/statblock';
import { campaignIdOf } from '../../lib/campaign-header';
import { signedIn, userOf } from '../../plugins/auth';
import { UnitConflict } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

const routes: FastifyPluginAsyncZod = async (app) => {
  const units = app.services.units;
  const tags = ['units'];
  const security = [{ bearer: [] }];

  await signedIn(app, async (r) => {
    r.get(
      '/api/units',
      { schema: { tags, security, headers: campaignHeaders, response: { 200: z.array(unit), ...errors } } },
      async (request) => units.list(userOf(request), campaignIdOf(request)),
    );

    r.post(
      '/api/units',
      {
        schema: {
          tags,
          security,
          headers: campaignHeaders,
          body: createUnitBody,
          response: { 201: unit, ...errors },
        },
      },
      async (request, reply) => {
        const created = await units.create(userOf(request), campaignIdOf(request), request.body);
        return reply.code(201).send(created);
      },
    );

    r.post(
      '/api/units/generate',
      {
        schema: {
          tags,
          security,
          headers: campaignHeaders,
          body: generateBody,
          response: { 200: generateResponse, ...errors },
        },
      },
      async (request) => units.generate(userOf(request), campaignIdOf(request), request.body.template),
    );

    r.post(
      '/api/units/parse-statblock',
      {
        schema: {
          tags,
          security,
          summary: 'Reads a pasted stat block (English or French) into unit form fields; writes nothing',
          headers: campaignHeaders,
          body: parseStatBlockBody,
          response: { 200: parseStatBlockResponse, ...errors },
        },
      },
      async (request) => units.parseStatBlock(userOf(request), campaignIdOf(request), request.body),
    );

    r.post(
      '/api/units/:id/copies',
      {
        schema: {
          tags,
          security,
          summary: 'Copies of a unit, numbered after its name, within the unit limit (all or none)',
          headers: campaignHeaders,
          params: idParams,
          body: copyUnitBody,
          response: { 201: copyUnitResponse, ...errors },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const created = await units.copy(user, campaignIdOf(request), request.params.id, request.body.count);
        return reply.code(201).send({ units: created });
      },
    );

    r.put(
      '/api/units/:id',
      {
        schema: {
          tags,
          security,
          headers: campaignHeaders,
          description:
            'Changes the fields sent. With `version` (the unit version the change was made from), a ' +
            'unit changed since (another save, a blow in combat) is left as it is: 409 UNIT_CONFLICT ' +
            'with the current unit. Without it, the fields sent overwrite (last write wins).',
          params: idParams,
          body: updateUnitBody,
          response: { 200: unit, ...errors, 409: unitConflictBody },
        },
      },
      async (request, reply) => {
        try {
          return await units.update(userOf(request), campaignIdOf(request), request.params.id, request.body);
        } catch (error) {
          if (!(error instanceof UnitConflict)) throw error;
          // A stale version answers the current unit instead of an error body (decision 036).
          const body: UnitConflictBody = {
            code: 'UNIT_CONFLICT',
            message: translate(request.language, 'errors.UNIT_CONFLICT'),
            unit: error.unit,
          };
          return reply.code(409).send(body);
        }
      },
    );

    r.delete(
      '/api/units/:id',
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
        await units.remove(userOf(request), campaignIdOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  });
};
export default routes;
