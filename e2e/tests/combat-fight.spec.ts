// Playing a fight (docs/product.md#combat, #combat-amounts, #limits; decision 015): heal up to the maximum
// and a refused amount, the status of the target, next turn skipping a fallen unit and the new round banner,
// and the target moving to the end of its group. Fights already under way are seeded through the API.
import { expect, test } from '@playwright/test';
import {
  chooseTarget,
  combatMaster,
  groupTargets,
  openCombat,
  orderEntry,
  orderItems,
  region,
  savedCombat,
  savedHp,
  seedFight,
  targetMovesSettled,
} from '../support/combat';

test.describe('combat', () => {
  // Fights seeded through the API and several saves to wait for: generous on a loaded machine,
  // every wait is still an expectation.
  test.describe.configure({ timeout: 90_000 });

  test('heal raises HP up to the maximum, never past it; a bad amount is refused (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request);
    const [aria, grask] = await api.createRoster([
      { name: 'Aria', isPlayer: true, hp: 100, currentHp: 90 },
      { name: 'Grask' },
    ]);
    await seedFight(api, { allies: [aria], enemies: [grask], order: [grask, aria] });
    await openCombat(page, 'en', campaign);

    await expect(page.getByText('Turn of Grask', { exact: true })).toBeVisible();
    await chooseTarget(page, 'Target Aria');
    const target = region(page, 'Target');
    await expect(target.getByTitle('Aria', { exact: true })).toBeVisible();
    await expect(target.getByRole('meter', { name: 'HP 90 / 100' })).toBeVisible();

    const amount = page.getByRole('textbox', { name: 'Amount' });
    const heal = page.getByRole('button', { name: 'Heal', exact: true });
    const attack = page.getByRole('button', { name: 'Attack', exact: true });
    await amount.fill('1000');
    await expect(page.getByRole('alert').filter({ hasText: 'Must be at most 999.' })).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(heal).toBeDisabled();
    await expect(attack).toBeDisabled();
    await amount.fill('0');
    await expect(heal).toBeDisabled();

    await amount.fill('50');
    await expect(page.getByText('Must be at least 1.')).toHaveCount(0);
    await heal.click();
    await expect(region(page, 'Allies').getByRole('meter', { name: 'HP 100 / 100' })).toBeVisible();
    await expect(target.getByRole('meter', { name: 'HP 100 / 100' })).toBeVisible();
    await savedHp(api, aria._id).toBe(100);

    // Down to 30, healed by 50: 80, below the maximum.
    await amount.fill('70');
    await attack.click();
    await expect(target.getByRole('meter', { name: 'HP 30 / 100' })).toBeVisible();
    await amount.fill('50');
    await heal.click();
    await expect(target.getByRole('meter', { name: 'HP 80 / 100' })).toBeVisible();
    await savedHp(api, aria._id).toBe(80);
    // The amount is cleared after each blow (docs/product.md#combat-amounts); the server keeps 0.
    await expect(amount).toHaveValue('');
    await savedCombat(api).toMatchObject({ amount: 0, targetId: aria._id });

    // The status is the unit's too: changed from the target, saved on the unit at once.
    const injured = campaign.statuses[1]!.name;
    await page.getByRole('combobox', { name: 'Status of Aria' }).selectOption(injured);
    await expect(region(page, 'Allies').getByRole('listitem')).toContainText(injured);
    await expect.poll(async () => (await api.unit(aria._id))?.status).toBe(injured);
  });

  test('next turn clears the target, skips a fallen unit, and wraps with the round banner (fr)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { language: 'fr' });
    const [aria, borin, mira, grask] = await api.createRoster([
      { name: 'Aria', isPlayer: true },
      { name: 'Borin', isPlayer: true },
      { name: 'Old Mira', currentHp: 5 },
      { name: 'Grask' },
    ]);
    await seedFight(api, {
      allies: [aria, borin],
      enemies: [mira, grask],
      order: [aria, mira, grask, borin],
    });
    await openCombat(page, 'fr', campaign);

    const items = orderItems(page, "Ordre d'initiative");
    await expect(items).toHaveText([
      orderEntry(1, 'Aria', 90),
      orderEntry(2, 'Old Mira', 80),
      orderEntry(3, 'Grask', 70),
      orderEntry(4, 'Borin', 60),
    ]);
    await expect(page.getByText('Manche 1', { exact: true })).toBeVisible();
    await expect(page.getByText("Au tour d'Aria", { exact: true })).toBeVisible();
    await expect(items.nth(0)).toHaveAttribute('aria-current', 'step');

    const amount = page.getByRole('textbox', { name: 'Montant' });
    const attack = page.getByRole('button', { name: 'Attaquer', exact: true });
    const heal = page.getByRole('button', { name: 'Soigner', exact: true });
    const nextTurn = page.getByRole('button', { name: 'Tour suivant' });
    const banner = page.getByRole('status').filter({ hasText: 'Tour suivant ! La manche 2 commence.' });

    // Old Mira falls on Aria's turn.
    const miraButton = await chooseTarget(page, 'Cibler Old Mira');
    await expect(amount).toHaveValue('');
    await amount.fill('5');
    await attack.click();
    await expect(region(page, 'Ennemis').getByRole('meter', { name: 'PV 0 / 100' })).toBeVisible();
    await expect(items.nth(1)).toContainText('À terre');

    // Her turn is skipped; the target is cleared and the amount is 0, so nothing can be done yet.
    await nextTurn.click();
    await expect(page.getByText('Au tour de Grask', { exact: true })).toBeVisible();
    await expect(items.nth(2)).toHaveAttribute('aria-current', 'step');
    await expect(items.nth(1)).not.toHaveAttribute('aria-current', 'step');
    await expect(miraButton).toHaveAttribute('aria-pressed', 'false');
    await expect(
      region(page, 'Cible').getByText("Choisissez une cible dans l'un des groupes."),
    ).toBeVisible();
    await expect(amount).toHaveValue('');
    await expect(attack).toBeDisabled();
    await expect(heal).toBeDisabled();
    await chooseTarget(page, 'Cibler Aria');
    await expect(attack).toBeDisabled();
    await expect(heal).toBeDisabled();
    await amount.fill('3');
    await expect(attack).toBeEnabled();
    await expect(heal).toBeEnabled();
    await expect(banner).toHaveCount(0);

    await nextTurn.click();
    await expect(page.getByText('Au tour de Borin', { exact: true })).toBeVisible();
    await expect(page.getByText('Manche 1', { exact: true })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // The end of the order: back to the first living unit, a new round, and the banner for 4 s.
    await nextTurn.click();
    await expect(banner).toBeVisible();
    await expect(page.getByText("Au tour d'Aria", { exact: true })).toBeVisible();
    await expect(page.getByText('Manche 2', { exact: true })).toBeVisible();
    await expect(items.nth(0)).toHaveAttribute('aria-current', 'step');
    await savedCombat(api).toMatchObject({
      phase: 'fight',
      round: 2,
      turnIndex: 0,
      targetId: null,
      amount: 0,
    });
    await expect(banner).toBeHidden({ timeout: 8000 });
    await expect(page.getByText('Manche 2', { exact: true })).toBeVisible();
  });

  test('a target that is not last in its group moves to its end; a click during the move counts when it ends (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request);
    const [aria, borin, grask, mira, snaga] = await api.createRoster([
      { name: 'Aria', isPlayer: true },
      { name: 'Borin', isPlayer: true },
      { name: 'Grask' },
      { name: 'Old Mira' },
      { name: 'Snaga' },
    ]);
    await seedFight(api, {
      allies: [aria, borin],
      enemies: [grask, mira, snaga],
      order: [aria, grask, borin, mira, snaga],
    });
    await openCombat(page, 'en', campaign);

    const enemies = groupTargets(page, 'Enemies');
    const allies = groupTargets(page, 'Allies');
    await expect(enemies).toHaveText(['Grask', 'Old Mira', 'Snaga']);

    const graskButton = await chooseTarget(page, 'Target Grask');
    await expect(graskButton).toHaveAttribute('data-unit-id', grask._id);
    await expect(enemies).toHaveText(['Old Mira', 'Snaga', 'Grask']);
    await expect(graskButton).toBeFocused();

    await chooseTarget(page, 'Target Snaga');
    await expect(enemies).toHaveText(['Old Mira', 'Grask', 'Snaga']);
    await expect(graskButton).toHaveAttribute('aria-pressed', 'false');

    // The last of its group stays where it is.
    await chooseTarget(page, 'Target Snaga');
    await chooseTarget(page, 'Target Borin');
    await expect(allies).toHaveText(['Aria', 'Borin']);
    await expect(enemies).toHaveText(['Old Mira', 'Grask', 'Snaga']);

    // A second pick while a row still glides (here, in the same instant) waits for the glide, then
    // counts (never dropped).
    await targetMovesSettled(page);
    await page.evaluate(() => {
      for (const id of ['Aria', 'Old Mira']) {
        document.querySelector<HTMLButtonElement>(`button[aria-label="Target ${id}"]`)!.click();
      }
    });
    await expect(allies).toHaveText(['Borin', 'Aria']);
    await expect(page.getByRole('button', { name: 'Target Old Mira', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Target Aria', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(enemies).toHaveText(['Grask', 'Snaga', 'Old Mira']);

    // A pick stays on this screen until a blow sends it (docs/decisions/021: the server moves the target with
    // the blow): Aria's pick was never sent.
    await page.getByRole('textbox', { name: 'Amount' }).fill('1');
    await page.getByRole('button', { name: 'Attack', exact: true }).click();
    await savedCombat(api).toMatchObject({
      allies: [aria._id, borin._id],
      enemies: [grask._id, snaga._id, mira._id],
      targetId: mira._id,
    });
    // The initiative order does not follow the groups.
    await expect(orderItems(page, 'Initiative order')).toHaveText([
      orderEntry(1, 'Aria', 90),
      orderEntry(2, 'Grask', 80),
      orderEntry(3, 'Borin', 70),
      orderEntry(4, 'Old Mira', 60),
      orderEntry(5, 'Snaga', 50),
    ]);
    await page.reload();
    await expect(enemies).toHaveText(['Grask', 'Snaga', 'Old Mira']);
    await expect(allies).toHaveText(['Aria', 'Borin']);
  });
});
