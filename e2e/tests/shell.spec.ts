// The app shell: language routing and redirects, the FR/EN switch, the guard, the session
// (restore, refresh, revoked token, saved language), logout, Not Found and the mobile menu.
import { expect, test } from '@playwright/test';
import { registerViaApi, seedSession } from '../support/helpers';

test.describe('bare root', () => {
  test.describe('French browser', () => {
    test.use({ locale: 'fr-FR' });
    test('goes to /fr, in French, replacing the history entry', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/fr$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('link', { name: 'Tarifs' }).first()).toBeAttached();
    });
  });

  test.describe('English browser', () => {
    test.use({ locale: 'de-DE' });
    test('goes to /en for any language but French', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/en$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });

  test('is marked noindex for robots', async ({ request }) => {
    const response = await request.get('/');
    expect(response.headers()['x-robots-tag']).toBe('noindex');
    expect(await response.text()).toContain('<div id="root">');
  });
});

test.describe('unprefixed paths', () => {
  test.use({ locale: 'fr-FR' });
  test('move to the preferred language, keeping the query', async ({ page }) => {
    await page.goto('/pricing?from=mail');
    await expect(page).toHaveURL(/\/fr\/pricing\?from=mail$/);
  });
});

test.describe('language switch', () => {
  test('rewrites the language segment of the current URL, both ways', async ({ page }) => {
    await page.goto('/en/pricing');
    await expect(page).toHaveTitle(/Questkeeper/);
    await page.getByRole('link', { name: 'Voir en français' }).first().click();
    await expect(page).toHaveURL(/\/fr\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Connexion' }).first()).toBeVisible();
    await page.getByRole('link', { name: 'View in English' }).first().click();
    await expect(page).toHaveURL(/\/en\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('loads the texts a page downloads on its own (legal) in the new language', async ({ page }) => {
    await page.goto('/en/imprint');
    await expect(page.getByRole('heading', { level: 1, name: 'Imprint and privacy policy' })).toBeVisible();
    await page.getByRole('link', { name: 'Voir en français' }).first().click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mentions légales et politique de confidentialité' }),
    ).toBeVisible();
  });

  test('is hidden for a signed-in user, who sees Dashboard instead of Login', async ({ page, request }) => {
    const user = await registerViaApi(request);
    await seedSession(page, user);
    await page.goto('/en/pricing');
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voir en français' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  });
});

test.describe('guard and session', () => {
  test('sends anonymous visitors of the dashboard to the login page of their language', async ({ page }) => {
    await page.goto('/fr/dashboard');
    await expect(page).toHaveURL(/\/fr\/login$/);
  });

  test('restores a stored session, survives a reload, and logout goes to the root', async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request);
    await seedSession(page, user);
    await page.goto('/en/dashboard');
    await expect(page.getByRole('banner').getByText(user.email)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('banner').getByText(user.email)).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/en$/);
    // The token is revoked on the server, and the browser forgot it.
    const refresh = await request.get('/api/auth/refresh-session', {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(refresh.status()).toBe(401);
    await page.goto('/en/dashboard');
    await expect(page).toHaveURL(/\/en\/login$/);
  });

  test('a token the server no longer accepts logs out at start', async ({ page, request }) => {
    const user = await registerViaApi(request);
    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${user.token}` } });
    await seedSession(page, user);
    await page.goto('/en/dashboard');
    await expect(page).toHaveURL(/\/en\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('questkeeper.session'))).toBeNull();
  });

  test('a signed-in user on the other language prefix is moved to their saved language', async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request, { language: 'fr' });
    await seedSession(page, user);
    await page.goto('/en/pricing?ref=1');
    await expect(page).toHaveURL(/\/fr\/pricing\?ref=1$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.goto('/en/dashboard');
    await expect(page).toHaveURL(/\/fr\/dashboard$/);
    await expect(page.getByRole('banner').getByText(user.email)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  });

  test('the language saved on another device wins after the refresh at start', async ({ page, request }) => {
    const user = await registerViaApi(request, { language: 'en' });
    await seedSession(page, user);
    await request.put('/api/auth/language', {
      headers: { authorization: `Bearer ${user.token}` },
      data: { language: 'fr' },
    });
    await page.goto('/en/dashboard');
    await expect(page).toHaveURL(/\/fr\/dashboard$/);
  });
});

test.describe('Not Found', () => {
  for (const [language, title] of [
    ['en', 'Page Not Found'],
    ['fr', 'Page introuvable'],
  ] as const) {
    test(`answers 404 with the page, header and footer (${language})`, async ({ page }) => {
      const response = await page.goto(`/${language}/no-such-page`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(title));
    });
  }

  test('an unknown language segment is Not Found too', async ({ page }) => {
    const response = await page.goto('/de/login');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('opens, navigates and closes', async ({ page }) => {
    await page.goto('/en');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await expect(page).toHaveURL(/\/en\/pricing$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('has no horizontal scroll at 360 px', async ({ page }) => {
    for (const path of ['/en', '/fr/pricing', '/en/login', '/fr/imprint', '/en/terms-of-service']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test('navigating to the URL already shown reloads the view', async ({ page }) => {
  await page.goto('/en/login');
  const email = page.getByLabel('Email', { exact: true });
  await email.fill('typed@example.test');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(email).toHaveValue('');
});

test('the skip link is the first stop and focuses the page without reloading it', async ({ page }) => {
  await page.goto('/en/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const email = page.getByLabel('Email', { exact: true });
  await email.fill('typed@example.test');
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await expect(email).toHaveValue('typed@example.test');
});

test('a new page opens at its top', async ({ page }) => {
  await page.goto('/en/terms-of-service');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const imprint = page.getByRole('contentinfo').getByRole('link', { name: 'Imprint & privacy' });
  // The terms are an island page that loads the app on a demo-payments server (decision 069), as
  // this one is; the app renders the page afresh, replacing the footer. Its navigation is what is
  // tested here, so wait until React owns the link.
  await expect
    .poll(() => imprint.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
  await imprint.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await imprint.click();
  await expect(page).toHaveURL(/\/en\/imprint$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
