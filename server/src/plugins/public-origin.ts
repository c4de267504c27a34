// Says so in the log when the app is opened on an origin other than PUBLIC_URL. Links the
// server builds from PUBLIC_URL — payment returns, mailed links — then open that other origin, where
// the browser holds no session (it lives in the origin's localStorage) and the checkout window cannot
// be closed by the page that opened it. Once per origin: a wrong setting shows up without flooding
// the log.
import type { FastifyBaseLogger } from 'fastify';

/** Beyond this many origins (a client can send any Host header), no more are reported. */
export const MAX_REPORTED_ORIGINS = 20;

export interface PageRequest {
  method: string;
  url: string;
  /** `request.protocol` and `request.host`: the forwarded ones when TRUST_PROXY is set. */
  protocol: string;
  host: string;
}

/** The origin a request arrived on, normalised like a URL's (lower case, default port dropped). */
export function requestOrigin(request: Pick<PageRequest, 'protocol' | 'host'>): string | undefined {
  if (request.host === '') return undefined;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Returns a check to run on each request. Only page and asset loads (GET/HEAD outside /api) count:
 * that is where a browser opens the app, while health probes and other API clients may use an
 * internal address on purpose.
 */
export function watchPublicOrigin(
  publicUrl: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): (request: PageRequest) => void {
  const expected = new URL(publicUrl).origin;
  const reported = new Set<string>();
  return (request) => {
    if (reported.size >= MAX_REPORTED_ORIGINS) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) return;
    const origin = requestOrigin(request);
    if (origin === undefined || origin === expected || reported.has(origin)) return;
    reported.add(origin);
    log.warn(
      { origin, publicUrl: expected },
      `opened on ${origin}, but PUBLIC_URL is ${expected}: payment returns and mailed links go to ` +
        `${expected}, where this browser is not signed in, and the checkout window will not close ` +
        'by itself. Open the app on PUBLIC_URL, or set PUBLIC_URL to the address users open ' +
        '(behind a reverse proxy: forward the Host header and set TRUST_PROXY=true).',
    );
  };
}
