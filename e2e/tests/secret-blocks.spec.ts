// Secret blocks and "Preview as player" (issue 34, docs/decisions/064, docs/product.md#secret-blocks), in
// English and French: the game master writes a secret block in the rules with the toolbar's "Secret
// block" button, sees it framed and marked "Secret" in the editor's preview and in the read view, then
// "Preview as player" renders the rules without it: its text is nowhere in the page. Axe on the framed
// block and on the preview, light and dark. SCREENSHOTS=dir saves the framed block at 1280 and 375 px.
import { expect, test, type Page } from '@playwright/test';
import { bearer, gameMaster } from '../support/game-data';
import { expectColorScheme, expectNoSeriousA11yViolations } from '../support/helpers';

const TEXT = {
  en: {
    edit: 'Edit',
    save: 'Save',
    saved: 'Rules saved.',
    editor: 'Campaign rules, in markdown',
    preview: 'Preview',
    read: 'Campaign rules',
    secretBlock: 'Secret block',
    secret: 'Secret',
    asPlayer: 'Preview as player',
    playersSee: 'Players see this text without its secret blocks.',
  },
  fr: {
    edit: 'Modifier',
    save: 'Enregistrer',
    saved: 'Règles enregistrées.',
    editor: 'Règles de la campagne, en markdown',
    preview: 'Aperçu',
    read: 'Règles de la campagne',
    secretBlock: 'Bloc secret',
    secret: 'Secret',
    asPlayer: 'Aperçu joueurs',
    playersSee: 'Les joueurs voient ce texte sans ses blocs secrets.',
  },
} as const;

const PUBLIC = '# The Prancing Pony\n\nThe innkeeper smiles and pours ale.\n';
const SECRET = 'The innkeeper poisoned the stew';

/** Finite animations and colour transitions have ended: axe reads settled colours. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );

async function scanBothSchemes(page: Page) {
  await expectColorScheme(page, 'light');
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectColorScheme(page, 'dark');
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const language of ['en', 'fr'] as const) {
  const s = TEXT[language];

  test(`secret blocks: framed for the GM, gone in Preview as player (${language})`, async ({
    page,
    request,
  }) => {
    const { user, campaign } = await gameMaster(page, request, { language });
    await page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=rules`);

    // Written with the toolbar: the block comes with its placeholder selected, typed over.
    await page.getByRole('button', { name: s.edit, exact: true }).click();
    const editor = page.getByRole('textbox', { name: s.editor });
    await editor.fill(PUBLIC);
    await editor.press('ControlOrMeta+End');
    await page.getByRole('button', { name: s.secretBlock }).click();
    await page.keyboard.type(SECRET);
    const pane = page.getByRole('region', { name: s.preview, exact: true });
    await expect(pane.getByRole('group', { name: s.secret })).toContainText(SECRET);
    await page.getByRole('button', { name: s.save, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: s.saved })).toBeVisible();
    const saved = await request.get('/api/game-data', { headers: bearer(user) });
    const rules = ((await saved.json()) as { _id: string; rules: string }[]).find(
      (item) => item._id === campaign._id,
    )?.rules;
    expect(rules).toBe(`${PUBLIC}:::secret\n${SECRET}\n:::`);

    // The read view: the block framed and marked, the public text outside it.
    const view = page.getByRole('region', { name: s.read, exact: true });
    const frame = view.getByRole('group', { name: s.secret });
    await expect(frame).toBeVisible();
    await expect(frame).toContainText(s.secret);
    await expect(frame).toContainText(SECRET);
    await expect(frame).not.toContainText('innkeeper smiles');
    await scanBothSchemes(page);

    const shots = process.env.SCREENSHOTS;
    if (shots) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await settled(page);
        await page.screenshot({ path: `${shots}/secret-${language}-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // Preview as player: what players get, the secret text not in the page at all.
    const toggle = view.getByRole('button', { name: s.asPlayer });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(view.getByText(s.playersSee)).toBeVisible();
    await expect(view.getByText('The innkeeper smiles and pours ale.')).toBeVisible();
    await expect(view.getByRole('group', { name: s.secret })).toHaveCount(0);
    expect(await page.content()).not.toContain('poisoned');
    if (shots) await page.screenshot({ path: `${shots}/secret-${language}-preview.png` });
    await scanBothSchemes(page);

    // And back, from the keyboard.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(view.getByRole('group', { name: s.secret })).toContainText(SECRET);
  });
}
