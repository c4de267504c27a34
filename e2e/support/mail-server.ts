// A real SMTP server (npm smtp-server) for journeys that follow a mailed link. It keeps each message
// with its decoded subject and plain-text part (nodemailer writes quoted-printable or base64; there
// is no mail parser package here), and waits for the one a test expects.
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface MailCatcher {
  url: string;
  received: CaughtMail[];
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const received: CaughtMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), ...decode(raw), raw });
        for (const listener of listeners) listener();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return;
          done();
          resolve(found);
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(
              `no matching mail in ${timeoutMs} ms; got: ${received.map((m) => m.subject).join(' | ')}`,
            ),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decode(raw: string): { subject: string; text: string } {
  const message = raw.replace(/\r\n/g, '\n');
  const head = message.slice(0, message.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
  const subject = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? '';
  // The text/plain part: its own headers, a blank line, then its body up to the next boundary.
  const part = /content-type:\s*text\/plain[^\n]*\n((?:[^\n]+\n)*?)\n([\s\S]*?)(?:\n--[^\n]+|$)/i.exec(
    message,
  );
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(part?.[1] ?? '')?.[1]?.toLowerCase();
  const body = part?.[2] ?? '';
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body.replace(/=\n/g, ''))
        : body;
  return { subject: words(subject), text };
}

function qp(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(value[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words in a header. */
function words(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    );
}

/** The first link in `text` containing `needle`. */
export function linkIn(text: string, needle: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(needle));
  if (!link) throw new Error(`no link with ${needle} in:\n${text}`);
  return link;
}
