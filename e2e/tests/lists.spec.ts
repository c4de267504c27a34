// The characteristics, races, classes and statuses views of a campaign (docs/decisions/012;
// docs/product.md#list-views, #validation, #messages, docs/product.md#tiers, docs/decisions/007): add,
// rename, recolour, notes, delete as Hero; limits; the upgrade prompts and the Novice note edits.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  gameMaster as signedInGameMaster,
  type Campaign,
  type Language,
  type Tier,
} from '../support/game-data';
import { expectNoSeriousA11yViolations } from '../support/helpers';

/** A signed-in game master with one default campaign: Hero unless the journey asks otherwise. */
const gameMaster = (
  page: Page,
  request: APIRequestContext,
  { language = 'en', tier = 'Hero' }: { language?: Language; tier?: Tier } = {},
) => signedInGameMaster(page, request, { language, tier });

function open(page: Page, language: 'en' | 'fr', campaign: Campaign, view: string) {
  return page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=${view}`);
}

/** The card of one entry, found by its heading as a reader would. */
function card(page: Page, name: string): Locator {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

test.describe('as Hero', () => {
  // Each journey runs a whole list's life with axe scans: 20–25 s alone, more beside another worker.
  test.describe.configure({ timeout: 60_000 });
  test('races: add, refuse a duplicate, rename, write a note that survives a reload, delete', async ({
    page,
    request,
  }) => {
    const { campaign } = await gameMaster(page, request);
    await open(page, 'en', campaign, 'races');
    await expect(page.getByRole('heading', { level: 2, name: 'Races of Realm of Ash' })).toBeVisible();
    await expect(page.getByText('4 / 100')).toBeVisible();
    await expect(card(page, 'Human')).toBeVisible();

    await page.getByRole('button', { name: 'Add race' }).click();
    const dialog = page.getByRole('dialog', { name: 'New race' });
    await dialog.getByLabel('Name').fill('Halfling');
    await dialog.getByRole('button', { name: 'Add race' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'Halfling')).toBeVisible();
    await expect(page.getByText('5 / 100')).toBeVisible();

    // The server refuses a second "elf" (names are unique regardless of case); the form says why.
    await page.getByRole('button', { name: 'Add race' }).click();
    await dialog.getByLabel('Name').fill('elf');
    await dialog.getByLabel('Name').press('Enter');
    await expect(dialog.getByRole('alert')).toContainText('Some fields are not valid.');
    await expect(dialog.getByText('Two entries cannot have the same name.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('5 / 100')).toBeVisible();

    await card(page, 'Halfling').getByRole('button', { name: 'Edit Halfling' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit race' });
    await expect(edit.getByLabel('Name')).toHaveValue('Halfling');
    await edit.getByLabel('Name').fill('Hobbit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(card(page, 'Hobbit')).toBeVisible();
    await expect(card(page, 'Halfling')).toHaveCount(0);

    const hobbit = card(page, 'Hobbit');
    await hobbit.getByRole('button', { name: 'Show notes' }).click();
    await hobbit.getByRole('button', { name: 'Edit notes' }).click();
    await hobbit.getByRole('textbox', { name: 'Notes of Hobbit' }).fill('Second breakfast, **always**.');
    await hobbit.getByRole('button', { name: 'Save notes' }).click();
    await expect(hobbit.getByRole('button', { name: 'Edit notes' })).toBeVisible();
    await expect(hobbit.locator('strong', { hasText: 'always' })).toBeVisible();

    // Cancel restores the saved note.
    await hobbit.getByRole('button', { name: 'Edit notes' }).click();
    await hobbit.getByRole('textbox', { name: 'Notes of Hobbit' }).fill('Thrown away');
    await hobbit.getByRole('button', { name: 'Cancel' }).click();
    await expect(hobbit.getByText('Second breakfast')).toBeVisible();
    await expect(hobbit.getByText('Thrown away')).toHaveCount(0);

    await page.reload();
    await card(page, 'Hobbit').getByRole('button', { name: 'Show notes' }).click();
    await expect(card(page, 'Hobbit').locator('strong', { hasText: 'always' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await card(page, 'Hobbit').getByRole('button', { name: 'Delete Hobbit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this entry?' });
    await expect(confirm).toContainText(
      'Are you sure you want to delete "Hobbit"? You can still undo it from the message that follows.',
    );
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card(page, 'Hobbit')).toHaveCount(0);
    await expect(page.getByText('4 / 100')).toBeVisible();
  });

  test('classes in French: a chosen colour shows on the chip, with readable text', async ({
    page,
    request,
  }) => {
    const { campaign } = await gameMaster(page, request, { language: 'fr' });
    await open(page, 'fr', campaign, 'classes');
    await expect(page.getByRole('heading', { level: 2, name: 'Classes de Realm of Ash' })).toBeVisible();
    await expect(card(page, 'Guerrier')).toBeVisible();

    await page.getByRole('button', { name: 'Ajouter une classe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle classe' });
    await dialog.getByLabel('Nom').fill('Barde');
    // A new class starts on the default #777777.
    await expect(dialog.getByLabel('Code hexadécimal')).toHaveValue('#777777');
    await dialog.getByLabel('Code hexadécimal').fill('#1d4ed8');
    await dialog.getByRole('button', { name: 'Ajouter une classe' }).click();
    await expect(dialog).toBeHidden();

    const chip = card(page, 'Barde').getByRole('heading', { level: 3 }).locator('span');
    await expect(chip).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    await expect(chip).toHaveCSS('color', 'rgb(255, 255, 255)');

    // A bright colour picked with the colour picker gets dark text.
    await card(page, 'Barde').getByRole('button', { name: 'Modifier Barde' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier la classe' });
    await edit.getByLabel('Couleur', { exact: true }).fill('#fde047');
    await expect(edit.getByLabel('Code hexadécimal')).toHaveValue('#fde047');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(edit).toBeHidden();
    await expect(chip).toHaveCSS('background-color', 'rgb(253, 224, 71)');
    await expect(chip).toHaveCSS('color', 'rgb(17, 17, 17)');
    await page.reload();
    await expect(chip).toHaveCSS('background-color', 'rgb(253, 224, 71)');
    await expectNoSeriousA11yViolations(page);

    await card(page, 'Barde').getByRole('button', { name: 'Supprimer Barde' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer cette entrée ?' });
    await expect(confirm).toContainText(
      'Voulez-vous vraiment supprimer « Barde » ? Vous pourrez encore annuler depuis le message qui suivra.',
    );
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect(card(page, 'Barde')).toHaveCount(0);
  });

  test('statuses in French: add, note, and the confirmation names the status', async ({ page, request }) => {
    const { campaign } = await gameMaster(page, request, { language: 'fr' });
    await open(page, 'fr', campaign, 'statuses');
    await expect(page.getByText('6 / 100')).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter un statut' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau statut' });
    await dialog.getByLabel('Nom').fill('Béni');
    await dialog.getByRole('button', { name: 'Ajouter un statut' }).click();
    await expect(card(page, 'Béni')).toBeVisible();

    const blessed = card(page, 'Béni');
    await blessed.getByRole('button', { name: 'Afficher les notes' }).click();
    await blessed.getByRole('button', { name: 'Modifier les notes' }).click();
    await blessed.getByRole('textbox', { name: 'Notes de Béni' }).fill('+2 à tous les jets');
    await blessed.getByRole('button', { name: 'Enregistrer les notes' }).click();
    // Until the save answers, the editor and its preview both show the text.
    await expect(blessed.getByRole('button', { name: 'Modifier les notes' })).toBeVisible();
    await expect(blessed.getByText('+2 à tous les jets')).toBeVisible();
    await page.reload();
    await card(page, 'Béni').getByRole('button', { name: 'Afficher les notes' }).click();
    await expect(card(page, 'Béni').getByText('+2 à tous les jets')).toBeVisible();

    await card(page, 'Béni').getByRole('button', { name: 'Supprimer Béni' }).click();
    await expect(page.getByRole('dialog', { name: 'Supprimer cette entrée ?' })).toContainText('« Béni »');
    await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect(card(page, 'Béni')).toHaveCount(0);
    await expect(page.getByText('6 / 100')).toBeVisible();
  });

  test('characteristics: add one with max 20, change it, delete it', async ({ page, request }) => {
    const { campaign } = await gameMaster(page, request);
    await open(page, 'en', campaign, 'characteristics');
    await expect(page.getByText('6 / 50')).toBeVisible();
    await expect(card(page, 'Strength')).toContainText('Max 100');

    await page.getByRole('button', { name: 'Add characteristic' }).click();
    const dialog = page.getByRole('dialog', { name: 'New characteristic' });
    await dialog.getByLabel('Name').fill('Luck');
    await expect(dialog.getByLabel('Maximum value')).toHaveValue('100');
    await dialog.getByLabel('Maximum value').selectOption('20');
    await dialog.getByRole('button', { name: 'Add characteristic' }).click();
    await expect(card(page, 'Luck')).toContainText('Max 20');
    await expect(page.getByText('7 / 50')).toBeVisible();

    await page.reload();
    await expect(card(page, 'Luck')).toContainText('Max 20');
    await card(page, 'Luck').getByRole('button', { name: 'Edit Luck' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit characteristic' });
    await edit.getByLabel('Name').fill('Fortune');
    await edit.getByLabel('Maximum value').selectOption('100');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(card(page, 'Fortune')).toContainText('Max 100');

    await card(page, 'Fortune').getByRole('button', { name: 'Delete Fortune' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this entry?' })).toContainText(
      'Are you sure you want to delete "Fortune"? You can still undo it from the message that follows.',
    );
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card(page, 'Fortune')).toHaveCount(0);
    await expect(page.getByText('6 / 50')).toBeVisible();
  });
});

test('Adventurer at the characteristic limit sees the limit message instead of the add button', async ({
  page,
  request,
}) => {
  const { user, campaign } = await gameMaster(page, request, { tier: 'Adventurer' });
  const names = [
    'Strength',
    'Dexterity',
    'Constitution',
    'Intelligence',
    'Wisdom',
    'Charisma',
    'Luck',
    'Faith',
    'Wits',
    'Honor',
  ];
  const put = await request.put(`/api/game-data/${campaign._id}`, {
    headers: { authorization: `Bearer ${user.token}` },
    data: { characteristics: names.map((name) => ({ name, max: 100 })) },
  });
  expect(put.status()).toBe(200);
  await open(page, 'en', campaign, 'characteristics');
  await expect(page.getByText('10 / 10')).toBeVisible();
  await expect(page.getByText('Characteristic limit reached for Adventurer tier')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add characteristic' })).toHaveCount(0);
  // Editing stays open at the limit.
  await expect(page.getByRole('button', { name: 'Edit Honor' })).toBeVisible();
});

test.describe('as Novice', () => {
  test('sees the upgrade prompts, no add or edit, and can still write the note of a race', async ({
    page,
    request,
  }) => {
    const { campaign } = await gameMaster(page, request, { tier: 'Novice' });
    await open(page, 'en', campaign, 'races');
    await expect(page.getByText('Upgrade to Adventurer or Hero to add new races')).toBeVisible();
    // The view, not the house banner of the top bar, which also links to the plans.
    const view = page.getByRole('region', { name: 'Races of Realm of Ash' });
    await expect(view.getByRole('button', { name: 'See plans' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add race' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit Elf' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete Elf' })).toHaveCount(0);

    const elf = card(page, 'Elf');
    await elf.getByRole('button', { name: 'Show notes' }).click();
    await elf.getByRole('button', { name: 'Edit notes' }).click();
    await elf.getByRole('textbox', { name: 'Notes of Elf' }).fill('Long-lived and proud.');
    await elf.getByRole('button', { name: 'Save notes' }).click();
    // Until the save answers, the editor and its preview both show the text.
    await expect(elf.getByRole('button', { name: 'Edit notes' })).toBeVisible();
    await expect(elf.getByText('Long-lived and proud.')).toBeVisible();
    await page.reload();
    await card(page, 'Elf').getByRole('button', { name: 'Show notes' }).click();
    await expect(card(page, 'Elf').getByText('Long-lived and proud.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await open(page, 'en', campaign, 'classes');
    await expect(page.getByText('Upgrade to Adventurer or Hero to add new classes')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add class' })).toHaveCount(0);

    await open(page, 'en', campaign, 'statuses');
    await expect(page.getByText('Upgrade to Adventurer or Hero to add new statuses')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add status' })).toHaveCount(0);

    await open(page, 'en', campaign, 'characteristics');
    await expect(
      page.getByText('Upgrade to Adventurer or Hero to add or edit characteristics'),
    ).toBeVisible();
    await expect(card(page, 'Charisma')).toContainText('Max 100');
    await expect(page.getByRole('button', { name: 'Add characteristic' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit Charisma' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /notes/i })).toHaveCount(0);
  });

  test('in French, the prompts are translated and offer the plans', async ({ page, request }) => {
    const { campaign } = await gameMaster(page, request, { language: 'fr', tier: 'Novice' });
    await open(page, 'fr', campaign, 'races');
    await expect(
      page.getByText('Passez à la formule Adventurer ou Hero pour ajouter de nouvelles races'),
    ).toBeVisible();
    const view = page.getByRole('region', { name: 'Races de Realm of Ash' });
    await expect(view.getByRole('button', { name: 'Voir les formules' })).toBeVisible();
    await expect(card(page, 'Nain')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ajouter une race' })).toHaveCount(0);

    await open(page, 'fr', campaign, 'characteristics');
    await expect(
      page.getByText('Passez à la formule Adventurer ou Hero pour ajouter ou modifier des caractéristiques'),
    ).toBeVisible();
    await expect(card(page, 'Sagesse')).toContainText('Maximum 100');
  });
});
