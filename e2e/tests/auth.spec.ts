// Sign in, register, forgot/reset password and the preselected plan (docs/decisions/011;
// docs/product.md#login-page and "Reset-password page", docs/product.md#password-reset, #passwords,
// #messages; decision 004: reset uses the register policy), in English and in French.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerViaApi, seedSession, STRONG_PASSWORD, uniqueEmail } from '../support/helpers';

const NEW_PASSWORD = 'Wyvern$Nest42';

const TEXT = {
  en: {
    signInHeading: 'Sign in',
    registerHeading: 'Create your account',
    toRegister: 'Create a free account',
    toSignIn: 'Sign in instead',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    signIn: 'Sign in',
    register: 'Create account',
    rules: [
      'At least 8 characters',
      'A lowercase letter',
      'An uppercase letter',
      'A digit',
      'One of !@#$%^&*',
    ],
    met: 'Met:',
    unmet: 'Not met:',
    invalidCredentials: 'Invalid credentials',
    emailTaken: 'An account with this email already exists.',
    forgot: 'Forgot password?',
    sendReset: 'Send reset link',
    resetSent: 'Password reset instructions sent! Check your email.',
    demoToken: 'For demo: You can now enter a new password below.',
    newPassword: 'New password',
    confirmNew: 'Confirm new password',
    saveNew: 'Save new password',
    resetDone: 'Password reset successful! You can now login with your new password.',
    mismatch: 'Passwords do not match',
    logout: 'Log out',
    resetHeading: 'Choose a new password',
    resetSubmit: 'Reset password',
    goToLogin: 'Go to login',
    invalidToken: 'This reset link is invalid or has expired. Please request a new one.',
    requestLink: 'Request a new link',
    planPrompt: 'Sign in, then subscribe to the Hero plan: its payment page opens in a new tab right after.',
    planPromptRegister:
      'Create your account, then subscribe to the Hero plan: its payment page opens in a new tab as soon as your account exists.',
    registerPlan: 'Create your account, then subscribe to Hero',
    terms: /^I am 18 or older and accept the terms of service/,
  },
  fr: {
    signInHeading: 'Se connecter',
    registerHeading: 'Créez votre compte',
    toRegister: 'Créer un compte gratuit',
    toSignIn: 'Me connecter plutôt',
    email: 'E-mail',
    password: 'Mot de passe',
    confirm: 'Confirmez le mot de passe',
    signIn: 'Me connecter',
    register: 'Créer le compte',
    rules: [
      'Au moins 8 caractères',
      'Une lettre minuscule',
      'Une lettre majuscule',
      'Un chiffre',
      'Un caractère parmi !@#$%^&*',
    ],
    met: 'Respecté :',
    unmet: 'Non respecté :',
    invalidCredentials: 'Identifiants invalides',
    emailTaken: 'Un compte existe déjà avec cet e-mail.',
    forgot: 'Mot de passe oublié ?',
    sendReset: 'Envoyer le lien',
    resetSent: 'Instructions de réinitialisation envoyées ! Consultez vos e-mails.',
    demoToken: 'Démo : vous pouvez maintenant saisir un nouveau mot de passe ci-dessous.',
    newPassword: 'Nouveau mot de passe',
    confirmNew: 'Confirmez le nouveau mot de passe',
    saveNew: 'Enregistrer le mot de passe',
    resetDone:
      'Mot de passe réinitialisé ! Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.',
    mismatch: 'Les mots de passe ne correspondent pas',
    logout: 'Se déconnecter',
    resetHeading: 'Choisissez un nouveau mot de passe',
    resetSubmit: 'Réinitialiser le mot de passe',
    goToLogin: 'Aller à la connexion',
    invalidToken: 'Ce lien de réinitialisation est invalide ou a expiré. Veuillez en demander un nouveau.',
    requestLink: 'Demander un nouveau lien',
    planPrompt:
      "Connectez-vous, puis abonnez-vous à la formule Hero : sa page de paiement s'ouvre dans un nouvel onglet juste après.",
    planPromptRegister:
      "Créez votre compte, puis abonnez-vous à la formule Hero : sa page de paiement s'ouvre dans un nouvel onglet dès que votre compte existe.",
    registerPlan: "Créer mon compte, puis m'abonner à la formule Hero",
    terms: /^J'ai 18 ans ou plus et j'accepte les conditions d'utilisation/,
  },
} as const;

type Text = (typeof TEXT)[keyof typeof TEXT];

/** Checklist items are read as a screen reader would: "Met: A digit" / "Not met: A digit". */
function expectRule(page: Page, s: Text, rule: string, met: boolean) {
  const item = page.getByRole('listitem').filter({ hasText: rule });
  return expect(item).toHaveText(`${met ? s.met : s.unmet} ${rule}`);
}

async function expectOnDashboard(page: Page, s: Text, lang: string, email: string) {
  await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));
  await expect(page.getByRole('banner').getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: s.logout })).toBeVisible();
}

async function signInThroughForm(page: Page, s: Text, email: string, password: string) {
  await page.getByLabel(s.email, { exact: true }).fill(email);
  await page.getByLabel(s.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: s.signIn, exact: true }).click();
}

async function demoResetToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/auth/forgot-password', { data: { email } });
  expect(response.ok()).toBe(true);
  const { resetToken } = (await response.json()) as { resetToken?: string };
  expect(resetToken).toBeTruthy();
  return resetToken as string;
}

for (const lang of ['en', 'fr'] as const) {
  const s = TEXT[lang];

  test.describe(`login page (${lang})`, () => {
    test('registers through the form, watching the checklist', async ({ page }) => {
      const email = uniqueEmail('register');
      await page.goto(`/${lang}/login`);
      await expect(page.getByRole('heading', { level: 1, name: s.signInHeading })).toBeVisible();
      await page.getByRole('button', { name: s.toRegister }).click();
      await expect(page.getByRole('heading', { level: 1, name: s.registerHeading })).toBeVisible();

      const submit = page.getByRole('button', { name: s.register, exact: true });
      await page.getByLabel(s.email, { exact: true }).fill(email);
      for (const rule of s.rules) await expectRule(page, s, rule, false);
      await expect(submit).toBeDisabled();

      const password = page.getByLabel(s.password, { exact: true });
      await password.fill('dragon');
      await expectRule(page, s, s.rules[1], true);
      await expectRule(page, s, s.rules[0], false);
      await expectRule(page, s, s.rules[2], false);
      await password.fill('Dragon#Keep');
      await expectRule(page, s, s.rules[0], true);
      await expectRule(page, s, s.rules[2], true);
      await expectRule(page, s, s.rules[4], true);
      await expectRule(page, s, s.rules[3], false);
      await password.fill(STRONG_PASSWORD);
      for (const rule of s.rules) await expectRule(page, s, rule, true);
      await expect(submit).toBeDisabled(); // No confirmation yet.

      const confirm = page.getByLabel(s.confirm, { exact: true });
      await confirm.fill(`${STRONG_PASSWORD}x`);
      await expect(page.getByText(s.mismatch)).toBeVisible();
      await expect(submit).toBeDisabled();
      await confirm.fill(STRONG_PASSWORD);
      await expect(page.getByText(s.mismatch)).toBeHidden();
      await expect(submit).toBeEnabled();
      await page.getByRole('checkbox', { name: s.terms }).check();
      await submit.click();

      await expectOnDashboard(page, s, lang, email);
      // The account took the UI language.
      const stored = await page.evaluate(() => localStorage.getItem('questkeeper.session'));
      expect(JSON.parse(stored ?? '{}')).toMatchObject({ user: { email, language: lang } });
    });

    test('signs in', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      await page.goto(`/${lang}/login`);
      await expect(page.getByRole('button', { name: s.signIn, exact: true })).toBeDisabled();
      await signInThroughForm(page, s, user.email, user.password);
      await expectOnDashboard(page, s, lang, user.email);
    });

    test('says so when the password is wrong', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      await page.goto(`/${lang}/login`);
      await signInThroughForm(page, s, user.email, 'Not-the-password1!');
      await expect(page.getByRole('alert')).toHaveText(s.invalidCredentials);
      await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
      await expect(page.getByRole('button', { name: s.signIn, exact: true })).toBeEnabled();
    });

    test('refuses to register an email that already has an account', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      await page.goto(`/${lang}/login?mode=register`);
      await page.getByLabel(s.email, { exact: true }).fill(user.email);
      await page.getByLabel(s.password, { exact: true }).fill(STRONG_PASSWORD);
      await page.getByLabel(s.confirm, { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole('checkbox', { name: s.terms }).check();
      await page.getByRole('button', { name: s.register, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(s.emailTaken);
      await expect(page).toHaveURL(/\/login\?mode=register$/);
    });

    test('toggling the mode clears the passwords and the error', async ({ page }) => {
      await page.goto(`/${lang}/login`);
      await signInThroughForm(page, s, uniqueEmail('nobody'), 'Whatever1!');
      await expect(page.getByRole('alert')).toBeVisible();
      await page.getByRole('button', { name: s.toRegister }).click();
      await expect(page.getByRole('alert')).toBeHidden();
      await expect(page.getByLabel(s.password, { exact: true })).toHaveValue('');
      await page.getByLabel(s.password, { exact: true }).fill('Typed#Here1');
      await page.getByRole('button', { name: s.toSignIn }).click();
      await expect(page.getByRole('heading', { level: 1, name: s.signInHeading })).toBeVisible();
      await expect(page.getByLabel(s.password, { exact: true })).toHaveValue('');
      await expect(page.getByLabel(s.confirm, { exact: true })).toHaveCount(0);
    });

    test('forgot password: demo token, new password, then sign in with it', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      await page.goto(`/${lang}/login`);
      await page.getByLabel(s.email, { exact: true }).fill(user.email);
      await page.getByRole('button', { name: s.forgot }).click();

      // The forgot form replaces the sign-in form, with the email carried over.
      await expect(page.getByLabel(s.password, { exact: true })).toHaveCount(0);
      await expect(page.getByLabel(s.email, { exact: true })).toHaveValue(user.email);
      await page.getByRole('button', { name: s.sendReset }).click();

      await expect(page.getByText(s.resetSent)).toBeVisible();
      await expect(page.getByText(s.demoToken)).toBeVisible();
      const save = page.getByRole('button', { name: s.saveNew });
      await expect(save).toBeDisabled();
      await page.getByLabel(s.newPassword, { exact: true }).fill('short');
      await expectRule(page, s, s.rules[0], false);
      await page.getByLabel(s.newPassword, { exact: true }).fill(NEW_PASSWORD);
      for (const rule of s.rules) await expectRule(page, s, rule, true);
      await page.getByLabel(s.confirmNew, { exact: true }).fill(NEW_PASSWORD);
      await save.click();

      // Back to the sign-in form, email kept, password to type.
      await expect(page.getByText(s.resetDone)).toBeVisible();
      await expect(page.getByLabel(s.email, { exact: true })).toHaveValue(user.email);
      await expect(page.getByLabel(s.password, { exact: true })).toBeFocused();
      await page.getByLabel(s.password, { exact: true }).fill(user.password);
      await page.getByRole('button', { name: s.signIn, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(s.invalidCredentials);
      await page.getByLabel(s.password, { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: s.signIn, exact: true }).click();
      await expectOnDashboard(page, s, lang, user.email);
    });

    test('a preselected plan opens the checkout in a new tab after registering', async ({ page }) => {
      const email = uniqueEmail('plan');
      await page.goto(`/${lang}/login?plan=Hero`);
      await expect(page.getByText(s.planPrompt)).toBeVisible();
      await page.getByRole('button', { name: s.toRegister }).click();
      await expect(page.getByText(s.planPromptRegister)).toBeVisible();
      await page.getByLabel(s.email, { exact: true }).fill(email);
      await page.getByLabel(s.password, { exact: true }).fill(STRONG_PASSWORD);
      await page.getByLabel(s.confirm, { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole('checkbox', { name: s.terms }).check();

      const checkout = page.waitForEvent('popup');
      await page.getByRole('button', { name: s.registerPlan, exact: true }).click();
      const tab = await checkout;
      await expect(tab).toHaveURL(new RegExp(`/${lang}/demo-checkout/`));
      await expectOnDashboard(page, s, lang, email);
    });

    test('a signed-in visitor goes straight to the dashboard', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      await seedSession(page, user);
      await page.goto(`/${lang}/login`);
      await expectOnDashboard(page, s, lang, user.email);
    });
  });

  test.describe(`reset-password page (${lang})`, () => {
    test('resets with the mailed link, then the new password signs in', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      const token = await demoResetToken(request, user.email);
      await page.goto(`/${lang}/reset-password?token=${encodeURIComponent(token)}`);
      await expect(page.getByRole('heading', { level: 1, name: s.resetHeading })).toBeVisible();

      const submit = page.getByRole('button', { name: s.resetSubmit });
      await expect(submit).toBeDisabled();
      await page.getByLabel(s.newPassword, { exact: true }).fill(NEW_PASSWORD);
      for (const rule of s.rules) await expectRule(page, s, rule, true);
      await page.getByLabel(s.confirmNew, { exact: true }).fill('Wyvern$Nest4');
      await page.getByLabel(s.newPassword, { exact: true }).focus(); // Leave the confirmation.
      await expect(page.getByText(s.mismatch)).toBeVisible();
      await expect(submit).toBeDisabled();
      await page.getByLabel(s.confirmNew, { exact: true }).fill(NEW_PASSWORD);
      await expect(submit).toBeEnabled();
      await submit.click();

      await expect(page.getByText(s.resetDone)).toBeVisible();
      await expect(page.getByLabel(s.newPassword, { exact: true })).toHaveCount(0);
      await page.getByRole('link', { name: s.goToLogin }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
      await signInThroughForm(page, s, user.email, NEW_PASSWORD);
      await expectOnDashboard(page, s, lang, user.email);
    });

    test('a used link shows the error above the button', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      const token = await demoResetToken(request, user.email);
      const used = await request.post('/api/auth/reset-password', {
        data: { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(used.ok()).toBe(true);

      await page.goto(`/${lang}/reset-password?token=${encodeURIComponent(token)}`);
      await page.getByLabel(s.newPassword, { exact: true }).fill('Another#Pass9');
      await page.getByLabel(s.confirmNew, { exact: true }).fill('Another#Pass9');
      await page.getByRole('button', { name: s.resetSubmit }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(s.invalidToken);
      await alert.getByRole('link', { name: s.requestLink }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?forgot$`));
      await expect(page.getByRole('button', { name: s.sendReset })).toBeVisible();
    });

    test('a link without its token points to the forgot-password form', async ({ page }) => {
      await page.goto(`/${lang}/reset-password`);
      await expect(page.getByLabel(s.newPassword, { exact: true })).toHaveCount(0);
      await page.getByRole('link', { name: s.requestLink }).click();
      await expect(page.getByRole('button', { name: s.sendReset })).toBeVisible();
    });
  });
}
