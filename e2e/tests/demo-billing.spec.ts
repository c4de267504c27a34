// the demo payment provider end to end (decision 018): a Novice upgrades to Adventurer
// through the upgrade modal and the demo checkout pop-up (which closes itself once paid), goes on to
// Hero through the demo customer portal (Manage subscription), then cancels back to Novice with every
// campaign and unit kept (docs/product.md#downgrade: nothing is deleted). Axe scans of both demo pages in
// light and dark, in English and French.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer as auth, createCampaign, numberedUnits, unitApi } from '../support/game-data';
import {
  expectColorScheme,
  expectNoSeriousA11yViolations,
  registerViaApi,
  seedSession,
  upgradeViaDemo,
} from '../support/helpers';

const TEXT = {
  en: {
    badge: (tier: string) => `Plan: ${tier}`,
    upgradeItem: 'Upgrade plan',
    upgradeTitle: 'Upgrade your plan',
    upgradeTo: (plan: string) => `Upgrade to ${plan}`,
    demoBanner: 'Demo payment — no card is charged',
    checkoutTitle: (plan: string) => `Subscribe to ${plan}`,
    price: (euros: number) => `${euros} € per month`,
    city: 'City',
    pay: 'Pay (demo)',
    closing: 'This window closes by itself…',
    nowOn: (plan: string) => `Your account is now on ${plan}.`,
    billing: 'Subscription and billing',
    manage: 'Manage subscription',
    portalTitle: 'Manage your subscription',
    currentPlan: (plan: string) => `Current plan: ${plan}`,
    switchTo: (plan: string) => `Switch to ${plan}`,
    cancelSubscription: 'Cancel subscription',
    cancelTitle: 'Cancel your subscription?',
    downgraded: 'Your subscription is cancelled; the account is back on Novice.',
    back: 'Back to Questkeeper',
    active: 'Subscription active.',
  },
  fr: {
    badge: (tier: string) => `Formule : ${tier}`,
    upgradeItem: 'Améliorer ma formule',
    upgradeTitle: 'Améliorer votre formule',
    upgradeTo: (plan: string) => `Passer à ${plan}`,
    demoBanner: "Paiement de démonstration — aucune carte n'est débitée",
    checkoutTitle: (plan: string) => `S'abonner à ${plan}`,
    price: (euros: number) => `${euros} € par mois`,
    city: 'Ville',
    pay: 'Payer (démo)',
    closing: 'Cette fenêtre se ferme toute seule…',
    nowOn: (plan: string) => `Votre compte bénéficie maintenant de la formule ${plan}.`,
    billing: 'Abonnement et facturation',
    manage: 'Gérer mon abonnement',
    portalTitle: 'Gérer votre abonnement',
    currentPlan: (plan: string) => `Formule actuelle : ${plan}`,
    switchTo: (plan: string) => `Passer à ${plan}`,
    cancelSubscription: "Résilier l'abonnement",
    cancelTitle: 'Résilier votre abonnement ?',
    downgraded: 'Votre abonnement est résilié ; le compte est revenu à la formule Novice.',
    back: 'Retour à Questkeeper',
    active: 'Abonnement actif.',
  },
} as const;
type Lang = keyof typeof TEXT;

const sidebar = (page: Page) => page.getByRole('complementary');

for (const lang of ['en', 'fr'] as const satisfies Lang[]) {
  const s = TEXT[lang];

  test(`upgrade and downgrade through the demo provider end to end (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await registerViaApi(request, { language: lang });
    const realm = await createCampaign(request, user, 'Realm of Ash');
    await seedSession(page, user);
    const limitLoaded = page.waitForResponse((r) => r.url().endsWith('/api/game-data/campaigns/limit'));
    await page.goto(`/${lang}/dashboard`);
    await limitLoaded;
    const banner = page.getByRole('banner');
    await expect(banner.getByText(s.badge('Novice'))).toBeAttached();
    await expect(sidebar(page).getByText('1 / 1')).toBeVisible();

    // 1. Novice → Adventurer: the upgrade modal opens the demo checkout in a pop-up.
    await sidebar(page).getByRole('button', { name: s.upgradeItem }).click();
    const dialog = page.getByRole('dialog', { name: s.upgradeTitle });
    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: s.upgradeTo('Adventurer') }).click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL(new RegExp(`/${lang}/demo-checkout/[0-9a-f-]+$`));
    await expect(popup.getByRole('complementary', { name: s.demoBanner })).toBeVisible();
    await expect(popup.getByRole('heading', { level: 1, name: s.checkoutTitle('Adventurer') })).toBeVisible();
    await expect(popup.getByText(s.price(10))).toBeVisible();
    await popup.getByLabel(s.city).fill('Lyon');
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: s.pay }).click();
    await expect(popup.getByRole('status')).toHaveText(`${s.nowOn('Adventurer')} ${s.closing}`);
    await closed;
    // The modal saw the window close and refreshed the user: badge and limits follow, no reload.
    await expect(dialog).toBeHidden();
    await expect(banner.getByText(s.badge('Adventurer'))).toBeAttached();
    await expect(sidebar(page).getByText('1 / 2')).toBeVisible();

    // More than Novice allows, so the downgrade has something to keep.
    await createCampaign(request, user, 'Second Age');
    const units = unitApi(request, user, realm);
    await units.createRoster(numberedUnits('Scout', 12));

    // 2. Adventurer → Hero through the customer portal (same tab).
    await page.goto(`/${lang}/dashboard?view=profile`);
    const billing = page.getByRole('region', { name: s.billing });
    await expect(billing.getByText('00000 Lyon')).toBeVisible();
    await expect(billing.getByText(s.active)).toBeVisible();
    await billing.getByRole('button', { name: s.manage }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/demo-portal/[0-9a-f-]+$`));
    await expect(page.getByRole('heading', { level: 1, name: s.portalTitle })).toBeVisible();
    await expect(page.getByRole('complementary', { name: s.demoBanner })).toBeVisible();
    await expect(page.getByText(s.currentPlan('Adventurer'))).toBeVisible();
    await page.getByRole('button', { name: s.switchTo('Hero') }).click();
    await expect(page.getByRole('status')).toHaveText(s.nowOn('Hero'));
    await page.getByRole('link', { name: s.back }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard\\?(campaign=[^&]+&)?view=profile$`));
    await expect(banner.getByText(s.badge('Hero'))).toBeAttached();
    await createCampaign(request, user, 'Third Dawn');

    // 3. Hero → Novice: cancel in the portal, after a confirmation.
    await billing.getByRole('button', { name: s.manage }).click();
    await expect(page.getByText(s.currentPlan('Hero'))).toBeVisible();
    await page.getByRole('button', { name: s.cancelSubscription }).click();
    const confirm = page.getByRole('dialog', { name: s.cancelTitle });
    await confirm.getByRole('button', { name: s.cancelSubscription }).click();
    await expect(page.getByRole('status')).toHaveText(s.downgraded);
    await page.getByRole('link', { name: s.back }).click();
    await expect(banner.getByText(s.badge('Novice'))).toBeAttached();
    await expect(page.getByRole('region', { name: s.billing })).toHaveCount(0);

    // Nothing was deleted: three campaigns over a limit of one, twelve units over ten.
    for (const name of ['Realm of Ash', 'Second Age', 'Third Dawn']) {
      await expect(sidebar(page).getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(sidebar(page).getByText('3 / 1')).toBeVisible();
    expect(await units.list()).toHaveLength(12);
  });
}

/** A live demo session of each kind, opened through the API as the app does. */
async function demoUrls(request: APIRequestContext, lang: Lang) {
  const novice = await registerViaApi(request, { language: lang });
  const checkout = await request.post('/api/stripe/create-checkout-session', {
    headers: auth(novice),
    data: { plan: 'Hero', language: lang },
  });
  const paid = await registerViaApi(request, { language: lang });
  await upgradeViaDemo(request, paid, 'Adventurer');
  const portal = await request.post('/api/stripe/create-customer-portal-session', {
    headers: auth(paid),
    data: { language: lang },
  });
  const path = async (response: Awaited<typeof checkout>) =>
    new URL(((await response.json()) as { url: string }).url).pathname;
  return { checkout: await path(checkout), portal: await path(portal) };
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`demo payment pages accessibility, ${colorScheme}`, () => {
    test.use({ colorScheme });
    for (const lang of ['en', 'fr'] as const) {
      test(`checkout and portal pages (${lang})`, async ({ page, request }) => {
        const urls = await demoUrls(request, lang);
        await page.goto(urls.checkout);
        await expect(
          page.getByRole('heading', { level: 1, name: TEXT[lang].checkoutTitle('Hero') }),
        ).toBeVisible();
        await expectColorScheme(page, colorScheme);
        await expectNoSeriousA11yViolations(page);
        await page.goto(urls.portal);
        await expect(page.getByRole('heading', { level: 1, name: TEXT[lang].portalTitle })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}
