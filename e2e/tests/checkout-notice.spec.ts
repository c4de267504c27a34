// Signing in with a preselected plan whose checkout the server refuses still reaches the
// dashboard, which shows why no checkout tab opened.
import { expect, test } from '@playwright/test';
import { registerViaApi, seedSession, upgradeViaDemo } from '../support/helpers';

for (const [language, label, password, submit, message] of [
  // With a plan chosen, the button says what comes next.
  [
    'en',
    'Email',
    'Password',
    'Sign in, then subscribe to Adventurer',
    'You already have this plan or a higher one.',
  ],
  [
    'fr',
    'E-mail',
    'Mot de passe',
    "Me connecter, puis m'abonner à la formule Adventurer",
    'Vous avez déjà cette formule ou une formule supérieure.',
  ],
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

// Back from a hosted checkout in the same tab (Stripe's success_url / cancel_url): a notice, the plan
// picked up once the provider has applied it, and the query value dropped (the view kept).
for (const [language, activating, active, cancelled, badge] of [
  [
    'en',
    'Thanks! Your plan is being activated…',
    'Your plan is active: Hero.',
    'Checkout cancelled, nothing was charged.',
    'Plan: Hero',
  ],
  [
    'fr',
    "Merci ! Votre formule est en cours d'activation…",
    'Votre formule est active : Hero.',
    "Paiement annulé, rien n'a été débité.",
    'Formule : Hero',
  ],
] as const) {
  test(`the dashboard confirms a returning checkout and waits for the plan (${language})`, async ({
    page,
    request,
  }) => {
    const user = await registerViaApi(request, { language });
    // The browser still holds the Novice session it had before paying.
    await seedSession(page, user);
    // The refreshes at arrival (the app's and the notice's) answer before the provider has applied
    // the payment, so the notice has to wait; the next ones reach the server.
    let refreshes = 0;
    await page.route('**/api/auth/refresh-session', async (route) => {
      refreshes += 1;
      if (refreshes <= 2) await route.fulfill({ json: user });
      else await route.continue();
    });
    await upgradeViaDemo(request, user, 'Hero');
    await page.goto(`/${language}/dashboard?view=profile&checkout=success`);
    await expect(page.getByRole('status').filter({ hasText: activating })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${language}/dashboard\\?view=profile$`));
    await expect(page.getByRole('status').filter({ hasText: active })).toBeVisible();
    await expect(page.getByRole('banner').getByText(badge)).toBeAttached();
  });

  test(`the dashboard says a cancelled checkout charged nothing (${language})`, async ({ page, request }) => {
    const user = await registerViaApi(request, { language });
    await seedSession(page, user);
    await page.goto(`/${language}/dashboard?view=profile&checkout=cancelled`);
    await expect(page.getByRole('status').filter({ hasText: cancelled })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${language}/dashboard\\?view=profile$`));
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: cancelled })).toHaveCount(0);
  });
}
