// The units view of a campaign (docs/decisions/012; docs/product.md#units-view, #modals, #campaigns,
// #validation, #messages, #limits): cards in both sections, the filter and its counter, delete with
// confirmation, duplicate, the notes viewer and editor, the Novice unit limit (no create button, the way up
// instead), and axe on the view and its modals.
// Units are seeded through the API; creating and editing through the form is in unit-form.spec.ts.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  gameMaster,
  numberedUnits,
  unitApi,
  type Campaign,
  type Language,
  type Unit,
} from '../support/game-data';
import { expectNoSeriousA11yViolations } from '../support/helpers';

/** Two player characters and two NPCs, with the campaign's own race, class and status names. */
async function seedParty(units: ReturnType<typeof unitApi>, campaign: Campaign) {
  const [first, second, third, fourth] = campaign.races.map((race) => race.name);
  const classes = campaign.classes.map((item) => item.name);
  const statuses = campaign.statuses.map((item) => item.name);
  await units.createRoster([
    {
      name: 'Aria',
      isPlayer: true,
      gender: 'Female',
      race: second!,
      class: classes[1]!,
      hp: 100,
      currentHp: 80,
      money: { gold: 120, silver: 35, bronze: 8 },
    },
    { name: 'Borin', isPlayer: true, race: third!, class: classes[3]!, status: statuses[2]! },
    { name: 'Grask', race: fourth!, class: classes[0]!, status: statuses[1]!, hp: 60, currentHp: 15 },
    { name: 'Old Mira', gender: 'Female', race: first!, class: classes[2]! },
  ]);
}

/** Every field a duplicate carries over: all but the id, the name and the timestamps. */
const copiedFields = ({
  gender,
  isPlayer,
  race,
  class: unitClass,
  status,
  characteristics,
  hp,
  currentHp,
  money,
  notes,
}: Unit) => ({
  gender,
  isPlayer,
  race,
  class: unitClass,
  status,
  characteristics,
  hp,
  currentHp,
  money,
  notes,
});

const open = (page: Page, language: Language, campaign: Campaign) =>
  page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=units`);

/** The card of one unit: a list item named by its heading, as a reader would find it. */
function card(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('listitem', { name, exact: true });
}

/** The 'filtered count / tier maximum' counter, found by its label (read by screen readers). */
function counter(page: Page): Locator {
  return page.locator('p').filter({ has: page.getByText(/^(Units shown out of|Unités affichées sur)/) });
}

function cardNames(page: Page, section: string): Promise<string[]> {
  return page
    .getByRole('region', { name: section, exact: true })
    .getByRole('heading', { level: 4 })
    .allTextContents();
}

test.describe('units view', () => {
  // Several axe scans per journey: generous on a loaded machine, every wait is still an expectation.
  test.describe.configure({ timeout: 90_000 });

  test('shows both sections, filters them, and deletes a unit after confirmation (en)', async ({
    page,
    request,
  }) => {
    const { user, campaign } = await gameMaster(page, request, { language: 'en' });
    const units = unitApi(request, user, campaign);
    await seedParty(units, campaign);
    await open(page, 'en', campaign);

    await expect(page.getByRole('heading', { level: 2, name: 'Units of Realm of Ash' })).toBeVisible();
    await expect(card(page, 'Aria')).toBeVisible();
    expect(await cardNames(page, 'Player characters')).toEqual(['Aria', 'Borin']);
    expect(await cardNames(page, 'Non-player characters')).toEqual(['Grask', 'Old Mira']);
    await expect(counter(page)).toContainText(': 4 / 10');

    const aria = card(page, 'Aria');
    await expect(aria.getByText('Elf', { exact: true })).toBeVisible();
    await expect(aria.getByText('Mage', { exact: true })).toBeVisible();
    await expect(aria.getByText('Female', { exact: true })).toBeVisible();
    await expect(aria.getByRole('meter', { name: 'HP 80 / 100' })).toBeVisible();
    await expect(aria).toContainText('120 gold');
    await expect(card(page, 'Grask').getByRole('meter', { name: 'HP 15 / 60' })).toHaveAttribute(
      'data-tone',
      'low',
    );
    await expectNoSeriousA11yViolations(page);

    const filter = page.getByRole('searchbox', { name: 'Filter units' });
    await filter.fill('DWARF');
    await expect(counter(page)).toContainText(': 1 / 10');
    expect(await cardNames(page, 'Player characters')).toEqual(['Borin']);
    await expect(page.getByText('No non-player character matches "DWARF".')).toBeVisible();
    await filter.fill('warrior');
    await expect(counter(page)).toContainText(': 1 / 10');
    expect(await cardNames(page, 'Non-player characters')).toEqual(['Grask']);
    await expect(page.getByText('No player character matches "warrior".')).toBeVisible();
    await filter.fill('injured');
    expect(await cardNames(page, 'Non-player characters')).toEqual(['Grask']);
    await page.getByRole('button', { name: 'Clear the filter' }).click();
    await expect(counter(page)).toContainText(': 4 / 10');

    // Cancel keeps the unit; confirming deletes it for good.
    await card(page, 'Grask').getByRole('button', { name: 'Delete Grask' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this unit?' });
    await expect(
      confirm.getByText(
        'Are you sure you want to delete "Grask"? You can still undo it from the message that follows.',
      ),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page, 'Grask')).toBeVisible();

    await card(page, 'Grask').getByRole('button', { name: 'Delete Grask' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, 'Grask')).toHaveCount(0);
    await expect(counter(page)).toContainText(': 3 / 10');
    await page.reload();
    await expect(card(page, 'Old Mira')).toBeVisible();
    await expect(card(page, 'Grask')).toHaveCount(0);
    expect((await units.list()).map((unit) => unit.name)).toEqual(['Aria', 'Borin', 'Old Mira']);
  });

  test('sections, filter, delete and empty states in French', async ({ page, request }) => {
    const { user, campaign } = await gameMaster(page, request, { language: 'fr' });
    const units = unitApi(request, user, campaign);
    await units.create({ name: 'Grask', race: campaign.races[3]!.name });
    await open(page, 'fr', campaign);

    await expect(page.getByRole('heading', { level: 2, name: 'Unités de Realm of Ash' })).toBeVisible();
    const players = page.getByRole('region', { name: 'Personnages joueurs', exact: true });
    await expect(players.getByText(/Aucun personnage joueur pour l'instant/)).toBeVisible();
    await expect(card(page, 'Grask').getByText(campaign.races[3]!.name, { exact: true })).toBeVisible();
    await expect(card(page, 'Grask').getByRole('meter', { name: 'PV 100 / 100' })).toBeVisible();
    await expect(counter(page)).toContainText(': 1 / 10');

    await page.getByRole('searchbox', { name: 'Filtrer les unités' }).fill('elfe');
    await expect(page.getByText('Aucun personnage non joueur ne correspond à « elfe ».')).toBeVisible();
    await expect(counter(page)).toContainText(': 0 / 10');
    await page.getByRole('button', { name: 'Effacer le filtre' }).click();

    await card(page, 'Grask').getByRole('button', { name: 'Supprimer Grask' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer cette unité ?' });
    await expect(
      confirm.getByText(
        'Voulez-vous vraiment supprimer « Grask » ? Vous pourrez encore annuler depuis le message qui suivra.',
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(card(page, 'Grask')).toHaveCount(0);
    const npcs = page.getByRole('region', { name: 'Personnages non joueurs', exact: true });
    await expect(npcs.getByText(/Aucun personnage non joueur pour l'instant/)).toBeVisible();
    await expect(npcs.getByRole('button', { name: 'Créer un personnage non joueur' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dupliquer une unité' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
  });

  test('duplicates a unit: the copy keeps every field but the name (en)', async ({ page, request }) => {
    const { user, campaign } = await gameMaster(page, request, { language: 'en' });
    const units = unitApi(request, user, campaign);
    await seedParty(units, campaign);
    const original = await units.create({
      name: 'Vaelith',
      gender: 'Other',
      isPlayer: true,
      race: campaign.races[1]!.name,
      class: campaign.classes[4]!.name,
      status: campaign.statuses[3]!.name,
      characteristics: { Strength: 12, Dexterity: 77 },
      hp: 120,
      currentHp: 70,
      money: { gold: 9, silver: 8, bronze: 7 },
      notes: 'Carries the **moon key**.',
    });
    await open(page, 'en', campaign);
    await expect(card(page, 'Vaelith')).toBeVisible();

    await page.getByRole('button', { name: 'Duplicate unit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate a unit' });
    const confirm = dialog.getByRole('button', { name: 'Duplicate' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Unit to copy').selectOption({ label: 'Vaelith' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Name of the copy').fill('   ');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Name of the copy').fill('  Vaelith the Younger ');
    await expect(confirm).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await confirm.click();
    await expect(dialog).toBeHidden();

    const copy = card(page, 'Vaelith the Younger');
    await expect(
      page.getByRole('region', { name: 'Player characters', exact: true }).getByRole('listitem'),
    ).toHaveCount(4);
    await expect(copy.getByRole('meter', { name: 'HP 70 / 120' })).toBeVisible();
    await expect(copy.getByText(campaign.classes[4]!.name, { exact: true })).toBeVisible();
    await expect(copy).toContainText('9 gold');
    await expect(counter(page)).toContainText(': 6 / 10');

    const saved = (await units.list()).find((unit) => unit.name === 'Vaelith the Younger');
    expect(saved).toBeDefined();
    expect(saved!._id).not.toBe(original._id);
    expect(copiedFields(saved!)).toEqual(copiedFields(original));
  });

  test('notes: read, edit, save, and the text survives a reload; unsaved changes ask first (en)', async ({
    page,
    request,
  }) => {
    const { user, campaign } = await gameMaster(page, request, { language: 'en' });
    const units = unitApi(request, user, campaign);
    await units.create({ name: 'Aria', isPlayer: true, notes: '# Inventory\n- Staff of embers' });
    await open(page, 'en', campaign);

    await card(page, 'Aria').getByRole('button', { name: 'Notes of Aria' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notes of Aria' });
    const preview = dialog.getByRole('region', { name: 'Notes and inventory of Aria', exact: true });
    await expect(preview.getByRole('heading', { name: 'Inventory' })).toBeVisible();
    await expect(preview.getByText('Staff of embers')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Edit notes' }).click();
    const editor = dialog.getByRole('textbox', { name: 'Notes and inventory of Aria' });
    await expect(editor).toBeFocused();
    await expect(dialog.getByText('29 / 20,000 characters')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Cancel restores the saved text.
    await editor.fill('Scribbles');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(preview.getByText('Staff of embers')).toBeVisible();

    // Closing with unsaved changes asks; keeping them leaves the editor as it was.
    await dialog.getByRole('button', { name: 'Edit notes' }).click();
    await editor.fill('# Inventory\n- Staff of embers\n- **Moon key**');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(
      discard.getByText('The notes of "Aria" have unsaved changes. Close and lose them?'),
    ).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(editor).toContainText('Moon key');

    await dialog.getByRole('button', { name: 'Save notes' }).click();
    await expect(dialog.getByRole('button', { name: 'Edit notes' })).toBeVisible();
    await expect(preview.locator('strong', { hasText: 'Moon key' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'Aria').getByRole('button', { name: 'Notes of Aria' })).toBeFocused();

    await page.reload();
    await card(page, 'Aria').getByRole('button', { name: 'Notes of Aria' }).click();
    await expect(dialog.getByRole('region').locator('strong', { hasText: 'Moon key' })).toBeVisible();
    expect((await units.list())[0]!.notes).toBe('# Inventory\n- Staff of embers\n- **Moon key**');
  });

  for (const [language, text] of [
    [
      'en',
      {
        name: 'Aria',
        notes: 'Notes of Aria',
        edit: 'Edit notes',
        save: 'Save notes',
        editor: 'Notes and inventory of Aria',
        conflict: 'This unit was saved elsewhere while you were editing',
        showSaved: 'Show the saved notes',
        keepMine: 'Save my version',
      },
    ],
    [
      'fr',
      {
        name: 'Bran',
        notes: 'Notes de Bran',
        edit: 'Modifier les notes',
        save: 'Enregistrer les notes',
        editor: 'Notes et inventaire de Bran',
        conflict: 'Cette unité a été enregistrée ailleurs pendant votre modification',
        showSaved: 'Voir les notes enregistrées',
        keepMine: 'Enregistrer ma version',
      },
    ],
  ] as const) {
    test(`notes saved in another tab meanwhile: the draft stays, the saved notes show, mine saves over them (${language})`, async ({
      page,
      request,
    }) => {
      const { user, campaign } = await gameMaster(page, request, { language });
      const units = unitApi(request, user, campaign);
      const unit = await units.create({ name: text.name, isPlayer: true, notes: 'First notes.' });
      await open(page, language, campaign);

      await card(page, text.name).getByRole('button', { name: text.notes }).click();
      const dialog = page.getByRole('dialog', { name: text.notes });
      await dialog.getByRole('button', { name: text.edit }).click();
      await dialog.getByRole('textbox', { name: text.editor }).fill('Written in this tab.');
      // Another tab or device saves other notes meanwhile (decision 036).
      await units.update(unit._id, { notes: 'Written in the other tab.' });
      await dialog.getByRole('button', { name: text.save }).click();

      const notice = dialog.getByRole('alert').filter({ hasText: text.conflict });
      await expect(notice).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: text.editor })).toHaveText('Written in this tab.', {
        useInnerText: true,
      });
      await notice.getByText(text.showSaved).click();
      await expect(notice.getByText('Written in the other tab.')).toBeVisible();
      expect((await units.find(unit._id))?.notes).toBe('Written in the other tab.');
      await expectNoSeriousA11yViolations(page);

      await notice.getByRole('button', { name: text.keepMine }).click();
      await expect(dialog.getByRole('button', { name: text.edit })).toBeVisible();
      await expect(dialog.getByText('Written in this tab.')).toBeVisible();
      expect((await units.find(unit._id))?.notes).toBe('Written in this tab.');
    });
  }

  test('the Novice unit limit (10): message with the upgrade path, and the server refuses a duplicate (fr)', async ({
    page,
    request,
  }) => {
    const { user, campaign } = await gameMaster(page, request, { language: 'fr' });
    const units = unitApi(request, user, campaign);
    await units.createRoster(numberedUnits('Gobelin', 9));
    await open(page, 'fr', campaign);
    await expect(counter(page)).toContainText(': 9 / 10');

    // The page still believes there is room; another device fills the last place meanwhile.
    await page.getByRole('button', { name: 'Dupliquer une unité' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dupliquer une unité' });
    await dialog.getByLabel('Unité à copier').selectOption({ label: 'Gobelin 1' });
    await dialog.getByLabel('Nom de la copie').fill('Gobelin bis');
    await units.create({ name: 'Gobelin 10' });
    await dialog.getByRole('button', { name: 'Dupliquer' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      "Limite d'unités atteinte pour le niveau Novice (10 par campagne).",
    );
    await expect(dialog.getByRole('button', { name: 'Améliorer ma formule' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    expect(await units.list()).toHaveLength(10);

    // At the limit no create button is offered anywhere: the limit says why, with the way up.
    await page.reload();
    await expect(counter(page)).toContainText(': 10 / 10 — 10 unités en tout');
    const notice = page.getByRole('status').filter({ hasText: "Limite d'unités atteinte" });
    await expect(notice).toContainText(
      "Limite d'unités atteinte pour le niveau Novice (10 par campagne). Passez à un niveau supérieur pour en créer d'autres.",
    );
    await expect(notice.getByRole('button', { name: 'Améliorer ma formule' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nouvelle unité' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Dupliquer une unité' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Créer un personnage/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('the unit limit in English, with the upgrade button opening the plans', async ({ page, request }) => {
    const { user, campaign } = await gameMaster(page, request, { language: 'en' });
    const units = unitApi(request, user, campaign);
    await units.createRoster(numberedUnits('Goblin', 10, (n) => ({ isPlayer: n % 2 === 0 })));
    await open(page, 'en', campaign);
    await expect(counter(page)).toContainText(': 10 / 10');
    await expect(page.getByRole('button', { name: 'New unit' })).toHaveCount(0);
    const notice = page.getByRole('status').filter({ hasText: 'Unit limit reached' });
    await expect(notice).toContainText(
      'Unit limit reached for Novice tier (10 per campaign). Upgrade to create more.',
    );
    await notice.getByRole('button', { name: 'Upgrade my plan' }).click();
    const plans = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await expect(plans).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(plans).toBeHidden();
    await expect(notice.getByRole('button', { name: 'Upgrade my plan' })).toBeFocused();
  });

  test('creates a player character from its empty section, then shows its card there (en)', async ({
    page,
    request,
  }) => {
    const { user, campaign } = await gameMaster(page, request, { language: 'en' });
    await unitApi(request, user, campaign).create({ name: 'Grask' });
    await open(page, 'en', campaign);
    const players = page.getByRole('region', { name: 'Player characters', exact: true });
    await players.getByRole('button', { name: 'Create a player character' }).click();

    const form = page.getByRole('dialog', { name: 'New unit' });
    await expect(form.getByLabel('Player character', { exact: true })).toBeChecked();
    await form.getByLabel('Name', { exact: true }).fill('Aria');
    await form.getByLabel('Race', { exact: true }).selectOption('Elf');
    await form.getByLabel('Class', { exact: true }).selectOption('Mage');
    await form.getByRole('button', { name: 'Create unit' }).click();
    await expect(form).toBeHidden();

    await expect(card(players, 'Aria').getByText('Elf', { exact: true })).toBeVisible();
    await expect(card(players, 'Aria').getByRole('meter', { name: 'HP 100 / 100' })).toBeVisible();
    await expect(counter(page)).toContainText(': 2 / 10');
    // Focus comes back to the view (its heading: the empty-state button is gone).
    await expect(page.getByRole('heading', { level: 2, name: 'Units of Realm of Ash' })).toBeFocused();
  });

  test('dark theme: the view and its modals pass axe', async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const { user, campaign } = await gameMaster(page, request, { language: 'en' });
    const units = unitApi(request, user, campaign);
    await seedParty(units, campaign);
    await open(page, 'en', campaign);
    await expect(card(page, 'Aria')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Duplicate unit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate a unit' });
    await dialog.getByLabel('Unit to copy').selectOption({ label: 'Grask' });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await card(page, 'Aria').getByRole('button', { name: 'Notes of Aria' }).click();
    const notes = page.getByRole('dialog', { name: 'Notes of Aria' });
    await expectNoSeriousA11yViolations(page);
    await notes.getByRole('button', { name: 'Edit notes' }).click();
    await expectNoSeriousA11yViolations(page);
    await notes.getByRole('button', { name: 'Cancel' }).click();
    await notes.getByRole('button', { name: 'Close' }).first().click();

    await card(page, 'Grask').getByRole('button', { name: 'Delete Grask' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this unit?' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
