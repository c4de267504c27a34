// The end of a fight (docs/product.md#combat; decision 015): the last enemy down ends it a
// second later, and End combat asks first; either way both groups are emptied, the units keep their
// HP, and the units view follows. Fights already under way are seeded through the API.
import { expect, test } from '@playwright/test';
import {
  chooseTarget,
  combatMaster,
  openCombat,
  region,
  savedCombat,
  savedHp,
  seedFight,
} from '../support/combat';
import { expectNoSeriousA11yViolations } from '../support/helpers';

test.describe('combat', () => {
  // Fights seeded through the API, several saves to wait for and axe scans: generous on a loaded
  // machine, every wait is still an expectation.
  test.describe.configure({ timeout: 90_000 });

  test('attack saves the HP, and the last enemy down ends the fight a second later (fr)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { language: 'fr' });
    const [aria, grask, snaga] = await api.createRoster([
      { name: 'Aria', isPlayer: true },
      { name: 'Grask', hp: 60, currentHp: 25 },
      { name: 'Snaga', hp: 40, currentHp: 5 },
    ]);
    await seedFight(api, { allies: [aria], enemies: [grask, snaga], order: [aria, grask, snaga] });
    await openCombat(page, 'fr', campaign);

    await expect(page.getByText("Au tour d'Aria", { exact: true })).toBeVisible();
    const enemies = region(page, 'Ennemis');
    const target = region(page, 'Cible');
    const amount = page.getByRole('textbox', { name: 'Montant' });
    const attack = page.getByRole('button', { name: 'Attaquer', exact: true });

    await chooseTarget(page, 'Cibler Snaga');
    await amount.fill('5');
    await attack.click();
    await expect(enemies.getByRole('meter', { name: 'PV 0 / 40' })).toBeVisible();
    await expect(enemies.getByRole('listitem').filter({ hasText: 'Snaga' })).toContainText('À terre');
    await expect(enemies.getByText('1 / 2', { exact: true })).toBeVisible();
    await savedHp(api, snaga._id).toBe(0);

    await chooseTarget(page, 'Cibler Grask');
    await amount.fill('15');
    await attack.click();
    await expect(enemies.getByRole('meter', { name: 'PV 10 / 60' })).toBeVisible();
    await expect(target.getByRole('meter', { name: 'PV 10 / 60' })).toBeVisible();
    await savedHp(api, grask._id).toBe(10);

    // The blow that leaves no enemy standing: the end shows about a second later, not at once.
    const ended = page.getByRole('dialog', { name: 'Combat terminé ! Un groupe a été vaincu.' });
    await expect(amount).toHaveValue('');
    await amount.fill('10');
    const before = Date.now();
    await attack.click();
    await expect(enemies.getByRole('meter', { name: 'PV 0 / 60' })).toBeVisible();
    await expect(ended).toHaveCount(0);
    await expect(ended).toBeVisible();
    expect(Date.now() - before).toBeGreaterThanOrEqual(900);
    await expect(ended.getByText('Les ennemis ont été vaincus.')).toBeVisible();
    await savedHp(api, grask._id).toBe(0);
    await savedCombat(api).toEqual({
      phase: 'setup',
      allies: [],
      enemies: [],
      order: [],
      turnIndex: 0,
      round: 1,
      amount: 1,
      targetId: null,
    });
    await expectNoSeriousA11yViolations(page);

    await ended.getByRole('button', { name: 'Retour aux unités' }).click();
    await expect(ended).toBeHidden();
    await expect(page).toHaveURL(/[?&]view=units\b/);
    await expect(page.getByRole('heading', { level: 2, name: 'Unités de Realm of Ash' })).toBeVisible();
    await expect(
      page.getByRole('listitem', { name: 'Grask', exact: true }).getByRole('meter', { name: 'PV 0 / 60' }),
    ).toBeVisible();
  });

  test('ending a fight asks first; cancel keeps it, confirm empties both groups (fr)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { language: 'fr' });
    const [aria, grask] = await api.createRoster([
      { name: 'Aria', isPlayer: true },
      { name: 'Grask', hp: 60, currentHp: 60 },
    ]);
    await seedFight(api, { allies: [aria], enemies: [grask], order: [aria, grask] });
    await openCombat(page, 'fr', campaign);

    await chooseTarget(page, 'Cibler Grask');
    await page.getByRole('textbox', { name: 'Montant' }).fill('10');
    await page.getByRole('button', { name: 'Attaquer', exact: true }).click();
    await expect(region(page, 'Ennemis').getByRole('meter', { name: 'PV 50 / 60' })).toBeVisible();

    const end = page.getByRole('button', { name: 'Terminer le combat' });
    const confirm = page.getByRole('dialog', { name: 'Terminer ce combat ?' });
    await end.click();
    await expect(
      confirm.getByText('Les deux groupes seront vidés. Les unités gardent leurs PV et leur statut actuels.'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Manche 1', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/[?&]view=combat\b/);
    expect((await api.combat()).phase).toBe('fight');

    await end.click();
    await confirm.getByRole('button', { name: 'Terminer le combat' }).click();
    await expect(confirm).toBeHidden();
    // The summary first (docs/decisions/021): Aria dealt the 10 damage Grask took.
    const summary = page.getByRole('dialog', { name: 'Le combat est terminé' });
    await expect(summary.getByRole('row', { name: /Aria/ })).toHaveText(/Aria\s*10\s*0\s*0\s*Debout/);
    await expect(summary.getByRole('row', { name: /Grask/ })).toHaveText(/Grask\s*0\s*10\s*0\s*Debout/);
    await expectNoSeriousA11yViolations(page);
    await summary.getByRole('button', { name: 'Retour aux unités' }).click();
    await expect(page).toHaveURL(/[?&]view=units\b/);
    await expect(page.getByRole('heading', { level: 2, name: 'Unités de Realm of Ash' })).toBeVisible();
    await savedCombat(api).toMatchObject({ phase: 'setup', allies: [], enemies: [], order: [], amount: 1 });

    // Back in the combat view: a fresh setup, and Grask kept the HP the fight left him.
    await page.getByRole('link', { name: 'Combat', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Lancer le combat' })).toBeDisabled();
    await expect(
      region(page, 'Alliés').getByText("Aucun allié pour l'instant. Ajoutez-en au moins un."),
    ).toBeVisible();
    await expect(
      region(page, 'Ennemis').getByText("Aucun ennemi pour l'instant. Ajoutez-en au moins un."),
    ).toBeVisible();
    await expect(
      region(page, 'Unités disponibles').getByRole('listitem').filter({ hasText: 'Grask' }),
    ).toContainText('50 / 60 PV');
    await savedHp(api, grask._id).toBe(50);
  });
});
