// Requests Node's HTTP parser refuses before any route runs: headers over its 16 KB limit (431), a
// request that timed out (408), bytes that are not HTTP (400). Fastify's default answer carries no
// `Connection: close` and then destroys the socket, so a keep-alive client that read the answer sends
// its next request into a connection that is gone (ECONNRESET). Here the answer says
// `Connection: close` and the close is a lingering one: the server ends its side and reads (and
// drops) what the client still sends until the client closes too — closing a socket with unread
// bytes would answer them with a TCP reset.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ERROR_STATUS, type ErrorCode } from '@questkeeper/core/errors';
import { translate } from '@questkeeper/core/i18n';

/** How long a refused connection may keep sending before it is cut. */
const LINGER_MS = 5_000;

const handled = new WeakSet<Socket>();

function refusal(nodeCode: string | undefined): { status: number; code: ErrorCode } {
  const code: ErrorCode =
    nodeCode === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : nodeCode === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'MALFORMED_REQUEST';
  return { status: ERROR_STATUS[code], code };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // The parser reports every later chunk of a refused request again: answer once.
  if (error.code === 'ECONNRESET' || socket.destroyed || handled.has(socket)) return;
  handled.add(socket);
  const { status, code } = refusal(error.code);
  this.log.debug({ code: error.code }, 'client error');
  // The headers were not read, so neither was Accept-Language: English.
  const body = JSON.stringify({ code, message: translate('en', `errors.${code}`) });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  // Lingering close: drain until the client closes its side, or give up after LINGER_MS.
  socket.on('data', () => {});
  socket.on('error', () => {});
  socket.on('end', () => socket.destroy());
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
