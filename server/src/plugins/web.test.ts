import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/support/harness';
import { LANGUAGES } from '@questkeeper/core/i18n';
import { LOCALIZED_ROUTE_IDS, routes } from '@questkeeper/core/routes';
import { findAppRoute } from './web';

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  ctx = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each([
    '/',
    '/en',
    '/fr/',
    '/en/login',
    '/fr/reset-password',
    '/en/pricing',
    '/fr/dashboard',
    '/en/imprint',
    '/fr/terms-of-service',
    // The demo payment pages (decision 018): the id is checked by the page's API call.
    '/en/demo-checkout/00000000-0000-4000-8000-000000000000',
    '/fr/demo-portal/not-a-uuid',
  ])('answers the app route %s with index.html and 200', async (url) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  // Ties the server to core's route table: a page added there is served without touching this plugin.
  it('serves every page of the route table in both languages, and redirects it unprefixed', async () => {
    for (const language of LANGUAGES) {
      for (const id of LOCALIZED_ROUTE_IDS) {
        const url = routes[id].getHref(language, routes[id].path.includes(':') ? 'an-id' : '');
        const response = await ctx.app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('<div id="root">');
        if (id === 'landing') continue;
        const unprefixed = await ctx.app.inject({
          url: url.slice(`/${language}`.length),
          headers: { 'accept-language': language },
        });
        expect(unprefixed.statusCode, url).toBe(302);
        expect(unprefixed.headers.location).toBe(url);
      }
    }
  });

  it.each([
    '/de',
    '/en/nope',
    '/login-please',
    '/fr/dashboard/extra',
    '/en/demo-checkout',
    '/en/demo-portal/1/extra',
    '/en/demo-refund/1',
  ])('answers %s with the app and 404', async (url) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it.each([
    ['/login?plan=Hero', 'fr-FR', '/fr/login?plan=Hero'],
    ['/pricing', 'en-GB', '/en/pricing'],
    ['/dashboard/', 'de', '/en/dashboard'],
  ])('redirects the unprefixed %s (%s) to %s', async (url, language, location) => {
    const response = await ctx.app.inject({ url, headers: { 'accept-language': language } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed asset to clients that accept it', async () => {
    const response = await ctx.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('compresses index.html for clients that accept it, plain for the others', async () => {
    const gzip = await ctx.app.inject({ url: '/en', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root">');
    const plain = await ctx.app.inject({ url: '/en', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('marks the bare-root redirect screen noindex', async () => {
    const response = await ctx.app.inject({ url: '/' });
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });

  it('keeps unknown API paths in JSON', async () => {
    const response = await ctx.app.inject({ url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('knows which paths are app routes', () => {
    expect(findAppRoute('/')).toBe('root');
    expect(findAppRoute('/en/login')).toBe('login');
    expect(findAppRoute('/fr/demo-portal/1/')).toBe('demoPortal');
    expect(findAppRoute('/login')).toBeUndefined();
    expect(findAppRoute('/es/login')).toBeUndefined();
  });
});

// Decision 038: the build's prerendered pages (web/src/prerender) replace the empty shell for a
// public page at its exact path, and the Not Found page of the path's language answers 404s.
describe('serving prerendered pages', () => {
  const en = JSON.parse(fs.readFileSync(new URL('../../../core/locales/en.json', import.meta.url), 'utf8'));
  const fr = JSON.parse(fs.readFileSync(new URL('../../../core/locales/fr.json', import.meta.url), 'utf8'));
  const headings = {
    en: {
      landing: en.landing.heading,
      login: en.login.headingSignIn,
      pricing: en.pricing.heading,
      resetPassword: en.reset.title,
    },
    fr: {
      landing: fr.landing.heading,
      login: fr.login.headingSignIn,
      pricing: fr.pricing.heading,
      resetPassword: fr.reset.title,
    },
  } as const;
  const notFound = { en: en.notFound.title, fr: fr.notFound.title } as const;
  const page = (language: string, marker: string, body: string) =>
    `<!doctype html><html lang="${language}"><head><meta property="csp-nonce" nonce="QK_CSP_NONCE">` +
    `<link rel="stylesheet" href="/assets/index.css" nonce="QK_CSP_NONCE"></head>` +
    `<body><div id="root" data-prerendered="${marker}">${body}</div></body></html>`;

  let site: TestContext;
  let prerenderedDist: string;
  beforeAll(async () => {
    prerenderedDist = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-dist-'));
    fs.writeFileSync(path.join(prerenderedDist, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const language of LANGUAGES) {
      const folder = path.join(prerenderedDist, 'prerendered', language);
      fs.mkdirSync(folder, { recursive: true });
      for (const [id, heading] of Object.entries(headings[language])) {
        const url = routes[id as keyof typeof headings.en].getHref(language);
        fs.writeFileSync(path.join(folder, `${id}.html`), page(language, url, `<h1>${heading}</h1>`));
      }
      fs.writeFileSync(
        path.join(folder, 'not-found.html'),
        page(language, 'not-found', `<h1>${notFound[language]}</h1>`),
      );
    }
    site = await createTestApp({ env: { WEB_DIST: prerenderedDist } });
  });
  afterAll(async () => {
    await site?.close();
    fs.rmSync(prerenderedDist, { recursive: true, force: true });
  });

  it.each([
    ['/en', 'en', 'landing'],
    ['/fr', 'fr', 'landing'],
    ['/en/login', 'en', 'login'],
    ['/fr/login', 'fr', 'login'],
    ['/en/pricing', 'en', 'pricing'],
    ['/fr/pricing', 'fr', 'pricing'],
  ] as const)('answers %s with its page already rendered, in its language', async (url, language, id) => {
    const response = await site.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(`<html lang="${language}">`);
    expect(response.body).toContain(`<h1>${headings[language][id]}</h1>`);
    expect(response.body).toContain(`data-prerendered="${url}"`);
  });

  it('gives each answer its own nonce, in the page and in its CSP', async () => {
    const first = await site.app.inject({ url: '/fr/login' });
    const second = await site.app.inject({ url: '/fr/login' });
    const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
    const nonce = nonceOf(first.body);
    expect(nonce).toBeDefined();
    expect(nonce).not.toBe('QK_CSP_NONCE');
    expect(first.body).not.toContain('QK_CSP_NONCE');
    expect(nonceOf(second.body)).not.toBe(nonce);
    expect(first.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
  });

  it('compresses the prerendered page for clients that accept it', async () => {
    const response = await site.app.inject({ url: '/fr', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain(
      `<h1>${headings.fr.landing}</h1>`,
    );
  });

  it.each([
    ['/en/no-such-page', 'fr', 'en'],
    ['/fr/no/such/page', 'en', 'fr'],
    ['/fr/dashboard/extra', 'en', 'fr'],
    ['/no-such-page', 'fr-FR', 'fr'],
    ['/no-such-page', 'en-GB', 'en'],
    ['/de/login', 'fr', 'fr'],
  ] as const)(
    'answers the unknown %s (%s) with the Not Found page in %s and 404',
    async (url, accept, language) => {
      const response = await site.app.inject({ url, headers: { 'accept-language': accept } });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain(`<html lang="${language}">`);
      expect(response.body).toContain(`<h1>${notFound[language]}</h1>`);
    },
  );

  it.each([
    // Pages read their query (a plan) and the prerender has none.
    '/en/login?plan=Hero',
    // Another spelling of the path than the one rendered.
    '/en/',
    '/fr/login/',
    // Signed-in pages and the root's redirect screen are never prerendered.
    '/en/dashboard',
    '/',
  ])('answers %s with the shell', async (url) => {
    const response = await site.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<!doctype html><div id="root"></div>');
  });

  it('answers the reset page with its prerendered island whatever its query: the island reads the token', async () => {
    const response = await site.app.inject({ url: '/fr/reset-password?token=abc' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<h1>${headings.fr.resetPassword}</h1>`);
  });

  it('does not serve the prerendered files at their own paths', async () => {
    const response = await site.app.inject({ url: '/prerendered/en/login.html' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(headings.en.login);
  });
});
