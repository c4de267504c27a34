// Test helpers: a real SMTP server (npm smtp-server) on a free loopback port that keeps what it
// receives, and a small MIME reader for nodemailer's output (no mail parser package is installed):
// headers with RFC 2047 encoded words, multipart/alternative, quoted-printable and base64 parts.
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  subject: string;
  from: string;
  to: string;
  replyTo: string | undefined;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /** Answers each of the next `count` messages with this SMTP error (451 = try again later). */
  rejectNext(count: number, code?: number, message?: string): void;
  /** How many DATA commands were answered with an error. */
  readonly rejected: number;
  /** Resolves with the first message (received or arriving) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let toReject = 0;
  let rejectCode = 451;
  let rejectMessage = 'Try again later';
  let rejected = 0;

  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS offered, no AUTH asked.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toReject > 0) {
          toReject -= 1;
          rejected += 1;
          callback(Object.assign(new Error(rejectMessage), { responseCode: rejectCode }));
          return;
        }
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), session);
        received.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get rejected() {
      return rejected;
    },
    rejectNext(count, code = 451, message = 'Try again later') {
      toReject = count;
      rejectCode = code;
      rejectMessage = message;
    },
    waitFor(match, timeoutMs = 10_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function parseMail(raw: string, session?: SMTPServerSession): ReceivedMail {
  // The line break before the DATA terminator (CRLF . CRLF) is not part of the body.
  const { headers, body } = splitMessage(raw.replace(/\r?\n$/, ''));
  const parts: { text: string; html: string } = { text: '', html: '' };
  collectParts(headers, body, parts);
  return {
    envelopeFrom: session?.envelope.mailFrom ? session.envelope.mailFrom.address : '',
    envelopeTo: session?.envelope.rcptTo.map((rcpt) => rcpt.address) ?? [],
    headers,
    subject: headers.subject ?? '',
    from: headers.from ?? '',
    to: headers.to ?? '',
    replyTo: headers['reply-to'],
    text: parts.text,
    html: parts.html,
    raw,
  };
}

function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Record<string, string>, body: string, into: { text: string; html: string }) {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (!boundary) return;
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      // The line break before a boundary belongs to the boundary (RFC 2046).
      const part = splitMessage(section.replace(/^\n/, '').replace(/\n$/, ''));
      collectParts(part.headers, part.body, into);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding'] ?? '7bit');
  if (type.startsWith('text/html')) into.html += decoded;
  else if (type.startsWith('text/plain')) into.text += decoded;
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body.replace(/=\n/g, ''));
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(value[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=); whitespace between two of them goes. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The first http(s) link of a plain-text body that contains `needle`. */
export function linkIn(text: string, needle: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(needle));
  if (!link) throw new Error(`no link with ${needle} in:\n${text}`);
  return link;
}
