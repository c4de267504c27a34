// Signing in with a preselected plan whose checkout the server refuses still reaches the
// dashboard, which shows why no checkout tab opened.
import { expect, test } from '@playwright/test';
import { registerViaApi, upgradeViaDemo } from '../support/helpers';

for (const [language, label, password, submit, message] of [
  ['en', 'Email', 'Password', 'Sign in', 'You already have this plan or a higher one.'],
  ['fr', 'E-mail', 'Mot de passe', 'Me connecter', 'Vous avez déjà cette formule ou une formule supérieure.'],
] as const) {
  test(`a refused checkout after sign-in is explained on the dashboard (${language})`, async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request, { language });
    await upgradeViaDemo(request, user, 'Hero');
    await page.goto(`/${language}/login?plan=Adventurer`);
    await page.getByLabel(label, { exact: true }).fill(user.email);
    await page.getByLabel(password, { exact: true }).fill(user.password);
    await page.getByRole('button', { name: submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/dashboard$`));
    await expect(page.getByRole('alert')).toHaveText(message);
  });
}
