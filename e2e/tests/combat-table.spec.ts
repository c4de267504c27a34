// The combat table for real sessions (decisions 021, 022): a dice blow rolled by the
// server and explained in the log, undo and redo of several steps, and a second device that sees a
// blow within a second without reloading. Fights under way are seeded through the API.
import { expect, test } from '@playwright/test';
import { chooseTarget, combatMaster, openCombat, region, seedFight } from '../support/combat';
import { expectNoSeriousA11yViolations, seedSession } from '../support/helpers';

const BREAKDOWN = /^2d6\+3 → \[\d, \d\] \+ 3 = \d+$/;

test.describe('combat table', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const language of ['en', 'fr'] as const) {
    const words =
      language === 'en'
        ? { target: 'Target Grask', amount: 'Amount', attack: 'Attack', log: 'Combat log', hp: 'HP' }
        : {
            target: 'Cibler Grask',
            amount: 'Montant',
            attack: 'Attaquer',
            log: 'Journal du combat',
            hp: 'PV',
          };

    test(`a dice blow is rolled by the server and its breakdown shows in the log (${language})`, async ({
      page,
      request,
    }) => {
      const { campaign, api } = await combatMaster(page, request, { language });
      const [aria, grask] = await api.createRoster([
        { name: 'Aria', isPlayer: true },
        { name: 'Grask', hp: 60, currentHp: 60 },
      ]);
      await seedFight(api, { allies: [aria], enemies: [grask], order: [aria, grask] });
      await openCombat(page, language, campaign);

      await chooseTarget(page, words.target);
      const amount = page.getByRole('textbox', { name: words.amount });
      await amount.fill('2d6+');
      await expect(page.getByRole('alert')).toContainText(
        language === 'en' ? 'Unexpected end at 5.' : 'Fin inattendue en position 5.',
      );
      await expect(page.getByRole('button', { name: words.attack, exact: true })).toBeDisabled();
      await amount.fill('2d6+3');
      await amount.press('Enter');
      await expect(amount).toHaveValue('');

      await expect.poll(async () => (await api.fight()).log.at(-1)?.type).toBe('attack');
      const entry = (await api.fight()).log.at(-1)!;
      expect(entry.input).toBe('2d6+3');
      expect(entry.breakdown).toMatch(BREAKDOWN);
      const log = page.getByRole('list', { name: words.log });
      await expect(log.getByRole('listitem').first()).toContainText(entry.breakdown!);
      await expect(log.getByRole('listitem').first()).toContainText(`${words.hp} 60 → ${60 - entry.amount!}`);
      await expect(
        region(page, language === 'en' ? 'Enemies' : 'Ennemis').getByRole('meter'),
      ).toHaveAccessibleName(`${words.hp} ${60 - entry.amount!} / 60`);
    });
  }

  test('undo three steps, redo one, with the buttons and the keyboard (fr)', async ({ page, request }) => {
    const { campaign, api } = await combatMaster(page, request, { language: 'fr' });
    const [aria, grask] = await api.createRoster([
      { name: 'Aria', isPlayer: true },
      { name: 'Grask', hp: 60, currentHp: 60 },
    ]);
    await seedFight(api, { allies: [aria], enemies: [grask], order: [aria, grask] });
    await openCombat(page, 'fr', campaign);
    const undo = page.getByRole('button', { name: 'Annuler', exact: true });
    const redo = page.getByRole('button', { name: 'Rétablir', exact: true });
    // The seeded start is a step too: undo is offered from the first turn.
    await expect(undo).toBeEnabled();
    await expect(redo).toBeDisabled();

    const amount = page.getByRole('textbox', { name: 'Montant' });
    const meter = region(page, 'Ennemis').getByRole('meter');
    await chooseTarget(page, 'Cibler Grask');
    await amount.fill('10');
    await amount.press('Enter');
    await expect(meter).toHaveAccessibleName('PV 50 / 60');
    await page.getByRole('button', { name: 'Tour suivant' }).click();
    await expect(page.getByText('Au tour de Grask', { exact: true })).toBeVisible();
    await chooseTarget(page, 'Cibler Grask');
    await amount.fill('5');
    await amount.press('Enter');
    await expect(meter).toHaveAccessibleName('PV 45 / 60');

    await undo.click();
    await expect(meter).toHaveAccessibleName('PV 50 / 60');
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Control+z');
    await expect(page.getByText("Au tour d'Aria", { exact: true })).toBeVisible();
    await page.keyboard.press('Control+z');
    await expect(meter).toHaveAccessibleName('PV 60 / 60');
    await expect(redo).toBeEnabled();
    await expect(page.getByRole('list', { name: 'Journal du combat' }).getByText('Annulé')).toHaveCount(3);

    await page.keyboard.press('Control+y');
    await expect(meter).toHaveAccessibleName('PV 50 / 60');
    await expect(undo).toBeEnabled();
    await expect(redo).toBeEnabled();
    await expect.poll(async () => (await api.unit(grask._id))?.currentHp).toBe(50);
    const fight = await api.fight();
    // After the seeded adds and start.
    expect(fight.log.slice(-3).map((entry) => [entry.type, entry.undone])).toEqual([
      ['attack', false],
      ['nextTurn', true],
      ['attack', true],
    ]);
  });

  test('a second device sees a blow within a second, without reloading (en)', async ({
    page,
    request,
    browser,
  }) => {
    const { user, campaign, api } = await combatMaster(page, request);
    const [aria, grask] = await api.createRoster([
      { name: 'Aria', isPlayer: true },
      { name: 'Grask', hp: 60, currentHp: 60 },
    ]);
    await seedFight(api, { allies: [aria], enemies: [grask], order: [aria, grask] });
    await openCombat(page, 'en', campaign);
    await expect(page.getByText('Turn of Aria', { exact: true })).toBeVisible();

    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const otherPage = await other.newPage();
      await seedSession(otherPage, user);
      await openCombat(otherPage, 'en', campaign);
      const otherMeter = region(otherPage, 'Enemies').getByRole('meter');
      await expect(otherMeter).toHaveAccessibleName('HP 60 / 60');
      // The stream is open once the first event (the current version) has come: give it a moment.
      await otherPage.waitForTimeout(500);

      await chooseTarget(page, 'Target Grask');
      await page.getByRole('textbox', { name: 'Amount' }).fill('12');
      const clicked = Date.now();
      await page.getByRole('button', { name: 'Attack', exact: true }).click();
      await expect(otherMeter).toHaveAccessibleName('HP 48 / 60', { timeout: 1000 });
      expect(Date.now() - clicked).toBeLessThan(1500);
      await expect(
        otherPage.getByRole('list', { name: 'Combat log' }).getByRole('listitem').first(),
      ).toContainText('Aria attacks Grask: 12 damage.');

      // And back: the other device's Next turn shows here.
      await otherPage.getByRole('button', { name: 'Next turn' }).click();
      await expect(page.getByText('Turn of Grask', { exact: true })).toBeVisible({ timeout: 1000 });
    } finally {
      await other.close();
    }
  });
});

test.describe('combat conditions', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const language of ['en', 'fr'] as const) {
    test(`a 2-round condition counts down in words and expires by itself (${language})`, async ({
      page,
      request,
    }) => {
      const en = language === 'en';
      const { campaign, api } = await combatMaster(page, request, { language });
      const [aria, grask] = await api.createRoster([{ name: 'Aria', isPlayer: true }, { name: 'Grask' }]);
      await seedFight(api, { allies: [aria], enemies: [grask], order: [aria, grask] });
      await openCombat(page, language, campaign);
      const stunned = campaign.statuses[3]!.name;

      await chooseTarget(page, en ? 'Target Grask' : 'Cibler Grask');
      await page.getByRole('button', { name: en ? 'Conditions of Grask' : 'États de Grask' }).click();
      const dialog = page.getByRole('dialog', { name: en ? 'Conditions of Grask' : 'États de Grask' });
      await dialog.getByRole('combobox', { name: en ? 'Status' : 'Statut' }).selectOption(stunned);
      await dialog
        .getByRole('textbox', { name: en ? 'Rounds (optional)' : 'Manches (facultatif)' })
        .fill('2');
      await dialog.getByRole('button', { name: en ? 'Add condition' : "Ajouter l'état" }).click();
      const left = (count: number) =>
        en
          ? `${stunned}, ${count} round${count > 1 ? 's' : ''} left`
          : `${stunned} (${count} manche${count > 1 ? 's' : ''} restante${count > 1 ? 's' : ''})`;
      await expect(dialog.getByText(left(2))).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');

      const enemies = region(page, en ? 'Enemies' : 'Ennemis');
      const chip = enemies.getByRole('button', { name: left(2) });
      await expect(chip).toBeVisible();
      // Focus shows the campaign's note for that status.
      await chip.focus();
      await expect(page.getByRole('tooltip')).toContainText(left(2));

      // It counts the end of Grask's own turns: Aria → Grask → (end of Grask's turn) …
      const next = page.getByRole('button', { name: en ? 'Next turn' : 'Tour suivant' });
      await next.click();
      await expect(enemies.getByRole('button', { name: left(2) })).toBeVisible();
      await next.click();
      await expect(enemies.getByRole('button', { name: left(1) })).toBeVisible();
      await next.click();
      await next.click();
      await expect(enemies.getByRole('button', { name: new RegExp(stunned) })).toHaveCount(0);
      await expect(
        page
          .getByRole('list', { name: en ? 'Combat log' : 'Journal du combat' })
          .getByRole('listitem')
          .nth(1),
      ).toContainText(en ? `${stunned} on Grask has expired.` : `${stunned} a pris fin sur Grask.`);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
