// Registration's age and terms checkbox (docs/product.md#register): the web sends `acceptTerms: true` and
// the server records when; the spec's call without it stays valid for API clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createTestApp, errorOf, STRONG_PASSWORD, type TestContext } from '../../../test/support/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers });

async function termsAcceptedAt(email: string) {
  const [row] = await ctx.database.db
    .select({ termsAcceptedAt: users.termsAcceptedAt })
    .from(users)
    .where(eq(users.email, email));
  return row?.termsAcceptedAt;
}

describe('register with the terms checkbox', () => {
  it('records when the terms were accepted, and answers the usual user', async () => {
    const before = Date.now();
    const response = await register({
      email: 'ticked@example.test',
      password: STRONG_PASSWORD,
      language: 'en',
      acceptTerms: true,
    });
    expect(response.statusCode).toBe(201);
    expect(Object.keys(response.json<object>()).sort()).toEqual([
      '_id',
      'email',
      'language',
      'tier',
      'token',
    ]);
    const accepted = await termsAcceptedAt('ticked@example.test');
    expect(accepted).toBeInstanceOf(Date);
    expect(accepted!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(accepted!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('still registers an API client that does not send it, with no acceptance date', async () => {
    const response = await register({ email: 'api-client@example.test', password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(201);
    expect(await termsAcceptedAt('api-client@example.test')).toBeNull();
  });

  it('refuses an explicit refusal with a localized field message', async () => {
    const response = await register(
      { email: 'refused@example.test', password: STRONG_PASSWORD, acceptTerms: false },
      { 'accept-language': 'fr' },
    );
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.acceptTerms).toMatch(/18 ans ou plus/);
    expect(await termsAcceptedAt('refused@example.test')).toBeUndefined();
  });
});
