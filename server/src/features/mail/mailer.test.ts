import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { openTestDatabase } from '../../test/harness';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createMailer } from './mailer';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop?.());

const log = pino({ level: 'silent' });

describe('mailer', () => {
  it('keeps demo mail in the outbox', async () => {
    const mailer = createMailer({ db: database.db, log, smtpUrl: undefined, from: 'qk@test' });
    expect(mailer.demo).toBe(true);
    await mailer.send({ to: 'demo@example.test', subject: 'Hello', text: 'Body' });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'demo@example.test'));
    expect(row).toMatchObject({ status: 'demo', subject: 'Hello', text: 'Body' });
  });

  it('records a failed SMTP send in the outbox without failing the caller', async () => {
    // Port 9 (discard) on loopback: nothing answers SMTP there.
    const mailer = createMailer({ db: database.db, log, smtpUrl: 'smtp://127.0.0.1:9', from: 'qk@test' });
    expect(mailer.demo).toBe(false);
    await expect(
      mailer.send({ to: 'smtp@example.test', subject: 'Reset', text: 'Link', replyTo: 'user@example.test' }),
    ).resolves.toBeUndefined();
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'smtp@example.test'));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, replyTo: 'user@example.test' });
    expect(row?.lastError).toBeTruthy();
  });
});
