// The dashboard shell and campaign management (docs/decisions/012; docs/product.md#dashboard, #campaigns
// Campaigns, docs/product.md#validation, #messages, docs/product.md#tiers): the first campaign, the query
// string (reload, back), inline rename, the Novice limit, copy and delete with their confirmations, logout,
// the desktop rail and the mobile drawer.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  registerViaApi,
  seedSession,
  upgradeViaDemo,
  type ApiUser,
} from '../support/helpers';

const TEXT = {
  en: {
    createFirst: 'Create your first campaign',
    newCampaign: 'New campaign',
    name: 'Campaign name',
    defaults: 'Default values',
    copy: 'Copy an existing campaign',
    source: 'Campaign to copy',
    create: 'Create',
    copyAndCreate: 'Copy and create',
    cancel: 'Cancel',
    close: 'Close',
    delete: 'Delete',
    views: {
      rules: 'Rules',
      units: 'Units',
      characteristics: 'Characteristics',
      races: 'Races',
      classes: 'Classes',
      statuses: 'Statuses',
      combat: 'Combat',
      encounters: 'Encounters',
    },
    viewsOf: (name: string) => `Views of ${name}`,
    rename: (name: string) => `Rename ${name}`,
    saveName: 'Save the name',
    deleteCampaign: (name: string) => `Delete ${name}`,
    deleteConfirm: (name: string) =>
      `"${name}" will be deleted with its units, rules, lists and fight. You can still undo it for 10 seconds from the message that follows.`,
    deleteName: (name: string) => `To confirm, type its name: ${name}`,
    copyConfirm: (source: string, target: string) =>
      `Create "${target}" as a copy of "${source}"? The new campaign starts with the rules, characteristics, races, classes and statuses of "${source}"; units are not copied.`,
    limit: 'Campaign limit reached for Novice tier (1). Upgrade to create more.',
    seePlans: 'See the plans',
    upgrade: 'Upgrade plan',
    logout: 'Log out',
    toggle: 'Show or hide the sidebar',
    closeSidebar: 'Close the sidebar',
  },
  fr: {
    createFirst: 'Créez votre première campagne',
    newCampaign: 'Nouvelle campagne',
    name: 'Nom de la campagne',
    defaults: 'Valeurs par défaut',
    copy: 'Copier une campagne existante',
    source: 'Campagne à copier',
    create: 'Créer',
    copyAndCreate: 'Copier et créer',
    cancel: 'Annuler',
    close: 'Fermer',
    delete: 'Supprimer',
    views: {
      rules: 'Règles',
      units: 'Unités',
      characteristics: 'Caractéristiques',
      races: 'Races',
      classes: 'Classes',
      statuses: 'Statuts',
      combat: 'Combat',
      encounters: 'Rencontres',
    },
    viewsOf: (name: string) => `Vues de ${name}`,
    rename: (name: string) => `Renommer ${name}`,
    saveName: 'Enregistrer le nom',
    deleteCampaign: (name: string) => `Supprimer ${name}`,
    deleteConfirm: (name: string) =>
      `«\u00a0${name}\u00a0» sera supprimée avec ses unités, règles, listes et combat. Vous pourrez encore annuler pendant 10\u00a0secondes depuis le message qui suit.`,
    deleteName: (name: string) => `Pour confirmer, tapez son nom\u00a0: ${name}`,
    copyConfirm: (source: string, target: string) =>
      `Créer « ${target} » comme copie de « ${source} » ? La nouvelle campagne reprend les règles, caractéristiques, races, classes et statuts de « ${source} » ; les unités ne sont pas copiées.`,
    limit:
      "Limite de campagnes atteinte pour le niveau Novice (1). Passez à un niveau supérieur pour en créer d'autres.",
    seePlans: 'Voir les formules',
    upgrade: 'Améliorer ma formule',
    logout: 'Se déconnecter',
    toggle: 'Afficher ou masquer la barre latérale',
    closeSidebar: 'Fermer la barre latérale',
  },
} as const;

type Lang = keyof typeof TEXT;
type Text = (typeof TEXT)[Lang];

interface CampaignJson {
  _id: string;
  name: string;
  rules: string;
  races: { name: string }[];
}

async function listCampaigns(request: APIRequestContext, user: ApiUser): Promise<CampaignJson[]> {
  const response = await request.get('/api/game-data', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as CampaignJson[];
}

async function createViaApi(request: APIRequestContext, user: ApiUser, name: string): Promise<CampaignJson> {
  const response = await request.post('/api/game-data', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { name, template: 'default' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as CampaignJson;
}

/** The button that selects, expands and collapses a campaign in the sidebar. */
function campaignButton(page: Page, name: string) {
  return page.getByRole('complementary').getByRole('button', { name, exact: true });
}

function currentCampaignId(page: Page): string | null {
  return new URL(page.url()).searchParams.get('campaign');
}

async function createThroughForm(page: Page, s: Text, name: string) {
  await page.getByRole('complementary').getByRole('button', { name: s.newCampaign }).click();
  const dialog = page.getByRole('dialog', { name: s.newCampaign });
  await dialog.getByLabel(s.name).fill(name);
  await dialog.getByRole('button', { name: s.create, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(campaignButton(page, name)).toHaveAttribute('aria-current', 'true');
}

for (const lang of ['en', 'fr'] as const) {
  const s = TEXT[lang];

  test.describe(`campaigns (${lang})`, () => {
    test('a new account creates its first campaign; reload and back keep the place', async ({
      page,
      request,
    }) => {
      const user = await registerViaApi(request, { language: lang });
      await seedSession(page, user);
      await page.goto(`/${lang}/dashboard`);

      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2, name: s.createFirst })).toBeVisible();
      await expect(page.getByRole('complementary').getByText('0 / 1')).toBeVisible();
      await main.getByRole('button', { name: s.newCampaign }).click();

      const dialog = page.getByRole('dialog', { name: s.newCampaign });
      await expect(dialog.getByRole('radio', { name: s.defaults })).toBeChecked();
      // Nothing to copy yet, and no campaign without a name.
      await expect(dialog.getByRole('radio', { name: s.copy })).toBeDisabled();
      const create = dialog.getByRole('button', { name: s.create, exact: true });
      await expect(create).toBeDisabled();
      await dialog.getByLabel(s.name).fill('   ');
      await expect(create).toBeDisabled();
      await dialog.getByLabel(s.name).fill('  The Ashen Keep  ');
      await create.click();
      await expect(dialog).toBeHidden();

      // It became current, with its views listed, and the URL names it and the view.
      await expect(page.getByRole('heading', { level: 1, exact: true, name: s.views.rules })).toBeVisible();
      await expect(campaignButton(page, 'The Ashen Keep')).toHaveAttribute('aria-expanded', 'true');
      const views = page.getByRole('list', { name: s.viewsOf('The Ashen Keep') });
      await expect(views.getByRole('link')).toHaveText(Object.values(s.views));
      await expect(views.getByRole('link', { name: s.views.rules })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('complementary').getByText('1 / 1')).toBeVisible();
      const [created] = await listCampaigns(request, user);
      expect(created?.name).toBe('The Ashen Keep');
      await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard\\?campaign=${created?._id}&view=rules$`));

      // A view is a history entry; a reload keeps it; back returns to the previous one.
      await views.getByRole('link', { name: s.views.races }).click();
      await expect(page).toHaveURL(/view=races$/);
      await expect(page.getByRole('heading', { level: 1, exact: true, name: s.views.races })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, exact: true, name: s.views.races })).toBeVisible();
      await expect(views.getByRole('link', { name: s.views.races })).toHaveAttribute('aria-current', 'page');
      expect(currentCampaignId(page)).toBe(created?._id);
      await page.goBack();
      await expect(page).toHaveURL(/view=rules$/);
      await expect(page.getByRole('heading', { level: 1, exact: true, name: s.views.rules })).toBeVisible();

      // The current campaign folds and unfolds.
      await campaignButton(page, 'The Ashen Keep').click();
      await expect(campaignButton(page, 'The Ashen Keep')).toHaveAttribute('aria-expanded', 'false');
      await expect(views).toBeHidden();
      await campaignButton(page, 'The Ashen Keep').click();
      await expect(views).toBeVisible();
    });

    test('an unknown campaign in the URL falls back to the first one', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      const first = await createViaApi(request, user, 'First of many');
      await seedSession(page, user);
      await page.goto(`/${lang}/dashboard?campaign=00000000-0000-4000-8000-000000000000&view=nonsense`);
      await expect(page).toHaveURL(new RegExp(`\\?campaign=${first._id}&view=rules$`));
      await expect(campaignButton(page, 'First of many')).toHaveAttribute('aria-current', 'true');
    });

    test('renames a campaign inline; a blank or unchanged name is ignored', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      await createViaApi(request, user, 'Old Road');
      await seedSession(page, user);
      await page.goto(`/${lang}/dashboard`);
      await expect(campaignButton(page, 'Old Road')).toBeVisible();

      const input = page.getByRole('textbox', { name: s.name });
      await page.getByRole('button', { name: s.rename('Old Road') }).click();
      await expect(input).toHaveValue('Old Road');
      await input.fill('   ');
      await input.press('Enter');
      await expect(input).toBeHidden();
      await expect(campaignButton(page, 'Old Road')).toBeVisible();

      // Escape cancels.
      await page.getByRole('button', { name: s.rename('Old Road') }).click();
      await input.fill('Not this one');
      await input.press('Escape');
      await expect(input).toBeHidden();
      await expect(campaignButton(page, 'Old Road')).toBeVisible();
      expect((await listCampaigns(request, user)).map((c) => c.name)).toEqual(['Old Road']);

      // Trimmed, saved with Enter or the save button.
      await page.getByRole('button', { name: s.rename('Old Road') }).click();
      await input.fill('  The Silver Road ');
      await input.press('Enter');
      await expect(campaignButton(page, 'The Silver Road')).toBeVisible();
      await expect(page.getByRole('button', { name: s.rename('The Silver Road') })).toBeFocused();
      expect((await listCampaigns(request, user)).map((c) => c.name)).toEqual(['The Silver Road']);

      await page.getByRole('button', { name: s.rename('The Silver Road') }).click();
      await input.fill('The Golden Road');
      await page.getByRole('button', { name: s.saveName }).click();
      await expect(campaignButton(page, 'The Golden Road')).toBeVisible();
      await page.reload();
      await expect(campaignButton(page, 'The Golden Road')).toBeVisible();
    });

    test('a Novice at the campaign limit is shown the limit and the plans, nothing is created', async ({
      page,
      request,
    }) => {
      const user = await registerViaApi(request, { language: lang });
      await createViaApi(request, user, 'Only Tale');
      await seedSession(page, user);
      const limitLoaded = page.waitForResponse((r) => r.url().endsWith('/api/game-data/campaigns/limit'));
      await page.goto(`/${lang}/dashboard`);
      await limitLoaded;
      await expect(page.getByRole('complementary').getByText('1 / 1')).toBeVisible();
      await expect(page.getByRole('complementary').getByRole('button', { name: s.upgrade })).toBeVisible();

      await page.getByRole('complementary').getByRole('button', { name: s.newCampaign }).click();
      const dialog = page.getByRole('dialog', { name: s.newCampaign });
      await expect(dialog.getByText(s.limit)).toBeVisible();
      await expect(dialog.getByRole('button', { name: s.seePlans })).toBeVisible();
      await expect(dialog.getByRole('button', { name: s.create, exact: true })).toHaveCount(0);
      await dialog.getByRole('button', { name: s.close }).first().click();
      await expect(dialog).toBeHidden();
      expect(await listCampaigns(request, user)).toHaveLength(1);

      await page.getByRole('complementary').getByRole('button', { name: s.newCampaign }).click();
      // The way up: the form gives way to the upgrade modal.
      await page
        .getByRole('dialog', { name: s.newCampaign })
        .getByRole('button', { name: s.seePlans })
        .click();
      await expect(page.getByRole('dialog', { name: s.newCampaign })).toBeHidden();
      await expect(
        page
          .getByRole('dialog')
          .getByRole('button', { name: /Adventurer/ })
          .first(),
      ).toBeVisible();
    });

    test('a Hero copies a campaign and deletes with confirmation', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      await upgradeViaDemo(request, user, 'Hero');
      await seedSession(page, { ...user, tier: 'Hero' });
      await page.goto(`/${lang}/dashboard`);
      await expect(page.getByRole('main').getByRole('heading', { name: s.createFirst })).toBeVisible();
      await expect(page.getByRole('complementary').getByText('0 / 5')).toBeVisible();
      // Heroes are not offered an upgrade.
      await expect(page.getByRole('complementary').getByRole('button', { name: s.upgrade })).toHaveCount(0);

      await createThroughForm(page, s, 'Alpha');
      await createThroughForm(page, s, 'Beta');
      await expect(page.getByRole('complementary').getByText('2 / 5')).toBeVisible();
      const [alpha, beta] = await listCampaigns(request, user);
      expect(currentCampaignId(page)).toBe(beta?._id);
      // Alpha gets rules of its own, which the copy must carry.
      const rules = '# Alpha rules\n\nDragons only fly at dawn.';
      const put = await request.put(`/api/game-data/${alpha?._id}`, {
        headers: { authorization: `Bearer ${user.token}` },
        data: { rules },
      });
      expect(put.status()).toBe(200);

      // Copy: the form, the confirmation (refused, then accepted).
      await page.getByRole('complementary').getByRole('button', { name: s.newCampaign }).click();
      const dialog = page.getByRole('dialog', { name: s.newCampaign });
      await dialog.getByLabel(s.name).fill('Gamma');
      await dialog.getByText(s.copy).click();
      await expect(dialog.getByRole('radio', { name: s.copy })).toBeChecked();
      await expect(dialog.getByRole('button', { name: s.create, exact: true })).toHaveCount(0);
      await dialog.getByLabel(s.source).selectOption({ label: 'Alpha' });
      await dialog.getByRole('button', { name: s.copyAndCreate }).click();
      const confirmation = page.getByRole('dialog').filter({ hasText: s.copyConfirm('Alpha', 'Gamma') });
      await expect(confirmation).toBeVisible();
      await confirmation.getByRole('button', { name: s.cancel }).click();
      await expect(confirmation).toBeHidden();
      await expect(dialog).toBeVisible();
      expect(await listCampaigns(request, user)).toHaveLength(2);

      await dialog.getByRole('button', { name: s.copyAndCreate }).click();
      await confirmation.getByRole('button', { name: s.copyAndCreate }).click();
      await expect(dialog).toBeHidden();
      await expect(campaignButton(page, 'Gamma')).toHaveAttribute('aria-current', 'true');
      const afterCopy = await listCampaigns(request, user);
      const gamma = afterCopy.find((c) => c.name === 'Gamma');
      expect(gamma?.rules).toBe(rules);
      expect(gamma?.races.map((r) => r.name)).toEqual(afterCopy[0]?.races.map((r) => r.name));
      expect(currentCampaignId(page)).toBe(gamma?._id);
      await expect(page.getByRole('complementary').getByText('3 / 5')).toBeVisible();

      // Delete: cancel keeps it, confirm removes it and the first campaign becomes current.
      await page.getByRole('button', { name: s.deleteCampaign('Gamma') }).click();
      const deletion = page.getByRole('dialog').filter({ hasText: s.deleteConfirm('Gamma') });
      await expect(deletion).toBeVisible();
      await deletion.getByRole('button', { name: s.cancel }).click();
      await expect(deletion).toBeHidden();
      await expect(campaignButton(page, 'Gamma')).toBeVisible();
      expect(await listCampaigns(request, user)).toHaveLength(3);

      await page.getByRole('button', { name: s.deleteCampaign('Gamma') }).click();
      // The campaign's name is typed first (campaign-delete-undo.spec.ts).
      await deletion.getByRole('textbox', { name: s.deleteName('Gamma') }).fill('Gamma');
      await deletion.getByRole('button', { name: s.delete, exact: true }).click();
      await expect(campaignButton(page, 'Gamma')).toHaveCount(0);
      await expect(campaignButton(page, 'Alpha')).toHaveAttribute('aria-current', 'true');
      await expect(page).toHaveURL(new RegExp(`\\?campaign=${alpha?._id}&view=rules$`));
      expect((await listCampaigns(request, user)).map((c) => c.name)).toEqual(['Alpha', 'Beta']);

      // Deleting every campaign leaves none current.
      for (const name of ['Alpha', 'Beta']) {
        await page.getByRole('button', { name: s.deleteCampaign(name) }).click();
        const dialog = page.getByRole('dialog').filter({ hasText: s.deleteConfirm(name) });
        await dialog.getByRole('textbox', { name: s.deleteName(name) }).fill(name);
        await dialog.getByRole('button', { name: s.delete, exact: true }).click();
        await expect(campaignButton(page, name)).toHaveCount(0);
      }
      await expect(page.getByRole('main').getByRole('heading', { name: s.createFirst })).toBeVisible();
      expect(currentCampaignId(page)).toBeNull();
      expect(beta).toBeDefined();
    });

    test.describe(() => {
      // The root sends a visitor to the language of the browser (docs/product.md#routes).
      test.use({ locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
      test('logout goes to the root', async ({ page, request }) => {
        const user = await registerViaApi(request, { language: lang });
        await seedSession(page, user);
        await page.goto(`/${lang}/dashboard`);
        await expect(page.getByRole('banner').getByText(user.email)).toBeVisible();
        await page.getByRole('button', { name: s.logout }).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}$`));
        expect(await page.evaluate(() => localStorage.getItem('questkeeper.session'))).toBeNull();
      });
    });

    test('the desktop sidebar collapses to a rail, and remembers it', async ({ page, request }) => {
      const user = await registerViaApi(request, { language: lang });
      await createViaApi(request, user, 'Rail Road');
      await seedSession(page, user);
      await page.goto(`/${lang}/dashboard`);
      const toggle = page.getByRole('button', { name: s.toggle });
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(campaignButton(page, 'Rail Road')).toBeVisible();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(campaignButton(page, 'Rail Road')).toHaveCount(0);
      // The rail keeps the views and the Novice upgrade as icons with names.
      await expect(page.getByRole('complementary').getByRole('button', { name: s.upgrade })).toBeVisible();
      await page.getByRole('link', { name: s.views.statuses }).click();
      await expect(
        page.getByRole('heading', { level: 1, exact: true, name: s.views.statuses }),
      ).toBeVisible();
      await page.reload();
      await expect(page.getByRole('button', { name: s.toggle })).toHaveAttribute('aria-expanded', 'false');
      await page.getByRole('button', { name: s.toggle }).click();
      await expect(campaignButton(page, 'Rail Road')).toBeVisible();
    });

    test('on a phone the sidebar is a drawer', async ({ page, request }) => {
      await page.setViewportSize({ width: 375, height: 780 });
      const user = await registerViaApi(request, { language: lang });
      await createViaApi(request, user, 'Pocket Quest');
      await seedSession(page, user);
      await page.goto(`/${lang}/dashboard`);
      const toggle = page.getByRole('button', { name: s.toggle });
      await expect(page.getByRole('heading', { level: 1, exact: true, name: s.views.rules })).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(campaignButton(page, 'Pocket Quest')).toBeHidden();

      // Opens with focus inside; Escape closes and focus returns to the toggle.
      await toggle.click();
      await expect(campaignButton(page, 'Pocket Quest')).toBeVisible();
      await expect(page.getByRole('button', { name: s.closeSidebar })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(campaignButton(page, 'Pocket Quest')).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');

      // A click on the backdrop closes it.
      await toggle.click();
      await expect(campaignButton(page, 'Pocket Quest')).toBeVisible();
      await page.mouse.click(360, 400);
      await expect(campaignButton(page, 'Pocket Quest')).toBeHidden();

      // Choosing a view closes it.
      await toggle.click();
      await page.getByRole('link', { name: s.views.units }).click();
      await expect(page.getByRole('heading', { level: 1, exact: true, name: s.views.units })).toBeVisible();
      await expect(campaignButton(page, 'Pocket Quest')).toBeHidden();
    });
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${colorScheme}`, () => {
    test.use({ colorScheme });
    for (const lang of ['en', 'fr'] as const) {
      test(`a campaign, its sidebar and the campaign form (${lang})`, async ({ page, request }) => {
        const s = TEXT[lang];
        const user = await registerViaApi(request, { language: lang });
        await upgradeViaDemo(request, user, 'Hero');
        const campaign = await createViaApi(request, user, 'Scanned Saga');
        await seedSession(page, { ...user, tier: 'Hero' });
        await page.goto(`/${lang}/dashboard?campaign=${campaign._id}&view=units`);
        await expect(page.getByRole('heading', { level: 1, exact: true, name: s.views.units })).toBeVisible();
        await expect(page.getByRole('complementary').getByText('1 / 5')).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await page.getByRole('complementary').getByRole('button', { name: s.newCampaign }).click();
        const dialog = page.getByRole('dialog', { name: s.newCampaign });
        await dialog.getByText(s.copy).click();
        await expect(dialog.getByLabel(s.source)).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}
