// Outgoing mail (decision 017). `send` only writes the message to the mail_outbox table: a request
// never waits on SMTP, so neither its answer nor its timing depends on the mail server or on whether
// an email has an account. With SMTP_URL, a delivery worker (started and stopped with the app) sends
// pending rows through nodemailer and retries failures with backoff until the row is 'sent' or, after
// the last attempt, 'dead' (logged at error level). Without it ("demo mail", docs/product.md#demo-mode) a
// message is kept as 'demo' and written to the log.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import * as repo from './repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface DeliveryOptions {
  /**
   * Wait before each retry: the n-th failure waits retryDelaysMs[n-1]; the failure after the last
   * delay makes the row 'dead'. So there are retryDelaysMs.length + 1 attempts in all.
   */
  retryDelaysMs: readonly number[];
  /** How often the worker looks for due rows (retries, rows of other processes) when not woken. */
  pollIntervalMs: number;
  /** How long a claimed row stays away from other workers; longer than a send may take. */
  leaseMs: number;
  /** Rows claimed per query. */
  batchSize: number;
  /** SMTP connection and greeting timeout (the socket may idle twice as long); well under leaseMs. */
  smtpTimeoutMs: number;
}

/** 1 min, 5 min, 15 min, 1 h, 4 h: six attempts over about five and a half hours. */
export const DEFAULT_DELIVERY: DeliveryOptions = {
  retryDelaysMs: [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000],
  pollIntervalMs: 15_000,
  leaseMs: 5 * 60_000,
  batchSize: 10,
  smtpTimeoutMs: 30_000,
};

export interface Mailer {
  /** True when mail is only kept in the outbox (no SMTP): forgot-password then returns the token. */
  readonly demo: boolean;
  /** Queues a message (one INSERT); delivery happens in the worker. */
  send(message: MailMessage): Promise<void>;
  /**
   * Runs work off the request path (e.g. preparing and queueing a mail), logging instead of
   * throwing if it fails; `flush` waits for it.
   */
  defer(label: string, task: () => Promise<void>): void;
  /** Starts the delivery worker (no-op for demo mail); it first takes rows left by earlier runs. */
  start(): void;
  /** Stops the worker after the send in progress, waits for deferred work, closes the transport. */
  stop(): Promise<void>;
  /** Waits for deferred work and delivers every row due now (tests, shutdown). */
  flush(): Promise<void>;
  /** Like flush, but also waits out retry delays until no row is pending (tests). */
  drain(timeoutMs?: number): Promise<void>;
}

export function createMailer(options: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  delivery?: Partial<DeliveryOptions>;
}): Mailer {
  const { db, smtpUrl, from } = options;
  const log = options.log.child({ component: 'mail' });
  const delivery: DeliveryOptions = { ...DEFAULT_DELIVERY, ...options.delivery };
  // Timeouts well under the lease, so a stuck server cannot make two workers send the same row.
  // Options in the URL's query string (e.g. ?tls.rejectUnauthorized=false) win over these.
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: delivery.smtpTimeoutMs,
        greetingTimeout: delivery.smtpTimeoutMs,
        socketTimeout: delivery.smtpTimeoutMs * 2,
      })
    : undefined;

  const deferred = new Set<Promise<void>>();
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function deliver(row: repo.OutboxRow): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      });
      await repo.markSent(db, row.id);
      log.info({ mailId: row.id, attempts: row.attempts }, 'mail sent');
    } catch (error) {
      const message = String((error as Error)?.message ?? error).slice(0, 1000);
      const delay = delivery.retryDelaysMs[row.attempts - 1];
      if (delay === undefined) {
        await repo.markDead(db, row.id, message);
        log.error(
          { err: error, mailId: row.id, to: row.to, subject: row.subject, attempts: row.attempts },
          'mail dead: gave up after the last attempt',
        );
      } else {
        await repo.scheduleRetry(db, row.id, delay, message);
        log.warn(
          { err: error, mailId: row.id, attempts: row.attempts, retryInMs: delay },
          'mail send failed',
        );
      }
    }
  }

  /** Delivers due rows until none is left; each row is claimed before it is sent. */
  async function round(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const rows = await repo.claimDueMails(db, delivery.batchSize, delivery.leaseMs);
      if (rows.length === 0) return;
      for (const [index, row] of rows.entries()) {
        if (stopped) {
          // Shutting down: hand the rest back untried rather than keep the process waiting on SMTP.
          await repo.releaseClaims(
            db,
            rows.slice(index).map((left) => left.id),
          );
          return;
        }
        await deliver(row);
      }
    }
  }

  function schedule(): void {
    clearTimeout(timer);
    if (!started || stopped) return;
    timer = setTimeout(wake, delivery.pollIntervalMs);
    timer.unref();
  }

  /** Runs a round now, or right after the one in progress. */
  function wake(): Promise<void> {
    if (!transport || stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(timer);
    running = (async () => {
      do {
        again = false;
        try {
          await round();
        } catch (error) {
          // A database error: the rows stay pending and the next round takes them.
          log.error({ err: error }, 'mail delivery round failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      schedule();
    });
    return running;
  }

  async function settleDeferred(): Promise<void> {
    while (deferred.size > 0) await Promise.all([...deferred]);
  }

  async function flush(): Promise<void> {
    await settleDeferred();
    // Rows queued while a round runs are taken by that round (the `again` flag); a round started
    // by someone else meanwhile is waited for too.
    await wake();
    while (running) await running;
  }

  return {
    demo: !transport,

    async send(message) {
      await repo.insertMail(db, {
        to: message.to,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        status: transport ? 'pending' : 'demo',
      });
      if (!transport) {
        log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'demo mail');
        return;
      }
      if (started) void wake();
    },

    defer(label, task) {
      const promise = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: label }, 'deferred mail work failed'))
        .finally(() => deferred.delete(promise));
      deferred.add(promise);
    },

    start() {
      if (!transport || started) return;
      started = true;
      void wake();
    },

    async stop() {
      await settleDeferred();
      stopped = true;
      clearTimeout(timer);
      while (running) await running;
      transport?.close();
    },

    flush,

    async drain(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await flush();
        const { pending, nextAt } = await repo.pendingSummary(db);
        if (pending === 0 || !transport || stopped) return;
        if (Date.now() > deadline) throw new Error(`mail drain: ${pending} message(s) still pending`);
        const wait = nextAt ? new Date(nextAt).getTime() - Date.now() : 0;
        await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait, 5), 500)));
      }
    },
  };
}
