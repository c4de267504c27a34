// The one error handler: every failure leaves as `{ code, message, fields? }` in the request's
// language. Bad input never reaches a 500; unexpected errors are logged with the request id and
// answered without detail.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ApiErrorBody, type ErrorCode } from '@questkeeper/core/errors';
import { translate } from '@questkeeper/core/i18n';
import { fieldErrors, type IssueLike } from '@questkeeper/core/validation';
import { AppError } from '../lib/app-error';
import { withoutSqlParameters } from '../lib/log-errors';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
};

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  params: Record<string, string | number> = {},
  fields?: Record<string, string>,
) {
  const body: ApiErrorBody = {
    code,
    message: translate(request.language ?? 'en', `errors.${code}`, params),
  };
  if (fields && Object.keys(fields).length > 0) body.fields = fields;
  // Also for answers given before any hook could run (an undecodable URL): see security.ts.
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return reply.code(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

function handle(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = request.language ?? 'en';
  if (error instanceof AppError) {
    const fields = error.fields
      ? Object.fromEntries(
          Object.entries(error.fields).map(([name, problem]) => [
            name,
            translate(language, problem.key, problem.params),
          ]),
        )
      : undefined;
    if (error.code === 'RATE_LIMITED' || error.code === 'SIGN_IN_THROTTLED' || error.code === 'IMPORT_BUSY') {
      reply.header('retry-after', String(error.params.seconds ?? 60));
    }
    return sendError(reply, request, error.code, error.params, fields);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A malformed id in the path is an id that does not exist.
    if (error.validationContext === 'params') return sendError(reply, request, 'NOT_FOUND');
    const issues: IssueLike[] = error.validation.map((v) => ({
      ...(v.params as Record<string, unknown>),
      code: v.keyword,
      message: v.message ?? '',
      path: v.instancePath.split('/').filter(Boolean),
    }));
    return sendError(reply, request, 'VALIDATION_FAILED', {}, fieldErrors(issues, language));
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return sendError(reply, request, 'INTERNAL');
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return sendError(reply, request, mapped);
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return sendError(reply, request, 'MALFORMED_JSON');
  }
  if (error.statusCode === 413) return sendError(reply, request, 'PAYLOAD_TOO_LARGE');
  if (error.statusCode === 415) return sendError(reply, request, 'UNSUPPORTED_MEDIA_TYPE');
  if (error.statusCode === 404) return sendError(reply, request, 'NOT_FOUND');
  if (error.statusCode === 429) return sendError(reply, request, 'RATE_LIMITED', { seconds: 60 });
  // Whatever logger the app was given, a failed query's values stay out of the log (decision 049).
  request.log.error({ err: withoutSqlParameters(error) }, 'unhandled error');
  return sendError(reply, request, 'INTERNAL');
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler(handle);
});
