// Links between a campaign's texts (docs/decisions/063, docs/product.md#links), in English and French:
// `[[` in a unit's notes completes a race and a rules heading, the saved link opens the race's entry,
// renaming the race in the races view rewrites the link in the unit's notes and the rules, "Linked
// from" on the race lists the unit and the rules line and opens them, the rules heading's "Linked
// from" lists the unit, and a missing link offers "Create unit" with its name filled in. Then axe on
// the notes with links, the missing link's menu and the heading's panel, light and dark.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, gameMaster, unitApi, type Campaign, type Language } from '../support/game-data';
import { expectColorScheme, expectNoSeriousA11yViolations, type ApiUser } from '../support/helpers';

const TEXT = {
  en: {
    race: 'Elf',
    renamed: 'Sylvan',
    rulesTitle: 'Campaign rules',
    notesButton: 'Notes of Aria',
    notesDialog: 'Notes of Aria',
    editNotes: 'Edit notes',
    notesBox: 'Notes and inventory of Aria',
    saveNotes: 'Save notes',
    names: 'Campaign names',
    raceKind: 'Race',
    headingKind: 'Rules heading',
    racesHeading: 'Races of Realm of Ash',
    unitsHeading: 'Units of Realm of Ash',
    rulesHeading: 'Rules of Realm of Ash',
    raceNotes: 'Notes of Elf',
    editRace: (name: string) => `Edit ${name}`,
    editRaceDialog: 'Edit race',
    name: 'Name',
    save: 'Save',
    linkedFrom: 'Linked from',
    unitSource: 'Aria',
    rulesSource: 'Campaign rules (rules, line 3)',
    missing: 'Goblin (not found)',
    missingMenu: 'Missing link: Goblin',
    createUnit: 'Create unit "Goblin"',
    newUnit: 'New unit',
    raceField: 'Race',
    classField: 'Class',
    create: 'Create unit',
    created: '"Goblin" was created.',
    headingButton: 'What links to "Combat"',
    headingPanel: 'Linked from "Combat"',
  },
  fr: {
    race: 'Elfe',
    renamed: 'Sylvain',
    rulesTitle: 'Règles de la campagne',
    notesButton: "Notes d'Aria",
    notesDialog: "Notes d'Aria",
    editNotes: 'Modifier les notes',
    notesBox: "Notes et inventaire d'Aria",
    saveNotes: 'Enregistrer les notes',
    names: 'Noms de la campagne',
    raceKind: 'Race',
    headingKind: 'Titre des règles',
    racesHeading: 'Races de Realm of Ash',
    unitsHeading: 'Unités de Realm of Ash',
    rulesHeading: 'Règles de Realm of Ash',
    raceNotes: "Notes d'Elfe",
    editRace: (name: string) => `Modifier ${name}`,
    editRaceDialog: 'Modifier la race',
    name: 'Nom',
    save: 'Enregistrer',
    linkedFrom: 'Mentionné dans',
    unitSource: 'Aria',
    rulesSource: 'Règles de la campagne (règles, ligne 3)',
    missing: 'Goblin (introuvable)',
    missingMenu: 'Lien introuvable : Goblin',
    createUnit: "Créer l'unité « Goblin »",
    newUnit: 'Nouvelle unité',
    raceField: 'Race',
    classField: 'Classe',
    create: "Créer l'unité",
    created: 'Unité « Goblin » créée.',
    headingButton: 'Ce qui renvoie à « Combat »',
    headingPanel: 'Mentions de « Combat »',
  },
} as const;

/** The rules: the race linked on line 3, and a "Combat" heading to link to. */
async function writeRules(
  request: APIRequestContext,
  user: ApiUser,
  campaign: Campaign,
  title: string,
  race: string,
) {
  const response = await request.put(`/api/game-data/${campaign._id}`, {
    headers: bearer(user),
    data: { rules: `# ${title}\n\nEvery [[${race}]] sees in the dark.\n\n## Combat\n\nRound by round.\n` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function campaignOf(request: APIRequestContext, user: ApiUser, id: string): Promise<Campaign> {
  const response = await request.get('/api/game-data', { headers: bearer(user) });
  return ((await response.json()) as Campaign[]).find((campaign) => campaign._id === id)!;
}

const open = (page: Page, language: Language, campaign: Campaign, view: string) =>
  page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=${view}`);

/** The card of a list entry, found by its heading. */
const entry = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** Finite animations and colour transitions (a scheme switch, a dialog opening) have ended: axe reads settled colours. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => undefined),
  );

async function scanBothSchemes(page: Page) {
  await expectColorScheme(page, 'light');
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectColorScheme(page, 'dark');
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const language of ['en', 'fr'] as const) {
  const s = TEXT[language];

  test(`links: complete, follow, rename, Linked from, create a missing unit (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { user, campaign } = await gameMaster(page, request, { language, tier: 'Adventurer' });
    const units = unitApi(request, user, campaign);
    const [aria] = await units.createRoster([{ name: 'Aria', isPlayer: true }]);
    await writeRules(request, user, campaign, s.rulesTitle, s.race);
    const race = campaign.races.find((item) => item.name === s.race)!;

    // `[[` in Aria's notes: a race and a rules heading picked from the list, and a name nobody has.
    await open(page, language, campaign, 'units');
    await expect(page.getByRole('heading', { level: 2, name: s.unitsHeading })).toBeVisible();
    await page.getByRole('button', { name: s.notesButton, exact: true }).click();
    const notes = page.getByRole('dialog', { name: s.notesDialog });
    await notes.getByRole('button', { name: s.editNotes }).click();
    const box = notes.getByRole('textbox', { name: s.notesBox });
    await expect(box).toBeFocused();
    await page.keyboard.type('Friend of [[el');
    const names = page.getByRole('listbox', { name: s.names });
    await expect(names.getByRole('option').first()).toHaveText(`${s.race}${s.raceKind}`);
    // CodeMirror takes a pick only 75 ms after the list opens (keys typed before it showed go to the text).
    await page.waitForTimeout(100);
    await page.keyboard.press('Enter');
    await expect(names).toBeHidden();
    await page.keyboard.type(', fights by [[#com');
    await expect(names.getByRole('option')).toHaveText([`#Combat${s.headingKind}`]);
    await page.waitForTimeout(100);
    await page.keyboard.press('Enter');
    await page.keyboard.type(', fears [[Goblin]].');
    await expect(box).toHaveText(`Friend of [[${s.race}]], fights by [[#Combat]], fears [[Goblin]].`);
    await notes.getByRole('button', { name: s.saveNotes }).click();
    await expect(notes.getByRole('button', { name: s.editNotes })).toBeVisible();
    await expect
      .poll(async () => (await units.find(aria._id))?.notes)
      .toBe(`Friend of [[${s.race}]], fights by [[#Combat]], fears [[Goblin]].`);
    await expect(notes.getByRole('link', { name: s.race, exact: true })).toBeVisible();
    await expect(notes.getByRole('button', { name: s.missing })).toBeVisible();
    await scanBothSchemes(page);

    // The link opens the race's entry, with what links to it.
    await notes.getByRole('link', { name: s.race, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]view=races&item=${race._id}\\b`));
    await expect(page.getByRole('heading', { level: 2, name: s.racesHeading })).toBeVisible();
    const elf = entry(page, s.race);
    await expect(elf.getByRole('region', { name: s.raceNotes })).toBeVisible();
    const linkedFrom = elf.getByRole('region', { name: s.linkedFrom });
    await expect(linkedFrom.getByRole('link')).toHaveText([s.rulesSource, s.unitSource]);

    // Renamed in the races view: the link in Aria's notes and in the rules follow.
    await elf.getByRole('button', { name: s.editRace(s.race) }).click();
    const edit = page.getByRole('dialog', { name: s.editRaceDialog });
    await edit.getByLabel(s.name, { exact: true }).fill(s.renamed);
    await edit.getByRole('button', { name: s.save, exact: true }).click();
    await expect(edit).toBeHidden();
    await expect.poll(async () => (await units.find(aria._id))?.notes).toContain(`[[${s.renamed}]]`);
    expect((await campaignOf(request, user, campaign._id)).rules).toContain(`Every [[${s.renamed}]] sees`);
    // The entry stays open under its new name.
    const sylvan = entry(page, s.renamed);
    const renamedFrom = sylvan.getByRole('region', { name: s.linkedFrom });
    await expect(renamedFrom.getByRole('link')).toHaveText([s.rulesSource, s.unitSource]);

    // "Linked from" opens Aria's notes, where the link now says the new name.
    await renamedFrom.getByRole('link', { name: s.unitSource, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]view=units&item=${aria._id}\\b`));
    const reopened = page.getByRole('dialog', { name: s.notesDialog });
    await expect(reopened.getByRole('link', { name: s.renamed, exact: true })).toBeVisible();
    await expect(reopened.getByRole('link', { name: s.race, exact: true })).toHaveCount(0);

    // The heading link opens the rules at "Combat", whose "Linked from" lists Aria.
    await reopened.getByRole('link', { name: 'Combat', exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=rules&heading=combat\b/);
    await expect(page.getByRole('heading', { level: 2, name: 'Combat' })).toBeInViewport();
    await page.getByRole('button', { name: s.headingButton }).click();
    const panel = page.getByRole('dialog', { name: s.headingPanel });
    await expect(panel.getByRole('link')).toHaveText([s.unitSource]);
    await scanBothSchemes(page);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: s.headingButton })).toBeFocused();

    // The rules line that linked the race, from the race's "Linked from".
    await open(page, language, campaign, 'races');
    await entry(page, s.renamed)
      .getByRole('button', { name: language === 'en' ? 'Show notes' : 'Afficher les notes' })
      .click();
    await entry(page, s.renamed).getByRole('link', { name: s.rulesSource }).click();
    await expect(page).toHaveURL(/[?&]view=rules&line=3\b/);
    await expect(page.getByRole('heading', { level: 2, name: s.rulesHeading })).toBeVisible();
    await expect(page.getByRole('link', { name: s.renamed, exact: true })).toBeInViewport();

    // A missing link offers to create the unit, with its name filled in.
    await open(page, language, campaign, 'units');
    await page.getByRole('button', { name: s.notesButton, exact: true }).click();
    const again = page.getByRole('dialog', { name: s.notesDialog });
    await again.getByRole('button', { name: s.missing }).click();
    const menu = page.getByRole('menu', { name: s.missingMenu });
    await expect(menu.getByRole('menuitem', { name: s.createUnit })).toBeFocused();
    await scanBothSchemes(page);
    await menu.getByRole('menuitem', { name: s.createUnit }).click();
    const form = page.getByRole('dialog', { name: s.newUnit });
    await expect(form.getByLabel(s.name, { exact: true })).toHaveValue('Goblin');
    await form.getByRole('combobox', { name: s.raceField }).selectOption({ index: 1 });
    await form.getByRole('combobox', { name: s.classField }).selectOption({ index: 1 });
    await form.getByRole('button', { name: s.create, exact: true }).click();
    await expect(page.getByText(s.created)).toBeVisible();
    await page.getByRole('button', { name: s.notesButton, exact: true }).click();
    await expect(
      page.getByRole('dialog', { name: s.notesDialog }).getByRole('link', { name: 'Goblin' }),
    ).toBeVisible();
  });
}
