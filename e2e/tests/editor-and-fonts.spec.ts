// a game master's first evening: the rules editor runs under the strict CSP (CodeMirror's
// theme admitted by the page's nonce, decision 023), continues lists on Enter and nests them with
// Tab, lets keyboard users out with Escape then Tab, draws one focus ring; the landing page shows
// our own typefaces, self-hosted, Latin only, and not preloaded: its first paint uses the
// metric-matched fallback faces and never waits on them (decision 069); they are `optional` there, so
// the first page of a first visit stays in the fallback and the next page paints in our typefaces,
// never swapping on screen (decision 076).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, seedSession, type ApiUser } from '../support/helpers';

const TEXT = {
  en: {
    edit: 'Edit',
    editor: 'Campaign rules, in markdown',
    hint: 'Tab indents. Esc then Tab leaves the editor.',
    heading: 'Run epic campaigns, not paperwork',
  },
  fr: {
    edit: 'Modifier',
    editor: 'Règles de la campagne, en markdown',
    hint: "Tab indente. Échap puis Tab quitte l'éditeur.",
    heading: 'Menez des campagnes épiques, pas de la paperasse',
  },
} as const;

/** Collects every CSP violation the page reports, from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { qkCsp: string[] }).qkCsp = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { qkCsp: string[] }).qkCsp)),
  ];
}

async function campaignWithRules(request: APIRequestContext, user: ApiUser, rules: string) {
  const auth = { authorization: `Bearer ${user.token}` };
  const created = await request.post('/api/game-data', {
    headers: auth,
    data: { name: 'Stormhold', template: 'default' },
  });
  expect(created.status()).toBe(201);
  const { _id } = (await created.json()) as { _id: string };
  expect((await request.put(`/api/game-data/${_id}`, { headers: auth, data: { rules } })).status()).toBe(200);
  return _id;
}

for (const language of ['en', 'fr'] as const) {
  const text = TEXT[language];

  test(`the rules editor continues and nests lists, without a CSP violation (${language})`, async ({
    page,
    request,
  }) => {
    const violations = await watchCsp(page);
    const user = await registerViaApi(request, { language });
    const id = await campaignWithRules(request, user, '# House rules');
    await seedSession(page, user);
    await page.goto(`/${language}/dashboard?campaign=${id}&view=rules`);
    await page.getByRole('button', { name: text.edit, exact: true }).click();
    const editor = page.getByRole('textbox', { name: text.editor });
    await expect(editor).toBeVisible();

    // CodeMirror's own theme applies (its <style> carries the page's nonce): it lays the editor out
    // as a flex column.
    await expect(page.locator('.cm-editor')).toHaveCSS('display', 'flex');

    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- Rest heals 10 HP');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Short rest');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Only once a day');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('1. Roll');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Act');
    // Line by line, indentation included (toHaveText would fold the spaces).
    await expect
      .poll(() => page.locator('.cm-content .cm-line').allTextContents())
      .toEqual([
        '# House rules',
        '',
        '- Rest heals 10 HP',
        '- Short rest',
        '  - Only once a day',
        '',
        '1. Roll',
        '2. Act',
      ]);
    const preview = page.getByRole('region', { name: language === 'en' ? 'Preview' : 'Aperçu' });
    await expect(preview.locator('ul ul li')).toHaveText('Only once a day');
    await expect(preview.locator('ol li')).toHaveText(['Roll', 'Act']);

    // One focus ring: the editor's box, not also the text inside it.
    const content = page.locator('.cm-content');
    await expect(content).toBeFocused();
    await expect(content).toHaveCSS('outline-style', 'none');
    await expect(page.locator('.cm-editor')).toHaveCSS('outline-style', 'solid');

    // The way out for keyboard users, and its hint.
    await expect(page.getByText(text.hint)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(content).not.toBeFocused();

    expect(await violations()).toEqual([]);
  });

  test(`the landing page shows our typefaces, self-hosted, without preloading them (${language})`, async ({
    page,
  }) => {
    const violations = await watchCsp(page);
    const fonts: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await page.goto(`/${language}`);
    const heading = page.getByRole('heading', { level: 1, name: text.heading });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveCSS('font-family', /^"Fraunces Variable"/);
    await expect(page.locator('body')).toHaveCSS('font-family', /^"Inter Variable"/);

    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      const faces: string[] = [];
      document.fonts.forEach((face) => {
        if (face.status === 'loaded') faces.push(`${face.family} ${face.style} ${face.display}`);
      });
      return {
        display: document.fonts.check('600 48px "Fraunces Variable"', 'Menez des campagnes épiques'),
        text: document.fonts.check('16px "Inter Variable"', 'Questkeeper réunit vos campagnes'),
        // check() is also true for a family no @font-face names: make sure ours are there and loaded.
        faces,
      };
    });
    expect(loaded.display).toBe(true);
    expect(loaded.text).toBe(true);
    expect(loaded.faces).toEqual(
      expect.arrayContaining(['Fraunces Variable normal optional', 'Inter Variable normal optional']),
    );

    // From our origin, Latin only (French accents need nothing more), and never preloaded: a
    // preload would compete with the stylesheet for the first paint.
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
    expect([...new Set(fonts)].sort()).toEqual([
      expect.stringMatching(/^\/assets\/fraunces-latin-wght-normal-[\w-]+\.woff2$/),
      expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
    ]);
    expect(await violations()).toEqual([]);

    // The next page load finds the files in the cache and paints its heading in Fraunces from the
    // start. (Whether the first page used them depends on whether they came within the browser's
    // short block period, which a quiet machine meets and a loaded one does not: no shift either
    // way, which the phone test below proves with the fonts held back.)
    await page.goto(`/${language}/pricing`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await renderedFonts(page, 'h1')).toContain('Fraunces');
  });
}

/** The font families Chromium drew an element's text with (not the CSS font-family list). */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
}

// Issue #37: CLS 0 on the public pages at Lighthouse's phone size, the web fonts arriving late.
test('the public pages do not shift when the web fonts arrive late, on a phone', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    for (const path of ['/en', '/fr', '/en/pricing', '/fr/pricing', '/en/login', '/fr/login']) {
      const page = await context.newPage();
      await page.route(/\.woff2$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      await page.addInitScript(() => {
        const shifts: string[] = [];
        (window as unknown as { qkShifts: string[] }).qkShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            sources: { node?: Node }[];
          }[]) {
            const what = entry.sources.map((source) => source.node?.textContent?.slice(0, 40)).join(', ');
            shifts.push(`${entry.value.toFixed(4)} ${what}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      // Past the fonts' arrival and the page's own scripts (the island, or the login page's app).
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 600))),
      );
      expect(await page.evaluate(() => (window as unknown as { qkShifts: string[] }).qkShifts), path).toEqual(
        [],
      );
      await page.close();
    }
  } finally {
    await context.close();
  }
});
