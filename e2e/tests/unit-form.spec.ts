// The unit form modal (docs/decisions/012; docs/product.md#modals, #units, #unit-form, #validation, #roles,
// #limits): create a player and an NPC with every field, edit one and reload, quick generation as a paid
// plan, none for Novice, the current-HP clamping, server refusals shown in the form, and axe scans of the
// form and of its notes editor in both colour schemes.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  gameMaster as signedInGameMaster,
  numberedUnits,
  unitApi,
  type Campaign,
  type Language,
  type Tier,
  type Unit,
} from '../support/game-data';
import { expectNoSeriousA11yViolations } from '../support/helpers';

/** A signed-in game master of `tier` with one default campaign, and that campaign's units through the API. */
async function gameMaster(
  page: Page,
  request: APIRequestContext,
  options: { language?: Language; tier: Tier },
) {
  const { user, campaign } = await signedInGameMaster(page, request, options);
  const units = unitApi(request, user, campaign);
  return {
    user,
    campaign,
    headers: units.headers,
    /** The campaign's units as the server holds them. */
    units: () => units.list(),
    createUnit: (name: string) => units.create({ name }),
    createRoster: units.createRoster,
  };
}

function openUnits(page: Page, language: Language, campaign: Campaign) {
  return page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=units`);
}

/** The server's copy of a unit, once it exists. */
async function savedUnit(units: () => Promise<Unit[]>, name: string): Promise<Unit> {
  await expect.poll(async () => (await units()).map((unit) => unit.name)).toContain(name);
  const unit = (await units()).find((item) => item.name === name);
  if (!unit) throw new Error(`no unit named ${name}`);
  return unit;
}

/** The unit's card in the units view, found by its name as a reader would. */
function card(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

const TEXT = {
  en: {
    newUnit: 'New unit',
    create: 'Create unit',
    save: 'Save changes',
    name: 'Name',
    female: 'Female',
    other: 'Other',
    player: 'Player character',
    npc: 'Non-player character',
    race: 'Race',
    class: 'Class',
    status: 'Status',
    hp: 'Max HP',
    currentHp: 'Current HP',
    gold: 'Gold',
    silver: 'Silver',
    bronze: 'Bronze',
    editNotes: 'Edit notes & inventory',
    notesLabel: 'Notes and inventory, in markdown',
    done: 'Done',
    above: 'Above max HP: saved as 120.',
    elf: 'Elf',
    mage: 'Mage',
    injured: 'Injured',
    orc: 'Orc',
    rogue: 'Rogue',
    normal: 'Normal',
    strength: 'Strength',
    wisdom: 'Wisdom',
    characteristics: ['Strength', 'Dexterity', 'Constitution', 'Intelligence', 'Wisdom', 'Charisma'],
    edit: (name: string) => `Edit ${name}`,
    template: 'Weak NPC',
    generated: 'Characteristics filled from the Weak NPC template.',
  },
  fr: {
    newUnit: 'Nouvelle unité',
    create: "Créer l'unité",
    save: 'Enregistrer les modifications',
    name: 'Nom',
    female: 'Féminin',
    other: 'Autre',
    player: 'Personnage joueur',
    npc: 'Personnage non joueur',
    race: 'Race',
    class: 'Classe',
    status: 'Statut',
    hp: 'PV max',
    currentHp: 'PV actuels',
    gold: 'Or',
    silver: 'Argent',
    bronze: 'Bronze',
    editNotes: "Modifier les notes et l'inventaire",
    notesLabel: 'Notes et inventaire, en markdown',
    done: 'Terminé',
    above: 'Au-delà des PV max : enregistré à 120.',
    elf: 'Elfe',
    mage: 'Mage',
    injured: 'Blessé',
    orc: 'Orc',
    rogue: 'Voleur',
    normal: 'Normal',
    strength: 'Force',
    wisdom: 'Sagesse',
    characteristics: ['Force', 'Dextérité', 'Constitution', 'Intelligence', 'Sagesse', 'Charisme'],
    edit: (name: string) => `Modifier ${name}`,
    template: 'PNJ faible',
    generated: 'Caractéristiques remplies avec le modèle PNJ faible.',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const text = TEXT[language];

  test(`${language}: create a player and an NPC with every field, edit one, reload`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const gm = await gameMaster(page, request, { language, tier: 'Adventurer' });
    await openUnits(page, language, gm.campaign);

    // The player: every field by hand, submitted with Enter.
    await page.getByRole('button', { name: text.newUnit, exact: true }).click();
    const form = page.getByRole('dialog', { name: text.newUnit });
    await expect(form.getByLabel(text.name, { exact: true })).toBeFocused();
    const create = form.getByRole('button', { name: text.create });
    await expect(create).toBeDisabled();
    await form.getByLabel(text.name, { exact: true }).fill('Aria Stormblade');
    await form.getByText(text.female, { exact: true }).click();
    await form.getByText(text.player, { exact: true }).click();
    await form.getByLabel(text.race, { exact: true }).selectOption(text.elf);
    await form.getByLabel(text.class, { exact: true }).selectOption(text.mage);
    await form.getByLabel(text.status, { exact: true }).selectOption(text.injured);
    await form.getByLabel(text.strength, { exact: true }).fill('64');
    await form.getByLabel(text.wisdom, { exact: true }).fill('100');
    await form.getByLabel(text.hp, { exact: true }).fill('120');
    // docs/product.md#unit-form: above hp becomes hp on submit; the form says so before saving.
    await form.getByLabel(text.currentHp, { exact: true }).fill('250');
    await expect(form.getByText(text.above)).toBeVisible();
    await form.getByLabel(text.gold, { exact: true }).fill('12');
    await form.getByLabel(text.silver, { exact: true }).fill('5');
    await form.getByLabel(text.bronze, { exact: true }).fill('3');

    await form.getByRole('button', { name: text.editNotes }).click();
    const notes = page.getByRole('dialog', { name: new RegExp('Aria Stormblade') });
    await expect(notes.getByLabel(text.notesLabel)).toBeFocused();
    await notes.getByLabel(text.notesLabel).fill('Pack: rope, **silver dagger**');
    await notes.getByRole('button', { name: text.done }).click();
    await expect(notes).toBeHidden();
    await expect(form).toBeVisible();

    await expect(create).toBeEnabled();
    await form.getByLabel(text.name, { exact: true }).press('Enter');
    await expect(form).toBeHidden();
    await expect(card(page, 'Aria Stormblade')).toBeVisible();

    const aria = await savedUnit(gm.units, 'Aria Stormblade');
    expect(aria).toMatchObject({
      gender: 'Female',
      isPlayer: true,
      race: text.elf,
      class: text.mage,
      status: text.injured,
      hp: 120,
      currentHp: 120,
      money: { gold: 12, silver: 5, bronze: 3 },
      notes: 'Pack: rope, **silver dagger**',
    });
    expect(aria.characteristics).toEqual(
      Object.fromEntries(
        text.characteristics.map((name) => [
          name,
          name === text.strength ? 64 : name === text.wisdom ? 100 : 50,
        ]),
      ),
    );
    await expect(card(page, 'Aria Stormblade')).toContainText('120 / 120');

    // The NPC: the default side, the first status, quick generation for its characteristics.
    await page.getByRole('button', { name: text.newUnit, exact: true }).click();
    await expect(form.getByLabel(text.npc, { exact: true })).toBeChecked();
    await expect(form.getByLabel(text.status, { exact: true })).toHaveValue(text.normal);
    await form.getByLabel(text.name, { exact: true }).fill('Grask');
    await form.getByText(text.other, { exact: true }).click();
    await form.getByLabel(text.race, { exact: true }).selectOption(text.orc);
    await form.getByLabel(text.class, { exact: true }).selectOption(text.rogue);
    await form.getByRole('button', { name: new RegExp(`^${text.template}`) }).click();
    await expect(form.getByText(text.generated)).toBeVisible();
    for (const name of text.characteristics) {
      const value = Number(await form.getByLabel(name, { exact: true }).inputValue());
      expect(value).toBeGreaterThanOrEqual(20);
      expect(value).toBeLessThanOrEqual(40);
    }
    await form.getByLabel(text.hp, { exact: true }).fill('45');
    await form.getByLabel(text.bronze, { exact: true }).fill('9');
    await create.click();
    await expect(form).toBeHidden();
    await expect(card(page, 'Grask')).toBeVisible();
    const grask = await savedUnit(gm.units, 'Grask');
    expect(grask).toMatchObject({
      gender: 'Other',
      isPlayer: false,
      race: text.orc,
      class: text.rogue,
      status: text.normal,
      hp: 45,
      currentHp: 45,
      money: { gold: 0, silver: 0, bronze: 9 },
      notes: '',
    });
    for (const value of Object.values(grask.characteristics)) {
      expect(value).toBeGreaterThanOrEqual(20);
      expect(value).toBeLessThanOrEqual(40);
    }

    // Edit the player: the form opens with its values, and no quick generation.
    await card(page, 'Aria Stormblade')
      .getByRole('button', { name: text.edit('Aria Stormblade') })
      .click();
    const edit = page.getByRole('dialog', { name: text.edit('Aria Stormblade') });
    await expect(edit.getByLabel(text.name, { exact: true })).toHaveValue('Aria Stormblade');
    await expect(edit.getByLabel(text.female, { exact: true })).toBeChecked();
    await expect(edit.getByLabel(text.player, { exact: true })).toBeChecked();
    await expect(edit.getByLabel(text.race, { exact: true })).toHaveValue(text.elf);
    await expect(edit.getByLabel(text.status, { exact: true })).toHaveValue(text.injured);
    await expect(edit.getByLabel(text.strength, { exact: true })).toHaveValue('64');
    await expect(edit.getByLabel(text.hp, { exact: true })).toHaveValue('120');
    await expect(edit.getByLabel(text.currentHp, { exact: true })).toHaveValue('120');
    await expect(edit.getByLabel(text.gold, { exact: true })).toHaveValue('12');
    await expect(edit.getByRole('button', { name: new RegExp(`^${text.template}`) })).toHaveCount(0);
    await edit.getByLabel(text.name, { exact: true }).fill('Aria the Bold');
    await edit.getByLabel(text.currentHp, { exact: true }).fill('-7');
    await edit.getByLabel(text.silver, { exact: true }).fill('40');
    await edit.getByRole('button', { name: text.save }).click();
    await expect(edit).toBeHidden();
    await expect(card(page, 'Aria the Bold')).toBeVisible();
    await expect(card(page, 'Aria the Bold')).toContainText('0 / 120');

    await page.reload();
    await card(page, 'Aria the Bold')
      .getByRole('button', { name: text.edit('Aria the Bold') })
      .click();
    const reopened = page.getByRole('dialog', { name: text.edit('Aria the Bold') });
    await expect(reopened.getByLabel(text.currentHp, { exact: true })).toHaveValue('0');
    await expect(reopened.getByLabel(text.silver, { exact: true })).toHaveValue('40');
    await expect(reopened.getByLabel(text.strength, { exact: true })).toHaveValue('64');
    expect(await savedUnit(gm.units, 'Aria the Bold')).toMatchObject({
      currentHp: 0,
      money: { gold: 12, silver: 40, bronze: 3 },
      notes: 'Pack: rope, **silver dagger**',
    });
  });
}

test('en: Novice sees no quick generation, and a save refused at the unit limit says why', async ({
  page,
  request,
}) => {
  const gm = await gameMaster(page, request, { tier: 'Novice' });
  await gm.createRoster(numberedUnits('Guard', 9));
  await openUnits(page, 'en', gm.campaign);
  await page.getByRole('button', { name: 'New unit', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'New unit' });
  await expect(
    form.getByText('Quick generation of characteristics comes with Adventurer and Hero.'),
  ).toBeVisible();
  await expect(form.getByRole('button', { name: /^Boss/ })).toHaveCount(0);
  await expect(form.getByRole('button', { name: /NPC/ })).toHaveCount(0);

  await form.getByLabel('Name', { exact: true }).fill('Captain Vell');
  await form.getByLabel('Race', { exact: true }).selectOption('Human');
  await form.getByLabel('Class', { exact: true }).selectOption('Warrior');
  // Meanwhile, another device takes the last place of the plan.
  await gm.createUnit('Guard 10');
  await form.getByRole('button', { name: 'Create unit' }).click();
  const alert = form.getByRole('alert');
  await expect(alert).toContainText(
    'Unit limit reached for Novice tier (10 per campaign). Upgrade to create more.',
  );
  await expect(alert.getByRole('button', { name: 'Upgrade' })).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Captain Vell');
  expect((await gm.units()).map((unit) => unit.name)).not.toContain('Captain Vell');
});

test('fr: a race removed meanwhile is refused beside the race field', async ({ page, request }) => {
  const gm = await gameMaster(page, request, { language: 'fr', tier: 'Hero' });
  await openUnits(page, 'fr', gm.campaign);
  await page.getByRole('button', { name: 'Nouvelle unité', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle unité' });
  await form.getByLabel('Nom', { exact: true }).fill('Grask');
  await form.getByLabel('Race', { exact: true }).selectOption('Orc');
  await form.getByLabel('Classe', { exact: true }).selectOption('Voleur');

  const races = gm.campaign.races.filter((race) => race.name !== 'Orc');
  const removed = await request.put(`/api/game-data/${gm.campaign._id}`, {
    headers: { authorization: gm.headers.authorization },
    data: { races },
  });
  expect(removed.status()).toBe(200);

  await form.getByRole('button', { name: "Créer l'unité" }).click();
  await expect(form.getByRole('alert')).toContainText('Certains champs ne sont pas valides.');
  const race = form.getByLabel('Race', { exact: true });
  await expect(race).toHaveAttribute('aria-invalid', 'true');
  await expect(race).toBeFocused();
  await expect(form.getByText('Choisissez une race de la liste de la campagne.')).toBeVisible();
  expect(await gm.units()).toEqual([]);
});

// A unit saved elsewhere while the form is open (decision 036): the save is refused with 409
// UNIT_CONFLICT, the draft stays in the form, and the notice lists what is saved now for the fields
// the user changed too. Fields the user did not touch are never written back over the other save.
const CONFLICT = {
  en: {
    title: 'This unit was saved elsewhere while you were editing',
    savedNow: 'Saved elsewhere:',
    keepMine: 'Save my version',
    takeTheirs: 'Use the saved version',
  },
  fr: {
    title: 'Cette unité a été enregistrée ailleurs pendant votre modification',
    savedNow: 'Enregistré ailleurs :',
    keepMine: 'Enregistrer ma version',
    takeTheirs: 'Reprendre la version enregistrée',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  const text = TEXT[language];
  const words = CONFLICT[language];

  test(`${language}: Max HP saved in another tab meanwhile: the notice shows it, Save my version wins`, async ({
    page,
    request,
  }) => {
    const gm = await gameMaster(page, request, { language, tier: 'Adventurer' });
    const units = unitApi(request, gm.user, gm.campaign);
    const aria = await units.create({ name: 'Aria', hp: 100, currentHp: 50 });
    await openUnits(page, language, gm.campaign);

    await card(page, 'Aria')
      .getByRole('button', { name: text.edit('Aria') })
      .click();
    const form = page.getByRole('dialog', { name: text.edit('Aria') });
    await expect(form.getByLabel(text.hp, { exact: true })).toHaveValue('100');
    await form.getByLabel(text.name, { exact: true }).fill('Aria the Bold');
    await form.getByLabel(text.hp, { exact: true }).fill('80');
    // Another tab or device saves another Max HP, and gold the user did not touch, meanwhile.
    await units.update(aria._id, { hp: 90, money: { gold: 7, silver: 0, bronze: 0 } });
    await form.getByRole('button', { name: text.save }).click();

    const notice = form.getByRole('alert').filter({ hasText: words.title });
    await expect(notice).toBeVisible();
    await expect(notice).toBeFocused();
    await expect(notice).toContainText(words.savedNow);
    const savedHp = notice.getByRole('definition').filter({ hasText: '90' });
    await expect(savedHp).toBeVisible();
    // Only Max HP clashed: the name was not changed elsewhere, so it is not listed.
    await expect(notice.getByRole('term')).toHaveText([text.hp]);
    // Nothing was written, and the draft is still in the form.
    expect(await units.find(aria._id)).toMatchObject({ name: 'Aria', hp: 90, money: { gold: 7 } });
    await expect(form.getByLabel(text.name, { exact: true })).toHaveValue('Aria the Bold');
    await expect(form.getByLabel(text.hp, { exact: true })).toHaveValue('80');
    await expectNoSeriousA11yViolations(page);

    await notice.getByRole('button', { name: words.keepMine }).click();
    await expect(form).toBeHidden();
    await expect(card(page, 'Aria the Bold')).toContainText('50 / 80');
    // Mine won on the fields I changed; the other tab's gold stayed.
    expect(await units.find(aria._id)).toMatchObject({
      name: 'Aria the Bold',
      hp: 80,
      currentHp: 50,
      money: { gold: 7, silver: 0, bronze: 0 },
    });
    await page.reload();
    await expect(card(page, 'Aria the Bold')).toContainText('50 / 80');
  });

  test(`${language}: a name saved in another tab meanwhile: Use the saved version shows it in the form`, async ({
    page,
    request,
  }) => {
    const gm = await gameMaster(page, request, { language, tier: 'Adventurer' });
    const units = unitApi(request, gm.user, gm.campaign);
    const bran = await units.create({ name: 'Bran', hp: 40, currentHp: 40 });
    await openUnits(page, language, gm.campaign);

    await card(page, 'Bran')
      .getByRole('button', { name: text.edit('Bran') })
      .click();
    const form = page.getByRole('dialog', { name: text.edit('Bran') });
    await form.getByLabel(text.name, { exact: true }).fill('Bran the Young');
    await form.getByLabel(text.silver, { exact: true }).fill('12');
    await units.update(bran._id, { name: 'Bran the Old' });
    await form.getByRole('button', { name: text.save }).click();

    const notice = form.getByRole('alert').filter({ hasText: words.title });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('term')).toHaveText([text.name]);
    await expect(notice.getByRole('definition')).toHaveText(['Bran the Old']);
    await expect(form.getByLabel(text.name, { exact: true })).toHaveValue('Bran the Young');

    await notice.getByRole('button', { name: words.takeTheirs }).click();
    await expect(notice).toBeHidden();
    // The form now shows the unit as saved, under its saved name; my draft is gone, nothing written.
    const saved = page.getByRole('dialog', { name: text.edit('Bran the Old') });
    await expect(saved.getByLabel(text.name, { exact: true })).toHaveValue('Bran the Old');
    await expect(saved.getByLabel(text.silver, { exact: true })).toHaveValue('0');
    await expect(saved.getByLabel(text.name, { exact: true })).toBeFocused();
    expect(await units.find(bran._id)).toMatchObject({
      name: 'Bran the Old',
      money: { gold: 0, silver: 0, bronze: 0 },
    });

    // An edit made from the saved version goes through without a notice.
    await saved.getByLabel(text.hp, { exact: true }).fill('45');
    await saved.getByRole('button', { name: text.save }).click();
    await expect(saved).toBeHidden();
    await expect(card(page, 'Bran the Old')).toContainText('40 / 45');
    expect(await units.find(bran._id)).toMatchObject({ name: 'Bran the Old', hp: 45, currentHp: 40 });
  });
}

test('en: only other fields saved in another tab meanwhile: the form saves over them without a notice', async ({
  page,
  request,
}) => {
  const gm = await gameMaster(page, request, { tier: 'Adventurer' });
  const units = unitApi(request, gm.user, gm.campaign);
  const cara = await units.create({ name: 'Cara', hp: 60, currentHp: 60 });
  await openUnits(page, 'en', gm.campaign);

  await card(page, 'Cara')
    .getByRole('button', { name: TEXT.en.edit('Cara') })
    .click();
  const form = page.getByRole('dialog', { name: TEXT.en.edit('Cara') });
  await form.getByLabel(TEXT.en.name, { exact: true }).fill('Cara Swift');
  // A blow in combat, or another tab: current HP and notes change, not the name.
  await units.update(cara._id, { currentHp: 35, notes: 'Saved elsewhere.' });
  await form.getByRole('button', { name: TEXT.en.save }).click();

  await expect(form).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: CONFLICT.en.title })).toHaveCount(0);
  await expect(card(page, 'Cara Swift')).toContainText('35 / 60');
  expect(await units.find(cara._id)).toMatchObject({
    name: 'Cara Swift',
    currentHp: 35,
    notes: 'Saved elsewhere.',
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${colorScheme}`, () => {
    test.use({ colorScheme });

    test('the open form, its errors and the notes editor pass axe', async ({ page, request }) => {
      test.setTimeout(90_000);
      const gm = await gameMaster(page, request, { tier: 'Hero' });
      await openUnits(page, 'en', gm.campaign);
      await page.getByRole('button', { name: 'New unit', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'New unit' });
      await expect(form.getByRole('button', { name: /^Boss/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // Errors beside the fields, and the clamping hint.
      await form.getByLabel('Name', { exact: true }).fill('x');
      await form.getByLabel('Name', { exact: true }).fill('');
      await form.getByLabel('Strength', { exact: true }).fill('150');
      await form.getByLabel('Current HP', { exact: true }).fill('500');
      await expect(form.getByText('This field is required.')).toBeVisible();
      await expect(form.getByText('Must be at most 100.')).toBeVisible();
      await expect(form.getByText('Above max HP: saved as 100.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await form.getByRole('button', { name: 'Edit notes & inventory' }).click();
      const notes = page.getByRole('dialog', { name: 'Notes & inventory' });
      await expect(notes.getByLabel('Notes and inventory, in markdown')).toBeFocused();
      await notes.getByLabel('Notes and inventory, in markdown').fill('Loot: **gold** ring');
      await expectNoSeriousA11yViolations(page);
      // Escape in the text is the first half of the way out of the editor (Escape, then Tab): the
      // notes dialog stays (decision 081). A second Escape leaves the notes editor only; the form and
      // its values stay.
      await page.keyboard.press('Escape');
      await expect(notes).toBeVisible();
      await expect(notes.getByLabel('Notes and inventory, in markdown')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(notes).toBeHidden();
      await expect(form).toBeVisible();
      await expect(form.getByText('No notes yet.')).toBeVisible();
    });
  });
}
