// docs/decisions/011 journeys: the landing page (docs/product.md#overview) and the pricing page
// (docs/product.md#pricing-page, #limits, #tiers "Tiers and limits"), in English and French, anonymous and
// signed in.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ADDRESS, demoSessionId, registerViaApi, seedSession } from '../support/helpers';

const TEXT = {
  en: {
    heading: 'Run epic campaigns, not paperwork',
    startFree: 'Start free',
    registerHeading: 'Create your account',
    register: 'Create account',
    registerPlan: 'Create your account, then subscribe to Hero',
    seePricing: 'See pricing',
    featuresTitle: 'Everything your table needs',
    features: ['Campaigns', 'Characters and units', 'Combat simulator', 'Custom rules'],
    cta: 'Create your free account',
    pricingHeading: 'Choose your path',
    perMonth: '/ month',
    popular: 'Popular',
    getStarted: 'Get started',
    choose: (plan: string) => `Choose ${plan}`,
    upgrade: (plan: string) => `Upgrade to ${plan}`,
    currentPlan: 'Current plan',
    included: 'Included in your plan',
    noviceCampaigns: '1 campaign',
    noviceRules: 'Rules up to 50,000 characters',
    adventurerStatuses: '30 custom statuses',
    heroUnits: '200 units per campaign',
    heroRules: 'Rules up to 600,000 characters',
    everythingIn: 'Everything in Adventurer',
    checkoutOpened: 'The checkout opened in a new tab.',
    confirm: 'Pay (demo)',
    confirmed: 'Your account is now on Adventurer.',
    alreadySubscribed: 'You already have this plan or a higher one.',
  },
  fr: {
    heading: 'Menez des campagnes épiques, pas de la paperasse',
    startFree: 'Commencer gratuitement',
    registerHeading: 'Créez votre compte',
    register: 'Créer le compte',
    registerPlan: "Créer mon compte, puis m'abonner à la formule Hero",
    seePricing: 'Voir les tarifs',
    featuresTitle: "Tout ce qu'il faut à votre table",
    features: ['Campagnes', 'Personnages et unités', 'Simulateur de combat', 'Règles personnalisées'],
    cta: 'Créer mon compte gratuit',
    pricingHeading: 'Choisissez votre voie',
    perMonth: '/ mois',
    popular: 'Populaire',
    getStarted: 'Commencer',
    choose: (plan: string) => `Choisir ${plan}`,
    upgrade: (plan: string) => `Passer à ${plan}`,
    currentPlan: 'Formule actuelle',
    included: 'Inclus dans votre formule',
    noviceCampaigns: '1 campagne',
    // French groups thousands with a narrow no-break space.
    noviceRules: "Règles jusqu'à 50\u202f000 caractères",
    adventurerStatuses: '30 statuts personnalisés',
    heroUnits: '200 unités par campagne',
    heroRules: "Règles jusqu'à 600\u202f000 caractères",
    everythingIn: "Tout ce qu'offre la formule Adventurer",
    checkoutOpened: "Le paiement s'est ouvert dans un nouvel onglet.",
    confirm: 'Payer (démo)',
    confirmed: 'Votre compte bénéficie maintenant de la formule Adventurer.',
    alreadySubscribed: 'Vous avez déjà cette formule ou une formule supérieure.',
  },
} as const;

const planCard = (page: Page, plan: 'Novice' | 'Adventurer' | 'Hero'): Locator =>
  page.getByRole('article', { name: plan, exact: true });

for (const lang of ['en', 'fr'] as const) {
  const text = TEXT[lang];

  test.describe(`landing and pricing (${lang})`, () => {
    test('the landing page shows the hero, four feature cards and a call to action', async ({ page }) => {
      await page.goto(`/${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
      await expect(page.getByRole('link', { name: text.seePricing })).toHaveAttribute(
        'href',
        `/${lang}/pricing`,
      );

      const features = page.getByRole('region', { name: text.featuresTitle });
      await expect(features.getByRole('heading', { level: 3 })).toHaveText([...text.features]);
      await expect(page.getByRole('link', { name: text.cta })).toHaveAttribute(
        'href',
        `/${lang}/login?mode=register`,
      );

      // Start free opens the login page on its register form (docs/product.md#first-session).
      await page.getByRole('link', { name: text.startFree }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?mode=register$`));
      await expect(page.getByRole('heading', { level: 1, name: text.registerHeading })).toBeVisible();
      await expect(page.getByRole('button', { name: text.register, exact: true })).toBeVisible();
    });

    test('Start free keeps a plan chosen on the way to the landing page', async ({ page }) => {
      await page.goto(`/${lang}?plan=Hero`);
      await page.getByRole('link', { name: text.startFree }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?mode=register&plan=Hero$`));
      await expect(page.getByRole('heading', { level: 1, name: text.registerHeading })).toBeVisible();
      await expect(page.getByRole('button', { name: text.registerPlan, exact: true })).toBeVisible();
    });

    test('the pricing page shows three plans with their prices and limits', async ({ page }) => {
      await page.goto(`/${lang}/pricing`);
      await expect(page.getByRole('heading', { level: 1, name: text.pricingHeading })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(3);

      const novice = planCard(page, 'Novice');
      const adventurer = planCard(page, 'Adventurer');
      const hero = planCard(page, 'Hero');
      for (const [card, price] of [
        [novice, '0 €'],
        [adventurer, '10 €'],
        [hero, '20 €'],
      ] as const) {
        await expect(card.getByText(price, { exact: true })).toBeVisible();
        await expect(card.getByText(text.perMonth, { exact: true })).toBeVisible();
      }

      await expect(novice.getByText(text.noviceCampaigns, { exact: true })).toBeVisible();
      await expect(novice.getByText(text.noviceRules, { exact: true })).toBeVisible();
      await expect(adventurer.getByText(text.adventurerStatuses, { exact: true })).toBeVisible();
      await expect(hero.getByText(text.everythingIn, { exact: true })).toBeVisible();
      await expect(hero.getByText(text.heroUnits, { exact: true })).toBeVisible();
      await expect(hero.getByText(text.heroRules, { exact: true })).toBeVisible();

      await expect(adventurer.getByText(text.popular, { exact: true })).toBeVisible();
      await expect(novice.getByText(text.popular, { exact: true })).toHaveCount(0);
      await expect(hero.getByText(text.popular, { exact: true })).toHaveCount(0);

      await expect(novice.getByRole('link', { name: text.getStarted })).toHaveAttribute(
        'href',
        `/${lang}/login?mode=register`,
      );
    });

    test('an anonymous visitor choosing Hero goes to login with the plan preselected', async ({ page }) => {
      await page.goto(`/${lang}/pricing`);
      await planCard(page, 'Hero')
        .getByRole('link', { name: text.choose('Hero') })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?plan=Hero$`));
    });

    test('a signed-in Novice upgrades to Adventurer in a new tab', async ({ page, context, request }) => {
      const user = await registerViaApi(request, { language: lang });
      await seedSession(page, user);
      await page.goto(`/${lang}/pricing`);

      const novice = planCard(page, 'Novice');
      await expect(novice.getByRole('button', { name: text.currentPlan })).toBeDisabled();
      const upgrade = planCard(page, 'Adventurer').getByRole('button', { name: text.upgrade('Adventurer') });
      const upgradeHero = planCard(page, 'Hero').getByRole('button', { name: text.upgrade('Hero') });
      await expect(upgradeHero).toBeEnabled();

      const checkoutTab = context.waitForEvent('page');
      await upgrade.click();
      const checkout = await checkoutTab;
      await expect(checkout).toHaveURL(new RegExp(`/${lang}/demo-checkout/[0-9a-f-]+$`));
      // While the checkout is open, this page says so and offers no second checkout.
      await expect(page.getByRole('status').filter({ hasText: text.checkoutOpened })).toBeVisible();
      await expect(upgradeHero).toBeDisabled();

      // Paid, the checkout tab says so and closes itself (it was opened by this page).
      const closed = checkout.waitForEvent('close');
      await checkout.getByRole('button', { name: text.confirm }).click();
      await expect(checkout.getByText(text.confirmed)).toBeVisible();
      await closed;

      // The closed tab is noticed, the session refreshed: the cards follow the new plan.
      await expect(
        planCard(page, 'Adventurer').getByRole('button', { name: text.currentPlan }),
      ).toBeDisabled();
      await expect(novice.getByRole('button', { name: text.included })).toBeDisabled();
      await expect(upgradeHero).toBeEnabled();
    });

    test('a checkout the server refuses shows its message', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      // Upgrade the account behind the page's back (another device), through the demo checkout.
      const created = await request.post('/api/stripe/create-checkout-session', {
        headers: { authorization: `Bearer ${user.token}` },
        data: { plan: 'Hero', language: lang },
      });
      expect(created.status()).toBe(200);
      const { url } = (await created.json()) as { url: string };
      const confirmed = await request.post(`/api/stripe/demo/checkout/${demoSessionId(url)}/confirm`, {
        data: DEMO_ADDRESS,
      });
      expect(confirmed.status()).toBe(200);

      // This tab still believes the user is a Novice (its refresh never reaches the server).
      await page.route('**/api/auth/refresh-session', (route) => route.abort());
      await seedSession(page, user);
      await page.goto(`/${lang}/pricing`);
      await planCard(page, 'Adventurer')
        .getByRole('button', { name: text.upgrade('Adventurer') })
        .click();
      await expect(page.getByRole('alert')).toHaveText(text.alreadySubscribed);
      await expect(planCard(page, 'Hero').getByRole('button', { name: text.upgrade('Hero') })).toBeEnabled();
    });
  });
}
