// Import from another tool (docs/product.md#import-from-other-tools, issue #35): an Improved
// Initiative file becomes a new campaign (preview, choice, import) and its encounter runs; a Kanka ZIP
// becomes a campaign with its characters; the units of a file join an existing campaign from the units
// view. Axe scans the import dialog in the light and the dark colour scheme; SHOTS_DIR keeps
// screenshots of the preview at 1280 and 375 px.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { orderItems, rollEveryInitiative } from '../support/combat';
import { gameMaster, unitApi, type Language } from '../support/game-data';
import { expectColorScheme, expectNoSeriousA11yViolations } from '../support/helpers';

const SHOTS_DIR = process.env.SHOTS_DIR;
const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../core/test-fixtures/import',
);
const fixture = (language: Language) => path.join(FIXTURES, `improved-initiative.${language}.json`);

const TEXT = {
  en: {
    newCampaign: 'New campaign',
    fromTool: 'From another tool',
    continue: 'Continue',
    dialog: 'Import from another tool',
    choose: 'Choose a file',
    summary: [
      'Improved Initiative',
      'Improved Initiative',
      '5 units, 1 encounter, 6 characteristics, 4 races, 5 classes, 6 statuses',
    ],
    warnings: '5 warnings',
    clamped: 'Ancient Titan of the Northern Wastes Who Never Sle: HP 12000: above the maximum, set to 9,999',
    submit: 'Import as a new campaign',
    all: 'All',
    none: 'None',
    nothing: 'Tick at least one unit or encounter to import.',
    encounter: 'Goblin ambush on the Triboar Trail',
    chosen: 'Chosen: 3 units and 1 encounter.',
    neededUnit: 'Goblin',
    leftOut: 'Young Red Dragon',
    created: 'Campaign "Improved Initiative" created.',
    encounters: 'Encounters',
    encountersHeading: 'Encounters of Improved Initiative',
    run: (name: string) => `Run ${name}`,
    start: 'Start combat',
    order: 'Initiative order',
    round: 'Round 1',
    inOrder: ['Mira Thornwood', 'Goblin', 'Ogre'],
    notInOrder: 'Young Red Dragon',
    importUnits: 'Import from another tool',
    submitUnits: 'Import into this campaign',
    picked: ['Young Red Dragon', 'Ogre'],
    chosenTwo: 'Chosen: 2 units and 0 encounters.',
    imported: '2 units imported into “Realm of Ash”',
  },
  fr: {
    newCampaign: 'Nouvelle campagne',
    fromTool: 'Depuis un autre outil',
    continue: 'Continuer',
    dialog: 'Importer depuis un autre outil',
    choose: 'Choisir un fichier',
    summary: [
      'Improved Initiative',
      'Improved Initiative',
      '3 unités, 1 rencontre, 6 caractéristiques, 4 races, 5 classes, 6 statuts',
    ],
    warnings: '1 avertissement',
    clamped: null,
    submit: 'Importer comme nouvelle campagne',
    all: 'Tout',
    none: 'Rien',
    nothing: 'Cochez au moins une unité ou une rencontre à importer.',
    encounter: 'Embuscade au col des Brumes',
    chosen: 'Choisi\u00a0: 3 unités et 1 rencontre.',
    neededUnit: 'Gobelin',
    leftOut: null,
    created: 'Campagne « Improved Initiative » créée.',
    encounters: 'Rencontres',
    encountersHeading: "Rencontres d'Improved Initiative",
    run: (name: string) => `Lancer ${name}`,
    start: 'Lancer le combat',
    order: "Ordre d'initiative",
    round: 'Manche 1',
    inOrder: ['Élise de Montfort', 'Gobelin', 'Jeune dragon rouge'],
    notInOrder: null,
    importUnits: 'Importer depuis un autre outil',
    submitUnits: 'Importer dans cette campagne',
    picked: ['Jeune dragon rouge', 'Élise de Montfort'],
    chosenTwo: 'Choisi\u00a0: 2 unités et 0 rencontre.',
    imported: '2 unités importées dans «\u00a0Realm of Ash\u00a0»',
  },
} as const;

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: path.join(SHOTS_DIR, `foreign-import-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** "New campaign", then "From another tool" and Continue: the import dialog, empty. */
async function openNewCampaignImport(page: Page, s: (typeof TEXT)[Language]) {
  await page.getByRole('complementary').getByRole('button', { name: s.newCampaign }).click();
  const form = page.getByRole('dialog', { name: s.newCampaign });
  await form.getByText(s.fromTool, { exact: true }).click();
  await expect(form.getByRole('radio', { name: s.fromTool })).toBeChecked();
  await form.getByRole('button', { name: s.continue, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: s.dialog });
  await expect(dialog.getByLabel(s.choose)).toBeFocused();
  return dialog;
}

for (const language of ['en', 'fr'] as const satisfies readonly Language[]) {
  const s = TEXT[language];

  test(`${language}: an Improved Initiative file becomes a new campaign whose encounter runs`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { campaign } = await gameMaster(page, request, { language, tier: 'Adventurer' });
    await page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=units`);
    const dialog = await openNewCampaignImport(page, s);
    const submit = dialog.getByRole('button', { name: s.submit });
    await expect(submit).toBeDisabled();

    await dialog.getByLabel(s.choose).setInputFiles(fixture(language));
    await expect(dialog.getByRole('definition')).toHaveText([...s.summary]);
    await dialog.getByText(s.warnings, { exact: true }).click();
    if (s.clamped) await expect(dialog.getByText(s.clamped, { exact: true })).toBeVisible();
    await expect(submit).toBeEnabled();
    await shot(page, `campaign-${language}`);

    // Nothing ticked: Import says why it waits. The encounter alone brings the units it needs.
    await dialog.getByRole('button', { name: s.none, exact: true }).click();
    await expect(dialog.getByText(s.nothing)).toBeVisible();
    await expect(submit).toBeDisabled();
    await dialog.getByRole('checkbox', { name: s.encounter }).check();
    await expect(dialog.getByText(s.chosen, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: s.neededUnit, exact: true })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: s.neededUnit, exact: true })).toBeDisabled();
    if (s.leftOut) await expect(dialog.getByRole('checkbox', { name: s.leftOut })).not.toBeChecked();

    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(s.created, { exact: true })).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`campaign=${campaign._id}`));
    await expect(page.getByRole('button', { name: s.summary[1], expanded: true })).toBeVisible();

    // Its encounter runs: the fight starts and every unit takes its place in the order.
    await page.getByRole('link', { name: s.encounters, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: s.encountersHeading })).toBeVisible();
    await page.getByRole('button', { name: s.run(s.encounter), exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=combat\b/);
    await page.getByRole('button', { name: s.start, exact: true }).click();
    await rollEveryInitiative(page);
    await expect(page.getByText(s.round, { exact: true })).toBeVisible();
    const order = await orderItems(page, s.order).allInnerTexts();
    for (const name of s.inOrder)
      expect(
        order.some((entry) => entry.includes(name)),
        name,
      ).toBe(true);
    if (s.notInOrder) expect(order.some((entry) => entry.includes(s.notInOrder))).toBe(false);
  });
}

for (const language of ['en', 'fr'] as const satisfies readonly Language[]) {
  const s = TEXT[language];

  test(`${language}: units of an Improved Initiative file join an existing campaign`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { user, campaign } = await gameMaster(page, request, { language });
    await page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=units`);
    await page.getByRole('button', { name: s.importUnits, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: s.dialog });
    await expect(dialog.getByLabel(s.choose)).toBeFocused();
    await dialog.getByLabel(s.choose).setInputFiles(fixture(language));
    const submit = dialog.getByRole('button', { name: s.submitUnits });
    await expect(submit).toBeEnabled();

    await dialog.getByRole('button', { name: s.none, exact: true }).click();
    for (const name of s.picked) await dialog.getByRole('checkbox', { name, exact: true }).check();
    await expect(dialog.getByText(s.chosenTwo, { exact: true })).toBeVisible();
    await shot(page, `units-${language}`);
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(s.imported, { exact: true })).toBeVisible();
    for (const name of s.picked) {
      await expect(page.getByRole('heading', { level: 4, name, exact: true })).toBeVisible();
    }
    const units = await unitApi(request, user, campaign).list();
    expect(units.map((unit) => unit.name).sort()).toEqual([...s.picked].sort());
  });
}

test('en: a choice over the room a campaign has left disables Import and says why', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const s = TEXT.en;
  const { user, campaign } = await gameMaster(page, request);
  await unitApi(request, user, campaign).createRoster(
    Array.from({ length: 8 }, (_, index) => ({ name: `Guard ${index + 1}` })),
  );
  await page.goto(`/en/dashboard?campaign=${campaign._id}&view=units`);
  await page.getByRole('button', { name: s.importUnits, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: s.dialog });
  await dialog.getByLabel(s.choose).setInputFiles(fixture('en'));
  const why = dialog.getByText(
    '5 units chosen: this campaign has room for 2 more (your Novice plan allows 10). Untick some to import.',
  );
  await expect(why).toBeVisible();
  const submit = dialog.getByRole('button', { name: s.submitUnits });
  await expect(submit).toBeDisabled();
  await shot(page, 'units-over-en');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: s.none, exact: true }).click();
  await dialog.getByRole('checkbox', { name: 'Ogre', exact: true }).check();
  await expect(why).toBeHidden();
  await expect(submit).toBeEnabled();
});

test('en: a Kanka campaign ZIP becomes a new campaign', async ({ page, request }) => {
  test.setTimeout(120_000);
  const s = TEXT.en;
  const { campaign } = await gameMaster(page, request, { tier: 'Adventurer' });
  await page.goto(`/en/dashboard?campaign=${campaign._id}&view=units`);
  const dialog = await openNewCampaignImport(page, s);
  await dialog.getByLabel(s.choose).setInputFiles(path.join(FIXTURES, 'kanka.en.zip'));
  // Sent as a ZIP, read as Kanka: its characters, and its notes as rules.
  await expect(dialog.getByRole('definition')).toHaveText([
    'Kanka campaign',
    'The Shattered Crown',
    /^2 units, 0 encounters, .*, \d+ characters of rules$/,
  ]);
  await expect(dialog.getByRole('checkbox', { name: 'Aria Thornwood' })).toBeChecked();
  await dialog.getByRole('button', { name: s.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Campaign "The Shattered Crown" created.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'The Shattered Crown', expanded: true })).toBeVisible();
  await page.getByRole('link', { name: 'Units', exact: true }).click();
  await expect(page.getByRole('heading', { level: 4, name: 'Aria Thornwood', exact: true })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 4, name: 'Lord Malgrave Varn', exact: true }),
  ).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`the import dialog in the ${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    test(`axe finds nothing serious before and after the preview (${colorScheme})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const s = TEXT.en;
      const { campaign } = await gameMaster(page, request, { tier: 'Adventurer' });
      await page.goto(`/en/dashboard?campaign=${campaign._id}&view=units`);
      await expectColorScheme(page, colorScheme);
      const dialog = await openNewCampaignImport(page, s);
      await expectNoSeriousA11yViolations(page);
      await dialog.getByLabel(s.choose).setInputFiles(fixture('en'));
      await expect(dialog.getByRole('definition')).toHaveText([...s.summary]);
      await dialog.getByText(s.warnings, { exact: true }).click();
      // A choice that brings nothing: the reason beside a disabled Import is scanned too.
      await dialog.getByRole('button', { name: s.none, exact: true }).click();
      await expect(dialog.getByText(s.nothing)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      if (colorScheme === 'dark') await shot(page, 'campaign-dark');
    });
  });
}
