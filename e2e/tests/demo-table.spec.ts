// The demo table (docs/product.md#first-session), in English and French: a new account's empty dashboard
// offers "Try a demo table"; the button is busy while the campaign is made, then the campaign opens with a
// toast, its rules, its heroes and its encounter in the page's language. Axe light and dark on the empty
// dashboard.
import { expect, test } from '@playwright/test';
import {
  expectColorScheme,
  expectNoSeriousA11yViolations,
  registerViaApi,
  seedSession,
  fillRegisterForm,
} from '../support/helpers';

const TEXT = {
  en: {
    empty: 'Create your first campaign',
    demo: 'Try a demo table',
    creating: 'Setting the table…',
    campaign: 'Demo: The Ashen Bridge',
    created: /Campaign "Demo: The Ashen Bridge" created\./,
    rulesHeading: 'How to play this demo',
    units: 'Units',
    hero: 'Brenna Ironhand',
    encounters: 'Encounters',
    encounter: 'Ambush at the Ashen Bridge',
    startFree: 'Start free',
  },
  fr: {
    empty: 'Créez votre première campagne',
    demo: 'Essayer une table de démo',
    creating: 'Mise en place de la table…',
    campaign: 'Démo : le Pont de cendre',
    created: /Campagne.+Démo : le Pont de cendre.+créée\./,
    rulesHeading: 'Comment jouer cette démo',
    units: 'Unités',
    hero: 'Brenna Poing-de-Fer',
    encounters: 'Rencontres',
    encounter: 'Embuscade au Pont de cendre',
    startFree: 'Commencer gratuitement',
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  const s = TEXT[lang];

  test(`a new account tries the demo table from its empty dashboard (${lang})`, async ({ page, request }) => {
    const user = await registerViaApi(request, { language: lang });
    await seedSession(page, user);
    await page.goto(`/${lang}/dashboard`);
    await expect(page.getByRole('heading', { name: s.empty })).toBeVisible();

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectColorScheme(page, scheme);
      await expectNoSeriousA11yViolations(page);
    }
    // Screenshots of the empty dashboard for review, wide and on a phone (the phone's in the next test).
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await page.screenshot({
      path: test.info().outputPath(`empty-dashboard-${lang}-1280.png`),
      fullPage: true,
    });

    // Held a moment on its way, so the busy button can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/game-data/demo', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: s.demo }).click();
    const busy = page.getByRole('button', { name: s.creating });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    release();

    await expect(page.getByText(s.created)).toBeVisible();
    await expect(page).toHaveURL(/campaign=/);
    await expect(page.getByRole('heading', { name: s.rulesHeading })).toBeVisible();

    await page.getByRole('link', { name: s.units, exact: true }).click();
    await expect(page.getByText(s.hero).first()).toBeVisible();
    await page.getByRole('link', { name: s.encounters, exact: true }).click();
    await expect(page.getByText(s.encounter).first()).toBeVisible();
  });

  test(`the empty dashboard offers the demo table on a phone (${lang})`, async ({ page, request }) => {
    const user = await registerViaApi(request, { language: lang });
    await seedSession(page, user);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/${lang}/dashboard`);
    const demo = page.getByRole('button', { name: s.demo });
    await expect(demo).toBeVisible();
    // The two buttons are stacked, each as wide as the card.
    const box = await demo.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(250);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`empty-dashboard-${lang}-375.png`),
      fullPage: true,
    });
  });

  test(`from Start free to a demo table: register, then play (${lang})`, async ({ page }) => {
    await page.goto(`/${lang}`);
    await page.getByRole('link', { name: s.startFree }).click();
    await fillRegisterForm(page, lang, `demo-${lang}`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));
    await page.getByRole('button', { name: s.demo }).click();
    await expect(page.getByText(s.created)).toBeVisible();
    await expect(page.getByRole('heading', { name: s.rulesHeading })).toBeVisible();
  });
}
