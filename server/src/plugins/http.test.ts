// Cross-cutting HTTP behaviour: error shape, body parsing and limits, security headers, 404s and
// the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app';
import {
  createTestApp,
  errorOf,
  registerUser,
  STRONG_PASSWORD,
  type TestContext,
} from '../../test/support/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const raw = (payload: string, contentType = 'application/json') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    headers: { 'content-type': contentType },
  });

describe('bad input never reaches a 500', () => {
  it('answers malformed JSON with 400 MALFORMED_JSON, localized', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": "a@b.c", ',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'MALFORMED_JSON',
      message: "Le corps de la requête n'est pas du JSON valide.",
    });
  });

  it('answers a missing body as a validation error, not a crash', async () => {
    const response = await raw('');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
  });

  it.each([['[]'], ['"text"'], ['42'], ['null']])('answers a non-object body %s with 400', async (body) => {
    const response = await raw(body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await raw('email=a', 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers wrong types with field messages', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 42, password: ['x'] },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {}).sort()).toEqual(['email', 'password']);
  });

  it('accepts a body the size of 600,000 three-byte characters (Hero rules) and refuses above the limit', async () => {
    const big = JSON.stringify({ email: 'a@b.test', password: '漢'.repeat(600_000) });
    expect(Buffer.byteLength(big)).toBeGreaterThan(1_800_000);
    const accepted = await raw(big);
    // Parsed and validated (the password is too long), not refused for size.
    expect(accepted.statusCode).toBe(400);
    expect(errorOf(accepted).code).toBe('VALIDATION_FAILED');

    const tooBig = await raw(JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(BODY_LIMIT_BYTES) }));
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig).code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('unknown fields and prototype keys are harmless', () => {
  it('strips unknown fields: a client cannot register itself as Hero', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'sneaky@example.test', password: STRONG_PASSWORD, tier: 'Hero', _id: 'x' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().tier).toBe('Novice');
  });

  it('drops __proto__ and constructor.prototype keys without polluting anything', async () => {
    const payload =
      '{"email":"proto@example.test","password":"' +
      STRONG_PASSWORD +
      '","__proto__":{"tier":"Hero","polluted":true},"constructor":{"prototype":{"polluted":true}}}';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().tier).toBe('Novice');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('routing and headers', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await ctx.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
  });

  it.each([
    ['an undecodable URL', '/api/units/%E0%A4%A'],
    ['an id too long to route', `/api/units/${'a'.repeat(500)}`],
  ])('answers %s with the JSON 404, localized', async (_case, url) => {
    const response = await ctx.app.inject({ url, headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Introuvable.' });
  });

  it('sends security headers with a strict CSP on API answers', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('reports database reachability in /api/health', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', driver: ctx.database.driver });
  });

  it('hides the detail of unexpected errors and logs them', async () => {
    // A route that throws something that is not an AppError.
    const boom = await createTestApp({
      beforeReady: (app) =>
        app.get('/api/boom', async () => {
          throw new Error('secret internals');
        }),
    });
    const response = await boom.app.inject({ url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response)).toEqual({ code: 'INTERNAL', message: 'An error occurred. Please try again.' });
    expect(response.body).not.toContain('secret');
    await boom.close();
  });
});

describe('response serialization', () => {
  it('writes only the fields a response schema declares, and refuses data that breaks it', async () => {
    const { z } = await import('zod');
    const probe = await createTestApp({
      beforeReady: (app) => {
        const schema = { response: { 200: z.object({ id: z.string(), n: z.number() }) } };
        app.get('/api/leaky', { schema }, async () => ({ id: 'a', n: 1, passwordHash: 'secret' }));
        app.get('/api/broken', { schema }, async () => ({ id: 'a', n: 'not a number' }));
      },
    });
    try {
      const leaky = await probe.app.inject({ url: '/api/leaky' });
      expect(leaky.json()).toEqual({ id: 'a', n: 1 });
      expect(leaky.body).not.toContain('secret');
      // In tests every answer is also checked against its zod schema.
      const broken = await probe.app.inject({ url: '/api/broken' });
      expect(broken.statusCode).toBe(500);
      expect(errorOf(broken).code).toBe('INTERNAL');
    } finally {
      await probe.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every call of the spec at /api/docs/json', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/logout',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/auth/change-password',
      '/api/auth/billing-info',
      '/api/auth/language',
      '/api/auth/refresh-session',
      '/api/stripe/create-checkout-session',
      '/api/stripe/create-customer-portal-session',
      '/api/stripe/webhook',
      '/api/contact/send',
      '/api/units',
      '/api/units/{id}',
      '/api/units/generate',
      '/api/game-data',
      '/api/game-data/campaigns/limit',
      '/api/game-data/{id}',
      '/api/game-data/{id}/copy',
      '/api/combat',
      '/api/health',
      '/api/ready',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('serves the documentation page', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('sessions and users never leak across accounts', () => {
  it('answers each token with its own user only', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const asA = await ctx.app.inject({
      url: '/api/auth/refresh-session',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(asA.json()._id).toBe(a._id);
    expect(asA.json()._id).not.toBe(b._id);
  });
});
