// The mails of the API (reset, welcome, contact) received by a real SMTP server started here, with
// SMTP_URL pointing at it: what arrives, in which language, and that the reset link works.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { mailOutbox } from '../../db/schema';
import { bearer, openTestDatabase, registerUser } from '../../../test/support/harness';
import type { DeliveryOptions } from './mailer';
import {
  linkIn,
  startTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from '../../../test/support/smtp-server';

const MAIL_FROM = 'Questkeeper <no-reply@questkeeper.test>';
const SUPPORT = 'support@questkeeper.test';

/** An app as createTestApp builds it, with SMTP_URL set and short retry delays. */
async function smtpApp(smtpUrl: string, delivery: Partial<DeliveryOptions> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '0',
    WEB_DIST: '/nonexistent-web-dist',
    PUBLIC_URL: 'http://questkeeper.test',
    SMTP_URL: smtpUrl,
    MAIL_FROM,
    SUPPORT_EMAIL: SUPPORT,
  });
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({
    config,
    database,
    logger: false,
    mailDelivery: { retryDelaysMs: [20, 40], pollIntervalMs: 50, ...delivery },
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

let smtp: TestSmtpServer;
let app: App;
let close: () => Promise<void>;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ({ app, close } = await smtpApp(smtp.url));
});
afterAll(async () => {
  await close?.();
  await smtp?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });
const mailTo = (to: string, subject: string) =>
  smtp.waitFor((mail) => mail.envelopeTo.includes(to) && mail.subject === subject);
/** The href of the HTML part's button, as a browser would read it. */
const hrefIn = (mail: ReceivedMail, needle: string) =>
  [...mail.html.matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, '&'))
    .find((h) => h.includes(needle));

describe('password reset mail', () => {
  it('arrives in French for a French user with a link that resets the password once', async () => {
    const user = await registerUser(app, { language: 'fr' });
    const forgot = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    expect(forgot.statusCode).toBe(200);
    // With SMTP the token only travels by mail.
    expect(forgot.json()).toEqual({ message: 'Password reset instructions sent! Check your email.' });

    const mail = await mailTo(user.email, 'Réinitialisez votre mot de passe Questkeeper');
    expect(mail.from).toBe(MAIL_FROM);
    expect(mail.envelopeFrom).toBe('no-reply@questkeeper.test');
    expect(mail.to).toBe(user.email);
    expect(mail.text).toContain("Ouvrez ce lien dans l'heure");
    expect(mail.text).toContain("Si ce n'était pas vous, ignorez ce message");
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Choisir un nouveau mot de passe');

    const link = linkIn(mail.text, '/reset-password');
    expect(link).toMatch(/^http:\/\/questkeeper\.test\/fr\/reset-password\?token=[\w-]{20,}$/);
    expect(hrefIn(mail, '/reset-password')).toBe(link);

    const token = new URL(link).searchParams.get('token');
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'N3w!password' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      401,
    );
    const login = await post('/api/auth/login', { email: user.email, password: 'N3w!password' });
    expect(login.statusCode).toBe(200);
    expect(login.json().email).toBe(user.email);
    expect((await post('/api/auth/reset-password', { token, newPassword: 'An0ther!pass' })).statusCode).toBe(
      400,
    );

    const [row] = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Réinitialisez votre mot de passe Questkeeper'));
    expect(row).toMatchObject({ to: user.email, status: 'sent', attempts: 1 });
    // The reset link left with the mail: none of it stays in the outbox (decision 049).
    expect(row?.text).toBe('');
    expect(row?.html).toBeNull();
    expect(JSON.stringify(row)).not.toContain(String(token));
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const known = await registerUser(app);
    const forKnown = await post('/api/auth/forgot-password', { email: known.email });
    const forUnknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.test' });
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);

    await mailTo(known.email, 'Reset your Questkeeper password');
    await app.services.mailer.flush();
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes('nobody-here@example.test'))).toHaveLength(
      0,
    );
    const rows = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'nobody-here@example.test'));
    expect(rows).toHaveLength(0);
  });
});

describe('welcome mail', () => {
  it.each([
    ['en', 'Welcome to Questkeeper, game master!', 'Open my dashboard'],
    ['fr', 'Bienvenue sur Questkeeper, maître du jeu !', 'Ouvrir mon tableau de bord'],
  ] as const)(
    'is sent on register in the language of the account (%s)',
    async (language, subject, action) => {
      const user = await registerUser(app, { language });
      const mail = await mailTo(user.email, subject);
      expect(mail.from).toBe(MAIL_FROM);
      expect(mail.text).toContain(user.email);
      expect(linkIn(mail.text, '/dashboard')).toBe(`http://questkeeper.test/${language}/dashboard`);
      expect(hrefIn(mail, '/dashboard')).toBe(`http://questkeeper.test/${language}/dashboard`);
      expect(mail.html).toContain(action);
      expect(mail.html).not.toMatch(/<img|https?:\/\/(?!questkeeper\.test)/);
    },
  );
});

describe('contact mail', () => {
  it('reaches support in English with the user as Reply-To, their tier, and the message escaped in HTML', async () => {
    const user = await registerUser(app, { language: 'fr', tier: 'Hero' });
    const response = await post(
      '/api/contact/send',
      {
        subject: '<script>alert(1)</script>\nBug',
        message: 'Hello <script>alert("x")</script> & bye\nLine 2',
      },
      bearer(user.token),
    );
    expect(response.statusCode).toBe(200);

    const mail = await mailTo(SUPPORT, '[Questkeeper support] <script>alert(1)</script> Bug');
    expect(mail.replyTo).toBe(user.email);
    expect(mail.from).toBe(MAIL_FROM);
    expect(mail.text).toBe(
      `From: ${user.email} (tier Hero)\n\nHello <script>alert("x")</script> & bye\nLine 2`,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; bye\nLine 2');
    expect(mail.html).toContain(
      '<title>[Questkeeper support] &lt;script&gt;alert(1)&lt;/script&gt; Bug</title>',
    );
  });
});

describe('a mail server that never answers', () => {
  it('does not slow or fail register, forgot-password or contact; the mails end up dead, not lost', async () => {
    // Accepts connections and stays silent: a send would hang until the SMTP timeout (15 s here).
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const stuck = await smtpApp(`smtp://127.0.0.1:${port}`, { smtpTimeoutMs: 15_000 });
    try {
      const started = Date.now();
      const user = await registerUser(stuck.app);
      const forgot = await stuck.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const contact = await stuck.app.inject({
        method: 'POST',
        url: '/api/contact/send',
        payload: { subject: 'Hi', message: 'Still there?' },
        headers: bearer(user.token),
      });
      // Had any of them waited for SMTP, it would have taken the 15 s timeout.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect([forgot.statusCode, contact.statusCode]).toEqual([200, 200]);

      // The server goes away: every attempt fails, and after the last one each mail is 'dead'.
      silent.close();
      for (const socket of sockets) socket.destroy();
      await stuck.app.services.mailer.drain();
      const rows = await stuck.app.database.db.select().from(mailOutbox);
      expect(rows.map((row) => row.subject).sort()).toEqual([
        'Reset your Questkeeper password',
        'Welcome to Questkeeper, game master!',
        '[Questkeeper support] Hi',
      ]);
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'dead', attempts: 3, sentAt: null });
        expect(row.lastError).toBeTruthy();
      }
    } finally {
      silent.close();
      for (const socket of sockets) socket.destroy();
      await stuck.close();
    }
  });
});
