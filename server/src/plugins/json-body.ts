// JSON body parsing: an empty body counts as no body (clients send Content-Type on bodiless
// POST/DELETE), and `__proto__` / `constructor.prototype` keys are dropped before anything reads them.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sjson from 'secure-json-parse';

export default fp(async function jsonBodyPlugin(app: FastifyInstance) {
  // The API speaks JSON only: other bodies answer 415 (a route that needs another type, like the
  // demo payment forms, adds its own parser in its own scope).
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json$/, { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, sjson.parse(text, null, { protoAction: 'remove', constructorAction: 'remove' }));
    } catch {
      const error = Object.assign(new SyntaxError('Malformed JSON body'), { statusCode: 400 });
      done(error, undefined);
    }
  });
});
