// Real mail (decision 017): an app server of its own with SMTP_URL pointing at an SMTP
// server started here. Register, get the welcome mail, ask for a reset from the login page, follow
// the mailed link, set a new password and sign in with it — in English and in French. With SMTP the
// token only travels by mail: the page shows no demo token and no new-password form.
import { expect, test } from '@playwright/test';
import { startAppServer, type AppServer } from '../support/app-server';
import { linkIn, startMailCatcher, type MailCatcher } from '../support/mail-server';
import { STRONG_PASSWORD, uniqueEmail } from '../support/helpers';

const NEW_PASSWORD = 'Wyvern$Nest42';

const TEXT = {
  en: {
    toRegister: 'Create a free account',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    register: 'Create account',
    signIn: 'Sign in',
    logout: 'Log out',
    invalidCredentials: 'Invalid credentials',
    forgot: 'Forgot password?',
    sendReset: 'Send reset link',
    resetSent: 'Password reset instructions sent! Check your email.',
    demoToken: 'For demo: You can now enter a new password below.',
    newPassword: 'New password',
    confirmNew: 'Confirm new password',
    resetHeading: 'Choose a new password',
    resetSubmit: 'Reset password',
    resetDone: 'Password reset successful! You can now login with your new password.',
    goToLogin: 'Go to login',
    welcomeSubject: 'Welcome to Questkeeper, game master!',
    resetSubject: 'Reset your Questkeeper password',
  },
  fr: {
    toRegister: 'Créer un compte gratuit',
    email: 'E-mail',
    password: 'Mot de passe',
    confirm: 'Confirmez le mot de passe',
    register: 'Créer le compte',
    signIn: 'Me connecter',
    logout: 'Se déconnecter',
    invalidCredentials: 'Identifiants invalides',
    forgot: 'Mot de passe oublié ?',
    sendReset: 'Envoyer le lien',
    resetSent: 'Instructions de réinitialisation envoyées ! Consultez vos e-mails.',
    demoToken: 'Démo : vous pouvez maintenant saisir un nouveau mot de passe ci-dessous.',
    newPassword: 'Nouveau mot de passe',
    confirmNew: 'Confirmez le nouveau mot de passe',
    resetHeading: 'Choisissez un nouveau mot de passe',
    resetSubmit: 'Réinitialiser le mot de passe',
    resetDone:
      'Mot de passe réinitialisé ! Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.',
    goToLogin: 'Aller à la connexion',
    welcomeSubject: 'Bienvenue sur Questkeeper, maître du jeu !',
    resetSubject: 'Réinitialisez votre mot de passe Questkeeper',
  },
} as const;

// One app server and one SMTP server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'serial' });

let mail: MailCatcher | undefined;
let server: AppServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mail = await startMailCatcher();
  server = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: 'Questkeeper <no-reply@questkeeper.test>' });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.close();
});

for (const lang of ['en', 'fr'] as const) {
  const s = TEXT[lang];

  test(`reset by mail: the mailed link sets a new password that signs in (${lang})`, async ({ page }) => {
    // Two argon2 hashes, two mails and a dozen screens: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    const base = server!.baseURL;
    const email = uniqueEmail(`mail-${lang}`);

    await page.goto(`${base}/${lang}/login`);
    await page.getByRole('button', { name: s.toRegister }).click();
    await page.getByLabel(s.email, { exact: true }).fill(email);
    await page.getByLabel(s.password, { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel(s.confirm, { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('checkbox').check(); // 18 or older, terms accepted.
    await page.getByRole('button', { name: s.register, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));

    const welcome = await mail!.waitFor((m) => m.to.includes(email) && m.subject === s.welcomeSubject);
    expect(linkIn(welcome.text, '/dashboard')).toBe(`${base}/${lang}/dashboard`);

    await page.getByRole('button', { name: s.logout }).click();
    // Logout leaves for the landing page through the root's redirect (a full load): let it land
    // before opening the login page, or the redirect may cancel that navigation.
    await expect(page).toHaveURL(/\/(en|fr)$/);
    await page.goto(`${base}/${lang}/login`);
    await page.getByLabel(s.email, { exact: true }).fill(email);
    await page.getByRole('button', { name: s.forgot }).click();
    await page.getByRole('button', { name: s.sendReset }).click();
    await expect(page.getByText(s.resetSent)).toBeVisible();
    // The token went by mail only: no demo notice, no new-password form on this page.
    await expect(page.getByText(s.demoToken)).toHaveCount(0);
    await expect(page.getByLabel(s.newPassword, { exact: true })).toHaveCount(0);

    const resetMail = await mail!.waitFor((m) => m.to.includes(email) && m.subject === s.resetSubject);
    const link = linkIn(resetMail.text, '/reset-password');
    expect(link.startsWith(`${base}/${lang}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: s.resetHeading })).toBeVisible();
    await page.getByLabel(s.newPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(s.confirmNew, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: s.resetSubmit }).click();
    await expect(page.getByText(s.resetDone)).toBeVisible();

    await page.getByRole('link', { name: s.goToLogin }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
    await page.getByLabel(s.email, { exact: true }).fill(email);
    await page.getByLabel(s.password, { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: s.signIn, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(s.invalidCredentials);
    await page.getByLabel(s.password, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: s.signIn, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard$`));
    await expect(page.getByRole('banner').getByText(email)).toBeVisible();
  });
}
