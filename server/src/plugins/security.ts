// Security headers, with a strict CSP that the web app is built for: no inline scripts, no third
// parties (the Novice banner is a house ad). Images may come from https: because rules and notes
// written in markdown embed pictures by URL. helmet computes the headers once at start: they are the
// same for every answer (@fastify/helmet rebuilt them on each request, a measurable cost) — except
// the app's HTML page, whose CSP carries a fresh style nonce (`noncedPage`, decision 023).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { watchPublicOrigin } from './public-origin';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  // blob: for the game master's own portraits and handout images, read with the token into blob URLs
  // by the page itself (web/src/lib/images.ts; decision 064).
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  crossOriginEmbedderPolicy: false,
  // The checkout opens in a new window that the app polls for closing (docs/product.md#subscription).
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
};

/** The headers helmet sets for these options, read once from a stand-in response. */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What the built index.html holds where each answer puts its nonce: the web build's `html.cspNonce`
 * (web/vite.config.ts) writes it on the page's tags and in `<meta property="csp-nonce">`.
 */
export const CSP_NONCE_PLACEHOLDER = 'QK_CSP_NONCE';

/**
 * Serves `html` (index.html) with a fresh nonce on each call, and the CSP that admits `<style>`
 * elements carrying it: CodeMirror injects its theme as one, and reads the nonce from the meta tag
 * (decision 023). Scripts stay 'self' only.
 */
export function noncedPage(html: string): () => { html: string; csp: string } {
  const parts = html.split(CSP_NONCE_PLACEHOLDER);
  const mark = 'qk-nonce-mark';
  const csp = securityHeaders({
    ...HELMET_OPTIONS,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CONTENT_SECURITY_POLICY, styleSrc: ["'self'", `'nonce-${mark}'`] },
    },
  })['content-security-policy'];
  const [before = '', after = ''] = (csp ?? '').split(mark);
  return () => {
    const nonce = randomBytes(16).toString('base64');
    return { html: parts.join(nonce), csp: `${before}${nonce}${after}` };
  };
}

/**
 * Sent only on answers to a request that came over HTTPS (directly, or through a trusted proxy's
 * X-Forwarded-Proto): over plain HTTP the header is ignored by browsers, and a development server on
 * http://localhost must never pin the name to HTTPS for a year (decision 049).
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

export default fp(async function securityPlugin(app: FastifyInstance) {
  const headers = securityHeaders();
  const checkOrigin = watchPublicOrigin(app.config.publicUrl, app.log);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // Event streams copy these headers when they take the reply over (openEventStream).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    checkOrigin(request);
  });
  // An API answer may carry a session token (login, refresh) or private data: unless its route chose
  // a policy (the public site info is cacheable), no cache — shared or the browser's — keeps it.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
});
