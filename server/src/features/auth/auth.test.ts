import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, passwordResetTokens, sessions } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  STRONG_PASSWORD,
  type TestContext,
} from '../../../test/support/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('register', () => {
  it('creates a Novice account and answers the user with a token', async () => {
    const response = await post('/api/auth/register', {
      email: '  New.User@Example.TEST ',
      password: STRONG_PASSWORD,
      language: 'fr',
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ email: 'new.user@example.test', language: 'fr', tier: 'Novice' });
    expect(user._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.token.length).toBeGreaterThanOrEqual(43);
    expect(Object.keys(user).sort()).toEqual(['_id', 'email', 'language', 'tier', 'token']);
  });

  it.each([
    ['short', 'Ab1!'],
    ['no lowercase', 'ABCDEFG1!'],
    ['no uppercase', 'abcdefg1!'],
    ['no digit', 'Abcdefgh!'],
    ['no special', 'Abcdefgh1'],
    ['special outside the set', 'Abcdefgh1?'],
  ])('refuses a weak password (%s) with a field message', async (_case, password) => {
    const response = await post('/api/auth/register', { email: 'weak@example.test', password });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.password).toMatch(/at least 8 characters/);
  });

  it('localizes field errors from Accept-Language', async () => {
    const response = await post(
      '/api/auth/register',
      { email: 'not-an-email', password: 'x' },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    const error = errorOf(response);
    expect(error.message).toBe('Certains champs ne sont pas valides.');
    expect(error.fields?.email).toBe('Saisissez une adresse e-mail valide.');
    expect(error.fields?.password).toMatch(/au moins 8 caractères/);
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    await registerUser(ctx.app, { email: 'taken@example.test' });
    const response = await post('/api/auth/register', {
      email: 'TAKEN@example.test',
      password: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('EMAIL_TAKEN');
  });

  it('lets exactly one of two parallel registrations of one email win', async () => {
    const payload = { email: 'race@example.test', password: STRONG_PASSWORD };
    const codes = (
      await Promise.all([post('/api/auth/register', payload), post('/api/auth/register', payload)])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([201, 409]);
  });
});

describe('login, refresh, logout', () => {
  it('signs in with the right password only', async () => {
    const user = await registerUser(ctx.app, { email: 'login@example.test' });
    const ok = await post('/api/auth/login', { email: 'Login@Example.test', password: user.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ _id: user._id, email: 'login@example.test', tier: 'Novice' });

    const wrong = await post('/api/auth/login', { email: 'login@example.test', password: 'Wrong!pass1' });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });

    const unknown = await post('/api/auth/login', { email: 'nobody@example.test', password: 'Wrong!pass1' });
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(unknown).code).toBe('INVALID_CREDENTIALS');
  });

  it('refreshes a session and extends it; answers the same user shape', async () => {
    const user = await registerUser(ctx.app);
    const [before] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user._id));
    const response = await ctx.app.inject({ url: '/api/auth/refresh-session', headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: user._id,
      email: user.email,
      language: 'en',
      tier: 'Novice',
      token: user.token,
    });
    const [after] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user._id));
    expect(after!.expiresAt.getTime()).toBeGreaterThanOrEqual(before!.expiresAt.getTime());
    expect(after!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('answers 401 without a token, with a bad one, and after logout', async () => {
    const none = await ctx.app.inject({ url: '/api/auth/refresh-session' });
    expect(none.statusCode).toBe(401);
    expect(errorOf(none).code).toBe('UNAUTHENTICATED');
    const bad = await ctx.app.inject({ url: '/api/auth/refresh-session', headers: bearer('x'.repeat(43)) });
    expect(bad.statusCode).toBe(401);

    const user = await registerUser(ctx.app);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
    });
    expect(logout.statusCode).toBe(204);
    const after = await ctx.app.inject({ url: '/api/auth/refresh-session', headers: bearer(user.token) });
    expect(after.statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const user = await registerUser(ctx.app);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user._id));
    const response = await ctx.app.inject({ url: '/api/auth/refresh-session', headers: bearer(user.token) });
    expect(response.statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const user = await registerUser(ctx.app);
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(user.token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('language', () => {
  it('saves the language and answers errors in it from then on', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(user.token),
      payload: { language: 'fr' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ language: 'fr', token: user.token });
    const invalid = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(user.token),
      payload: { language: 'de' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).message).toBe('Certains champs ne sont pas valides.');
  });
});

describe('forgot and reset password', () => {
  it('mails a reset link (demo outbox), returns the demo token, and the token resets once', async () => {
    const user = await registerUser(ctx.app, { email: 'reset@example.test', language: 'fr' });
    const forgot = await post('/api/auth/forgot-password', { email: 'reset@example.test' });
    expect(forgot.statusCode).toBe(200);
    const { message, resetToken } = forgot.json();
    expect(message).toBe('Password reset instructions sent! Check your email.');
    expect(resetToken).toEqual(expect.any(String));

    // Registering queued a welcome mail to the same address too.
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'reset@example.test'));
    const mail = mails.find((row) => row.text.includes('/reset-password?token='));
    expect(mail?.status).toBe('demo');
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe Questkeeper');
    expect(mail?.text).toContain(`http://questkeeper.test/fr/reset-password?token=${resetToken}`);

    const mismatch = await post('/api/auth/reset-password', {
      token: resetToken,
      newPassword: 'N3w!password',
      confirmPassword: 'N3w!passwordX',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(errorOf(mismatch).fields?.confirmPassword).toBe('Passwords do not match');

    const reset = await post('/api/auth/reset-password', { token: resetToken, newPassword: 'N3w!password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Password reset successful! You can now login with your new password.');

    // All sessions are revoked; the old password no longer works; the new one does.
    const old = await ctx.app.inject({ url: '/api/auth/refresh-session', headers: bearer(user.token) });
    expect(old.statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email: user.email, password: 'N3w!password' })).statusCode).toBe(
      200,
    );

    const again = await post('/api/auth/reset-password', { token: resetToken, newPassword: 'An0ther!pass' });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('INVALID_RESET_TOKEN');
  });

  it('answers the same shape for an unknown email, with a token that opens nothing', async () => {
    const forgot = await post('/api/auth/forgot-password', { email: 'ghost@example.test' });
    expect(forgot.statusCode).toBe(200);
    expect(Object.keys(forgot.json()).sort()).toEqual(['message', 'resetToken']);
    const reset = await post('/api/auth/reset-password', {
      token: forgot.json().resetToken,
      newPassword: 'N3w!password',
    });
    expect(errorOf(reset).code).toBe('INVALID_RESET_TOKEN');
  });

  it('refuses an expired token and a weak new password', async () => {
    const user = await registerUser(ctx.app);
    const { resetToken } = (await post('/api/auth/forgot-password', { email: user.email })).json();
    const weak = await post('/api/auth/reset-password', { token: resetToken, newPassword: 'abcdef' });
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak).fields?.newPassword).toBeDefined();
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user._id));
    const expired = await post('/api/auth/reset-password', {
      token: resetToken,
      newPassword: 'N3w!password',
    });
    expect(errorOf(expired).code).toBe('INVALID_RESET_TOKEN');
  });

  it('voids an earlier link when a new one is asked for', async () => {
    const user = await registerUser(ctx.app);
    const first = (await post('/api/auth/forgot-password', { email: user.email })).json().resetToken;
    const second = (await post('/api/auth/forgot-password', { email: user.email })).json().resetToken;
    expect(
      errorOf(await post('/api/auth/reset-password', { token: first, newPassword: 'N3w!password' })).code,
    ).toBe('INVALID_RESET_TOKEN');
    expect(
      (await post('/api/auth/reset-password', { token: second, newPassword: 'N3w!password' })).statusCode,
    ).toBe(200);
  });
});

describe('revocation reaches sessions the server has just used (session cache)', () => {
  const refresh = (token: string) =>
    ctx.app.inject({ url: '/api/auth/refresh-session', headers: bearer(token) });

  it('a password change signs out the other, recently used sessions at once', async () => {
    const user = await registerUser(ctx.app);
    const other = (await post('/api/auth/login', { email: user.email, password: user.password })).json()
      .token;
    expect((await refresh(other)).statusCode).toBe(200);
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(user.token),
      payload: { currentPassword: user.password, newPassword: 'N3w!password' },
    });
    expect(change.statusCode).toBe(200);
    expect((await refresh(other)).statusCode).toBe(401);
    expect((await refresh(user.token)).statusCode).toBe(200);
  });

  it('a reset signs out every recently used session at once', async () => {
    const user = await registerUser(ctx.app);
    expect((await refresh(user.token)).statusCode).toBe(200);
    const { resetToken } = (await post('/api/auth/forgot-password', { email: user.email })).json();
    await post('/api/auth/reset-password', { token: resetToken, newPassword: 'N3w!password' });
    expect((await refresh(user.token)).statusCode).toBe(401);
  });

  it('a language change shows at once on the same token', async () => {
    const user = await registerUser(ctx.app);
    expect((await refresh(user.token)).json().language).toBe('en');
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: bearer(user.token),
      payload: { language: 'fr' },
    });
    expect((await refresh(user.token)).json().language).toBe('fr');
  });
});

describe('change password', () => {
  it('needs the current password, applies the policy, and revokes the other sessions only', async () => {
    const user = await registerUser(ctx.app);
    const other = (await post('/api/auth/login', { email: user.email, password: user.password })).json()
      .token;
    const change = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(user.token),
        payload,
      });

    const wrong = await change({ currentPassword: 'Wrong!pass1', newPassword: 'N3w!password' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'WRONG_PASSWORD' });
    const weak = await change({ currentPassword: user.password, newPassword: 'weak' });
    expect(errorOf(weak).fields?.newPassword).toBeDefined();

    const ok = await change({
      currentPassword: user.password,
      newPassword: 'N3w!password',
      confirmPassword: 'N3w!password',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password changed successfully!');

    expect(
      (await ctx.app.inject({ url: '/api/auth/refresh-session', headers: bearer(user.token) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ url: '/api/auth/refresh-session', headers: bearer(other) })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'N3w!password' })).statusCode).toBe(
      200,
    );
  });
});
