// The profile view (docs/decisions/012; docs/product.md#profile-view, #session Session,
// docs/product.md#passwords, docs/product.md#api, #messages, #accounts: a password change signs out the other
// devices only): the language switch, the password change then a sign-in with the new password, the blocks of
// each plan, the customer portal of the demo provider, and axe in light and dark. In English and in French.
import { expect, test, type Page } from '@playwright/test';
import { gameMaster } from '../support/game-data';
import { expectNoSeriousA11yViolations, STRONG_PASSWORD, type ApiUser } from '../support/helpers';

const NEW_PASSWORD = 'Wyvern$Nest42';

const TEXT = {
  en: {
    profile: 'Profile',
    account: 'Account',
    language: 'Language',
    english: 'English',
    french: /Français/,
    saveLanguage: 'Save language',
    languageSaved: 'Language saved.',
    notifications: 'Recent notifications',
    password: 'Change password',
    changePassword: 'Change password',
    current: 'Current password',
    newPassword: 'New password',
    confirm: 'Confirm new password',
    changed: 'Password changed successfully!',
    wrongPassword: 'The current password is not correct.',
    logout: 'Log out',
    email: 'Email',
    signInPassword: 'Password',
    signIn: 'Sign in',
    invalidCredentials: 'Invalid credentials',
    offer: 'Go further with a paid plan',
    upgrade: 'Upgrade plan',
    billing: 'Subscription and billing',
    currentPlan: 'Current plan',
    manage: 'Manage subscription',
    noAddress: /No billing address on file yet/,
    country: 'France',
    portalTitle: 'Manage your subscription',
  },
  fr: {
    profile: 'Profil',
    account: 'Compte',
    language: 'Langue',
    english: /English/,
    french: 'Français',
    saveLanguage: 'Enregistrer la langue',
    languageSaved: 'Langue enregistrée.',
    notifications: 'Notifications récentes',
    password: 'Changer de mot de passe',
    changePassword: 'Changer le mot de passe',
    current: 'Mot de passe actuel',
    newPassword: 'Nouveau mot de passe',
    confirm: 'Confirmez le nouveau mot de passe',
    changed: 'Mot de passe modifié avec succès !',
    wrongPassword: 'Le mot de passe actuel est incorrect.',
    logout: 'Se déconnecter',
    email: 'E-mail',
    signInPassword: 'Mot de passe',
    signIn: 'Me connecter',
    invalidCredentials: 'Identifiants invalides',
    offer: 'Allez plus loin avec une formule payante',
    upgrade: 'Améliorer ma formule',
    billing: 'Abonnement et facturation',
    currentPlan: 'Formule actuelle',
    manage: 'Gérer mon abonnement',
    noAddress: /Aucune adresse de facturation enregistrée/,
    country: 'France',
    portalTitle: 'Gérer votre abonnement',
  },
} as const;
type Lang = keyof typeof TEXT;
const OTHER: Record<Lang, Lang> = { en: 'fr', fr: 'en' };

async function openProfile(page: Page, language: Lang, campaignId?: string) {
  const query = campaignId ? `?campaign=${campaignId}&view=profile` : '?view=profile';
  await page.goto(`/${language}/dashboard${query}`);
  await expect(
    page.getByRole('heading', { level: 1, name: TEXT[language].profile, exact: true }),
  ).toBeVisible();
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

for (const lang of ['en', 'fr'] as const) {
  const s = TEXT[lang];
  const other = OTHER[lang];
  const o = TEXT[other];

  test.describe(`profile (${lang})`, () => {
    // Several reloads and a language round trip: past 30 s when the machine is busy.
    test.describe.configure({ timeout: 60_000 });
    test('switches the language: new prefix, texts at once, kept on reload and on the server, and back', async ({
      page,
      request,
    }) => {
      const { user, campaign } = await gameMaster(page, request, { language: lang });
      await openProfile(page, lang, campaign._id);
      const card = region(page, s.language);
      const save = card.getByRole('button', { name: s.saveLanguage });
      await expect(save).toBeDisabled();

      await card.getByRole('radio', { name: lang === 'en' ? s.french : s.english }).check();
      await save.click();

      await expect(page).toHaveURL(`/${other}/dashboard?campaign=${campaign._id}&view=profile`);
      await expect(page.getByRole('heading', { level: 1, name: o.profile, exact: true })).toBeVisible();
      // Said in a toast, in the new language.
      await expect(region(page, o.notifications).getByText(o.languageSaved)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      // The keyboard user is back on the choice just saved.
      await expect(region(page, o.language).getByRole('radio', { checked: true })).toBeFocused();

      const refreshed = await request.get('/api/auth/refresh-session', {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(((await refreshed.json()) as ApiUser).language).toBe(other);

      await page.reload();
      await expect(page).toHaveURL(`/${other}/dashboard?campaign=${campaign._id}&view=profile`);
      await expect(page.getByRole('heading', { level: 1, name: o.profile, exact: true })).toBeVisible();
      await expect(page.getByText(o.languageSaved)).toBeHidden();
      await expect(
        region(page, o.language).getByRole('radio', { name: lang === 'en' ? o.french : o.english }),
      ).toBeChecked();

      // And back.
      await region(page, o.language)
        .getByRole('radio', { name: lang === 'en' ? o.english : o.french })
        .check();
      await region(page, o.language).getByRole('button', { name: o.saveLanguage }).click();
      await expect(page).toHaveURL(`/${lang}/dashboard?campaign=${campaign._id}&view=profile`);
      await expect(page.getByRole('heading', { level: 1, name: s.profile, exact: true })).toBeVisible();
      await expect(region(page, s.notifications).getByText(s.languageSaved)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    });

    test('changes the password, refuses a wrong current one, then signs in with the new one only', async ({
      page,
      request,
    }) => {
      test.slow(); // Two argon2 hashes, a logout and two sign-ins.
      const { user } = await gameMaster(page, request, { language: lang });
      await openProfile(page, lang);
      const card = region(page, s.password);
      const submit = card.getByRole('button', { name: s.changePassword });
      await expect(submit).toBeDisabled();

      // A wrong current password: the server's message, beside the field.
      await card.getByLabel(s.current, { exact: true }).fill('Not#Mine123');
      await card.getByLabel(s.newPassword, { exact: true }).fill(NEW_PASSWORD);
      await card.getByLabel(s.confirm, { exact: true }).fill(NEW_PASSWORD);
      await submit.click();
      await expect(card.getByText(s.wrongPassword)).toBeVisible();
      await expect(card.getByLabel(s.current, { exact: true })).toBeFocused();
      await expect(page.getByText(s.changed)).toBeHidden();

      await card.getByLabel(s.current, { exact: true }).fill(STRONG_PASSWORD);
      await expect(card.getByText(s.wrongPassword)).toBeHidden();
      await submit.click();
      // Said in a toast; errors stay beside their field.
      await expect(region(page, s.notifications).getByText(s.changed)).toBeVisible();
      for (const label of [s.current, s.newPassword, s.confirm]) {
        await expect(card.getByLabel(label, { exact: true })).toHaveValue('');
      }
      await expect(submit).toBeDisabled();

      // This device stays signed in (docs/product.md#accounts: only the other tokens are revoked).
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: s.profile, exact: true })).toBeVisible();

      await page.getByRole('button', { name: s.logout }).click();
      // The root's redirect (a full load) lands on /en or /fr: wait for it, or it may undo the next goto.
      await expect(page).toHaveURL(/\/(en|fr)$/);
      await page.goto(`/${lang}/login`);
      await page.getByLabel(s.email, { exact: true }).fill(user.email);
      await page.getByLabel(s.signInPassword, { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: s.signIn, exact: true }).click();
      await expect(page.getByText(s.invalidCredentials)).toBeVisible();

      await page.getByLabel(s.signInPassword, { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: s.signIn, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard`));
      await expect(page.getByText(user.email).first()).toBeVisible();
    });

    test('Novice sees the upgrade block and no billing', async ({ page, request }) => {
      await gameMaster(page, request, { language: lang });
      await openProfile(page, lang);
      const offer = region(page, s.offer);
      await expect(offer).toBeVisible();
      await expect(offer.getByRole('button', { name: s.upgrade })).toBeEnabled();
      await expect(region(page, s.billing)).toHaveCount(0);
      await expect(page.getByRole('button', { name: s.manage })).toHaveCount(0);
    });

    test('Adventurer sees the billing address and reaches the demo customer portal', async ({
      page,
      request,
    }) => {
      await gameMaster(page, request, { language: lang, tier: 'Adventurer' });
      await openProfile(page, lang);
      const billing = region(page, s.billing);
      // The address typed on the demo checkout (support/helpers.ts upgradeViaDemo).
      await expect(billing.getByText('12 Dragon Lane')).toBeVisible();
      await expect(billing.getByText('69001 Lyon')).toBeVisible();
      await expect(billing.getByText(s.country, { exact: true })).toBeVisible();
      await expect(billing.getByRole('button', { name: s.upgrade })).toBeVisible();
      await expect(billing.getByText(s.currentPlan)).toHaveCount(0);
      await expect(region(page, s.offer)).toHaveCount(0);

      await billing.getByRole('button', { name: s.manage }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/demo-portal/`));
      await expect(page.getByRole('heading', { level: 1, name: s.portalTitle })).toBeVisible();
    });

    test("Hero sees 'Current plan' and no upgrade", async ({ page, request }) => {
      await gameMaster(page, request, { language: lang, tier: 'Hero' });
      await openProfile(page, lang);
      const billing = region(page, s.billing);
      await expect(billing.getByText(s.currentPlan)).toBeVisible();
      await expect(page.getByRole('main').getByRole('button', { name: s.upgrade })).toHaveCount(0);
      await expect(billing.getByRole('button', { name: s.manage })).toBeEnabled();
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`profile accessibility, ${colorScheme}`, () => {
    test.use({ colorScheme });
    for (const [lang, tier] of [
      ['en', 'Novice'],
      ['fr', 'Hero'],
    ] as const) {
      test(`${tier} (${lang})`, async ({ page, request }) => {
        const s = TEXT[lang];
        await gameMaster(page, request, { language: lang, tier });
        await openProfile(page, lang);
        if (tier === 'Novice') await expect(region(page, s.offer)).toBeVisible();
        else await expect(region(page, s.billing).getByText('12 Dragon Lane')).toBeVisible();
        // With the checklist and an error on screen too.
        const card = region(page, s.password);
        await card.getByLabel(s.newPassword, { exact: true }).fill('short');
        await card.getByLabel(s.confirm, { exact: true }).fill('shorter');
        await card.getByLabel(s.confirm, { exact: true }).blur();
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}
