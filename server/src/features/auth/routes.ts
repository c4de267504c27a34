// HTTP only: schemas from core, rate limits, and calls into the auth service.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@questkeeper/core/i18n';
import {
  authUser,
  changePasswordBody,
  forgotPasswordBody,
  forgotPasswordResponse,
  languageBody,
  loginBody,
  registerBody,
  resetPasswordBody,
} from '@questkeeper/core/schemas/auth';
import { errorBody, messageResponse } from '@questkeeper/core/schemas/common';
import { signedIn, userOf } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody };

const routes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.auth;
  const tags = ['auth'];

  app.post(
    '/api/auth/register',
    { schema: { tags, body: registerBody, response: { 201: authUser, ...errors } } },
    async (request, reply) => {
      await app.rateLimit(request, 'register', request.body.email);
      request.language = request.body.language;
      return reply.code(201).send(await auth.register(request.body, { ip: request.ip }));
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { tags, body: loginBody, response: { 200: authUser, ...errors } } },
    async (request) => {
      await app.rateLimit(request, 'login', request.body.email);
      return auth.login(request.body, { ip: request.ip, language: request.language });
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { schema: { tags, body: forgotPasswordBody, response: { 200: forgotPasswordResponse, ...errors } } },
    async (request) => {
      await app.rateLimit(request, 'forgotPassword', request.body.email);
      const result = await auth.forgotPassword(request.body.email, request.language);
      return { message: translate(request.language, 'auth.resetSent'), ...result };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { tags, body: resetPasswordBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await app.rateLimit(request, 'resetPassword');
      await auth.resetPassword(request.body.token, request.body.newPassword, { ip: request.ip });
      return { message: translate(request.language, 'auth.resetDone') };
    },
  );

  // Everything below needs a signed-in user.
  await signedIn(app, async (authed) => {
    const security = [{ bearer: [] }];

    authed.post(
      '/api/auth/logout',
      { schema: { tags, security, response: { 204: z.null(), 401: errorBody } } },
      async (request, reply) => {
        await auth.logout(userOf(request));
        return reply.code(204).send(null);
      },
    );

    authed.get(
      '/api/auth/refresh-session',
      { schema: { tags, security, response: { 200: authUser, 401: errorBody } } },
      async (request) => auth.refresh(userOf(request)),
    );

    authed.put(
      '/api/auth/language',
      { schema: { tags, security, body: languageBody, response: { 200: authUser, ...errors } } },
      async (request) => {
        const user = await auth.setLanguage(userOf(request), request.body.language);
        request.language = user.language;
        return user;
      },
    );

    authed.post(
      '/api/auth/change-password',
      { schema: { tags, security, body: changePasswordBody, response: { 200: messageResponse, ...errors } } },
      async (request) => {
        const user = userOf(request);
        // The current password is a guessable secret: a stolen token must not try it at will.
        await app.rateLimit(request, 'changePassword', user.email);
        await auth.changePassword(user, request.body.currentPassword, request.body.newPassword);
        return { message: translate(request.language, 'auth.passwordChanged') };
      },
    );
  });
};
export default routes;
