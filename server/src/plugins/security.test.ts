// The app's HTML page carries a fresh CSP nonce on each answer, for the <style> element CodeMirror
// injects (decision 023); every other answer keeps the fixed, nonce-less policy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/support/harness';
import { CSP_NONCE_PLACEHOLDER, noncedPage } from './security';

/** What the web build writes (web/vite.config.ts, html.cspNonce). */
const BUILT_PAGE =
  `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
  `<script type="module" nonce="${CSP_NONCE_PLACEHOLDER}" src="/assets/index.js"></script><div id="root"></div>`;

const styleSrc = (csp: string | undefined) => /style-src ([^;]*)/.exec(csp ?? '')?.[1];
const nonceIn = (html: string) => /property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];

describe('nonced page', () => {
  it('gives each answer its own nonce, in the page and in style-src only', () => {
    const page = noncedPage(BUILT_PAGE);
    const first = page();
    const second = page();
    const nonce = nonceIn(first.html);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceIn(second.html)).not.toBe(nonce);
    expect(first.html).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(first.html.match(new RegExp(`nonce="${nonce?.replace(/[+/]/g, '\\$&')}"`, 'g'))).toHaveLength(2);
    expect(styleSrc(first.csp)).toBe(`'self' 'nonce-${nonce}'`);
    expect(first.csp).toContain("script-src 'self';");
    expect(first.csp).not.toContain('unsafe-inline');
  });
});

describe('served page', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), BUILT_PAGE);
    ctx = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers the app with the nonce of its CSP, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await ctx.app.inject({
        url: '/fr/dashboard',
        headers: { 'accept-encoding': encoding },
      });
      const html =
        encoding === 'br'
          ? zlib.brotliDecompressSync(response.rawPayload).toString()
          : encoding === 'gzip'
            ? zlib.gunzipSync(response.rawPayload).toString()
            : response.body;
      const nonce = nonceIn(html);
      expect(nonce, encoding).toBeDefined();
      expect(styleSrc(response.headers['content-security-policy'] as string)).toBe(`'self' 'nonce-${nonce}'`);
    }
  });

  it('keeps the fixed policy, without a nonce, on API answers', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(styleSrc(response.headers['content-security-policy'] as string)).toBe("'self'");
  });
});
