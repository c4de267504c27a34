// HTTP only: POST /api/contact/send for signed-in users, rate limited per IP and per email.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@questkeeper/core/i18n';
import { contactBody } from '@questkeeper/core/schemas/contact';
import { errorBody, messageResponse } from '@questkeeper/core/schemas/common';
import { signedIn, userOf } from '../../plugins/auth';

const routes: FastifyPluginAsyncZod = async (app) => {
  const contact = app.services.contact;

  await signedIn(app, async (authed) => {
    authed.post(
      '/api/contact/send',
      {
        schema: {
          tags: ['contact'],
          security: [{ bearer: [] }],
          body: contactBody,
          response: { 200: messageResponse, 400: errorBody, 401: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        const user = userOf(request);
        await app.rateLimit(request, 'contact', user.email);
        await contact.send(user, request.body);
        return { message: translate(request.language, 'auth.contactSent') };
      },
    );
  });
};
export default routes;
