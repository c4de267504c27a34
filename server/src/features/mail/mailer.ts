// Outgoing mail. Every message is kept in the mail_outbox table first, so nothing is lost silently:
// with SMTP_URL it is then sent through nodemailer (status 'sent' or 'failed' with the error);
// without it ("demo mail", decisions.md) it stays in the outbox and is written to the log.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  /** True when mail is only kept in the outbox (no SMTP): forgot-password then returns the token. */
  readonly demo: boolean;
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
}): Mailer {
  const { db, log, smtpUrl, from } = options;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;

  return {
    demo: !transport,
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: message.to,
          replyTo: message.replyTo ?? null,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          status: transport ? 'pending' : 'demo',
        })
        .returning({ id: mailOutbox.id });
      if (!transport || !row) {
        log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'demo mail');
        return;
      }
      try {
        await transport.sendMail({ from, ...message });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1` })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        // Kept as 'failed' in the outbox for a retry; the caller's answer never depends on it.
        log.error({ err: error, mailId: row.id }, 'mail send failed');
        await db
          .update(mailOutbox)
          .set({
            status: 'failed',
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: String((error as Error).message ?? error).slice(0, 1000),
          })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
