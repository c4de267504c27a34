// Accessibility scan (axe, serious and critical violations) of every public page and the signed-in
// dashboard, in English and French and in both colour schemes (docs/decisions/011; spec quality bar: contrast
// passes in light and dark).
import { expect, test, type Page } from '@playwright/test';
import {
  expectColorScheme,
  expectNoSeriousA11yViolations,
  registerViaApi,
  seedSession,
} from '../support/helpers';

const TEXT = {
  en: {
    toRegister: 'Create a free account',
    registerHeading: 'Create your account',
    forgot: 'Forgot password?',
    sendReset: 'Send reset link',
    openMenu: 'Open menu',
  },
  fr: {
    toRegister: 'Créer un compte gratuit',
    registerHeading: 'Créez votre compte',
    forgot: 'Mot de passe oublié ?',
    sendReset: 'Envoyer le lien',
    openMenu: 'Ouvrir le menu',
  },
} as const;

type Scheme = 'light' | 'dark';

/** Opens a page, waits for its one h1 (and anything it loads afterwards), then scans it. */
async function scan(page: Page, scheme: Scheme, path: string, ready?: (page: Page) => Promise<void>) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await ready?.(page);
  // The scheme under test is the one the page sees (the dark tokens are a media query).
  await expectColorScheme(page, scheme);
  await expectNoSeriousA11yViolations(page);
}

for (const colorScheme of ['light', 'dark'] satisfies Scheme[]) {
  test.describe(`${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    for (const lang of ['en', 'fr'] as const) {
      const pages: Record<string, [string, ((page: Page) => Promise<void>)?]> = {
        landing: [`/${lang}`],
        pricing: [`/${lang}/pricing`],
        'reset password with a token': [`/${lang}/reset-password?token=x`],
        'reset password without a token': [`/${lang}/reset-password`],
        // The operator details come from the server: scan them loaded, not as skeletons.
        imprint: [
          `/${lang}/imprint`,
          (page) => expect(page.getByText('(sample value)').first()).toBeVisible(),
        ],
        terms: [
          `/${lang}/terms-of-service`,
          (page) => expect(page.getByRole('link', { name: /@/ }).first()).toBeVisible(),
        ],
        'not found': [`/${lang}/no-such-page`],
      };

      for (const [name, [path, ready]] of Object.entries(pages)) {
        test(`${name} (${lang})`, async ({ page }) => {
          await scan(page, colorScheme, path, ready);
        });
      }

      test(`login: sign-in, register and forgot-password forms (${lang})`, async ({ page }) => {
        const s = TEXT[lang];
        await scan(page, colorScheme, `/${lang}/login`);

        await page.getByRole('button', { name: s.toRegister }).click();
        await expect(page.getByRole('heading', { level: 1, name: s.registerHeading })).toBeVisible();
        await expectNoSeriousA11yViolations(page);

        await scan(page, colorScheme, `/${lang}/login`);
        await page.getByRole('button', { name: s.forgot }).click();
        await expect(page.getByRole('button', { name: s.sendReset })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });

      test(`mobile header with the menu open (${lang})`, async ({ page }) => {
        await page.setViewportSize({ width: 375, height: 740 });
        await scan(page, colorScheme, `/${lang}`);
        await page.getByRole('button', { name: TEXT[lang].openMenu }).click();
        await expect(page.locator('#mobile-menu')).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });

      test(`dashboard of a signed-in user (${lang})`, async ({ page, request }) => {
        const user = await registerViaApi(request, { language: lang });
        await seedSession(page, user);
        // Scanned loaded: the email in the top bar and the empty state of a new account.
        await scan(page, colorScheme, `/${lang}/dashboard`, async (page) => {
          await expect(page.getByRole('banner').getByText(user.email)).toBeVisible();
          await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible();
        });
      });
    }
  });
}

// WCAG 2.5.3 (label in name): the FR/EN switch shows "FR"/"EN", so its accessible name must begin
// with that text for a speech user saying "click FR" (axe only checks that it is contained).
for (const lang of ['en', 'fr'] as const) {
  test(`the language switch's accessible name starts with its visible text (${lang})`, async ({ page }) => {
    for (const path of [`/${lang}`, `/${lang}/login`]) {
      await page.goto(path);
      const other = lang === 'en' ? 'fr' : 'en';
      const link = page.getByRole('navigation').locator(`a[hreflang="${other}"]`);
      await expect(link).toHaveText(other.toUpperCase());
      await expect(link).toHaveAccessibleName(new RegExp(`^${other.toUpperCase()}\\b`));
      await expect(link).toHaveAttribute('lang', other);
    }
  });
}
