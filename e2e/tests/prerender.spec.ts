// Public pages prerendered at build time (docs/decisions/038): readable without
// JavaScript, in the URL's language, and hydrated without a mismatch when JavaScript runs.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerViaApi, seedSession } from '../support/helpers';

const TEXT = {
  en: {
    landing: 'Run epic campaigns, not paperwork',
    signIn: 'Sign in',
    register: 'Create your account',
    toRegister: 'Create a free account',
    email: 'Email',
    password: 'Password',
    notFound: 'Page Not Found',
    pricing: 'Choose your path',
  },
  fr: {
    landing: 'Menez des campagnes épiques, pas de la paperasse',
    signIn: 'Se connecter',
    register: 'Créez votre compte',
    toRegister: 'Créer un compte gratuit',
    email: 'E-mail',
    password: 'Mot de passe',
    notFound: 'Page introuvable',
    pricing: 'Choisissez votre voie',
  },
} as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page is readable in English', async ({ page }) => {
    const response = await page.goto('/en');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: TEXT.en.landing })).toBeVisible();
    await expect(page.getByRole('link', { name: 'FR — Voir en français' })).toHaveAttribute('href', '/fr');
    await expect(page).toHaveTitle('Campaign manager for game masters · Questkeeper');
  });

  test('the login page shows its form in French', async ({ page }) => {
    const response = await page.goto('/fr/login');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: TEXT.fr.signIn })).toBeVisible();
    await expect(page.getByRole('textbox', { name: TEXT.fr.email })).toBeVisible();
    await expect(page.getByLabel(TEXT.fr.password, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: TEXT.fr.toRegister })).toBeVisible();
    await expect(page).toHaveTitle('Connexion · Questkeeper');
  });

  test('an unknown path is the Not Found page of its language, with status 404', async ({ page }) => {
    const response = await page.goto('/fr/pas-de-page-ici');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: TEXT.fr.notFound })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

/** Console errors and uncaught errors (React reports hydration mismatches, #418/#423, as both). */
function collectErrors(page: Page, { expected404 = false } = {}): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs the page's own 404 status.
    if (expected404 && /status of 404/.test(message.text())) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until React owns `element`: hydrated (or rendered) by the app, not just server markup. */
async function expectHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
}

/** Holds the app's entry script (the page stays prerendered markup) until `release()`. */
async function holdEntry(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

test.describe('with JavaScript', () => {
  test('the landing page hydrates and switches language without reloading', async ({ page }) => {
    const errors = collectErrors(page);
    // The app's entry waits until the prerendered heading is marked: hydration keeps that very
    // element, a fresh client render would replace it.
    const { release } = await holdEntry(page);
    await page.goto('/en', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: TEXT.en.landing });
    await heading.evaluate((node) => Object.assign(node, { qkPrerendered: true }));
    release();
    await expectHydrated(heading);
    expect(await heading.evaluate((node) => 'qkPrerendered' in node)).toBe(true);
    const switchLink = page.getByRole('link', { name: 'FR — Voir en français' });
    await expectHydrated(switchLink);
    // Set in this document: a full page load (a plain link, not the router) would lose it.
    await page.evaluate(() => Object.assign(window, { qkSameDocument: true }));
    await switchLink.click();
    await expect(page.getByRole('heading', { level: 1, name: TEXT.fr.landing })).toBeVisible();
    await expect(page).toHaveURL(/\/fr$/);
    expect(await page.evaluate(() => 'qkSameDocument' in window)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a visitor who scrolled before hydration keeps their place, and the footer link then works', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // The entry is held until the visitor has scrolled to the footer of the prerendered page.
    const { release } = await holdEntry(page);
    await page.goto('/fr', { waitUntil: 'commit' });
    const imprint = page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Mentions légales et confidentialité' });
    await imprint.scrollIntoViewIfNeeded();
    const place = await page.evaluate(() => window.scrollY);
    expect(place).toBeGreaterThan(300);
    release();
    await expectHydrated(imprint);
    // React commits (and runs the view's layout effect) before the frames that follow hydration.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(place);
    await imprint.click();
    await expect(page).toHaveURL(/\/fr\/imprint$/);
    // A page reached by a link still opens at its top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('the login page hydrates and its register form opens', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/fr/login');
    const toRegister = page.getByRole('button', { name: TEXT.fr.toRegister });
    await expectHydrated(toRegister);
    await toRegister.click();
    await expect(page.getByRole('heading', { level: 1, name: TEXT.fr.register })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a page opened at a #fragment hydrates and keeps the fragment in the language link', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/en/pricing#plans');
    await expectHydrated(page.getByRole('heading', { level: 1, name: TEXT.en.pricing }));
    await expect(page.getByRole('link', { name: 'FR — Voir en français' })).toHaveAttribute(
      'href',
      '/fr/pricing#plans',
    );
    expect(errors).toEqual([]);
  });

  test('the Not Found page is rendered for its own path', async ({ page }) => {
    const errors = collectErrors(page, { expected404: true });
    const response = await page.goto('/en/no-page-here');
    expect(response?.status()).toBe(404);
    await expectHydrated(page.getByRole('heading', { level: 1, name: TEXT.en.notFound }));
    await expect(page.getByRole('link', { name: 'FR — Voir en français' })).toHaveAttribute(
      'href',
      '/fr/no-page-here',
    );
    expect(errors).toEqual([]);
  });

  test('a signed-in visitor still sees their dashboard link on the landing page', async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page);
    const user = await registerViaApi(request, { language: 'en' });
    await seedSession(page, user);
    await page.goto('/en');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: TEXT.en.landing })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
