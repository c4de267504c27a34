// Serves the built web app from the same origin as the API. Paths of the app's routes (the table in
// core/src/routes.ts) answer index.html with 200; any other path answers it with 404 (the app shows
// its Not Found page); unknown /api paths answer a JSON 404; unprefixed app paths redirect to the
// language's path. Pages the build prerendered (web/src/prerender, decision 038) are answered with
// their HTML instead of the empty shell: a public page at its exact path without a query, and the
// Not Found page in the path's language (else the request's).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { LANGUAGES, type Language } from '@questkeeper/core/i18n';
import { LOCALIZED_ROUTE_IDS, matchLocalizedRoute, routes, type RouteId } from '@questkeeper/core/routes';
import { sendError } from './errors';
import { noncedPage } from './security';

/** The page of the route table that `pathname` opens, if any (trailing slashes ignored). */
export function findAppRoute(pathname: string): RouteId | undefined {
  if (pathname === routes.root.path) return 'root';
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname.replace(/\/+$/, ''));
  if (!match || !(LANGUAGES as readonly string[]).includes(match[1] ?? '')) return undefined;
  return matchLocalizedRoute(match[2] ?? '');
}

/** Prerendered pages served with a query too: their island script reads it (the reset page's
 *  token, web/src/islands/auth-page.ts, decision 073). Any other page with a query gets the shell. */
const QUERY_READING_PAGES: ReadonlySet<RouteId> = new Set<RouteId>(['resetPassword']);

/** Where the web build writes a prerendered page (web/src/prerender/pages.ts). */
const PRERENDERED_DIR = 'prerendered';
const NOT_FOUND_PAGE = 'not-found';
type Page = ReturnType<typeof noncedPage>;

/** The prerendered pages of the build, by `{language}:{route id or not-found}`; none if it has none. */
function readPrerendered(distDir: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  for (const language of LANGUAGES) {
    for (const id of [...LOCALIZED_ROUTE_IDS, NOT_FOUND_PAGE]) {
      const file = path.join(distDir, PRERENDERED_DIR, language, `${id}.html`);
      if (fs.existsSync(file)) pages.set(`${language}:${id}`, noncedPage(fs.readFileSync(file, 'utf8')));
    }
  }
  return pages;
}

export default fp(async function webPlugin(app: FastifyInstance, options: { distDir: string }) {
  const indexPath = path.join(options.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (web/vite-precompress.ts).
      preCompressed: true,
      // The prerendered pages are served at their pages' paths only, with a nonce (below).
      allowedPath: (pathname) => !pathname.startsWith(`/${PRERENDERED_DIR}/`),
      // Hashed assets never change; index.html must always be fresh.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, 'no web build found: serving the API only');
  }
  // Each answer carries its own CSP nonce (decision 023), so the page (~1 KB) is compressed per
  // request: brotli quality 5 takes a few tens of microseconds.
  const indexPage = hasBuild ? noncedPage(fs.readFileSync(indexPath, 'utf8')) : undefined;
  const prerendered = hasBuild ? readPrerendered(options.distDir) : new Map<string, Page>();
  /** The page to answer: a prerendered one when the build has it for exactly this URL. */
  function pageFor(pathname: string, query: string, route: RouteId | undefined, fallback: Language) {
    const segment = pathname.split('/')[1] ?? '';
    const language = (LANGUAGES as readonly string[]).includes(segment) ? (segment as Language) : undefined;
    if (!route) return prerendered.get(`${language ?? fallback}:${NOT_FOUND_PAGE}`) ?? indexPage;
    // Other spellings (a trailing slash) and queries (pages read them) get the shell, as before;
    // but the reset page's island reads its token itself (decision 073).
    const exact =
      language &&
      route !== 'root' &&
      (query === '' || QUERY_READING_PAGES.has(route)) &&
      pathname === routes[route].getHref(language, '');
    return (exact && prerendered.get(`${language}:${route}`)) || indexPage;
  }
  const compress = {
    br: (html: string) =>
      zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: (html: string) => zlib.gzipSync(html),
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsApp = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
    // docs/product.md#routes: unprefixed paths that exist under a language go to the preferred language's
    // path, query kept. (A signed-in user is then moved to their saved language by the app.)
    if (wantsApp && pathname !== '/' && matchLocalizedRoute(pathname) !== undefined) {
      const query = request.url.slice(pathname.length);
      return reply.redirect(`/${request.language}${pathname.replace(/\/+$/, '')}${query}`, 302);
    }
    if (wantsApp && indexPage) {
      const route = findAppRoute(pathname);
      const page = (
        pageFor(pathname, request.url.slice(pathname.length), route, request.language) ?? indexPage
      )();
      // The bare root is a redirect screen (docs/product.md#routes: noindex); the app adds the meta tag too.
      if (route && routes[route].noindex) reply.header('x-robots-tag', 'noindex');
      reply
        .code(route ? 200 : 404)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('content-security-policy', page.csp)
        .type('text/html; charset=utf-8');
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      if (encoding) return reply.header('content-encoding', encoding).send(compress[encoding](page.html));
      return reply.send(page.html);
    }
    return sendError(reply, request, 'NOT_FOUND');
  });
});
