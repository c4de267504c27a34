// Reinforcements and copies join the side of the unit they come from: the dialog
// opens on the first unit not yet fighting, with its usual side; picking an enemy already fighting
// turns the side to Enemies, and its copies join the enemies — in their numbering order.
import { expect, test } from '@playwright/test';
import { combatMaster, openCombat, region, seedFight } from '../support/combat';

test('copies of an enemy made from the Reinforcements dialog join the enemies', async ({ page, request }) => {
  const { campaign, api } = await combatMaster(page, request);
  const [aria, borin, grask] = await api.createRoster([
    { name: 'Aria', isPlayer: true },
    { name: 'Borin', isPlayer: true },
    { name: 'Grask', hp: 40, currentHp: 40 },
  ]);
  await seedFight(api, { allies: [borin], enemies: [grask], order: [borin, grask] });
  await openCombat(page, 'en', campaign);
  await expect(page.getByText('Round 1', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Reinforcements', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reinforcements' });
  const unit = dialog.getByRole('combobox', { name: 'Unit' });
  const side = dialog.getByRole('group', { name: 'Side' });
  // The first unit not in the fight, on its usual side.
  await expect(unit).toHaveValue(aria!._id);
  await expect(side.getByRole('radio', { name: 'Allies' })).toBeChecked();

  // An enemy already fighting: the side follows it.
  await unit.selectOption(grask!._id);
  await expect(side.getByRole('radio', { name: 'Enemies' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Make copies of Grask' }).click();
  const copies = page.getByRole('dialog', { name: 'Copies of Grask' });
  await expect(copies.getByRole('radio', { name: 'Enemies' })).toBeChecked();
  await copies.getByRole('textbox', { name: 'Number of copies' }).fill('3');
  await copies.getByRole('button', { name: 'Create the copies' }).click();
  await expect(copies).toBeHidden();

  const enemies = region(page, 'Enemies');
  for (const name of ['Grask 2', 'Grask 3', 'Grask 4']) await expect(enemies.getByText(name)).toBeVisible();
  await expect(region(page, 'Allies').getByText(/Grask \d/)).toHaveCount(0);
  // The server holds them with the enemies, in their numbering order.
  await expect
    .poll(async () => {
      const [fight, units] = await Promise.all([api.combat(), api.units()]);
      const names = new Map(units.map((item) => [item._id, item.name]));
      return {
        allies: fight.allies.map((id) => names.get(id)),
        enemies: fight.enemies.map((id) => names.get(id)),
      };
    })
    .toEqual({ allies: ['Borin'], enemies: ['Grask', 'Grask 2', 'Grask 3', 'Grask 4'] });
});
