// A fight survives (docs/product.md#combat, decision 008): a reload resumes it, and another device
// signed in to the same account sees the same fight and plays on. Seeded through the API.
import { expect, test, type Page } from '@playwright/test';
import {
  chooseTarget,
  combatMaster,
  groupTargets,
  openCombat,
  orderItems,
  region,
  savedCombat,
  savedHp,
  seedFight,
} from '../support/combat';
import { seedSession } from '../support/helpers';

test.describe('combat', () => {
  // Fights seeded through the API and several saves to wait for: generous on a loaded machine,
  // every wait is still an expectation.
  test.describe.configure({ timeout: 90_000 });

  test('a reload resumes the fight, and another device sees the same fight (en)', async ({
    page,
    request,
    browser,
  }) => {
    const { user, campaign, api } = await combatMaster(page, request);
    const [aria, grask, mira] = await api.createRoster([
      { name: 'Aria', isPlayer: true },
      { name: 'Grask', hp: 60, currentHp: 60 },
      { name: 'Old Mira' },
    ]);
    await seedFight(api, { allies: [aria], enemies: [grask, mira], order: [aria, grask, mira] });
    await openCombat(page, 'en', campaign);

    const amount = page.getByRole('textbox', { name: 'Amount' });
    const attack = page.getByRole('button', { name: 'Attack', exact: true });
    await chooseTarget(page, 'Target Grask');
    await amount.fill('12');
    await attack.click();
    await expect(region(page, 'Enemies').getByRole('meter', { name: 'HP 48 / 60' })).toBeVisible();
    await page.getByRole('button', { name: 'Next turn' }).click();
    await expect(page.getByText('Turn of Grask', { exact: true })).toBeVisible();
    await chooseTarget(page, 'Target Aria');
    await amount.fill('7');
    await attack.click();
    await expect(region(page, 'Target').getByRole('meter', { name: 'HP 93 / 100' })).toBeVisible();
    await savedCombat(api).toMatchObject({ turnIndex: 1, round: 1, targetId: aria._id, amount: 0 });
    await savedHp(api, aria._id).toBe(93);

    /** What either screen must show of this fight. */
    const expectSameFight = async (screen: Page) => {
      await expect(screen.getByText('Round 1', { exact: true })).toBeVisible();
      await expect(screen.getByText('Turn of Grask', { exact: true })).toBeVisible();
      await expect(orderItems(screen, 'Initiative order').nth(1)).toHaveAttribute('aria-current', 'step');
      await expect(screen.getByRole('button', { name: 'Target Aria', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(screen.getByRole('button', { name: 'Target Grask', exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      const target = region(screen, 'Target');
      await expect(target.getByTitle('Aria', { exact: true })).toBeVisible();
      await expect(target.getByRole('meter', { name: 'HP 93 / 100' })).toBeVisible();
      await expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
      // Grask was picked while first of his group: he stays at its end.
      await expect(groupTargets(screen, 'Enemies')).toHaveText(['Old Mira', 'Grask']);
      await expect(region(screen, 'Enemies').getByRole('meter', { name: 'HP 48 / 60' })).toBeVisible();
    };

    await page.reload();
    await expectSameFight(page);

    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const otherPage = await other.newPage();
      await seedSession(otherPage, user);
      await openCombat(otherPage, 'en', campaign);
      await expectSameFight(otherPage);

      // What the other device plays, this one finds when it opens the view again.
      await otherPage.getByRole('button', { name: 'Next turn' }).click();
      await expect(otherPage.getByText('Turn of Old Mira', { exact: true })).toBeVisible();
      await savedCombat(api).toMatchObject({ turnIndex: 2, targetId: null, amount: 0 });
    } finally {
      await other.close();
    }
    await page.reload();
    await expect(page.getByText('Turn of Old Mira', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
  });
});
