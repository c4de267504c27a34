// The campaign search palette (docs/product.md#campaign-search, decision 063), as a GM uses it in English
// and French: Ctrl+K on the combat view in setup, an accent-less query finds an accented unit, Shift+Enter
// adds it to its side and the combat view shows it there; Ctrl+K again, Enter on a rules heading opens
// the rules view at that heading (the scroll is the rules view's own journey). Then axe on the open
// palette, with results and the "Add to fight" control, in the light and the dark colour scheme, and the
// phone's top bar button by its name. Units and rules are seeded through the API.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { combatMaster, openCombat, region } from '../support/combat';
import { bearer, type Campaign } from '../support/game-data';
import { expectColorScheme, expectNoSeriousA11yViolations, type ApiUser } from '../support/helpers';

const TEXT = {
  en: {
    palette: 'Search the campaign',
    field: 'Search the campaign',
    results: 'Results',
    enemies: 'Enemies',
    unitKind: 'Unit',
    headingKind: 'Rules heading',
    joined: (name: string) => `${name} joined the enemies.`,
    addControl: 'Add to enemies',
    among: 'Among the enemies',
    rulesHeading: 'Rules of Realm of Ash',
    curse: 'The curse of Élodie',
    rules: '# Bestiary\n\n## The curse of Élodie\n\nHer blade drinks the light.\n',
    empty: 'Type a word to search the campaign.',
    noMatch: 'Nothing found for "xyzzy".',
    searchButton: 'Search',
  },
  fr: {
    palette: 'Rechercher dans la campagne',
    field: 'Rechercher dans la campagne',
    results: 'Résultats',
    enemies: 'Ennemis',
    unitKind: 'Unité',
    headingKind: 'Titre des règles',
    joined: (name: string) => `${name} a rejoint les ennemis.`,
    addControl: 'Ajouter aux ennemis',
    among: 'Parmi les ennemis',
    rulesHeading: 'Règles de Realm of Ash',
    curse: "La malédiction d'Élodie",
    rules: "# Bestiaire\n\n## La malédiction d'Élodie\n\nSa lame boit la lumière.\n",
    empty: 'Tapez un mot pour chercher dans la campagne.',
    noMatch: 'Rien trouvé pour « xyzzy ».',
    searchButton: 'Rechercher',
  },
} as const;

const ELODIE = 'Élodie Sombrelame';

/** A result's name begins with its name and kind, a pause between them (then its snippet). */
const named = (name: string, kind: string) => new RegExp(`^${name}\\s*,\\s*${kind}\\s*(,|$)`);

async function putRules(request: APIRequestContext, user: ApiUser, campaign: Campaign, rules: string) {
  const response = await request.put(`/api/game-data/${campaign._id}`, {
    headers: bearer(user),
    data: { rules },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function openPalette(page: Page, language: 'en' | 'fr') {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: TEXT[language].palette });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('combobox', { name: TEXT[language].field });
  await expect(field).toBeFocused();
  return { dialog, field };
}

for (const language of ['en', 'fr'] as const) {
  const s = TEXT[language];

  test(`Ctrl+K finds an accented unit, adds it to the fight in setup, and opens a rules heading (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { user, campaign, api } = await combatMaster(page, request, { language });
    await api.createRoster([{ name: 'Aria', isPlayer: true }, { name: ELODIE }]);
    await putRules(request, user, campaign, s.rules);
    await openCombat(page, language, campaign);
    await expect(region(page, s.enemies)).toBeVisible();

    const { dialog, field } = await openPalette(page, language);
    await expect(dialog.getByText(s.empty, { exact: true })).toBeVisible();
    await field.fill('xyzzy');
    await expect(dialog.getByText(s.noMatch, { exact: true })).toBeVisible();

    // No accent typed: the accented name is found first, its match marked.
    await field.fill('elodie');
    const list = dialog.getByRole('listbox', { name: s.results });
    const first = list.getByRole('option').first();
    await expect(first).toHaveAccessibleName(named(ELODIE, s.unitKind));
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await expect(first.locator('mark').first()).toHaveText('Élodie');
    await expect(first.getByText(s.addControl, { exact: true })).toBeVisible();

    await page.keyboard.press('Shift+Enter');
    await expect(dialog.getByText(s.joined(ELODIE), { exact: true })).toBeVisible();
    await expect(first.getByText(s.among)).toBeVisible();
    await expect.poll(async () => (await api.combat()).enemies).toEqual([expect.any(String)]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(region(page, s.enemies).getByRole('listitem')).toHaveText([new RegExp(ELODIE)]);

    // A rules heading: Enter opens the rules view there.
    const again = await openPalette(page, language);
    await again.field.fill(language === 'en' ? 'curse elodie' : 'malediction elodie');
    const heading = again.dialog.getByRole('option', { name: named(s.curse, s.headingKind) });
    await expect(heading).toBeVisible();
    await again.field.press('ArrowDown');
    await expect(heading).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(again.dialog).toBeHidden();
    await expect(page).toHaveURL(/[?&]view=rules&heading=[^&]+$/);
    await expect(page.getByRole('heading', { level: 2, name: s.rulesHeading })).toBeVisible();
    await expect(page.getByRole('heading', { name: s.curse })).toBeVisible();
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    test(`the open palette with results passes axe (${colorScheme})`, async ({ page, request }) => {
      test.setTimeout(60_000);
      const { user, campaign, api } = await combatMaster(page, request, { language: 'en' });
      await api.createRoster([{ name: 'Aria', isPlayer: true }, { name: ELODIE }]);
      await putRules(request, user, campaign, TEXT.en.rules);
      await page.goto(`/en/dashboard?campaign=${campaign._id}&view=rules`);
      await expect(page.getByRole('heading', { level: 2, name: TEXT.en.rulesHeading })).toBeVisible();
      await expectColorScheme(page, colorScheme);
      // The top bar's button opens it as Ctrl+K does.
      await page.getByRole('button', { name: /^Search/ }).click();
      const dialog = page.getByRole('dialog', { name: TEXT.en.palette });
      await dialog.getByRole('combobox').fill('elodie');
      await expect(dialog.getByText(TEXT.en.addControl)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('combobox').fill('a'.repeat(201));
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('on a phone the search button is an icon with a name, and the palette fills the screen', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { campaign } = await combatMaster(page, request, { language: 'fr' });
  await page.goto(`/fr/dashboard?campaign=${campaign._id}&view=rules`);
  const button = page.getByRole('button', { name: TEXT.fr.searchButton, exact: true });
  await button.click();
  const dialog = page.getByRole('dialog', { name: TEXT.fr.palette });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
