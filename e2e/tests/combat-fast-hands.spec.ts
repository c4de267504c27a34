// Combat at the speed of the table (decision 031), in English and in French: 7 damage in
// two keystrokes after picking the target, next turn by shortcut, the shortcuts' list, a row's quick
// field, a heal at full HP that says so; initiatives typed at the start and numbered copies spawned
// into a group; reinforcements with a typed initiative, one blow on several targets, the order fixed
// with the keyboard. Axe on the new dialogs; with SHOTS_DIR set, 375 px screenshots of the setup and
// the fight go there.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  chooseTarget,
  combatMaster,
  openCombat,
  region,
  savedCombat,
  savedHp,
  seedFight,
  type CombatApi,
} from '../support/combat';
import { expectNoSeriousA11yViolations } from '../support/helpers';

const SHOTS_DIR = process.env.SHOTS_DIR;

const WORDS = {
  en: {
    target: (name: string) => `Target ${name}`,
    turnOf: (name: string) => `Turn of ${name}`,
    quick: (name: string) => `Damage or heal ${name}`,
    amount: 'Amount',
    targetRegion: 'Target',
    attack: 'Attack',
    allies: 'Allies',
    enemies: 'Enemies',
    shortcuts: 'Keyboard shortcuts',
    nextTurnRow: 'Next turn',
    healFull: (name: string) => `${name} is already at full HP: nothing to heal.`,
    start: 'Start combat',
    initiativeTitle: 'Initiative of the player characters',
    initiativeOf: (name: string) => `Initiative of ${name}`,
    copiesOf: (name: string) => `Make copies of ${name}`,
    copiesTitle: (name: string) => `Copies of ${name}`,
    copiesCount: 'Number of copies',
    copiesSubmit: 'Create the copies',
    addPlayers: 'All player characters to allies',
    reinforcements: 'Reinforcements',
    unit: 'Unit',
    initiative: 'Initiative (optional)',
    addToFight: 'Add to the fight',
    targets: (count: number) => `${count} targets`,
    drag: (name: string) => `Drag ${name} to its place, or use Alt+Up and Alt+Down`,
    order: 'Initiative order',
  },
  fr: {
    target: (name: string) => `Cibler ${name}`,
    turnOf: (name: string) => `Au tour de ${name}`,
    quick: (name: string) => `Dégâts ou soins pour ${name}`,
    amount: 'Montant',
    targetRegion: 'Cible',
    attack: 'Attaquer',
    allies: 'Alliés',
    enemies: 'Ennemis',
    shortcuts: 'Raccourcis clavier',
    nextTurnRow: 'Tour suivant',
    healFull: (name: string) => `${name} a déjà tous ses PV : rien à soigner.`,
    start: 'Lancer le combat',
    initiativeTitle: 'Initiative des personnages joueurs',
    initiativeOf: (name: string) => `Initiative de ${name}`,
    copiesOf: (name: string) => `Créer des copies de ${name}`,
    copiesTitle: (name: string) => `Copies de ${name}`,
    copiesCount: 'Nombre de copies',
    copiesSubmit: 'Créer les copies',
    addPlayers: 'Tous les personnages joueurs en alliés',
    reinforcements: 'Renforts',
    unit: 'Unité',
    initiative: 'Initiative (facultative)',
    addToFight: 'Ajouter au combat',
    targets: (count: number) => `${count} cibles`,
    drag: (name: string) => `Glissez ${name} à sa place, ou utilisez Alt+Haut et Alt+Bas`,
    order: "Ordre d'initiative",
  },
} as const;

/** A 375 px screenshot of the view as a phone opens it (the fight is the server's: a reload keeps it). */
async function shot(page: Page, name: string, ready: string) {
  if (!SHOTS_DIR) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.reload();
    await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`) });
  }
}

/** Takes the focus out of any field, as a click on the page's background does. */
async function leaveFields(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** The names of the fight's order, top to bottom, as the server holds it. */
async function orderNames(api: CombatApi): Promise<string[]> {
  const [fight, units] = await Promise.all([api.combat(), api.units()]);
  return fight.order.map((entry) => units.find((unit) => unit._id === entry.unitId)?.name ?? '?');
}

test.describe('combat at the speed of the table', () => {
  // Fights seeded through the API, several saves to wait for and axe scans.
  test.describe.configure({ timeout: 120_000 });

  for (const language of ['en', 'fr'] as const) {
    const w = WORDS[language];

    test(`7 damage in two keystrokes, next turn by shortcut, the quick field (${language})`, async ({
      page,
      request,
    }) => {
      const { campaign, api } = await combatMaster(page, request, { language });
      const [borin, grask] = await api.createRoster([
        { name: 'Borin', isPlayer: true, hp: 40, currentHp: 40 },
        { name: 'Grask', hp: 30, currentHp: 30 },
      ]);
      await seedFight(api, { allies: [borin], enemies: [grask], order: [borin, grask] });
      await openCombat(page, language, campaign);
      await expect(page.getByText(w.turnOf('Borin'), { exact: true })).toBeVisible();

      await chooseTarget(page, w.target('Grask'));
      await page.keyboard.press('7');
      await expect(page.getByRole('textbox', { name: w.amount, exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await savedHp(api, grask._id).toBe(23);

      // Out of the field (the amount keeps its keys), N is next turn.
      await leaveFields(page);
      await page.keyboard.press('n');
      await expect(page.getByText(w.turnOf('Grask'), { exact: true })).toBeVisible();
      await savedCombat(api).toMatchObject({ turnIndex: 1 });

      // A row's own field: -5 on Borin, then +5 brings him back; another +5 says he is at full HP.
      const quick = page.getByRole('textbox', { name: w.quick('Borin'), exact: true });
      await quick.fill('-5');
      await quick.press('Enter');
      await savedHp(api, borin._id).toBe(35);
      await expect(quick).toHaveValue('');
      await quick.fill('+5');
      await quick.press('Enter');
      await savedHp(api, borin._id).toBe(40);
      await quick.fill('+5');
      await quick.press('Enter');
      await expect(page.getByText(w.healFull('Borin')).first()).toBeVisible();
      // The dice syntax is checked as it is typed, in the reader's language.
      await quick.fill('2d');
      await expect(quick).toHaveAttribute('aria-invalid', 'true');
      await expect(region(page, w.allies).getByRole('alert')).toBeVisible();
      await quick.press('Escape');
      await expect(quick).toHaveValue('');

      // ? lists the shortcuts, in an accessible dialog.
      await leaveFields(page);
      await page.keyboard.press('Shift+?');
      const help = page.getByRole('dialog', { name: w.shortcuts });
      await expect(help).toBeVisible();
      await expect(help.getByRole('cell', { name: w.nextTurnRow, exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(help).toBeHidden();
    });

    test(`typed initiatives at the start, numbered copies into a group (${language})`, async ({
      page,
      request,
    }) => {
      const { campaign, api } = await combatMaster(page, request, { language });
      await api.createRoster([
        { name: 'Borin', isPlayer: true, hp: 100, currentHp: 100 },
        { name: 'Kael', isPlayer: true, hp: 100, currentHp: 100 },
        { name: 'Grask', hp: 12, currentHp: 12 },
      ]);
      await openCombat(page, language, campaign);
      await page.getByRole('button', { name: w.addPlayers }).click();

      // Two more of Grask, straight into the enemies: "Grask 2" and "Grask 3".
      await page.getByRole('button', { name: w.copiesOf('Grask'), exact: true }).click();
      const copies = page.getByRole('dialog', { name: w.copiesTitle('Grask') });
      await copies.getByRole('textbox', { name: w.copiesCount }).fill('2');
      await expect(copies).toContainText('Grask 2');
      await expect(copies).toContainText('Grask 3');
      await expectNoSeriousA11yViolations(page);
      await copies.getByRole('button', { name: w.copiesSubmit }).click();
      await expect(copies).toBeHidden();
      await expect(region(page, w.enemies).getByText('Grask 3')).toBeVisible();
      await expect.poll(async () => (await api.combat()).enemies.length).toBe(2);
      await expect
        .poll(async () => (await api.units()).map((unit) => [unit.name, unit.currentHp]))
        .toEqual([
          ['Borin', 100],
          ['Kael', 100],
          ['Grask', 12],
          ['Grask 2', 12],
          ['Grask 3', 12],
        ]);
      await shot(page, `combat-setup-${language}`, 'Grask 3');

      // The players typed their rolls: Kael 18, Borin left to the rule.
      await page.getByRole('button', { name: w.start, exact: true }).click();
      const ask = page.getByRole('dialog', { name: w.initiativeTitle });
      await expect(ask.getByRole('textbox', { name: w.initiativeOf('Borin') })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press('Enter');
      await expect(ask.getByRole('textbox', { name: w.initiativeOf('Kael') })).toBeFocused();
      await page.keyboard.type('18');
      await page.keyboard.press('Enter');
      await expect(ask).toBeHidden();
      await expect.poll(async () => (await api.combat()).phase).toBe('fight');
      const fight = await api.fight();
      const kael = (await api.units()).find((unit) => unit.name === 'Kael')!;
      expect(fight.order.find((entry) => entry.unitId === kael._id)?.initiative).toBe(18);
    });

    test(`reinforcements, one blow on several targets, the order fixed by keyboard (${language})`, async ({
      page,
      request,
    }) => {
      const { campaign, api } = await combatMaster(page, request, { language });
      const [borin, grask, snaga, wulf] = await api.createRoster([
        { name: 'Borin', isPlayer: true, hp: 40, currentHp: 40 },
        { name: 'Grask', hp: 30, currentHp: 30 },
        { name: 'Snaga', hp: 30, currentHp: 30 },
        { name: 'Wulf', hp: 30, currentHp: 30 },
      ]);
      await seedFight(api, { allies: [borin], enemies: [grask, snaga], order: [borin, grask, snaga] });
      await openCombat(page, language, campaign);
      await expect(page.getByText(w.turnOf('Borin'), { exact: true })).toBeVisible();

      // Wulf joins the enemies at a typed 85: between Borin (90) and Grask (80).
      await page.getByRole('button', { name: w.reinforcements, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: w.reinforcements });
      await dialog.getByRole('combobox', { name: w.unit }).selectOption(wulf._id);
      await dialog.getByRole('textbox', { name: w.initiative }).fill('85');
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: w.addToFight }).click();
      await expect.poll(() => orderNames(api)).toEqual(['Borin', 'Wulf', 'Grask', 'Snaga']);
      await expect(region(page, w.enemies).getByText('Wulf', { exact: true })).toBeVisible();

      // One blow of 6 on Grask and Snaga: Shift-click adds a target.
      await chooseTarget(page, w.target('Grask'));
      await page
        .getByRole('button', { name: w.target('Snaga'), exact: true })
        .click({ modifiers: ['Shift'] });
      await expect(region(page, w.targetRegion)).toContainText(w.targets(2));
      await page.getByRole('textbox', { name: w.amount, exact: true }).fill('6');
      await page.getByRole('button', { name: w.attack, exact: true }).click();
      await savedHp(api, grask._id).toBe(24);
      await savedHp(api, snaga._id).toBe(24);
      const log = (await api.fight()).log.filter((entry) => entry.type === 'attack');
      expect(log.map((entry) => entry.amount)).toEqual([6, 6]);

      // The order fixed with the keyboard: Snaga up one place.
      const handle = page.getByRole('button', { name: w.drag('Snaga'), exact: true });
      await handle.focus();
      await page.keyboard.press('Alt+ArrowUp');
      await expect.poll(() => orderNames(api)).toEqual(['Borin', 'Wulf', 'Snaga', 'Grask']);
      await expect(handle).toBeFocused();
      await expect(page.getByText(w.turnOf('Borin'), { exact: true })).toBeVisible();
      // …and by dragging: Grask onto Snaga's place.
      const rows = page.getByRole('list', { name: w.order, exact: true }).getByRole('listitem');
      await rows.filter({ hasText: 'Grask' }).dragTo(rows.filter({ hasText: 'Snaga' }));
      await expect.poll(() => orderNames(api)).toEqual(['Borin', 'Wulf', 'Grask', 'Snaga']);
      await shot(page, `combat-fight-${language}`, w.turnOf('Borin'));
      await expectNoSeriousA11yViolations(page);
    });
  }
});
