// Public pages prerendered at build time (docs/decisions/038): readable without
// JavaScript, in the URL's language; every one an island (decisions 069 and 073) that lives without
// the app, and starts it (rendered afresh, never hydrated: decision 080) only where it hands over.
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

/** The app's scripts (entry and chunks) the page requests; an island page requests none but its
 *  island script (decision 069). */
function appScripts(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' && !/^\/assets\/island-\w+\.js$/.test(file)) files.push(file);
  });
  return files;
}

test.describe('with JavaScript', () => {
  test('the landing page is an island: no app script, and its language link is a page load', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const scripts = appScripts(page);
    await page.goto('/en');
    const switchLink = page.getByRole('link', { name: 'FR — Voir en français' });
    await switchLink.click();
    await expect(page.getByRole('heading', { level: 1, name: TEXT.fr.landing })).toBeVisible();
    await expect(page).toHaveURL(/\/fr$/);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the phone menu of an island page opens and closes without the app', async ({ page }) => {
    const errors = collectErrors(page);
    const scripts = appScripts(page);
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/fr/pricing');
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    const close = page.getByRole('button', { name: 'Fermer le menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await close.click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await menu.getByRole('link', { name: 'Connexion' }).click();
    await expect(page).toHaveURL(/\/fr\/login$/);
    // The login page is an island too (decision 073): the app loads from its register form on.
    await expect(page.getByRole('heading', { level: 1, name: TEXT.fr.signIn })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the login page is an island whose register button starts the app on the register form', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const scripts = appScripts(page);
    await page.goto('/fr/login');
    const toRegister = page.getByRole('button', { name: TEXT.fr.toRegister });
    await page.getByRole('textbox', { name: TEXT.fr.email }).fill('mj@example.test');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    await toRegister.click();
    const heading = page.getByRole('heading', { level: 1, name: TEXT.fr.register });
    await expect(heading).toBeVisible();
    await expectHydrated(heading);
    // The email typed on the island's form is carried over, and focus lands on the heading.
    await expect(page.getByRole('textbox', { name: TEXT.fr.email })).toHaveValue('mj@example.test');
    await expect(heading).toBeFocused();
    expect(scripts.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test('a page opened at a #fragment keeps the fragment in the language link', async ({ page }) => {
    const errors = collectErrors(page);
    const scripts = appScripts(page);
    await page.goto('/en/pricing#plans');
    await expect(page.getByRole('heading', { level: 1, name: TEXT.en.pricing })).toBeVisible();
    await expect(page.getByRole('link', { name: 'FR — Voir en français' })).toHaveAttribute(
      'href',
      '/fr/pricing#plans',
    );
    expect(scripts).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the Not Found page links to its own path in the other language', async ({ page }) => {
    const errors = collectErrors(page, { expected404: true });
    const scripts = appScripts(page);
    const response = await page.goto('/en/no-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: TEXT.en.notFound })).toBeVisible();
    await expect(page.getByRole('link', { name: 'FR — Voir en français' })).toHaveAttribute(
      'href',
      '/fr/no-page-here',
    );
    expect(scripts).toEqual([]);
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
