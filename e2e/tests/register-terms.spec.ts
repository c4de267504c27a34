// Registration asks for age and terms (docs/product.md#register), in English and French: the
// required checkbox links the terms (in a new tab, so the form keeps what was typed); creating the
// account without it says what is missing and goes nowhere; ticked, the account is created.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, STRONG_PASSWORD, uniqueEmail } from '../support/helpers';

const TEXT = {
  en: {
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    register: 'Create account',
    terms: 'I am 18 or older and accept the terms of service (opens in a new tab)',
    termsLink: 'terms of service (opens in a new tab)',
    missing: 'To create an account, confirm that you are 18 or older and accept the terms of service.',
    termsHeading: 'Terms of service',
    apiClients: /using the Questkeeper API/,
  },
  fr: {
    email: 'E-mail',
    password: 'Mot de passe',
    confirm: 'Confirmez le mot de passe',
    register: 'Créer le compte',
    terms: "J'ai 18 ans ou plus et j'accepte les conditions d'utilisation (s'ouvre dans un nouvel onglet)",
    termsLink: "conditions d'utilisation (s'ouvre dans un nouvel onglet)",
    missing:
      "Pour créer un compte, confirmez que vous avez 18 ans ou plus et que vous acceptez les conditions d'utilisation.",
    termsHeading: "Conditions générales d'utilisation",
    apiClients: /l'API de Questkeeper/,
  },
} as const;

for (const lang of ['en', 'fr'] as const) {
  const s = TEXT[lang];

  test(`registering needs the age and terms checkbox, which links the terms (${lang})`, async ({ page }) => {
    const email = uniqueEmail(`terms-${lang}`);
    await page.goto(`/${lang}/login?mode=register`);
    await page.getByLabel(s.email, { exact: true }).fill(email);
    await page.getByLabel(s.password, { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel(s.confirm, { exact: true }).fill(STRONG_PASSWORD);

    const box = page.getByRole('checkbox', { name: s.terms });
    await expect(box).not.toBeChecked();
    const link = page.getByRole('link', { name: s.termsLink });
    await expect(link).toHaveAttribute('href', `/${lang}/terms-of-service`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: s.register, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(s.missing);
    await expect(box).toBeFocused();
    await expect(page).toHaveURL(/\/login\?mode=register$/);

    // The terms open beside the form, and say that using the API accepts them.
    const [terms] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(terms.getByRole('heading', { level: 1, name: s.termsHeading })).toBeVisible();
    await expect(terms.getByText(s.apiClients)).toBeVisible();
    await terms.close();
    await expect(page.getByLabel(s.email, { exact: true })).toHaveValue(email);

    await box.check();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: s.register, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));
  });
}
