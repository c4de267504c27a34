// docs/decisions/012 journeys: the contact modal (docs/product.md#contact-modal, #validation, #messages,
// #limits: counters, send, success, closes by itself after 2 s) and the upgrade modal
// (docs/product.md#upgrade-modal, #subscription, #tiers: Novice → Adventurer through the demo checkout
// window, the tier badge, limits and ad banner changing at once, without a reload; Adventurer sees Hero only;
// Hero is offered nothing), with axe scans of both open modals in light and dark.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectColorScheme,
  expectNoSeriousA11yViolations,
  registerViaApi,
  seedSession,
  type ApiUser,
  upgradeViaDemo,
} from '../support/helpers';

const TEXT = {
  en: {
    contact: 'Contact support',
    subject: 'Subject',
    message: 'Message',
    send: 'Send',
    cancel: 'Cancel',
    sent: "Message sent successfully! We'll get back to you soon.",
    upgradeItem: 'Upgrade plan',
    upgradeTitle: 'Upgrade your plan',
    upgradeTo: (plan: string) => `Upgrade to ${plan}`,
    popular: 'Popular',
    waiting: 'Awaiting payment…',
    checkoutOpened: /The checkout opened in a new window/,
    notNow: 'Not now',
    demoTitle: 'Subscribe to Adventurer',
    demoConfirm: 'Pay (demo)',
    demoDone: 'All set',
    badge: (tier: string) => `Plan: ${tier}`,
    ad: 'Your saga deserves more room.',
    perMonth: '/ month',
  },
  fr: {
    contact: 'Contacter le support',
    subject: 'Objet',
    message: 'Message',
    send: 'Envoyer',
    cancel: 'Annuler',
    sent: 'Message envoyé ! Nous vous répondrons très vite.',
    upgradeItem: 'Améliorer ma formule',
    upgradeTitle: 'Améliorer votre formule',
    upgradeTo: (plan: string) => `Passer à ${plan}`,
    popular: 'Populaire',
    waiting: 'Paiement en cours…',
    checkoutOpened: /Le paiement s'est ouvert dans une nouvelle fenêtre/,
    notNow: 'Plus tard',
    demoTitle: "S'abonner à Adventurer",
    demoConfirm: 'Payer (démo)',
    demoDone: "C'est fait",
    badge: (tier: string) => `Formule : ${tier}`,
    ad: "Votre saga mérite plus d'espace.",
    perMonth: '/ mois',
  },
} as const;

type Lang = keyof typeof TEXT;

async function createCampaign(request: APIRequestContext, user: ApiUser, name: string): Promise<void> {
  const response = await request.post('/api/game-data', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { name, template: 'default' },
  });
  expect(response.status()).toBe(201);
}

const sidebar = (page: Page) => page.getByRole('complementary');

/** A signed-in game master on the dashboard, with one campaign and the campaign limit loaded. */
async function openDashboard(page: Page, request: APIRequestContext, lang: Lang, user?: ApiUser) {
  const account = user ?? (await registerViaApi(request, { language: lang }));
  await createCampaign(request, account, 'Realm of Ash');
  await seedSession(page, account);
  const limitLoaded = page.waitForResponse((r) => r.url().endsWith('/api/game-data/campaigns/limit'));
  await page.goto(`/${lang}/dashboard`);
  await limitLoaded;
  await expect(sidebar(page).getByRole('button', { name: 'Realm of Ash', exact: true })).toBeVisible();
  return account;
}

const counter = (lang: Lang, current: number, max: number) => {
  const number = new Intl.NumberFormat(lang);
  return `${number.format(current)} / ${number.format(max)}`;
};

for (const lang of ['en', 'fr'] as const) {
  const s = TEXT[lang];

  test.describe(`account modals (${lang})`, () => {
    test('contact: live counters, send, success, then the modal closes by itself', async ({
      page,
      request,
    }) => {
      await openDashboard(page, request, lang);
      const item = sidebar(page).getByRole('button', { name: s.contact });
      await item.click();
      const dialog = page.getByRole('dialog', { name: s.contact });
      await expect(dialog).toBeVisible();
      const subject = dialog.getByRole('textbox', { name: s.subject });
      const message = dialog.getByRole('textbox', { name: s.message });
      await expect(subject).toBeFocused();
      await expect(dialog.getByText(counter(lang, 0, 200))).toBeVisible();
      await expect(dialog.getByText(counter(lang, 0, 5000))).toBeVisible();
      const send = dialog.getByRole('button', { name: s.send });
      await expect(send).toBeDisabled();

      await subject.fill('The dice roller');
      await expect(dialog.getByText(counter(lang, 15, 200))).toBeVisible();
      await expect(send).toBeDisabled();
      await message.fill('Could the combat simulator roll initiative with a d12?');
      await expect(dialog.getByText(counter(lang, 54, 5000))).toBeVisible();
      // Hard limits: typing stops at the maximum.
      await subject.fill('x'.repeat(250));
      await expect(subject).toHaveValue('x'.repeat(200));
      await expect(dialog.getByText(counter(lang, 200, 200))).toBeVisible();
      await subject.fill('The dice roller');

      await expectNoSeriousA11yViolations(page);
      const sent = page.waitForResponse((r) => r.url().endsWith('/api/contact/send'));
      await send.click();
      expect((await sent).status()).toBe(200);
      await expect(dialog.getByRole('status').filter({ hasText: s.sent })).toBeVisible();
      await expect(dialog.getByRole('button', { name: s.send })).toHaveCount(0);
      // docs/product.md#timings: 2 seconds after the success, it closes on its own; focus returns to the
      // item.
      await expect(dialog).toBeHidden({ timeout: 5000 });
      await expect(item).toBeFocused();
    });

    test('contact: cancel closes without sending', async ({ page, request }) => {
      await openDashboard(page, request, lang);
      let posted = false;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/contact/send')) posted = true;
      });
      await sidebar(page).getByRole('button', { name: s.contact }).click();
      const dialog = page.getByRole('dialog', { name: s.contact });
      await dialog.getByRole('textbox', { name: s.subject }).fill('Never mind');
      await dialog.getByRole('button', { name: s.cancel }).click();
      await expect(dialog).toBeHidden();
      expect(posted).toBe(false);
    });

    test('upgrade: Novice becomes Adventurer through the demo checkout window, without a reload', async ({
      page,
      request,
    }) => {
      await openDashboard(page, request, lang);
      const banner = page.getByRole('banner');
      await expect(banner.getByText(s.badge('Novice'))).toBeAttached();
      await expect(banner.getByText(s.ad)).toBeVisible();
      await expect(sidebar(page).getByText('1 / 1')).toBeVisible();
      // Marks this document: a reload would lose the mark.
      await page.evaluate(() => ((window as unknown as { qkMark: number }).qkMark = 1));

      await sidebar(page).getByRole('button', { name: s.upgradeItem }).click();
      const dialog = page.getByRole('dialog', { name: s.upgradeTitle });
      const cards = dialog.getByRole('article');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0).getByRole('heading', { name: 'Adventurer' })).toBeVisible();
      await expect(cards.nth(0).getByText(s.popular)).toBeVisible();
      await expect(cards.nth(0).getByText('10 €')).toBeVisible();
      await expect(cards.nth(1).getByRole('heading', { name: 'Hero' })).toBeVisible();
      await expect(cards.nth(1).getByText('20 €')).toBeVisible();
      await expect(cards.nth(1).getByText(s.popular)).toHaveCount(0);

      const popupOpened = page.waitForEvent('popup');
      await dialog.getByRole('button', { name: s.upgradeTo('Adventurer') }).click();
      const popup = await popupOpened;
      await expect(popup).toHaveURL(new RegExp(`/${lang}/demo-checkout/`));
      await expect(popup.getByRole('heading', { level: 1, name: s.demoTitle })).toBeVisible();
      // The modal waits for the window, Hero out of reach meanwhile.
      await expect(dialog.getByText(s.checkoutOpened)).toBeVisible();
      await expect(dialog.getByRole('button', { name: s.waiting })).toBeDisabled();
      await expect(dialog.getByRole('button', { name: s.upgradeTo('Hero') })).toBeDisabled();

      const closed = popup.waitForEvent('close');
      await popup.getByRole('button', { name: s.demoConfirm }).click();
      await expect(popup.getByRole('heading', { name: s.demoDone })).toBeVisible();
      // Paid, the checkout window closes itself; the modal notices it and refreshes the user.
      await closed;

      await expect(dialog).toBeHidden();
      await expect(banner.getByText(s.badge('Adventurer'))).toBeAttached();
      await expect(banner.getByText(s.ad)).toHaveCount(0);
      await expect(sidebar(page).getByText('1 / 2')).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { qkMark?: number }).qkMark)).toBe(1);

      // Adventurer is offered Hero only.
      await sidebar(page).getByRole('button', { name: s.upgradeItem }).click();
      await expect(dialog.getByRole('article')).toHaveCount(1);
      await expect(dialog.getByRole('heading', { name: 'Hero' })).toBeVisible();
      await expect(dialog.getByText(s.popular)).toHaveCount(0);
      await dialog.getByRole('button', { name: s.notNow }).click();
      await expect(dialog).toBeHidden();
    });

    test('upgrade: a Hero is offered no upgrade', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      await upgradeViaDemo(request, user, 'Hero');
      await openDashboard(page, request, lang, { ...user, tier: 'Hero' });
      await expect(page.getByRole('banner').getByText(s.badge('Hero'))).toBeAttached();
      await expect(sidebar(page).getByRole('button', { name: s.contact })).toBeVisible();
      await expect(sidebar(page).getByRole('button', { name: s.upgradeItem })).toHaveCount(0);
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    for (const lang of ['en', 'fr'] as const) {
      const s = TEXT[lang];
      test(`axe: the open contact and upgrade modals (${lang})`, async ({ page, request }) => {
        await openDashboard(page, request, lang);
        await expectColorScheme(page, colorScheme);

        await sidebar(page).getByRole('button', { name: s.contact }).click();
        const contact = page.getByRole('dialog', { name: s.contact });
        await contact.getByRole('textbox', { name: s.subject }).fill('Colours');
        await expectNoSeriousA11yViolations(page);
        await contact.getByRole('button', { name: s.cancel }).click();
        await expect(contact).toBeHidden();

        await sidebar(page).getByRole('button', { name: s.upgradeItem }).click();
        const upgrade = page.getByRole('dialog', { name: s.upgradeTitle });
        await expect(upgrade.getByRole('article')).toHaveCount(2);
        await expect(upgrade.getByText(s.perMonth).first()).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}
