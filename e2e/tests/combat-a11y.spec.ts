// The combat simulator for keyboard and screen-reader users (docs/decisions/015; spec quality bar; decision
// 015): a fight played with the keyboard alone, and axe on setup, fight and dialogs in light and
// dark. Units, and fights already under way, are seeded through the API.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  chooseTarget,
  combatMaster,
  groupTargets,
  openCombat,
  region,
  savedCombat,
  savedHp,
  seedFight,
  targetMovesSettled,
  rollEveryInitiative,
} from '../support/combat';
import { expectColorScheme, expectNoSeriousA11yViolations } from '../support/helpers';

/** Presses `key` until `target` has the focus, as a keyboard user walks through the page. */
async function pressUntilFocused(page: Page, key: string, target: Locator, max = 12) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test.describe('combat', () => {
  // Fights seeded through the API, several saves to wait for and axe scans: generous on a loaded
  // machine, every wait is still an expectation.
  test.describe.configure({ timeout: 90_000 });

  test('the fight can be played with the keyboard alone, down to the fall of the allies (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request);
    const [aria, grask, snaga] = await api.createRoster([
      // A hired ally, not a player character: at 0 HP she falls (a hero would be Down and keep the fight on).
      { name: 'Aria', currentHp: 8 },
      { name: 'Grask', hp: 60, currentHp: 60 },
      { name: 'Snaga' },
    ]);
    await seedFight(api, { allies: [aria], enemies: [grask, snaga], order: [grask, aria, snaga] });
    await openCombat(page, 'en', campaign);
    await expect(page.getByText('Turn of Grask', { exact: true })).toBeVisible();

    const graskButton = page.getByRole('button', { name: 'Target Grask', exact: true });
    const ariaButton = page.getByRole('button', { name: 'Target Aria', exact: true });
    const amount = page.getByRole('textbox', { name: 'Amount' });
    const attack = page.getByRole('button', { name: 'Attack', exact: true });

    // Space picks Grask; he moves to the end of his group and keeps the focus.
    await graskButton.focus();
    await page.keyboard.press('Space');
    await expect(graskButton).toHaveAttribute('aria-pressed', 'true');
    await expect(groupTargets(page, 'Enemies')).toHaveText(['Snaga', 'Grask']);
    await expect(graskButton).toBeFocused();

    await pressUntilFocused(page, 'Tab', amount);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('5');
    await expect(amount).toHaveValue('5');
    await pressUntilFocused(page, 'Tab', attack);
    await page.keyboard.press('Enter');
    await expect(region(page, 'Enemies').getByRole('meter', { name: 'HP 55 / 60' })).toBeVisible();
    await savedHp(api, grask._id).toBe(55);

    // Undo and redo from the keyboard (docs/decisions/021): the focus is on Attack, not in a field.
    await page.keyboard.press('Control+z');
    await expect(region(page, 'Enemies').getByRole('meter', { name: 'HP 60 / 60' })).toBeVisible();
    await page.keyboard.press('Control+Shift+z');
    await expect(region(page, 'Enemies').getByRole('meter', { name: 'HP 55 / 60' })).toBeVisible();
    await savedHp(api, grask._id).toBe(55);

    // Back up to Aria, Enter picks her, and a typed 8 takes her last hit points.
    await targetMovesSettled(page);
    await pressUntilFocused(page, 'Shift+Tab', ariaButton);
    await page.keyboard.press('Enter');
    await expect(ariaButton).toHaveAttribute('aria-pressed', 'true');
    await expect(graskButton).toHaveAttribute('aria-pressed', 'false');
    await pressUntilFocused(page, 'Tab', amount);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('8');
    await pressUntilFocused(page, 'Tab', attack);
    await page.keyboard.press('Enter');
    await expect(region(page, 'Allies').getByRole('meter', { name: 'HP 0 / 100' })).toBeVisible();

    const ended = page.getByRole('dialog', { name: 'Combat ended! One group has been defeated.' });
    await expect(ended).toBeVisible();
    await expect(ended.getByText('The allies have fallen.')).toBeVisible();
    const back = ended.getByRole('button', { name: 'Back to units' });
    await expect(back).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]view=units\b/);
    await expect(page.getByRole('heading', { level: 2, name: 'Units of Realm of Ash' })).toBeVisible();
    await savedHp(api, aria._id).toBe(0);
    await savedCombat(api).toMatchObject({ phase: 'setup', allies: [], enemies: [], amount: 1 });
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`combat in the ${colorScheme} colour scheme`, () => {
    test.describe.configure({ timeout: 90_000 });
    test.use({ colorScheme });

    test('setup, fight and its dialogs pass axe (en)', async ({ page, request }) => {
      const { campaign, api } = await combatMaster(page, request);
      await api.createRoster([
        { name: 'Aria', isPlayer: true, hp: 100, currentHp: 60 },
        { name: 'Borin', isPlayer: true, hp: 100, currentHp: 25 },
        { name: 'Grask', hp: 60, currentHp: 5 },
        { name: 'Fallen Fred', currentHp: 0 },
      ]);
      await openCombat(page, 'en', campaign);
      await expect(page.getByRole('button', { name: 'Add Aria to the allies' })).toBeVisible();
      await expectColorScheme(page, colorScheme);

      // Setup: one side filled, the other empty, Start disabled with its hint.
      await page.getByRole('button', { name: 'All player characters to allies' }).click();
      await expect(region(page, 'Allies').getByRole('listitem')).toHaveCount(2);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'All NPCs to enemies' }).click();
      await page.getByRole('button', { name: 'Start combat' }).click();
      await expectNoSeriousA11yViolations(page);
      await rollEveryInitiative(page);
      await expect(page.getByText('Round 1', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // A target picked, with the three HP tones and a bad amount on screen.
      await chooseTarget(page, 'Target Borin');
      await page.getByRole('textbox', { name: 'Amount' }).fill('1000');
      await expect(page.getByText('Must be at most 999.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'End combat' }).click();
      const confirm = page.getByRole('dialog', { name: 'End this combat?' });
      await expect(confirm).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();

      // The new round banner, then the end of the fight.
      await page.getByRole('button', { name: 'Next turn' }).click();
      await page.getByRole('button', { name: 'Next turn' }).click();
      await page.getByRole('button', { name: 'Next turn' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Next turn! Round 2 begins.' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await chooseTarget(page, 'Target Grask');
      await page.getByRole('textbox', { name: 'Amount' }).fill('5');
      await page.getByRole('button', { name: 'Attack', exact: true }).click();
      const ended = page.getByRole('dialog', { name: 'Combat ended! One group has been defeated.' });
      await expect(ended.getByText('The enemies have been defeated.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
