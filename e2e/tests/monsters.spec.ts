// Monsters that play by their rules (docs/decisions/062), played the way a GM plays them: legendary
// actions spent on the fight row and back by themselves when the creature's turn starts (Undo brings
// the spent ones back), a lair action taking its own turn in the order and shown by name on a player's
// screen while a hidden hazard never reaches it, five goblins acting on one turn from one folding row.
// Units and fights are seeded through the API unless they are the subject of the journey.
import { expect, test, type Page } from '@playwright/test';
import {
  combatMaster,
  copyUnit,
  monsterFight,
  openCombat,
  region,
  seedFight,
  sharePlayerView,
  type MonsterFight,
} from '../support/combat';
import type { Language } from '../support/game-data';

const TEXT = {
  en: {
    allies: 'Allies',
    enemies: 'Enemies',
    nextTurn: 'Next turn',
    undo: 'Undo',
    log: 'Combat log',
    order: 'Initiative order',
    turnOf: (name: string) => `Turn of ${name}`,
    legendary: 'Legendary actions',
    spend: (label: string, value: number) => `${label} ${value}/3: spend 1`,
    resetLog: (name: string, label: string) => `${name}: ${label} back to 3/3.`,
    addHazard: 'Add lair / hazard',
    hazardDialog: 'Add a lair action or hazard',
    hazardName: 'Name',
    hide: /^Hide from players/,
    add: 'Add',
    start: 'Start combat',
    lair: 'Cave tremors',
    hidden: 'Collapsing ceiling',
    lairTurn: (name: string) => `Lair action: ${name}`,
    goblin: 'Goblin',
    groupIdentical: /^Group identical units/,
    group: (name: string, count: number) => `${name} ×${count}`,
  },
  fr: {
    allies: 'Alliés',
    enemies: 'Ennemis',
    nextTurn: 'Tour suivant',
    undo: 'Annuler',
    log: 'Journal du combat',
    order: "Ordre d'initiative",
    turnOf: (name: string) => `Au tour ${/^[aeiouyàâéèêîïôû]/i.test(name) ? "d'" : 'de '}${name}`,
    legendary: 'Actions légendaires',
    spend: (label: string, value: number) => `${label} ${value}/3 : en dépenser 1`,
    resetLog: (name: string, label: string) => `${name} : ${label} revient à 3/3.`,
    addHazard: 'Ajouter repaire / danger',
    hazardDialog: 'Ajouter une action de repaire ou un danger',
    hazardName: 'Nom',
    hide: /^Cacher aux joueurs/,
    add: 'Ajouter',
    start: 'Lancer le combat',
    lair: 'Secousses de la caverne',
    hidden: "Plafond qui s'effondre",
    lairTurn: (name: string) => `Action de repaire : ${name}`,
    goblin: 'Gobelin',
    groupIdentical: /^Grouper les unités identiques/,
    group: (name: string, count: number) => `${name} × ${count}`,
  },
} as const;

/**
 * What the fight's bar says on each entry of the order: a unit's turn, a lair action's, or its group's
 * (every member's entry gives the group's line).
 */
function turnLines(fight: MonsterFight, names: ReadonlyMap<string, string>, language: Language): string[] {
  const s = TEXT[language];
  return fight.order.map((entry) => {
    if (entry.hazardId !== undefined) {
      return s.lairTurn(fight.hazards.find((hazard) => hazard.id === entry.hazardId)?.name ?? '');
    }
    if (entry.groupId !== undefined) {
      const members = fight.order.filter((item) => item.groupId === entry.groupId);
      const first = names.get(members[0]!.unitId!) ?? '';
      return s.turnOf(s.group(first.replace(/ \d+$/, ''), members.length));
    }
    return s.turnOf(names.get(entry.unitId!) ?? '');
  });
}

/** The index of the entry after the turn that starts at `index` (a group's members are one turn). */
function nextTurnIndex(fight: MonsterFight, index: number): number {
  const groupId = fight.order[index]?.groupId;
  let next = index + 1;
  while (groupId !== undefined && fight.order[next]?.groupId === groupId) next += 1;
  return next % fight.order.length;
}

/** Presses Next turn until the bar says `line`, checking each turn it passes on the way. */
async function nextTurnUntil(
  page: Page,
  language: Language,
  fight: MonsterFight,
  lines: string[],
  line: string,
) {
  const s = TEXT[language];
  let index = fight.turnIndex;
  await expect(page.getByText(lines[index]!, { exact: true })).toBeVisible();
  for (let step = 0; lines[index] !== line; step += 1) {
    expect(step, `${line} never takes a turn`).toBeLessThan(fight.order.length);
    index = nextTurnIndex(fight, index);
    await page.getByRole('button', { name: s.nextTurn, exact: true }).click();
    await expect(page.getByText(lines[index]!, { exact: true })).toBeVisible();
  }
}

/** Spends two legendary actions (a click, then Enter), the creature's turn resets them, Undo brings 1 back. */
async function legendaryJourney(page: Page, language: Language, dragon: string) {
  const s = TEXT[language];
  const enemies = region(page, s.enemies);
  const chip = (value: number) =>
    enemies.getByRole('button', { name: s.spend(s.legendary, value), exact: true });
  await expect(page.getByText(s.turnOf('Aria'), { exact: true })).toBeVisible();
  await chip(3).click();
  await expect(chip(2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chip(1)).toBeVisible();

  // The creature's turn starts: its legendary actions come back by themselves, and the log says so.
  await page.getByRole('button', { name: s.nextTurn, exact: true }).click();
  await expect(page.getByText(s.turnOf(dragon), { exact: true })).toBeVisible();
  await expect(chip(3)).toBeVisible();
  await expect(page.getByRole('list', { name: s.log })).toContainText(s.resetLog(dragon, s.legendary));

  // Undo takes the turn back, and the reset with it.
  await page.getByRole('button', { name: s.undo, exact: true }).click();
  await expect(page.getByText(s.turnOf('Aria'), { exact: true })).toBeVisible();
  await expect(chip(1)).toBeVisible();
}

test.describe('monsters', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a legendary counter made in the unit form is spent on the row, resets on its turn, Undo brings 1 back (en)', async ({
    page,
    request,
  }) => {
    const s = TEXT.en;
    const { campaign, api } = await combatMaster(page, request);
    const [aria] = await api.createRoster([{ name: 'Aria', isPlayer: true }]);

    await page.goto(`/en/dashboard?campaign=${campaign._id}&view=units`);
    await page.getByRole('button', { name: 'New unit', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'New unit' });
    await form.getByLabel('Name', { exact: true }).fill('Vermithrax');
    await form.getByLabel('Race', { exact: true }).selectOption(campaign.races[0]!.name);
    await form.getByLabel('Class', { exact: true }).selectOption(campaign.classes[0]!.name);
    await form.getByRole('button', { name: 'Legendary actions (3)', exact: true }).click();
    const counters = form.getByRole('list', { name: 'Counters', exact: true });
    await expect(counters.getByRole('textbox', { name: 'Label', exact: true })).toHaveValue(s.legendary);
    await expect(counters.getByRole('textbox', { name: 'Label', exact: true })).toBeFocused();
    await expect(counters.getByRole('spinbutton', { name: 'Max', exact: true })).toHaveValue('3');
    await expect(counters.getByRole('combobox', { name: 'Resets', exact: true })).toHaveValue('turnStart');
    await form.getByRole('button', { name: 'Create unit', exact: true }).click();
    await expect(form).toBeHidden();
    await expect
      .poll(async () => (await api.units()).find((unit) => unit.name === 'Vermithrax'))
      .toBeTruthy();
    const dragon = (await api.units()).find((unit) => unit.name === 'Vermithrax')!;
    expect((dragon as unknown as { counters: unknown }).counters).toMatchObject([
      { label: s.legendary, max: 3, kind: 'uses', reset: 'turnStart', recharge: null },
    ]);

    await seedFight(api, { allies: [aria!], enemies: [dragon], order: [aria!, dragon] });
    await openCombat(page, 'en', campaign);
    await legendaryJourney(page, 'en', 'Vermithrax');
    await expect
      .poll(async () => Object.values((await monsterFight(api)).counters[dragon._id] ?? {}))
      .toEqual([1]);
  });

  test('a legendary counter seeded on the unit is spent on the row, resets on its turn, Undo brings 1 back (fr)', async ({
    page,
    request,
  }) => {
    const s = TEXT.fr;
    const { campaign, api } = await combatMaster(page, request, { language: 'fr' });
    const counter = { label: s.legendary, max: 3, kind: 'uses', reset: 'turnStart', recharge: null };
    const [aria, dragon] = await api.createRoster([
      { name: 'Aria', isPlayer: true },
      { name: 'Vermithrax', counters: [counter] } as { name: string },
    ]);
    await seedFight(api, { allies: [aria!], enemies: [dragon!], order: [aria!, dragon!] });
    await openCombat(page, 'fr', campaign);
    await legendaryJourney(page, 'fr', 'Vermithrax');
    await expect
      .poll(async () => Object.values((await monsterFight(api)).counters[dragon!._id] ?? {}))
      .toEqual([1]);
  });

  for (const language of ['en', 'fr'] as const) {
    const s = TEXT[language];

    test(`a lair action takes its turn, a player sees it by name and never the hidden hazard (${language})`, async ({
      page,
      request,
      browser,
    }) => {
      const { user, campaign, api } = await combatMaster(page, request, { language });
      const [borin, goblin] = await api.createRoster([{ name: 'Borin' }, { name: 'Grask' }]);
      await api.act({ type: 'add', unitId: borin!._id, group: 'allies' });
      await api.act({ type: 'add', unitId: goblin!._id, group: 'enemies' });
      await openCombat(page, language, campaign);

      // Both entries set up in the combat view, the second hidden from the players.
      for (const [name, initiative, hidden] of [
        [s.lair, '20', false],
        [s.hidden, '1', true],
      ] as const) {
        await page.getByRole('button', { name: s.addHazard, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: s.hazardDialog });
        await dialog.getByRole('textbox', { name: s.hazardName, exact: true }).fill(name);
        await expect(dialog.getByRole('textbox', { name: /^(Initiative|Valeur d'initiative)/ })).toHaveValue(
          '20',
        );
        await dialog.getByRole('textbox', { name: /^(Initiative|Valeur d'initiative)/ }).fill(initiative);
        if (hidden) await dialog.getByRole('checkbox', { name: s.hide }).check();
        await dialog.getByRole('button', { name: s.add, exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(name, { exact: true })).toBeVisible();
      }
      await page.getByRole('button', { name: s.start, exact: true }).click();
      await expect(page.getByRole('button', { name: s.nextTurn, exact: true })).toBeVisible();

      const fight = await monsterFight(api);
      expect(fight.hazards.map((hazard) => [hazard.name, hazard.initiative, hazard.hidden])).toEqual([
        [s.lair, 20, false],
        [s.hidden, 1, true],
      ]);
      const names = new Map([borin!, goblin!].map((unit) => [unit._id, unit.name] as const));
      const lines = turnLines(fight, names, language);

      const { path, token } = await sharePlayerView(request, user, campaign);
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const player = await context.newPage();
      await player.goto(path);
      await expect(player.getByRole('article', { name: s.lairTurn(s.lair), exact: true })).toBeVisible();

      await nextTurnUntil(page, language, fight, lines, s.lairTurn(s.lair));
      // The player's screen: the lair action's turn by name, its row marked as the turn.
      await expect(player.getByText(s.lairTurn(s.lair), { exact: true })).toBeVisible();
      await expect(player.getByRole('article', { name: s.lairTurn(s.lair), exact: true })).toHaveAttribute(
        'aria-current',
        'step',
      );
      await expect(player.locator('body')).not.toContainText(s.hidden);
      const raw = await request.get(`/api/play/${token}`);
      expect(raw.status()).toBe(200);
      const text = await raw.text();
      expect(text).toContain(s.lair);
      expect(text).not.toContain(s.hidden);
      await context.close();
    });

    test(`five goblins take one turn from one row that folds and unfolds (${language})`, async ({
      page,
      request,
    }) => {
      const { user, campaign, api } = await combatMaster(page, request, { language });
      const [borin, ogre, goblin] = await api.createRoster([
        { name: 'Borin' },
        { name: 'Ogre' },
        { name: s.goblin, hp: 7, currentHp: 7 },
      ]);
      const copies = await copyUnit(request, user, campaign, goblin!._id, 4);
      expect(copies.map((unit) => unit.name)).toEqual([2, 3, 4, 5].map((n) => `${s.goblin} ${n}`));
      const goblins = [goblin!, ...copies];
      await api.act({ type: 'add', unitId: borin!._id, group: 'allies' });
      for (const unit of [ogre!, ...goblins])
        await api.act({ type: 'add', unitId: unit._id, group: 'enemies' });
      await openCombat(page, language, campaign);

      await page.getByRole('checkbox', { name: s.groupIdentical }).check();
      await page.getByRole('button', { name: s.start, exact: true }).click();
      await expect(page.getByRole('button', { name: s.nextTurn, exact: true })).toBeVisible();

      const fight = await monsterFight(api);
      const groupIds = new Set(
        fight.order.filter((entry) => goblins.some((g) => g._id === entry.unitId)).map((e) => e.groupId),
      );
      expect(groupIds.size).toBe(1);
      expect([...groupIds][0]).toBeDefined();

      // One row for the five of them in the order, folded.
      const order = page.getByRole('list', { name: s.order, exact: true });
      const groupName = s.group(s.goblin, 5);
      await expect(order.getByRole('listitem')).toHaveCount(3);
      const fold = order.getByRole('button', { name: new RegExp(`^${groupName.replace(/[×]/g, '.')}`) });
      await expect(fold).toHaveAttribute('aria-expanded', 'false');
      await expect(order.getByText(`${s.goblin} 2`, { exact: true })).toHaveCount(0);
      await fold.click();
      await expect(fold).toHaveAttribute('aria-expanded', 'true');
      await expect(order.getByRole('listitem')).toHaveCount(8);
      for (const unit of copies) await expect(order.getByText(unit.name, { exact: true })).toBeVisible();
      await fold.click();
      await expect(order.getByRole('listitem')).toHaveCount(3);

      // Next turn from the group goes to the entry after its last member, not to Goblin 2.
      const names = new Map([borin!, ogre!, ...goblins].map((unit) => [unit._id, unit.name] as const));
      const lines = turnLines(fight, names, language);
      const groupLine = s.turnOf(groupName);
      await nextTurnUntil(page, language, fight, lines, groupLine);
      const groupStart = lines.indexOf(groupLine);
      const after = lines[nextTurnIndex(fight, groupStart)]!;
      expect(after).not.toBe(groupLine);
      await page.getByRole('button', { name: s.nextTurn, exact: true }).click();
      await expect(page.getByText(after, { exact: true })).toBeVisible();
      await expect(page.getByText(s.turnOf(`${s.goblin} 2`), { exact: true })).toHaveCount(0);
      await expect
        .poll(async () => (await monsterFight(api)).turnIndex)
        .toBe(nextTurnIndex(fight, groupStart));
    });
  }
});
