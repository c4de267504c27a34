// The combat simulator's setup (docs/product.md#combat, #combat-amounts, #roles; decision 015): both groups,
// the bulk buttons and the filter, a fallen unit left out, the initiative rules a tier may choose, and the
// start of the fight with its rolled order, in English and French. Units are seeded through the API.
import { expect, test } from '@playwright/test';
import {
  chooseTarget,
  combatMaster,
  groupTargets,
  openCombat,
  orderEntry,
  optionsOf,
  orderItems,
  region,
  savedCombat,
  rollEveryInitiative,
} from '../support/combat';
import { expectNoSeriousA11yViolations } from '../support/helpers';

test.describe('combat', () => {
  // Fights seeded through the API, several saves to wait for and axe scans: generous on a loaded
  // machine, every wait is still an expectation.
  test.describe.configure({ timeout: 90_000 });

  test('setup: both groups, the bulk buttons, a fallen unit left out, then the fight starts (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request);
    const [aria, borin, grask, mira] = await api.createRoster([
      { name: 'Aria', isPlayer: true },
      { name: 'Borin', isPlayer: true },
      { name: 'Grask', hp: 60, currentHp: 15 },
      { name: 'Old Mira' },
      { name: 'Fallen Fred', currentHp: 0 },
    ]);
    const names = new Map([aria, borin, grask, mira].map((unit) => [unit._id, unit.name] as const));

    // From the units view through the sidebar, as a game master gets there.
    await page.goto(`/en/dashboard?campaign=${campaign._id}&view=units`);
    await expect(page.getByRole('heading', { level: 2, name: 'Units of Realm of Ash' })).toBeVisible();
    await page.getByRole('link', { name: 'Combat', exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=combat\b/);
    await expect(page.getByRole('heading', { level: 2, name: 'Combat of Realm of Ash' })).toBeVisible();

    const available = region(page, 'Available units');
    const allies = region(page, 'Allies');
    const enemies = region(page, 'Enemies');
    const start = page.getByRole('button', { name: 'Start combat' });
    await expect(available.getByRole('heading', { level: 3, name: 'Available units' })).toBeVisible();
    await expect(available.getByRole('listitem')).toHaveText([/Aria/, /Borin/, /Grask/, /Old Mira/]);
    // Fallen Fred has 0 HP: he cannot join either side.
    await expect(page.getByText('Fallen Fred')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Fallen Fred to the allies' })).toHaveCount(0);
    await expect(allies.getByText('No allies yet. Add at least one.')).toBeVisible();
    await expect(enemies.getByText('No enemies yet. Add at least one.')).toBeVisible();
    await expect(start).toBeDisabled();
    await expect(page.getByText('Add at least one ally and one enemy to start.')).toBeVisible();

    // A Novice rolls initiative at random: the characteristic rules are shown, but locked.
    const rule = page
      .getByRole('group', { name: 'Initiative' })
      .getByRole('combobox', { name: 'Initiative rule' });
    await expect(rule).toHaveValue('random_d20');
    expect(await optionsOf(rule)).toEqual([
      ['Random (d20)', false],
      ['Random (d100)', false],
      ['Characteristic (not available for free users)', true],
      ['d20 + characteristic (not available for free users)', true],
      ['d100 + characteristic (not available for free users)', true],
    ]);
    await expect(page.getByRole('combobox', { name: 'Initiative characteristic' })).toHaveCount(0);
    await page.getByRole('group', { name: 'Initiative' }).getByRole('button', { name: 'See plans' }).click();
    const plans = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await expect(plans).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(plans).toBeHidden();

    // The filter narrows the available units only.
    const filter = page.getByRole('searchbox', { name: 'Filter available units' });
    await filter.fill('mira');
    await expect(available.getByRole('listitem')).toHaveText([/Old Mira/]);
    await filter.fill('zzz');
    await expect(available.getByText('No available unit matches "zzz".')).toBeVisible();
    await filter.fill('');
    await expect(available.getByRole('listitem')).toHaveCount(4);

    // One by one, then the bulk buttons (which leave out units already placed and fallen ones).
    await page.getByRole('button', { name: 'Add Aria to the allies' }).click();
    await expect(allies.getByRole('listitem')).toHaveText([/Aria/]);
    await expect(page.getByRole('button', { name: 'Add Aria to the allies' })).toHaveCount(0);
    await expect(start).toBeDisabled();
    await page.getByRole('button', { name: 'Add Old Mira to the enemies' }).click();
    await expect(enemies.getByRole('listitem')).toHaveText([/Old Mira/]);
    await expect(start).toBeEnabled();
    await expect(page.getByText('Add at least one ally and one enemy to start.')).toHaveCount(0);
    await page.getByRole('button', { name: 'All NPCs to enemies' }).click();
    await expect(enemies.getByRole('listitem')).toHaveText([/Old Mira/, /Grask/]);
    await expect(page.getByRole('button', { name: 'All NPCs to enemies' })).toBeDisabled();
    await page.getByRole('button', { name: 'All player characters to allies' }).click();
    await expect(allies.getByRole('listitem')).toHaveText([/Aria/, /Borin/]);
    await expect(available.getByText('Every unit is already in a group or has 0 HP.')).toBeVisible();

    await enemies.getByRole('button', { name: 'Remove Old Mira from the enemies' }).click();
    await expect(enemies.getByRole('listitem')).toHaveText([/Grask/]);
    await expect(available.getByRole('button', { name: 'Add Old Mira to the enemies' })).toBeVisible();

    // The setup is saved as it goes: a reload finds it.
    await savedCombat(api).toMatchObject({
      phase: 'setup',
      allies: [aria._id, borin._id],
      enemies: [grask._id],
    });
    await page.reload();
    await expect(allies.getByRole('listitem')).toHaveText([/Aria/, /Borin/]);
    await expect(enemies.getByRole('listitem')).toHaveText([/Grask/]);

    await start.click();
    await rollEveryInitiative(page);
    await expect(page.getByText('Round 1', { exact: true })).toBeVisible();
    await savedCombat(api).toMatchObject({ phase: 'fight', round: 1, turnIndex: 0, targetId: null });
    const fight = await api.combat();
    expect(fight.order.map((entry) => entry.unitId).sort()).toEqual([aria._id, borin._id, grask._id].sort());
    const initiatives = fight.order.map((entry) => entry.initiative);
    expect(initiatives).toEqual([...initiatives].sort((a, b) => b - a));
    for (const value of initiatives) expect(value).toBeGreaterThanOrEqual(1);

    // The order on screen is the rolled one, the first unit plays and is marked as such.
    const items = orderItems(page, 'Initiative order');
    await expect(items).toHaveText(
      fight.order.map((entry, index) => orderEntry(index + 1, names.get(entry.unitId)!, entry.initiative)),
    );
    await expect(items.first()).toHaveAttribute('aria-current', 'step');
    await expect(page.locator('[aria-current="step"]')).toHaveCount(1);
    const first = names.get(fight.order[0]!.unitId)!;
    await expect(page.getByText(`Turn of ${first}`, { exact: true })).toBeVisible();

    await expect(groupTargets(page, 'Allies')).toHaveText(['Aria', 'Borin']);
    await expect(groupTargets(page, 'Enemies')).toHaveText(['Grask']);
    await expect(enemies.getByRole('meter', { name: 'HP 15 / 60' })).toBeVisible();
    await expect(region(page, 'Target').getByText('Choose a target in one of the groups.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Attack', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Heal', exact: true })).toBeDisabled();
  });

  test('setup and fight in French, with the locked initiative rules of a Novice', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { language: 'fr' });
    const [aria, grask] = await api.createRoster([{ name: 'Aria', isPlayer: true }, { name: 'Grask' }]);
    await openCombat(page, 'fr', campaign);

    await expect(page.getByRole('heading', { level: 2, name: 'Combat de Realm of Ash' })).toBeVisible();
    const rule = page
      .getByRole('group', { name: 'Initiative' })
      .getByRole('combobox', { name: "Règle d'initiative" });
    expect(await optionsOf(rule)).toEqual([
      ['Aléatoire (d20)', false],
      ['Aléatoire (d100)', false],
      ['Caractéristique (non disponible pour les utilisateurs gratuits)', true],
      ['d20 + caractéristique (non disponible pour les utilisateurs gratuits)', true],
      ['d100 + caractéristique (non disponible pour les utilisateurs gratuits)', true],
    ]);
    await expect(
      page.getByRole('group', { name: 'Initiative' }).getByRole('button', { name: 'Voir les formules' }),
    ).toBeVisible();

    const start = page.getByRole('button', { name: 'Lancer le combat' });
    const allies = region(page, 'Alliés');
    await expect(region(page, 'Unités disponibles').getByRole('listitem')).toHaveText([/Aria/, /Grask/]);
    await expect(start).toBeDisabled();
    await expect(page.getByText('Ajoutez au moins un allié et un ennemi pour commencer.')).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter Aria aux alliés' }).click();
    await page.getByRole('button', { name: 'Tous les PNJ en ennemis' }).click();
    await expect(region(page, 'Ennemis').getByRole('listitem')).toHaveText([/Grask/]);
    await expect(start).toBeEnabled();
    await expect(
      region(page, 'Unités disponibles').getByText('Toutes les unités sont déjà dans un groupe ou ont 0 PV.'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await allies.getByRole('button', { name: 'Retirer Aria des alliés' }).click();
    await expect(allies.getByText("Aucun allié pour l'instant. Ajoutez-en au moins un.")).toBeVisible();
    await expect(start).toBeDisabled();
    await page.getByRole('button', { name: 'Tous les personnages joueurs en alliés' }).click();
    await expect(allies.getByRole('listitem')).toHaveText([/Aria/]);
    await start.click();
    await rollEveryInitiative(page);

    await expect(page.getByText('Manche 1', { exact: true })).toBeVisible();
    await savedCombat(api).toMatchObject({ phase: 'fight' });
    const fight = await api.combat();
    const names = new Map([aria, grask].map((unit) => [unit._id, unit.name] as const));
    await expect(orderItems(page, "Ordre d'initiative")).toHaveText(
      fight.order.map((entry, index) => orderEntry(index + 1, names.get(entry.unitId)!, entry.initiative)),
    );
    await expect(
      page.getByText(fight.order[0]!.unitId === aria._id ? "Au tour d'Aria" : 'Au tour de Grask', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(region(page, 'Ennemis').getByRole('meter', { name: 'PV 100 / 100' })).toBeVisible();
    await expect(
      region(page, 'Cible').getByText("Choisissez une cible dans l'un des groupes."),
    ).toBeVisible();
    await chooseTarget(page, 'Cibler Grask');
    await expect(page.getByRole('combobox', { name: 'Statut de Grask' })).toHaveValue(
      campaign.statuses[0]!.name,
    );
    await expect(page.getByRole('textbox', { name: 'Montant' })).toHaveValue('');
    await expectNoSeriousA11yViolations(page);
  });

  test('a Hero rolls initiative from a characteristic: the order follows its values (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { tier: 'Hero' });
    // Strength would give another order: the chosen characteristic is the one that counts.
    await api.createRoster([
      { name: 'Aria', isPlayer: true, characteristics: { Strength: 90, Dexterity: 30 } },
      { name: 'Borin', isPlayer: true, characteristics: { Strength: 20, Dexterity: 70 } },
      { name: 'Grask', characteristics: { Strength: 40, Dexterity: 50 } },
      { name: 'Old Mira', characteristics: { Strength: 60, Dexterity: 10 } },
    ]);
    await openCombat(page, 'en', campaign);

    const rule = page.getByRole('combobox', { name: 'Initiative rule' });
    await expect(rule).toBeVisible();
    expect(await optionsOf(rule)).toEqual([
      ['Random (d20)', false],
      ['Random (d100)', false],
      ['Characteristic', false],
      ['d20 + characteristic', false],
      ['d100 + characteristic', false],
    ]);
    await expect(
      page.getByRole('group', { name: 'Initiative' }).getByRole('button', { name: 'See plans' }),
    ).toHaveCount(0);

    await rule.selectOption({ label: 'Characteristic' });
    const characteristic = page.getByRole('combobox', { name: 'Initiative characteristic' });
    await expect(characteristic).toBeVisible();
    await expect
      .poll(async () => (await api.campaign())?.initiativeRule, { timeout: 10_000 })
      .toBe('caracteristic');
    await expect(characteristic.locator('option')).toHaveText(
      campaign.characteristics.map((item) => item.name),
    );
    await characteristic.selectOption('Dexterity');
    await expect(characteristic).toHaveValue('Dexterity');
    await expect
      .poll(async () => {
        const saved = await api.campaign();
        return [saved?.initiativeRule, saved?.initiativeCaracName];
      })
      .toEqual(['caracteristic', 'Dexterity']);

    // The rule is the campaign's: a reload keeps it.
    await page.reload();
    await expect(rule).toHaveValue('caracteristic');
    await expect(characteristic).toHaveValue('Dexterity');

    await page.getByRole('button', { name: 'All player characters to allies' }).click();
    await page.getByRole('button', { name: 'All NPCs to enemies' }).click();
    await page.getByRole('button', { name: 'Start combat' }).click();
    await rollEveryInitiative(page);
    await expect(orderItems(page, 'Initiative order')).toHaveText([
      orderEntry(1, 'Borin', 70),
      orderEntry(2, 'Grask', 50),
      orderEntry(3, 'Aria', 30),
      orderEntry(4, 'Old Mira', 10),
    ]);
    await expect(page.getByText('Turn of Borin', { exact: true })).toBeVisible();
    await expect(orderItems(page, 'Initiative order').first()).toHaveAttribute('aria-current', 'step');
  });
});
