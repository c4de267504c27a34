// Bearer-token authentication. `app.requireUser` is an onRequest hook: it runs before the body is
// parsed, so anonymous calls to protected routes cost nothing and always answer 401.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { languageFromAcceptHeader } from '@questkeeper/core/i18n';
import { AppError } from '../lib/app-error';
import type { RequestUser } from './request-context';

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in user of a route behind `requireUser`. */
export function userOf(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

export default fp(async function authPlugin(
  app: FastifyInstance,
  options: { authenticate: (token: string) => Promise<RequestUser | null> },
) {
  app.decorateRequest('language', 'en');
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.language = languageFromAcceptHeader(request.headers['accept-language']);
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const user = token ? await options.authenticate(token) : null;
    if (!user) throw new AppError('UNAUTHENTICATED');
    request.user = user;
    request.language = user.language;
  });
});
