// The JavaScript each route loads: every script response of a fresh browser context (no cache),
// until the network is idle and the page shows its heading. Sizes are the gzip (level 9) of the
// bytes the browser ran, whatever the server's own encoding, so they do not depend on whether the
// server compresses. Also snapshots the rendered public pages without their scripts: the floor.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH } from './browser';

export interface Route {
  name: string;
  path: string;
  /** Public routes must never load the dashboard's code. */
  public: boolean;
}

export const ROUTES: Route[] = [
  { name: 'landing', path: '/en', public: true },
  { name: 'pricing', path: '/en/pricing', public: true },
  { name: 'login', path: '/en/login', public: true },
  { name: 'reset-password', path: '/en/reset-password?token=x', public: true },
  { name: 'imprint', path: '/en/imprint', public: true },
  { name: 'terms-of-service', path: '/en/terms-of-service', public: true },
  { name: 'dashboard (signed in)', path: '/en/dashboard', public: false },
];

export interface ScriptFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface RouteJs {
  route: string;
  path: string;
  public: boolean;
  /** The heading the page showed (empty when none appeared: a broken or still loading page). */
  heading: string;
  /** Where the browser ended up (a redirect, e.g. the guard sending to login, changes it). */
  finalPath: string;
  files: ScriptFile[];
  bytes: number;
  gzipBytes: number;
  /** Chunks a public page must not load: `dashboard-*`, or anything named after markdown. */
  forbidden: string[];
}

const isForbidden = (file: string) => file.startsWith('dashboard-') || /markdown/i.test(file);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS, headless: true });
}

async function signedInSession(origin: string): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Dragon#Keep3r', language: 'en' }),
  });
  if (response.status !== 201) {
    throw new Error(`POST /api/auth/register answered ${response.status}: ${await response.text()}`);
  }
  const { token, ...user } = (await response.json()) as { token: string } & Record<string, unknown>;
  return JSON.stringify({ token, user });
}

async function visit(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer | undefined>>();
  page.on('response', (response) => {
    const pathname = new URL(response.url()).pathname;
    const type = response.headers()['content-type'] ?? '';
    if (!/\.m?js$/.test(pathname) && !type.includes('javascript')) return;
    if (bodies.has(pathname)) return;
    bodies.set(
      pathname,
      response.body().catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  const heading = await page
    .locator('h1')
    .first()
    .textContent({ timeout: 15_000 })
    .catch(() => null);
  return { page, bodies, heading: heading?.trim() ?? '', finalPath: new URL(page.url()).pathname };
}

export async function measureRoutes(browser: Browser, origin: string): Promise<RouteJs[]> {
  const session = await signedInSession(origin);
  const results: RouteJs[] = [];
  for (const route of ROUTES) {
    const context = await browser.newContext();
    try {
      if (!route.public) {
        // A script string: bench/ is typechecked without the DOM library.
        await context.addInitScript({
          content: `localStorage.setItem('questkeeper.session', ${JSON.stringify(session)});`,
        });
      }
      const { bodies, heading, finalPath } = await visit(context, `${origin}${route.path}`);
      const files: ScriptFile[] = [];
      for (const [pathname, body] of bodies) {
        const bytes = await body;
        if (!bytes) throw new Error(`${route.path}: no body for ${pathname}`);
        files.push({
          file: path.basename(pathname),
          bytes: bytes.length,
          gzipBytes: gzipSync(bytes, { level: 9 }).length,
        });
      }
      files.sort((a, b) => b.gzipBytes - a.gzipBytes);
      results.push({
        route: route.name,
        path: route.path,
        public: route.public,
        heading,
        finalPath,
        files,
        bytes: files.reduce((sum, f) => sum + f.bytes, 0),
        gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
        forbidden: route.public ? files.map((f) => f.file).filter(isForbidden) : [],
      });
    } finally {
      await context.close();
    }
  }
  return results;
}

/**
 * The page as the app rendered it, without any script: the HTML a static or server-rendered site
 * would send for the same content, with the same stylesheet.
 */
export async function snapshotWithoutScripts(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const { page } = await visit(context, url);
    const html = await page.evaluate<string>(`(() => {
      for (const element of document.querySelectorAll('script, link[rel="modulepreload"]')) element.remove();
      return document.documentElement.outerHTML;
    })()`);
    return `<!doctype html>\n${html}`;
  } finally {
    await context.close();
  }
}
