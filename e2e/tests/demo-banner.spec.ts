// Decision 045: a server running demo mail and payments on a network on purpose (DEMO_MODE=true, an
// app server of its own here) shows a banner on every page — public (prerendered, by its island script),
// signed-in and capability pages — in English and French, and passes axe; the shared e2e server
// (demo mode on loopback, no DEMO_MODE) shows none. QK_SHOTS_DIR=… saves the banner at 1280 and
// 375 px, light and dark.
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { startAppServer, type AppServer } from '../support/app-server';
import {
  expectColorScheme,
  expectNoSeriousA11yViolations,
  registerViaApi,
  seedSession,
} from '../support/helpers';

const SHOTS = process.env.QK_SHOTS_DIR;

const TEXT = {
  en: {
    label: 'Demo server',
    text: "Demo: mail and payments are simulated, and anyone can reset any account's password. Do not enter anything you want to keep private.",
  },
  fr: {
    label: 'Serveur de démonstration',
    text: "Démo\u00a0: les courriels et les paiements sont simulés, et n'importe qui peut réinitialiser le mot de passe de n'importe quel compte. N'y saisissez rien de privé.",
  },
} as const;

const banner = (page: Page, lang: 'en' | 'fr') => page.getByRole('region', { name: TEXT[lang].label });

/** Loads `path` and waits for the page's /api/site answer, after which the banner is decided. */
async function open(page: Page, url: string): Promise<void> {
  const site = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/site');
  await page.goto(url);
  expect((await site).status()).toBe(200);
}

test.describe('with DEMO_MODE=true', () => {
  // One app server for the file's tests, run in order in one worker.
  test.describe.configure({ mode: 'serial' });
  let server: AppServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startAppServer({ DEMO_MODE: 'true' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const lang of ['en', 'fr'] as const) {
    test(`every page says mail and payments are simulated (${lang})`, async ({ page }) => {
      test.setTimeout(60_000);
      const base = server!.baseURL;

      // Public and prerendered: the build's page, then the banner its island script shows.
      await open(page, `${base}/${lang}`);
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', `/${lang}`);
      await expect(banner(page, lang)).toHaveText(TEXT[lang].text);
      // Above the site, and not in the way of the skip link.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: /Skip|Aller au contenu/ })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      // Contrast in the dark scheme too (its colours are a media query).
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectColorScheme(page, 'dark');
      await expectNoSeriousA11yViolations(page);
      await page.emulateMedia({ colorScheme: 'light' });

      // Signed in: the dashboard.
      const api = await playwrightRequest.newContext({ baseURL: base });
      const user = await registerViaApi(api, { language: lang });
      const checkout = await api.post('/api/stripe/create-checkout-session', {
        headers: { authorization: `Bearer ${user.token}` },
        data: { plan: 'Hero', language: lang },
      });
      expect(checkout.status()).toBe(200);
      const { url: checkoutUrl } = (await checkout.json()) as { url: string };
      await api.dispose();
      await seedSession(page, user);
      await page.goto(`${base}/${lang}/dashboard`);
      await expect(page.getByRole('complementary')).toBeVisible();
      await expect(banner(page, lang)).toHaveText(TEXT[lang].text);
      // The full-window dashboard fits under the banner: nothing of it below the window.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
        .toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);

      // A page outside the site layout (the demo checkout's own) and an unknown page.
      await page.goto(checkoutUrl);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner(page, lang)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.goto(`${base}/${lang}/no-such-page`);
      await expect(banner(page, lang)).toBeVisible();

      if (SHOTS) {
        const shoot = async (name: string, url: string, ready: () => Promise<void>) => {
          for (const colorScheme of ['light', 'dark'] as const) {
            await page.emulateMedia({ colorScheme });
            for (const width of [1280, 375]) {
              await page.setViewportSize({ width, height: 700 });
              await page.goto(url);
              await expect(banner(page, lang)).toBeVisible();
              await ready();
              await page.screenshot({
                path: `${SHOTS}/demo-banner-${name}-${lang}-${width}-${colorScheme}.png`,
              });
            }
          }
        };
        await shoot('landing', `${base}/${lang}`, () =>
          expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
        );
        await shoot('dashboard', `${base}/${lang}/dashboard`, () =>
          expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible(),
        );
      }
    });
  }
});

test.describe('demo mode on loopback only (no DEMO_MODE)', () => {
  for (const lang of ['en', 'fr'] as const) {
    test(`no banner on public or signed-in pages (${lang})`, async ({ page, request }) => {
      await open(page, `/${lang}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner(page, lang)).toHaveCount(0);

      await seedSession(page, await registerViaApi(request, { language: lang }));
      await open(page, `/${lang}/dashboard`);
      await expect(page.getByRole('complementary')).toBeVisible();
      await expect(banner(page, lang)).toHaveCount(0);
    });
  }
});
