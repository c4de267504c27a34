// What a game master tracks every round (docs/decisions/061), played the way a GM plays it: a hero
// dropped by a blow keeps the turn and takes death saves on its row, a heal clears them, three failures
// write the campaign's "Dead"; temporary HP set on the row absorb a blow first; an area blow with a half
// and a double; a characteristic pinned in the characteristics view shows on the fight rows (and never
// on a player's phone); the stat block opens beside the fight on a desk and as a sheet on a phone.
import { expect, test, type Page } from '@playwright/test';
import { chooseTarget, combatMaster, openCombat, region, savedHp, seedFight } from '../support/combat';
import { bearer, type Language } from '../support/game-data';
import { expectColorScheme, expectNoSeriousA11yViolations } from '../support/helpers';

const TEXT = {
  en: {
    allies: 'Allies',
    enemies: 'Enemies',
    target: (name: string) => `Target ${name}`,
    amount: 'Amount',
    attack: 'Attack',
    heal: 'Heal',
    nextTurn: 'Next turn',
    turnOf: (name: string) => `Turn of ${name}`,
    success: (name: string) => `Death save success for ${name}`,
    failure: (name: string) => `Death save failure for ${name}`,
    tally: (s: string, f: string) => `Death saves: ${s}, ${f}`,
    oneSuccess: '1 success',
    noSuccess: '0 successes',
    failures: (n: number) => (n === 1 ? '1 failure' : `${n} failures`),
    dead: 'Dead',
    tempOf: (name: string) => `Temporary HP of ${name}`,
    tempField: 'Temporary HP',
    save: 'Save',
    temp: (n: number) => `+${n} temp`,
    tooBig: 'Must be at most 999.',
    log: 'Combat log',
    tempLog: 'HP 30 → 30, temp 8 → 1',
    pin: 'Pin on fight rows',
    statBlockOf: (name: string) => `Stat block of ${name}`,
    closeStatBlock: 'Close the stat block',
    dexterity: 'Dexterity',
  },
  fr: {
    allies: 'Alliés',
    enemies: 'Ennemis',
    target: (name: string) => `Cibler ${name}`,
    amount: 'Montant',
    attack: 'Attaquer',
    heal: 'Soigner',
    nextTurn: 'Tour suivant',
    turnOf: (name: string) => `Au tour de ${name}`,
    success: (name: string) => `Réussite au jet contre la mort pour ${name}`,
    failure: (name: string) => `Échec au jet contre la mort pour ${name}`,
    tally: (s: string, f: string) => `Jets contre la mort : ${s}, ${f}`,
    oneSuccess: '1 réussite',
    noSuccess: '0 réussite',
    failures: (n: number) => (n <= 1 ? `${n} échec` : `${n} échecs`),
    dead: 'Mort',
    tempOf: (name: string) => `PV temporaires de ${name}`,
    tempField: 'PV temporaires',
    save: 'Enregistrer',
    temp: (n: number) => `+${n} temp.`,
    tooBig: 'Doit être au plus 999.',
    log: 'Journal du combat',
    tempLog: 'PV 30 → 30, temp. 8 → 1',
    pin: 'Épingler sur les lignes du combat',
    statBlockOf: (name: string) => `Fiche de ${name}`,
    closeStatBlock: 'Fermer la fiche',
    dexterity: 'Dextérité',
  },
} as const;

const amountBox = (page: Page, language: Language) =>
  page.getByRole('textbox', { name: TEXT[language].amount, exact: true });

/** Types an amount for the chosen target and presses the button, as the GM does. */
async function blow(
  page: Page,
  language: Language,
  target: string,
  amount: string,
  button: 'attack' | 'heal',
) {
  const s = TEXT[language];
  await chooseTarget(page, s.target(target));
  await amountBox(page, language).fill(amount);
  await page.getByRole('button', { name: s[button], exact: true }).click();
}

for (const language of ['en', 'fr'] as const) {
  const s = TEXT[language];

  test(`a hero dropped to 0 keeps the turn, saves on the row, a heal clears them, three failures write Dead (${language})`, async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { language, tier: 'Hero' });
    const [goblin, tamsin, borin] = await api.createRoster([
      { name: 'Goblin', hp: 20, currentHp: 20 },
      { name: 'Tamsin', isPlayer: true, hp: 30, currentHp: 5 },
      { name: 'Borin', isPlayer: true, hp: 40, currentHp: 40 },
    ]);
    await seedFight(api, {
      allies: [tamsin!, borin!],
      enemies: [goblin!],
      order: [goblin!, tamsin!, borin!],
    });
    await openCombat(page, language, campaign);
    await expect(page.getByText(s.turnOf('Goblin'), { exact: true })).toBeVisible();

    // The goblin drops Tamsin; her row now offers death saves instead of an HP bar.
    await blow(page, language, 'Tamsin', '5', 'attack');
    await savedHp(api, tamsin!._id).toBe(0);
    const allies = region(page, s.allies);
    const success = allies.getByRole('button', { name: s.success('Tamsin'), exact: true });
    const failure = allies.getByRole('button', { name: s.failure('Tamsin'), exact: true });
    await expect(success).toBeVisible();

    // Her turn comes round: she is not skipped.
    await page.getByRole('button', { name: s.nextTurn, exact: true }).click();
    await expect(page.getByText(s.turnOf('Tamsin'), { exact: true })).toBeVisible();
    await success.click();
    await expect(allies.getByRole('img', { name: s.tally(s.oneSuccess, s.failures(0)) })).toBeVisible();

    // A heal clears the tally; a new drop starts from nothing.
    await blow(page, language, 'Tamsin', '+3', 'heal');
    await savedHp(api, tamsin!._id).toBe(3);
    await expect(success).toBeHidden();
    await blow(page, language, 'Tamsin', '3', 'attack');
    await expect(allies.getByRole('img', { name: s.tally(s.noSuccess, s.failures(0)) })).toBeVisible();

    // Three failures: the campaign's "Dead" status goes on the unit, the buttons go.
    for (let n = 1; n <= 3; n += 1) {
      await failure.click();
      if (n < 3) {
        await expect(allies.getByRole('img', { name: s.tally(s.noSuccess, s.failures(n)) })).toBeVisible();
      }
    }
    await expect(failure).toBeHidden();
    await expect.poll(async () => (await api.unit(tamsin!._id))?.status, { timeout: 10_000 }).toBe(s.dead);
    // Borin still stands: the fight goes on.
    await expect(page.getByRole('button', { name: s.nextTurn, exact: true })).toBeVisible();
  });

  test(`temporary HP set on the row take a blow first, and the log shows both (${language})`, async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { language });
    const [borin, goblin] = await api.createRoster([
      { name: 'Borin', isPlayer: true, hp: 40, currentHp: 30 },
      { name: 'Goblin', hp: 20, currentHp: 20 },
    ]);
    await seedFight(api, { allies: [borin!], enemies: [goblin!], order: [goblin!, borin!] });
    await openCombat(page, language, campaign);

    const open = page.getByRole('button', { name: s.tempOf('Borin'), exact: true });
    await open.click();
    const dialog = page.getByRole('dialog', { name: s.tempOf('Borin') });
    const field = dialog.getByRole('textbox', { name: s.tempField });
    await field.fill('1000');
    await dialog.getByRole('button', { name: s.save, exact: true }).click();
    await expect(dialog.getByText(s.tooBig)).toBeVisible();
    await field.fill('8');
    await field.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    const allies = region(page, s.allies);
    await expect(allies.getByText(s.temp(8), { exact: true })).toBeVisible();

    await blow(page, language, 'Borin', '7', 'attack');
    await expect(allies.getByText(s.temp(1), { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: s.log }).getByRole('listitem').first()).toContainText(
      s.tempLog,
    );
    await savedHp(api, borin!._id).toBe(30);
    expect((await api.fight()).tempHp).toEqual({ [borin!._id]: 1 });
  });

  test(`a characteristic pinned in the characteristics view shows on every fight row, and the stat block opens beside the fight (${language})`, async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { language, tier: 'Hero' });
    const [aria, goblin] = await api.createRoster([
      { name: 'Aria', isPlayer: true, characteristics: { [s.dexterity]: 14 } },
      {
        name: 'Goblin',
        characteristics: { [s.dexterity]: 12 },
        notes: '## Tactics\n\nThrows a **javelin**, then flees.',
      },
    ]);
    await seedFight(api, { allies: [aria!], enemies: [goblin!], order: [aria!, goblin!] });

    // The GM pins Dexterity where characteristics are managed.
    await page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=characteristics`);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: s.dexterity, exact: true }) });
    const pin = card.getByRole('button', { name: s.pin, exact: true });
    await pin.click();
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => (await api.campaign())?.characteristics.find((c) => c.name === s.dexterity))
      .toMatchObject({ pinned: true });

    await openCombat(page, language, campaign);
    await expect(region(page, s.allies).getByTestId('pinned-characteristics')).toContainText(
      `${s.dexterity} 14`,
    );
    await expect(region(page, s.enemies).getByTestId('pinned-characteristics')).toContainText(
      `${s.dexterity} 12`,
    );

    // The goblin's stat block: its notes rendered, beside the fight that stays usable; Escape closes it.
    const opener = page.getByRole('button', { name: s.statBlockOf('Goblin'), exact: true });
    await opener.click();
    const panel = page.getByRole('complementary', { name: s.statBlockOf('Goblin') });
    await expect(panel.getByRole('heading', { name: 'Tactics' })).toBeVisible();
    await expect(panel.locator('strong', { hasText: 'javelin' })).toBeVisible();
    await expect(page.getByRole('button', { name: s.nextTurn, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test(`on a phone the stat block is a sheet over the fight (${language})`, async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const { campaign, api } = await combatMaster(page, request, { language });
    const [aria, goblin] = await api.createRoster([
      { name: 'Aria', isPlayer: true },
      { name: 'Goblin', notes: 'Hates **fire**.' },
    ]);
    await seedFight(api, { allies: [aria!], enemies: [goblin!], order: [aria!, goblin!] });
    await openCombat(page, language, campaign);
    const opener = page.getByRole('button', { name: s.statBlockOf('Goblin'), exact: true });
    await opener.click();
    const panel = page.getByRole('complementary', { name: s.statBlockOf('Goblin') });
    await expect(panel.locator('strong', { hasText: 'fire' })).toBeInViewport();
    const box = await panel.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    await panel.getByRole('button', { name: s.closeStatBlock }).click();
    await expect(panel).toBeHidden();
  });
}

const SHARES = {
  en: {
    half: (name: string) => `${name} takes half (½)`,
    double: (name: string) => `${name} takes double (×2)`,
    whole: (name: string) => `${name} takes it whole`,
    halfLog: '½ of 10 = 5',
    doubleLog: '×2 of 10 = 20',
    playerSaves: 'Death saves — successes: 0, failures: 1',
  },
  fr: {
    half: (name: string) => `${name} subit la moitié (½)`,
    double: (name: string) => `${name} subit le double (×2)`,
    whole: (name: string) => `${name} le subit en entier`,
    halfLog: '½ de 10 = 5',
    doubleLog: '×2 de 10 = 20',
    playerSaves: 'Jets contre la mort — réussites : 0, échecs : 1',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const s = TEXT[language];
  const share = SHARES[language];

  test(`an area blow with a half by pointer and a double by keyboard: one roll, each its share (${language})`, async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request, { language });
    const [borin, saved, vulnerable, orc] = await api.createRoster([
      { name: 'Borin', isPlayer: true },
      { name: 'Saved', hp: 20, currentHp: 20 },
      { name: 'Vulnerable', hp: 30, currentHp: 30 },
      { name: 'Orc', hp: 20, currentHp: 20 },
    ]);
    await seedFight(api, {
      allies: [borin!],
      enemies: [saved!, vulnerable!, orc!],
      order: [borin!, saved!, vulnerable!, orc!],
    });
    await openCombat(page, language, campaign);
    await chooseTarget(page, s.target('Saved'));
    await page
      .getByRole('button', { name: s.target('Vulnerable'), exact: true })
      .click({ modifiers: ['Shift'] });
    await page.getByRole('button', { name: s.target('Orc'), exact: true }).click({ modifiers: ['Shift'] });

    await page.getByRole('radio', { name: share.half('Saved'), exact: true }).click();
    const whole = page.getByRole('radio', { name: share.whole('Vulnerable'), exact: true });
    await whole.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: share.double('Vulnerable'), exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await amountBox(page, language).fill('10');
    await page.getByRole('button', { name: s.attack, exact: true }).click();

    await savedHp(api, saved!._id).toBe(15);
    await savedHp(api, vulnerable!._id).toBe(10);
    await savedHp(api, orc!._id).toBe(10);
    const log = page.getByRole('list', { name: s.log });
    await expect(log).toContainText(share.halfLog);
    await expect(log).toContainText(share.doubleLog);
    const attacks = (await api.fight()).log.filter((entry) => entry.type === 'attack' && !entry.undone);
    expect(attacks).toHaveLength(3);
  });

  test(`a death save clicked on the GM's row shows on a player's phone (${language})`, async ({
    page,
    request,
    browser,
  }) => {
    const { user, campaign, api } = await combatMaster(page, request, { language });
    const [goblin, tamsin, borin] = await api.createRoster([
      { name: 'Goblin' },
      { name: 'Tamsin', isPlayer: true, hp: 30, currentHp: 4 },
      { name: 'Borin', isPlayer: true },
    ]);
    await seedFight(api, {
      allies: [tamsin!, borin!],
      enemies: [goblin!],
      order: [goblin!, tamsin!, borin!],
    });
    await api.act({ type: 'attack', targetId: tamsin!._id, amount: 4, sourceId: goblin!._id });
    const shared = await request.post('/api/combat/share', {
      headers: { ...bearer(user), 'x-campaign-id': campaign._id },
    });
    expect(shared.status()).toBe(200);
    const { url } = (await shared.json()) as { url: string };
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 375, height: 740 },
    });
    const phone = await context.newPage();
    await phone.goto(new URL(url).pathname);
    await expect(phone.getByRole('article', { name: 'Tamsin', exact: true })).toBeVisible();
    await expect(phone.getByTestId('player-death-saves')).toHaveCount(1);

    await openCombat(page, language, campaign);
    await region(page, s.allies)
      .getByRole('button', { name: s.failure('Tamsin'), exact: true })
      .click();
    await expect(phone.getByTestId('player-death-saves')).toContainText(share.playerSaves);
    await context.close();
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`round tracking in the ${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    test('a Down hero with saves, temporary HP, pinned numbers, the stat block and the temporary HP dialog pass axe (en)', async ({
      page,
      request,
    }) => {
      const { user, campaign, api } = await combatMaster(page, request, { tier: 'Hero' });
      const pinned = campaign.characteristics.slice(0, 2).map((c) => ({ ...c, pinned: true }));
      const response = await request.put(`/api/game-data/${campaign._id}`, {
        headers: bearer(user),
        data: { characteristics: [...pinned, ...campaign.characteristics.slice(2)] },
      });
      expect(response.status(), await response.text()).toBe(200);
      const [tamsin, borin, goblin] = await api.createRoster([
        { name: 'Tamsin', isPlayer: true, hp: 30, currentHp: 4 },
        { name: 'Borin', isPlayer: true, hp: 40, currentHp: 30 },
        { name: 'Goblin', notes: '## Tactics\n\nThrows a **javelin**.' },
      ]);
      await seedFight(api, {
        allies: [tamsin!, borin!],
        enemies: [goblin!],
        order: [goblin!, tamsin!, borin!],
      });
      await api.act({ type: 'attack', targetId: tamsin!._id, amount: 4, sourceId: goblin!._id });
      await api.act({ type: 'deathSave', unitId: tamsin!._id, result: 'failure' });
      await api.act({ type: 'setTempHp', unitId: borin!._id, value: 8 });
      await openCombat(page, 'en', campaign);
      await expectColorScheme(page, colorScheme);
      await expect(page.getByRole('img', { name: 'Death saves: 0 successes, 1 failure' })).toBeVisible();
      await expect(page.getByText('+8 temp', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Stat block of Goblin', exact: true }).click();
      await expect(page.getByRole('complementary', { name: 'Stat block of Goblin' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Temporary HP of Borin', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Temporary HP of Borin' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test('the d20 modifier chosen in the initiative settings is what the start dialog says and the server rolls (en)', async ({
  page,
  request,
}) => {
  const { campaign, api } = await combatMaster(page, request, { tier: 'Hero' });
  const [aria, goblin] = await api.createRoster([
    { name: 'Aria', isPlayer: true, characteristics: { Dexterity: 60 } },
    { name: 'Goblin', characteristics: { Dexterity: 30 } },
  ]);
  await api.act({ type: 'add', unitId: aria!._id, group: 'allies' });
  await api.act({ type: 'add', unitId: goblin!._id, group: 'enemies' });
  await openCombat(page, 'en', campaign);
  const settings = page.getByRole('group', { name: 'Initiative' });
  await settings.getByRole('combobox', { name: 'Initiative rule' }).selectOption('d20_plus_carac');
  await settings.getByRole('combobox', { name: 'Initiative characteristic' }).selectOption('Dexterity');
  await settings.getByRole('combobox', { name: 'Add the characteristic' }).selectOption('d20Modifier');
  await expect
    .poll(async () => (await api.campaign()) as unknown)
    .toMatchObject({
      initiativeModifier: 'd20Modifier',
    });

  await page.getByRole('button', { name: 'Start combat', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Initiative of the player characters' });
  await expect(dialog.getByText('Left empty: d20 + Dexterity modifier (+25)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Start combat', exact: true }).click();
  await expect(dialog).toBeHidden();
  // The dialog closes as the start is sent: the server's order is read once it holds both.
  let order: Awaited<ReturnType<typeof api.combat>>['order'] = [];
  await expect
    .poll(async () => {
      order = (await api.combat()).order;
      return order.length;
    })
    .toBe(2);
  const rolled = new Map(order.map((entry) => [entry.unitId, entry.initiative]));
  // d20 + 25 for Dexterity 60, d20 + 10 for Dexterity 30; the whole score would give 61..80 and 31..50.
  expect(rolled.get(aria!._id)).toBeGreaterThanOrEqual(26);
  expect(rolled.get(aria!._id)).toBeLessThanOrEqual(45);
  expect(rolled.get(goblin!._id)).toBeGreaterThanOrEqual(11);
  expect(rolled.get(goblin!._id)).toBeLessThanOrEqual(30);
});
