// The campaign rules view (docs/decisions/012, docs/product.md#rules-search, #editing): edit, save,
// reload, cancel restores; the search highlights matches; the Novice rules limit (docs/product.md#tiers:
// Novice may save rules only while they are within 50,000 characters, even after a downgrade).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  registerViaApi,
  seedSession,
  upgradeViaDemo,
  type ApiUser,
} from '../support/helpers';

const TEXTS = {
  en: {
    heading: (name: string) => `Rules of ${name}`,
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Rules saved.',
    editor: 'Campaign rules, in markdown',
    discard: 'Discard changes',
    search: 'Search the rules',
    lines: (n: number) => (n === 1 ? '1 matching line' : `${n} matching lines`),
    line: (n: number) => `Line ${n}`,
    empty: (query: string) => `No rules match "${query}".`,
    overLimit: /60,000 characters long and the Novice plan saves up to 50,000/,
    upgrade: 'Upgrade for longer rules',
    conflict: 'The rules were saved elsewhere while you were editing',
    showTheirs: 'Show the saved version',
    keepMine: 'Save my version',
  },
  fr: {
    heading: (name: string) => `Règles de ${name}`,
    edit: 'Modifier',
    save: 'Enregistrer',
    cancel: 'Annuler',
    saved: 'Règles enregistrées.',
    editor: 'Règles de la campagne, en markdown',
    discard: 'Abandonner les modifications',
    search: 'Rechercher dans les règles',
    lines: (n: number) => (n === 1 ? '1 ligne correspondante' : `${n} lignes correspondantes`),
    line: (n: number) => `Ligne ${n}`,
    empty: (query: string) => `Aucune règle ne correspond à « ${query} ».`,
    overLimit: /60\s000 caractères et la formule Novice en enregistre au plus 50\s000/,
    upgrade: 'Passer à une formule supérieure pour des règles plus longues',
    conflict: 'Les règles ont été enregistrées ailleurs pendant votre modification',
    showTheirs: 'Voir la version enregistrée',
    keepMine: 'Enregistrer ma version',
  },
} as const;

const auth = (user: ApiUser) => ({ authorization: `Bearer ${user.token}` });

async function createCampaign(request: APIRequestContext, user: ApiUser, name: string): Promise<string> {
  const response = await request.post('/api/game-data', {
    headers: auth(user),
    data: { name, template: 'default' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

async function putRules(request: APIRequestContext, user: ApiUser, id: string, rules: string) {
  const response = await request.put(`/api/game-data/${id}`, { headers: auth(user), data: { rules } });
  expect(response.status(), await response.text()).toBe(200);
}

async function savedRules(request: APIRequestContext, user: ApiUser, id: string): Promise<string> {
  const response = await request.get('/api/game-data', { headers: auth(user) });
  const campaigns = (await response.json()) as { _id: string; rules: string }[];
  return campaigns.find((campaign) => campaign._id === id)?.rules ?? '';
}

/** Back to Novice through the demo customer portal, as a user cancelling their plan would. */
async function cancelPlanViaDemo(request: APIRequestContext, user: ApiUser): Promise<void> {
  const created = await request.post('/api/stripe/create-customer-portal-session', {
    headers: auth(user),
    data: { language: user.language },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { url } = (await created.json()) as { url: string };
  const id = new URL(url).pathname.split('/').pop() ?? '';
  expect((await request.post(`/api/stripe/demo/portal/${id}/cancel`)).status()).toBe(200);
}

async function openRules(page: Page, user: ApiUser, id: string) {
  await seedSession(page, user);
  await page.goto(`/${user.language}/dashboard?campaign=${id}&view=rules`);
}

for (const language of ['en', 'fr'] as const) {
  const text = TEXTS[language];

  test.describe(`rules view (${language})`, () => {
    test('edits, saves, survives a reload, and cancel restores the earlier text', async ({
      page,
      request,
    }) => {
      const user = await registerViaApi(request, { language });
      const id = await createCampaign(request, user, 'Stormhold');
      await openRules(page, user, id);
      await expect(page.getByRole('heading', { level: 2, name: text.heading('Stormhold') })).toBeVisible();

      const editor = page.getByRole('textbox', { name: text.editor });
      await page.getByRole('button', { name: text.edit, exact: true }).click();
      const rules = '# House rules\n\nCritical hits deal **double** damage.\n\n- Rest heals 10 HP';
      await editor.fill(rules);
      await page.getByRole('button', { name: text.save, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: text.saved })).toBeVisible();
      await expect(editor).toBeHidden();
      await expect(page.getByRole('heading', { name: 'House rules' })).toBeVisible();
      await expect(page.locator('strong', { hasText: 'double' })).toBeVisible();
      expect(await savedRules(request, user, id)).toBe(rules);
      await expectNoSeriousA11yViolations(page);

      await page.reload();
      await expect(page.getByRole('heading', { name: 'House rules' })).toBeVisible();
      await expect(page.getByText('Rest heals 10 HP')).toBeVisible();

      // Changes, then cancel: asked first, and the earlier text comes back.
      await page.getByRole('button', { name: text.edit, exact: true }).click();
      await editor.fill('# Nothing left');
      await page.getByRole('button', { name: text.cancel, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: text.discard }).click();
      await expect(editor).toBeHidden();
      await expect(page.getByRole('heading', { name: 'House rules' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Nothing left' })).toHaveCount(0);
      expect(await savedRules(request, user, id)).toBe(rules);

      // No changes: cancel asks nothing.
      await page.getByRole('button', { name: text.edit, exact: true }).click();
      await expect(editor).toHaveText(rules, { useInnerText: true });
      await page.getByRole('button', { name: text.cancel, exact: true }).click();
      await expect(editor).toBeHidden();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('rules saved in another tab meanwhile: the draft stays, the saved rules show, mine saves over them', async ({
      page,
      request,
    }) => {
      if (process.env.SHOTS_WIDTH)
        await page.setViewportSize({ width: Number(process.env.SHOTS_WIDTH), height: 900 });
      const user = await registerViaApi(request, { language });
      const id = await createCampaign(request, user, 'Stormhold');
      await openRules(page, user, id);
      const editor = page.getByRole('textbox', { name: text.editor });
      await page.getByRole('button', { name: text.edit, exact: true }).click();
      await editor.fill('# Mine\n\nWritten in this tab.');
      // Another tab saves other rules meanwhile (decision 036).
      await putRules(request, user, id, '# Theirs\n\nWritten in the other tab.');
      await page.getByRole('button', { name: text.save, exact: true }).click();

      const notice = page.getByRole('alert').filter({ hasText: text.conflict });
      await expect(notice).toBeVisible();
      await expect(editor).toHaveText(/Written in this tab\./, { useInnerText: true });
      await notice.getByText(text.showTheirs).click();
      await expect(notice.getByText('Written in the other tab.')).toBeVisible();
      expect(await savedRules(request, user, id)).toBe('# Theirs\n\nWritten in the other tab.');
      await expectNoSeriousA11yViolations(page);
      if (process.env.SHOTS_DIR) {
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/rules-conflict-${language}-${page.viewportSize()?.width}.png`,
        });
      }

      await notice.getByRole('button', { name: text.keepMine }).click();
      await expect(page.getByRole('status').filter({ hasText: text.saved })).toBeVisible();
      await expect(editor).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Mine' })).toBeVisible();
      expect(await savedRules(request, user, id)).toBe('# Mine\n\nWritten in this tab.');
    });

    test('searches line by line, highlights the matches, and says when nothing matches', async ({
      page,
      request,
    }) => {
      const user = await registerViaApi(request, { language });
      const id = await createCampaign(request, user, 'Dragonfall');
      const rules = [
        '# Bestiary',
        '',
        'A DRAGON breathes fire; young dragons fly.',
        'Goblins fear fire.',
        '## Spells <b>not bold</b>',
        'Fireball: 8d6 (half on a save).',
      ].join('\n');
      await putRules(request, user, id, rules);
      await openRules(page, user, id);

      const search = page.getByRole('searchbox', { name: text.search });
      await search.fill('dragon');
      const results = page.getByRole('search');
      await expect(results.getByText(text.lines(1), { exact: true })).toBeVisible();
      const result = results.getByRole('button', { name: new RegExp(text.line(3)) });
      await expect(result.locator('mark')).toHaveText(['DRAGON', 'dragon']);

      // Case-insensitive, several lines, regular-expression characters taken literally. Enter searches
      // without the 1000 ms wait.
      await search.fill('FIRE');
      await search.press('Enter');
      await expect(results.getByText(text.lines(3), { exact: true })).toBeVisible();
      await expect(results.getByRole('listitem')).toHaveCount(3);
      await search.fill('(half');
      await search.press('Enter');
      await expect(results.getByText(text.lines(1), { exact: true })).toBeVisible();
      await expect(results.locator('mark')).toHaveText('(half');
      // Markup in the rules is shown as text.
      await search.fill('<b>');
      await search.press('Enter');
      await expect(results.locator('mark')).toHaveText('<b>');

      await search.fill('unicorn');
      await expect(results.getByText(text.empty('unicorn'))).toBeVisible();
      await expect(results.getByRole('listitem')).toHaveCount(0);
      await search.fill('');
      await expect(results.getByText(text.empty('unicorn'))).toHaveCount(0);

      // While editing, the search follows the draft.
      await page.getByRole('button', { name: text.edit, exact: true }).click();
      await page.getByRole('textbox', { name: text.editor }).fill(`${rules}\nThe dragon sleeps.`);
      await search.fill('dragon');
      await expect(results.getByText(text.lines(2), { exact: true })).toBeVisible();
      await expect(results.getByRole('button', { name: new RegExp(text.line(7)) })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // A result selects its match in the text being edited.
      await results.getByRole('button', { name: new RegExp(text.line(7)) }).click();
      await expect(page.getByRole('textbox', { name: text.editor })).toBeFocused();
      await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe('dragon');
    });

    test('a Novice downgraded with long rules reads and shortens them, and saves once within 50,000', async ({
      page,
      request,
    }) => {
      const user = await registerViaApi(request, { language });
      await upgradeViaDemo(request, user, 'Hero');
      const id = await createCampaign(request, user, 'Longwinded');
      const paragraph = `${'The ancient law of the realm. '.repeat(19)}\n\n`;
      const long = `# Ancient laws\n\n${paragraph.repeat(110)}`.slice(0, 60_000);
      expect(long).toHaveLength(60_000);
      await putRules(request, user, id, long);
      await cancelPlanViaDemo(request, user);
      await openRules(page, { ...user, tier: 'Novice' }, id);

      await expect(page.getByRole('heading', { name: 'Ancient laws' })).toBeVisible();
      await page.getByRole('button', { name: text.edit, exact: true }).click();
      const save = page.getByRole('button', { name: text.save, exact: true });
      await expect(save).toBeDisabled();
      await expect(page.getByText(text.overLimit)).toBeVisible();
      await expect(page.getByRole('button', { name: text.upgrade })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // Shortened within the limit, the rules can be saved.
      const editor = page.getByRole('textbox', { name: text.editor });
      await editor.fill(long.slice(0, 50_000));
      await expect(save).toBeEnabled();
      await expect(page.getByText(text.overLimit)).toHaveCount(0);
      await save.click();
      await expect(page.getByRole('status').filter({ hasText: text.saved })).toBeVisible();
      expect((await savedRules(request, user, id)).length).toBe(50_000);
    });
  });
}
