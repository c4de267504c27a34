// The combat simulator of a campaign (issue #6; spec §4 "Combat", §5, §6, §9; decision 015): setup
// of both groups, the initiative order and its tier rules, attack and heal saved on the unit, next
// turn and the new round banner, a fight resumed after a reload and on another device, the end of a
// fight (asked, or after a defeat), the target moving to the end of its group, the keyboard, and axe
// in light and dark. Units, and fights already under way, are seeded through the API.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  chooseTarget,
  combatMaster,
  openCombat,
  orderEntry,
  optionsOf,
  orderItems,
  region,
  seedFight,
  targetMovesSettled,
  type CombatApi,
} from '../support/combat';
import { expectNoSeriousA11yViolations, seedSession } from '../support/helpers';

/** The saved fight, once the view's last save has landed (saves run behind the screen). */
function savedCombat(api: CombatApi) {
  return expect.poll(() => api.combat(), { timeout: 10_000 });
}

/** The current HP the server holds for a unit, once the view's save has landed. */
function savedHp(api: CombatApi, id: string) {
  return expect.poll(async () => (await api.unit(id))?.currentHp, { timeout: 10_000 });
}

/** Presses `key` until `target` has the focus, as a keyboard user walks through the page. */
async function pressUntilFocused(page: Page, key: string, target: Locator, max = 12) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** The names on the target buttons of one group, top to bottom. */
function groupTargets(page: Page, group: string) {
  return region(page, group).locator('button[data-unit-id]');
}

test.describe('combat', () => {
  // Fights seeded through the API, several saves to wait for and axe scans: generous on a loaded
  // machine, every wait is still an expectation.
  test.describe.configure({ timeout: 90_000 });

  test('setup: both groups, the bulk buttons, a fallen unit left out, then the fight starts (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request);
    const aria = await api.createUnit({ name: 'Aria', isPlayer: true });
    const borin = await api.createUnit({ name: 'Borin', isPlayer: true });
    const grask = await api.createUnit({ name: 'Grask', hp: 60, currentHp: 15 });
    const mira = await api.createUnit({ name: 'Old Mira' });
    await api.createUnit({ name: 'Fallen Fred', currentHp: 0 });
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
    const aria = await api.createUnit({ name: 'Aria', isPlayer: true });
    const grask = await api.createUnit({ name: 'Grask' });
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

    await expect(page.getByText('Tour 1', { exact: true })).toBeVisible();
    await savedCombat(api).toMatchObject({ phase: 'fight' });
    const fight = await api.combat();
    const names = new Map([aria, grask].map((unit) => [unit._id, unit.name] as const));
    await expect(orderItems(page, "Ordre d'initiative")).toHaveText(
      fight.order.map((entry, index) => orderEntry(index + 1, names.get(entry.unitId)!, entry.initiative)),
    );
    await expect(
      page.getByText(`Au tour de ${names.get(fight.order[0]!.unitId)}`, { exact: true }),
    ).toBeVisible();
    await expect(region(page, 'Ennemis').getByRole('meter', { name: 'PV 100 / 100' })).toBeVisible();
    await expect(
      region(page, 'Cible').getByText("Choisissez une cible dans l'un des groupes."),
    ).toBeVisible();
    await chooseTarget(page, 'Cibler Grask');
    await expect(page.getByRole('combobox', { name: 'Statut de Grask' })).toHaveValue(
      campaign.statuses[0]!.name,
    );
    await expect(page.getByRole('spinbutton', { name: 'Montant' })).toHaveValue('10');
    await expectNoSeriousA11yViolations(page);
  });

  test('attack saves the HP, and the last enemy down ends the fight a second later (fr)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { language: 'fr' });
    const aria = await api.createUnit({ name: 'Aria', isPlayer: true });
    const grask = await api.createUnit({ name: 'Grask', hp: 60, currentHp: 25 });
    const snaga = await api.createUnit({ name: 'Snaga', hp: 40, currentHp: 5 });
    await seedFight(api, { allies: [aria], enemies: [grask, snaga], order: [aria, grask, snaga] });
    await openCombat(page, 'fr', campaign);

    await expect(page.getByText('Au tour de Aria', { exact: true })).toBeVisible();
    const enemies = region(page, 'Ennemis');
    const target = region(page, 'Cible');
    const amount = page.getByRole('spinbutton', { name: 'Montant' });
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

  test('heal raises HP up to the maximum, never past it; a bad amount is refused (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request);
    const aria = await api.createUnit({ name: 'Aria', isPlayer: true, hp: 100, currentHp: 90 });
    const grask = await api.createUnit({ name: 'Grask' });
    await seedFight(api, { allies: [aria], enemies: [grask], order: [grask, aria] });
    await openCombat(page, 'en', campaign);

    await expect(page.getByText('Turn of Grask', { exact: true })).toBeVisible();
    await chooseTarget(page, 'Target Aria');
    const target = region(page, 'Target');
    await expect(target.getByText('Aria', { exact: true })).toBeVisible();
    await expect(target.getByRole('meter', { name: 'HP 90 / 100' })).toBeVisible();

    const amount = page.getByRole('spinbutton', { name: 'Amount' });
    const heal = page.getByRole('button', { name: 'Heal', exact: true });
    const attack = page.getByRole('button', { name: 'Attack', exact: true });
    await amount.fill('1000');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Enter a whole number from 1 to 999.' }),
    ).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(heal).toBeDisabled();
    await expect(attack).toBeDisabled();
    await amount.fill('0');
    await expect(heal).toBeDisabled();

    await amount.fill('50');
    await expect(page.getByText('Enter a whole number from 1 to 999.')).toHaveCount(0);
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
    await savedCombat(api).toMatchObject({ amount: 50, targetId: aria._id });

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
    const aria = await api.createUnit({ name: 'Aria', isPlayer: true });
    const borin = await api.createUnit({ name: 'Borin', isPlayer: true });
    const mira = await api.createUnit({ name: 'Old Mira', currentHp: 5 });
    const grask = await api.createUnit({ name: 'Grask' });
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
    await expect(page.getByText('Tour 1', { exact: true })).toBeVisible();
    await expect(page.getByText('Au tour de Aria', { exact: true })).toBeVisible();
    await expect(items.nth(0)).toHaveAttribute('aria-current', 'step');

    const amount = page.getByRole('spinbutton', { name: 'Montant' });
    const attack = page.getByRole('button', { name: 'Attaquer', exact: true });
    const heal = page.getByRole('button', { name: 'Soigner', exact: true });
    const nextTurn = page.getByRole('button', { name: 'Tour suivant' });
    const banner = page.getByRole('status').filter({ hasText: 'Tour suivant ! Le tour 2 commence.' });

    // Old Mira falls on Aria's turn.
    const miraButton = await chooseTarget(page, 'Cibler Old Mira');
    await expect(amount).toHaveValue('10');
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
    await expect(page.getByText('Tour 1', { exact: true })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // The end of the order: back to the first living unit, a new round, and the banner for 4 s.
    await nextTurn.click();
    await expect(banner).toBeVisible();
    await expect(page.getByText('Au tour de Aria', { exact: true })).toBeVisible();
    await expect(page.getByText('Tour 2', { exact: true })).toBeVisible();
    await expect(items.nth(0)).toHaveAttribute('aria-current', 'step');
    await savedCombat(api).toMatchObject({
      phase: 'fight',
      round: 2,
      turnIndex: 0,
      targetId: null,
      amount: 0,
    });
    await expect(banner).toBeHidden({ timeout: 8000 });
    await expect(page.getByText('Tour 2', { exact: true })).toBeVisible();
  });

  test('a reload resumes the fight, and another device sees the same fight (en)', async ({
    page,
    request,
    browser,
  }) => {
    const { user, campaign, api } = await combatMaster(page, request);
    const aria = await api.createUnit({ name: 'Aria', isPlayer: true });
    const grask = await api.createUnit({ name: 'Grask', hp: 60, currentHp: 60 });
    const mira = await api.createUnit({ name: 'Old Mira' });
    await seedFight(api, { allies: [aria], enemies: [grask, mira], order: [aria, grask, mira] });
    await openCombat(page, 'en', campaign);

    const amount = page.getByRole('spinbutton', { name: 'Amount' });
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
    await savedCombat(api).toMatchObject({ turnIndex: 1, round: 1, targetId: aria._id, amount: 7 });
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
      await expect(target.getByText('Aria', { exact: true })).toBeVisible();
      await expect(target.getByRole('meter', { name: 'HP 93 / 100' })).toBeVisible();
      await expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveValue('7');
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
    await expect(page.getByRole('spinbutton', { name: 'Amount' })).toHaveValue('');
  });

  test('a Hero rolls initiative from a characteristic: the order follows its values (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { tier: 'Hero' });
    // Strength would give another order: the chosen characteristic is the one that counts.
    await api.createUnit({ name: 'Aria', isPlayer: true, characteristics: { Strength: 90, Dexterity: 30 } });
    await api.createUnit({ name: 'Borin', isPlayer: true, characteristics: { Strength: 20, Dexterity: 70 } });
    await api.createUnit({ name: 'Grask', characteristics: { Strength: 40, Dexterity: 50 } });
    await api.createUnit({ name: 'Old Mira', characteristics: { Strength: 60, Dexterity: 10 } });
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
    await expect(orderItems(page, 'Initiative order')).toHaveText([
      orderEntry(1, 'Borin', 70),
      orderEntry(2, 'Grask', 50),
      orderEntry(3, 'Aria', 30),
      orderEntry(4, 'Old Mira', 10),
    ]);
    await expect(page.getByText('Turn of Borin', { exact: true })).toBeVisible();
    await expect(orderItems(page, 'Initiative order').first()).toHaveAttribute('aria-current', 'step');
  });

  test('ending a fight asks first; cancel keeps it, confirm empties both groups (fr)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { language: 'fr' });
    const aria = await api.createUnit({ name: 'Aria', isPlayer: true });
    const grask = await api.createUnit({ name: 'Grask', hp: 60, currentHp: 60 });
    await seedFight(api, { allies: [aria], enemies: [grask], order: [aria, grask] });
    await openCombat(page, 'fr', campaign);

    await chooseTarget(page, 'Cibler Grask');
    await page.getByRole('spinbutton', { name: 'Montant' }).fill('10');
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
    await expect(page.getByText('Tour 1', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/[?&]view=combat\b/);
    expect((await api.combat()).phase).toBe('fight');

    await end.click();
    await confirm.getByRole('button', { name: 'Terminer le combat' }).click();
    await expect(confirm).toBeHidden();
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

  test('a target that is not last in its group moves to its end; clicks during the move are ignored (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request);
    const aria = await api.createUnit({ name: 'Aria', isPlayer: true });
    const borin = await api.createUnit({ name: 'Borin', isPlayer: true });
    const grask = await api.createUnit({ name: 'Grask' });
    const mira = await api.createUnit({ name: 'Old Mira' });
    const snaga = await api.createUnit({ name: 'Snaga' });
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
    await savedCombat(api).toMatchObject({ enemies: [mira._id, snaga._id, grask._id], targetId: grask._id });

    await chooseTarget(page, 'Target Snaga');
    await expect(enemies).toHaveText(['Old Mira', 'Grask', 'Snaga']);
    await expect(graskButton).toHaveAttribute('aria-pressed', 'false');

    // The last of its group stays where it is.
    await chooseTarget(page, 'Target Snaga');
    await chooseTarget(page, 'Target Borin');
    await expect(allies).toHaveText(['Aria', 'Borin']);
    await expect(enemies).toHaveText(['Old Mira', 'Grask', 'Snaga']);

    // A second pick while a row still glides (here, in the same instant) is ignored.
    await targetMovesSettled(page);
    await page.evaluate(() => {
      for (const id of ['Aria', 'Old Mira']) {
        document.querySelector<HTMLButtonElement>(`button[aria-label="Target ${id}"]`)!.click();
      }
    });
    await expect(allies).toHaveText(['Borin', 'Aria']);
    await expect(page.getByRole('button', { name: 'Target Aria', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Target Old Mira', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(enemies).toHaveText(['Old Mira', 'Grask', 'Snaga']);

    // Once the move is over, the next pick counts.
    await chooseTarget(page, 'Target Old Mira');
    await expect(enemies).toHaveText(['Grask', 'Snaga', 'Old Mira']);
    await savedCombat(api).toMatchObject({
      allies: [borin._id, aria._id],
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
    await expect(allies).toHaveText(['Borin', 'Aria']);
  });

  test('the fight can be played with the keyboard alone, down to the fall of the allies (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request);
    const aria = await api.createUnit({ name: 'Aria', isPlayer: true, currentHp: 8 });
    const grask = await api.createUnit({ name: 'Grask', hp: 60, currentHp: 60 });
    const snaga = await api.createUnit({ name: 'Snaga' });
    await seedFight(api, { allies: [aria], enemies: [grask, snaga], order: [grask, aria, snaga] });
    await openCombat(page, 'en', campaign);
    await expect(page.getByText('Turn of Grask', { exact: true })).toBeVisible();

    const graskButton = page.getByRole('button', { name: 'Target Grask', exact: true });
    const ariaButton = page.getByRole('button', { name: 'Target Aria', exact: true });
    const amount = page.getByRole('spinbutton', { name: 'Amount' });
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
      await api.createUnit({ name: 'Aria', isPlayer: true, hp: 100, currentHp: 60 });
      await api.createUnit({ name: 'Borin', isPlayer: true, hp: 100, currentHp: 25 });
      await api.createUnit({ name: 'Grask', hp: 60, currentHp: 5 });
      await api.createUnit({ name: 'Fallen Fred', currentHp: 0 });
      await openCombat(page, 'en', campaign);
      await expect(page.getByRole('button', { name: 'Add Aria to the allies' })).toBeVisible();
      const dark = await page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches);
      expect(dark ? 'dark' : 'light').toBe(colorScheme);

      // Setup: one side filled, the other empty, Start disabled with its hint.
      await page.getByRole('button', { name: 'All player characters to allies' }).click();
      await expect(region(page, 'Allies').getByRole('listitem')).toHaveCount(2);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'All NPCs to enemies' }).click();
      await page.getByRole('button', { name: 'Start combat' }).click();
      await expect(page.getByText('Round 1', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // A target picked, with the three HP tones and a bad amount on screen.
      await chooseTarget(page, 'Target Borin');
      await page.getByRole('spinbutton', { name: 'Amount' }).fill('1000');
      await expect(page.getByText('Enter a whole number from 1 to 999.')).toBeVisible();
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
      await page.getByRole('spinbutton', { name: 'Amount' }).fill('5');
      await page.getByRole('button', { name: 'Attack', exact: true }).click();
      const ended = page.getByRole('dialog', { name: 'Combat ended! One group has been defeated.' });
      await expect(ended.getByText('The enemies have been defeated.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
