// Axe on the combat dialogs added, in the light and the dark colour scheme: the copies
// of a unit (setup and mid-fight), the typed initiatives at the start, the `?` shortcuts list, the
// reinforcements, and the share panel with what players see (its QR code and its two confirmations).
// Each dialog is scanned open, and where it has one, with its error on screen. A serious or critical
// violation fails the test (e2e/support/helpers.ts). The flows themselves are in
// combat-fast-hands.spec.ts and player-view.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { combatMaster, openCombat, region } from '../support/combat';
import { expectColorScheme, expectNoSeriousA11yViolations } from '../support/helpers';

/** Takes the focus out of any field, so a shortcut is not typed into it. */
async function leaveFields(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`the combat dialogs in the ${colorScheme} colour scheme`, () => {
    // Two dozen axe scans and a fight seeded through the API: generous on a loaded machine, every
    // wait is still an expectation.
    test.describe.configure({ timeout: 120_000 });
    test.use({ colorScheme });

    test('copies, initiatives, shortcuts, reinforcements and the share panel pass axe (en)', async ({
      page,
      request,
    }) => {
      const { campaign, api } = await combatMaster(page, request);
      const [, , , wulf] = await api.createRoster([
        { name: 'Aria', isPlayer: true, hp: 100, currentHp: 60 },
        { name: 'Borin', isPlayer: true, hp: 100, currentHp: 25 },
        { name: 'Grask', hp: 60, currentHp: 30 },
        { name: 'Wulf', hp: 30, currentHp: 30 },
      ]);
      await openCombat(page, 'en', campaign);
      await expect(page.getByRole('button', { name: 'Add Aria to the allies' })).toBeVisible();
      await expectColorScheme(page, colorScheme);
      await page.getByRole('button', { name: 'All player characters to allies' }).click();
      await expect(region(page, 'Allies').getByRole('listitem')).toHaveCount(2);

      // Copies of Grask in the setup: the names to come, then a count out of range.
      await page.getByRole('button', { name: 'Make copies of Grask', exact: true }).click();
      const copies = page.getByRole('dialog', { name: 'Copies of Grask' });
      const count = copies.getByRole('textbox', { name: 'Number of copies' });
      await count.fill('2');
      await expect(copies).toContainText('Grask 3');
      await expectNoSeriousA11yViolations(page);
      await count.fill('0');
      await expect(copies.getByText('Must be at least 1.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await count.fill('1');
      await copies.getByRole('button', { name: 'Create the copies' }).click();
      await expect(copies).toBeHidden();
      await expect(region(page, 'Enemies').getByText('Grask 2')).toBeVisible();

      // The typed initiatives at the start, then one that is not a number.
      await page.getByRole('button', { name: 'Start combat', exact: true }).click();
      const start = page.getByRole('dialog', { name: 'Initiative of the player characters' });
      const ariaInitiative = start.getByRole('textbox', { name: 'Initiative of Aria' });
      await expect(ariaInitiative).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await ariaInitiative.fill('abc');
      await start.getByRole('button', { name: 'Start combat' }).click();
      await expect(ariaInitiative).toHaveAttribute('aria-invalid', 'true');
      await expect(start).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await ariaInitiative.fill('15');
      await start.getByRole('button', { name: 'Start combat' }).click();
      await expect(start).toBeHidden();
      await expect(page.getByText('Round 1', { exact: true })).toBeVisible();

      // The shortcuts' list.
      await leaveFields(page);
      await page.keyboard.press('Shift+?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(help).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(help).toBeHidden();

      // Reinforcements: Wulf at a typed initiative, then one out of range.
      await page.getByRole('button', { name: 'Reinforcements', exact: true }).click();
      const reinforce = page.getByRole('dialog', { name: 'Reinforcements' });
      await reinforce.getByRole('combobox', { name: 'Unit' }).selectOption(wulf._id);
      const initiative = reinforce.getByRole('textbox', { name: 'Initiative (optional)' });
      await initiative.fill('12');
      await expectNoSeriousA11yViolations(page);
      await initiative.fill('x');
      await expect(initiative).toHaveAttribute('aria-invalid', 'true');
      await expect(reinforce.getByRole('button', { name: 'Add to the fight' })).toBeDisabled();
      await expectNoSeriousA11yViolations(page);
      // …and its way to copies in the middle of the fight.
      await reinforce.getByRole('button', { name: 'Make copies of Wulf' }).click();
      const wulfCopies = page.getByRole('dialog', { name: 'Copies of Wulf' });
      await wulfCopies.getByRole('textbox', { name: 'Number of copies' }).fill('3');
      await expect(wulfCopies).toContainText('Wulf 4');
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // The share panel: what players see, the link and its QR code.
      await page.getByRole('button', { name: 'Share with players' }).click();
      await expect(page.getByRole('region', { name: 'What players see' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Create a player link' }).click();
      await expect(page.getByRole('textbox', { name: 'Player link' })).toBeVisible();
      await page.getByRole('button', { name: 'Show QR code' }).click();
      await expect(page.getByRole('img', { name: 'QR code of the player link' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // Its two confirmations.
      await page.getByRole('button', { name: 'New link', exact: true }).click();
      const renew = page.getByRole('dialog', { name: 'Make a new player link?' });
      await expect(renew).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await renew.getByRole('button', { name: 'Cancel' }).click();
      await expect(renew).toBeHidden();
      await page.getByRole('button', { name: 'Revoke link' }).click();
      const revoke = page.getByRole('dialog', { name: 'Revoke the player link?' });
      await expect(revoke).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await revoke.getByRole('button', { name: 'Cancel' }).click();
      await expect(revoke).toBeHidden();
    });
  });
}
