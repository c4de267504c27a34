// The outbox and its delivery worker against a real SMTP server (smtp-server) started here.
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { openTestDatabase } from '../../../test/support/harness';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createMailer, type DeliveryOptions, type Mailer } from './mailer';
import { insertMail } from './repository';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/smtp-server';

let database: Database;
let drop: () => Promise<void>;
let smtp: TestSmtpServer;
const mailers: Mailer[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  smtp = await startTestSmtpServer();
});
afterEach(async () => {
  for (const mailer of mailers.splice(0)) await mailer.stop();
  smtp.rejectNext(0);
});
afterAll(async () => {
  await smtp?.close();
  await drop?.();
});

/** A logger whose lines the test can read. */
function captureLog() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

const FAST: Partial<DeliveryOptions> = { retryDelaysMs: [20, 40], pollIntervalMs: 50, leaseMs: 5_000 };

function smtpMailer(options: { delivery?: Partial<DeliveryOptions>; log?: pino.Logger } = {}) {
  const mailer = createMailer({
    db: database.db,
    log: options.log ?? pino({ level: 'silent' }),
    smtpUrl: smtp.url,
    from: 'Questkeeper <qk@example.test>',
    delivery: { ...FAST, ...options.delivery },
  });
  mailers.push(mailer);
  return mailer;
}

const rowTo = async (to: string) => {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return row;
};

describe('mailer', () => {
  it('keeps demo mail in the outbox and the log, and sends nothing', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer({ db: database.db, log, smtpUrl: undefined, from: 'qk@test' });
    expect(mailer.demo).toBe(true);
    mailer.start();
    await mailer.send({ to: 'demo@example.test', subject: 'Hello', text: 'Body' });
    await mailer.flush();
    expect(await rowTo('demo@example.test')).toMatchObject({
      status: 'demo',
      subject: 'Hello',
      text: 'Body',
    });
    expect(lines.find((line) => line.msg === 'demo mail')).toMatchObject({
      mail: { to: 'demo@example.test', subject: 'Hello', text: 'Body' },
    });
    expect(smtp.received.some((mail) => mail.envelopeTo.includes('demo@example.test'))).toBe(false);
  });

  it('only queues on send; the worker delivers text, HTML and Reply-To', async () => {
    const mailer = smtpMailer();
    expect(mailer.demo).toBe(false);
    // Not started: send must not touch SMTP at all.
    await mailer.send({
      to: 'queued@example.test',
      subject: 'Réinitialisation',
      text: 'Ligne é\nhttp://example.test/x',
      html: '<p>é</p>',
      replyTo: 'user@example.test',
    });
    expect(await rowTo('queued@example.test')).toMatchObject({ status: 'pending', attempts: 0 });
    expect(smtp.received.some((mail) => mail.envelopeTo.includes('queued@example.test'))).toBe(false);

    mailer.start();
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('queued@example.test'));
    expect(mail).toMatchObject({
      subject: 'Réinitialisation',
      from: 'Questkeeper <qk@example.test>',
      replyTo: 'user@example.test',
      envelopeFrom: 'qk@example.test',
    });
    expect(mail.text).toBe('Ligne é\nhttp://example.test/x');
    expect(mail.html).toBe('<p>é</p>');
    await mailer.flush();
    const row = await rowTo('queued@example.test');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    // Delivered: the body (a reset link, a contact message) no longer sits in the table.
    expect(row).toMatchObject({ text: '', html: null, subject: 'Réinitialisation' });
  });

  it('retries a rejected send with backoff and delivers it, counting the attempts', async () => {
    const { log, lines } = captureLog();
    // A first delay long enough that the round which failed cannot already retry it on a slow machine.
    const mailer = smtpMailer({ log, delivery: { retryDelaysMs: [1_000, 20] } });
    mailer.start();
    smtp.rejectNext(2, 451, 'Greylisted, try again later');
    await mailer.send({ to: 'retry@example.test', subject: 'Retry', text: 'Body' });

    await mailer.flush();
    // The first attempt failed and waits for its retry.
    const afterFirst = await rowTo('retry@example.test');
    expect(afterFirst?.status).toBe('pending');
    expect(afterFirst?.attempts).toBe(1);
    expect(afterFirst?.lastError).toContain('Greylisted');

    await mailer.drain();
    expect(await rowTo('retry@example.test')).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes('retry@example.test'))).toHaveLength(1);
    const warnings = lines.filter((line) => line.msg === 'mail send failed');
    expect(warnings.map((line) => [line.level, line.attempts, line.retryInMs])).toEqual([
      [40, 1, 1_000],
      [40, 2, 20],
    ]);
  });

  it('marks a message dead after the last attempt and logs it at error level', async () => {
    const { log, lines } = captureLog();
    const mailer = smtpMailer({ log });
    mailer.start();
    smtp.rejectNext(100, 451, 'Mailbox busy');
    await mailer.send({ to: 'dead@example.test', subject: 'Never', text: 'Body' });
    await mailer.drain();
    const row = await rowTo('dead@example.test');
    expect(row).toMatchObject({ status: 'dead', attempts: 3 });
    expect(row?.lastError).toContain('Mailbox busy');
    const dead = lines.find((line) => line.msg.startsWith('mail dead'));
    expect(dead).toMatchObject({ level: 50, to: 'dead@example.test', subject: 'Never', attempts: 3 });
  });

  it('sends rows left pending by an earlier process as soon as it starts', async () => {
    await insertMail(database.db, {
      to: 'left@example.test',
      replyTo: null,
      subject: 'Left over',
      text: 'From before',
      html: null,
      status: 'pending',
    });
    const mailer = smtpMailer();
    mailer.start();
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('left@example.test'));
    expect(mail.text).toBe('From before');
    await mailer.flush();
    expect((await rowTo('left@example.test'))?.status).toBe('sent');
  });

  it('never sends a message twice when several processes deliver from one database', async () => {
    const recipients = Array.from({ length: 12 }, (_, i) => `race${i}@example.test`);
    for (const to of recipients) {
      await insertMail(database.db, {
        to,
        replyTo: null,
        subject: 'Race',
        text: to,
        html: null,
        status: 'pending',
      });
    }
    const [first, second, third] = [smtpMailer(), smtpMailer(), smtpMailer()];
    await Promise.all([first!.flush(), second!.flush(), third!.flush()]);
    for (const to of recipients) {
      expect(smtp.received.filter((mail) => mail.envelopeTo.includes(to))).toHaveLength(1);
      expect(await rowTo(to)).toMatchObject({ status: 'sent', attempts: 1 });
    }
  });

  it('on stop, finishes the send in progress and hands the rest of its batch back untried', async () => {
    // A server that accepts and never greets: the first send hangs until the socket is destroyed.
    const sockets: net.Socket[] = [];
    let connected!: () => void;
    const firstConnection = new Promise<void>((resolve) => (connected = resolve));
    const silent = net.createServer((socket) => {
      sockets.push(socket);
      connected();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const recipients = ['stop0@example.test', 'stop1@example.test', 'stop2@example.test'];
    for (const to of recipients) {
      await insertMail(database.db, {
        to,
        replyTo: null,
        subject: 'Stop',
        text: to,
        html: null,
        status: 'pending',
      });
    }
    const mailer = createMailer({
      db: database.db,
      log: pino({ level: 'silent' }),
      smtpUrl: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`,
      from: 'qk@example.test',
      delivery: { ...FAST, smtpTimeoutMs: 20_000 },
    });
    try {
      mailer.start();
      await firstConnection;
      const stopping = mailer.stop();
      for (const socket of sockets) socket.destroy();
      await stopping;
      const rows = await Promise.all(recipients.map(rowTo));
      expect(rows.map((row) => row?.status)).toEqual(['pending', 'pending', 'pending']);
      expect(rows.map((row) => row?.attempts).sort()).toEqual([0, 0, 1]);
    } finally {
      silent.close();
      // Leave nothing pending for the other tests of this file.
      await database.db.delete(mailOutbox).where(eq(mailOutbox.subject, 'Stop'));
    }
  });

  it('logs deferred work that fails instead of throwing, and flush waits for it', async () => {
    const { log, lines } = captureLog();
    const mailer = smtpMailer({ log });
    let done = false;
    mailer.defer('slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done = true;
    });
    mailer.defer('broken', async () => {
      throw new Error('boom');
    });
    await mailer.flush();
    expect(done).toBe(true);
    expect(lines.find((line) => line.msg === 'deferred mail work failed')).toMatchObject({
      level: 50,
      task: 'broken',
    });
  });
});
