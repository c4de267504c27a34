// A game master's first evening, the feedback and search parts, in English and French:
// every create and delete says so in a toast (a delete with Undo, which brings the unit back), the
// saved card is outlined where it is, and search ignores accents — the unit filter, and the rules
// search, whose snippets read without markdown and whose matches are marked in the rules themselves.
import { expect, test, type Page } from '@playwright/test';
import { bearer, gameMaster, unitApi, type Campaign, type Language } from '../support/game-data';
import { expectNoSeriousA11yViolations } from '../support/helpers';

const TEXT = {
  en: {
    notifications: 'Recent notifications',
    newUnit: 'New unit',
    unitForm: 'New unit',
    name: 'Name',
    race: 'Race',
    class: 'Class',
    create: 'Create unit',
    created: (name: string) => `"${name}" was created.`,
    deleteUnit: (name: string) => `Delete ${name}`,
    deleteTitle: 'Delete this unit?',
    delete: 'Delete',
    deleted: (name: string) => `"${name}" was deleted.`,
    undo: 'Undo',
    restored: (name: string) => `"${name}" is back.`,
    filter: 'Filter units',
    counter: (shown: number, total: number) => `${shown} / 10 — ${total} units in all`,
    search: 'Search the rules',
    lines: (n: number) => `${n} matching lines`,
    line: (n: number) => `Line ${n}`,
  },
  fr: {
    notifications: 'Notifications récentes',
    newUnit: 'Nouvelle unité',
    unitForm: 'Nouvelle unité',
    name: 'Nom',
    race: 'Race',
    class: 'Classe',
    create: "Créer l'unité",
    created: (name: string) => `Unité « ${name} » créée.`,
    deleteUnit: (name: string) => `Supprimer ${name}`,
    deleteTitle: 'Supprimer cette unité ?',
    delete: 'Supprimer',
    deleted: (name: string) => `Unité « ${name} » supprimée.`,
    undo: 'Annuler',
    restored: (name: string) => `Unité « ${name} » rétablie.`,
    filter: 'Filtrer les unités',
    counter: (shown: number, total: number) => `${shown} / 10 — ${total} unités en tout`,
    search: 'Rechercher dans les règles',
    lines: (n: number) => `${n} lignes correspondantes`,
    line: (n: number) => `Ligne ${n}`,
  },
} as const;

const openView = (page: Page, language: Language, campaign: Campaign, view: 'units' | 'rules') =>
  page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=${view}`);

const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

/** How many ranges the page marks under a CSS highlight name. */
const marked = (page: Page, name: string) =>
  page.evaluate(
    // The registry is a Map of set-like highlights (the e2e DOM typings lack its reading half).
    (highlight) => (CSS.highlights as unknown as Map<string, Set<Range>>).get(highlight)?.size ?? 0,
    name,
  );

for (const lang of ['en', 'fr'] as const) {
  const s = TEXT[lang];

  test.describe(`feedback and search (${lang})`, () => {
    test.describe.configure({ timeout: 90_000 });

    test('toasts after a create and a delete, and Undo brings the unit back', async ({ page, request }) => {
      const { user, campaign } = await gameMaster(page, request, { language: lang });
      const units = unitApi(request, user, campaign);
      await units.create({ name: 'Grask', race: campaign.races[3]!.name });
      await openView(page, lang, campaign, 'units');
      const toasts = page.getByRole('region', { name: s.notifications });

      // The outline lasts two seconds: a busy machine may look after it is gone, so the page notes
      // the name of every card that gets it.
      await page.evaluate(() => {
        const spotlit: string[] = [];
        Object.assign(window, { spotlit });
        new MutationObserver((records) => {
          for (const { target } of records) {
            if (!(target instanceof Element) || !target.hasAttribute('data-spotlight')) continue;
            const label = target.getAttribute('aria-labelledby');
            spotlit.push((label && document.getElementById(label)?.textContent?.trim()) || '');
          }
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-spotlight'] });
      });
      await page.getByRole('button', { name: s.newUnit }).click();
      const form = page.getByRole('dialog', { name: s.unitForm });
      await form.getByLabel(s.name, { exact: true }).fill('Aria');
      await form.getByLabel(s.race, { exact: true }).selectOption(campaign.races[1]!.name);
      await form.getByLabel(s.class, { exact: true }).selectOption(campaign.classes[1]!.name);
      await form.getByRole('button', { name: s.create }).click();
      await expect(form).toBeHidden();
      await expect(toasts.getByText(s.created('Aria'))).toBeVisible();
      // The new card is outlined where it is.
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { spotlit: string[] }).spotlit))
        .toContain('Aria');
      await expectNoSeriousA11yViolations(page);

      await card(page, 'Grask')
        .getByRole('button', { name: s.deleteUnit('Grask') })
        .click();
      await page.getByRole('dialog', { name: s.deleteTitle }).getByRole('button', { name: s.delete }).click();
      await expect(card(page, 'Grask')).toHaveCount(0);
      const deleted = toasts.getByRole('listitem').filter({ hasText: s.deleted('Grask') });
      await expect(deleted).toBeVisible();
      expect((await units.list()).map((unit) => unit.name)).toEqual(['Aria']);

      await deleted.getByRole('button', { name: s.undo }).click();
      await expect(toasts.getByText(s.restored('Grask'))).toBeVisible();
      await expect(card(page, 'Grask')).toBeVisible();
      const back = (await units.list()).find((unit) => unit.name === 'Grask');
      expect(back?.race).toBe(campaign.races[3]!.name);

      // Dismissed at once from its close button.
      await toasts
        .getByRole('listitem')
        .filter({ hasText: s.restored('Grask') })
        .getByRole('button')
        .click();
      await expect(toasts.getByText(s.restored('Grask'))).toHaveCount(0);
    });

    test('the unit filter and the rules search ignore accents', async ({ page, request }) => {
      const { user, campaign } = await gameMaster(page, request, { language: lang });
      const units = unitApi(request, user, campaign);
      const scout = campaign.classes[4]!.name; // Ranger / Rôdeur
      await units.createRoster([{ name: 'Éloïse', class: scout }, { name: 'Borin' }]);
      await openView(page, lang, campaign, 'units');
      const filter = page.getByRole('searchbox', { name: s.filter });
      await filter.fill('ELOISE');
      await expect(card(page, 'Éloïse')).toBeVisible();
      await expect(card(page, 'Borin')).toBeHidden();
      await expect(page.getByText(s.counter(1, 2))).toBeVisible();
      await filter.fill(lang === 'fr' ? 'rodeur' : 'ranger');
      await expect(card(page, 'Éloïse')).toBeVisible();
      await expect(card(page, 'Borin')).toBeHidden();

      const rules = [
        '# Règles de combat',
        '',
        'Les **dégâts** critiques sont doublés.',
        '',
        '- Un [coup précis](https://example.test/coups) : DEGATS x2',
      ].join('\n');
      const saved = await request.put(`/api/game-data/${campaign._id}`, {
        headers: bearer(user),
        data: { rules },
      });
      expect(saved.status()).toBe(200);
      await openView(page, lang, campaign, 'rules');
      const search = page.getByRole('searchbox', { name: s.search });
      await search.fill('degats');
      await search.press('Enter');
      const results = page.getByRole('search');
      await expect(results.getByText(s.lines(2), { exact: true })).toBeVisible();
      const third = results.getByRole('button', { name: new RegExp(s.line(3)) });
      // The snippet reads as the rules read: no '**', no link target.
      await expect(third).toContainText('Les dégâts critiques sont doublés.');
      await expect(third.locator('mark')).toHaveText('dégâts');
      await expect(results.getByRole('button', { name: new RegExp(s.line(5)) })).toContainText(
        'Un coup précis : DEGATS x2',
      );

      // Marked in the rules themselves; the chosen one is the current mark, scrolled to.
      await expect.poll(() => marked(page, 'qk-search-match')).toBe(2);
      await third.click();
      await expect.poll(() => marked(page, 'qk-search-current')).toBe(1);
      await expect(
        page.getByRole('region', { name: /Campaign rules|Règles de la campagne/ }).locator('strong'),
      ).toBeInViewport();
      await search.fill('');
      await expect.poll(() => marked(page, 'qk-search-match')).toBe(0);
    });
  });
}
