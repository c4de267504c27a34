// Bearer-token authentication. `app.requireUser` is an onRequest hook: it runs before the body is
// parsed, so anonymous calls to protected routes cost nothing and always answer 401.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

export type ZodScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Registers routes that need a signed-in user: every route `routes` adds is behind `requireUser`
 * (401 before the body is even parsed). The one way features declare protected routes.
 */
export async function signedIn(
  app: FastifyInstance<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    FastifyBaseLogger,
    ZodTypeProvider
  >,
  routes: (scope: ZodScope) => void | Promise<void>,
): Promise<void> {
  await app.register(async (child) => {
    const scope = child.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', app.requireUser);
    await routes(scope);
  });
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
