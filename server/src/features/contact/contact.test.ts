import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactMessages, mailOutbox } from '../../db/schema';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const send = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/contact/send', payload: payload as object, headers });

const messagesOf = (userId: string) =>
  ctx.app.database.db.select().from(contactMessages).where(eq(contactMessages.userId, userId));
const mailsFrom = (email: string) =>
  ctx.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, email));

describe('POST /api/contact/send', () => {
  it('stores the message, mails support with the user as Reply-To and answers a translated message', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const response = await send(
      { subject: '  Dice roller  ', message: 'The d20 seems to roll 20 often.' },
      bearer(user.token),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Message sent successfully! We'll get back to you soon." });

    const [stored, ...more] = await messagesOf(user._id);
    expect(more).toHaveLength(0);
    expect(stored).toMatchObject({
      email: user.email,
      subject: 'Dice roller',
      message: 'The d20 seems to roll 20 often.',
    });

    const [mail, ...others] = await mailsFrom(user.email);
    expect(others).toHaveLength(0);
    expect(mail).toMatchObject({
      to: ctx.config.mail.supportEmail,
      replyTo: user.email,
      subject: '[Questkeeper support] Dice roller',
      status: 'demo',
    });
    expect(mail?.text).toBe(`From: ${user.email} (tier Adventurer)\n\nThe d20 seems to roll 20 often.`);
  });

  it('answers in French for a French user, and mails support in English on one subject line', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const response = await send({ subject: 'Ligne un\nLigne deux', message: 'Bonjour' }, bearer(user.token));
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Message envoyé avec succès ! Nous vous répondrons rapidement.');
    const [mail] = await mailsFrom(user.email);
    expect(mail?.subject).toBe('[Questkeeper support] Ligne un Ligne deux');
    expect(mail?.text).toMatch(/^From: .* \(tier Novice\)/);
  });

  it('accepts a subject of exactly 200 and a message of exactly 5000 characters', async () => {
    const user = await registerUser(ctx.app);
    const response = await send({ subject: 's'.repeat(200), message: 'm'.repeat(5000) }, bearer(user.token));
    expect(response.statusCode).toBe(200);
    const [stored] = await messagesOf(user._id);
    expect(stored?.subject).toHaveLength(200);
    expect(stored?.message).toHaveLength(5000);
  });

  it.each([
    ['a blank subject', { subject: '   ', message: 'hi' }, 'subject', 'This field is required.'],
    ['a missing message', { subject: 'Hi' }, 'message', 'This field is required.'],
    ['a blank message', { subject: 'Hi', message: ' \n ' }, 'message', 'This field is required.'],
    [
      'a subject of 201 characters',
      { subject: 's'.repeat(201), message: 'hi' },
      'subject',
      'Must be at most 200 characters.',
    ],
    [
      'a message of 5001 characters',
      { subject: 'Hi', message: 'm'.repeat(5001) },
      'message',
      'Must be at most 5000 characters.',
    ],
    ['a subject that is not text', { subject: 42, message: 'hi' }, 'subject', 'This value is not valid.'],
  ])('refuses %s with a field message and stores nothing', async (_case, payload, field, text) => {
    const user = await registerUser(ctx.app);
    const response = await send(payload, bearer(user.token));
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.[field]).toBe(text);
    expect(await messagesOf(user._id)).toHaveLength(0);
    expect(await mailsFrom(user.email)).toHaveLength(0);
  });

  it('localizes validation errors in the user language', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const response = await send({ subject: '', message: 'm'.repeat(5001) }, bearer(user.token));
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.message).toBe('Certains champs ne sont pas valides.');
    expect(error.fields).toEqual({
      subject: 'Ce champ est obligatoire.',
      message: 'Doit contenir au plus 5000 caractères.',
    });
  });

  it('refuses a malformed JSON body with 400', async () => {
    const user = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact/send',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: '{"subject": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('MALFORMED_JSON');
  });

  it('answers 401 to an anonymous or badly signed caller and stores nothing', async () => {
    const before = await ctx.app.database.db.select().from(contactMessages);
    for (const headers of [{}, bearer('x'.repeat(43))]) {
      const response = await send({ subject: 'Hi', message: 'anonymous' }, headers);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    }
    expect(await ctx.app.database.db.select().from(contactMessages)).toHaveLength(before.length);
  });
});
