// Saved encounters (docs/decisions/062): a fight set up in the combat view is saved as an encounter,
// the setup is cleared, and Run in the Encounters view (reached from the sidebar) sets the same sides
// and lair action up again, in English and French. Then axe on what the monsters brought to the screen —
// the lair / hazard, group, counters and save-encounter dialogs, a fight with a group row and a lair
// row, the Encounters view with a card's notes open and its edit dialog with the notes' editor — in
// the light and the dark colour scheme. And an encounter's notes written in the campaign's markdown
// editor (decision 081): `@Brenna Iron` completes across the space, the link and a secret block render
// in the preview and on the card, Escape in the text keeps the form open, and the link opens the unit.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { combatMaster, openCombat, region } from '../support/combat';
import { bearer } from '../support/game-data';
import { expectColorScheme, expectNoSeriousA11yViolations } from '../support/helpers';

const TEXT = {
  en: {
    allies: 'Allies',
    enemies: 'Enemies',
    addAlly: (name: string) => `Add ${name} to the allies`,
    addEnemy: (name: string) => `Add ${name} to the enemies`,
    removeAlly: (name: string) => `Remove ${name} from the allies`,
    removeEnemy: (name: string) => `Remove ${name} from the enemies`,
    removeHazard: (name: string) => `Remove ${name}`,
    noAllies: 'No allies yet. Add at least one.',
    saveAs: 'Save as encounter',
    saveDialog: 'Save this setup as an encounter',
    encounterName: 'Encounter name',
    saveEncounter: 'Save encounter',
    saved: (name: string) => `Encounter "${name}" saved.`,
    sidebar: 'Encounters',
    heading: 'Encounters of Realm of Ash',
    run: (name: string) => `Run ${name}`,
    ran: (name: string) => `"${name}" is set up: roll initiative to start.`,
    combatHeading: 'Combat of Realm of Ash',
    ambush: 'Goblin ambush',
    lair: 'Cave tremors',
    newEncounter: 'Create an encounter',
    formTitle: 'New encounter',
    name: 'Name',
    notes: 'Notes',
    names: 'Campaign names',
    unitKind: 'Unit',
    preview: 'Preview',
    secret: 'Secret',
    create: 'Create encounter',
    readNotes: (name: string) => `Read the notes of ${name}`,
    unitsHeading: 'Units of Realm of Ash',
    unitNotes: 'Notes of Brenna Ironhand',
    secretLine: 'Brenna owes the goblins gold.',
  },
  fr: {
    allies: 'Alliés',
    enemies: 'Ennemis',
    addAlly: (name: string) => `Ajouter ${name} aux alliés`,
    addEnemy: (name: string) => `Ajouter ${name} aux ennemis`,
    removeAlly: (name: string) => `Retirer ${name} des alliés`,
    removeEnemy: (name: string) => `Retirer ${name} des ennemis`,
    removeHazard: (name: string) => `Retirer ${name}`,
    noAllies: "Aucun allié pour l'instant. Ajoutez-en au moins un.",
    saveAs: 'Enregistrer comme rencontre',
    saveDialog: 'Enregistrer cette préparation comme rencontre',
    encounterName: 'Nom de la rencontre',
    saveEncounter: 'Enregistrer la rencontre',
    saved: (name: string) => `Rencontre « ${name} » enregistrée.`,
    sidebar: 'Rencontres',
    heading: 'Rencontres de Realm of Ash',
    run: (name: string) => `Lancer ${name}`,
    ran: (name: string) => `« ${name} » est prêt : lancez l'initiative pour commencer.`,
    combatHeading: 'Combat de Realm of Ash',
    ambush: 'Embuscade gobeline',
    lair: 'Secousses de la caverne',
    newEncounter: 'Créer une rencontre',
    formTitle: 'Nouvelle rencontre',
    name: 'Nom',
    notes: 'Notes de la rencontre',
    names: 'Noms de la campagne',
    unitKind: 'Unité',
    preview: 'Aperçu',
    secret: 'Secret',
    create: 'Créer la rencontre',
    // Elided before a vowel, as every French label with a name is.
    readNotes: (name: string) => `Lire les notes d'${name}`,
    unitsHeading: 'Unités de Realm of Ash',
    unitNotes: 'Notes de Brenna Ironhand',
    secretLine: 'Brenna doit de l’or aux gobelins.',
  },
} as const;

interface SetupState {
  phase: string;
  allies: string[];
  enemies: string[];
  hazards: { name: string; initiative: number; hidden: boolean }[];
}

for (const language of ['en', 'fr'] as const) {
  const s = TEXT[language];

  test(`an encounter saved from a setup and run again from the Encounters view (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { campaign, api } = await combatMaster(page, request, { language });
    const [aria, grask, goblin] = await api.createRoster([
      { name: 'Aria', isPlayer: true },
      { name: 'Grask' },
      { name: 'Goblin' },
    ]);
    // The lair action is not the subject here: it joins the setup through the API.
    await api.act({ type: 'addHazard', name: s.lair, initiative: 20 });
    await openCombat(page, language, campaign);
    const allies = region(page, s.allies);
    const enemies = region(page, s.enemies);
    await page.getByRole('button', { name: s.addAlly('Aria'), exact: true }).click();
    await page.getByRole('button', { name: s.addEnemy('Grask'), exact: true }).click();
    await page.getByRole('button', { name: s.addEnemy('Goblin'), exact: true }).click();
    await expect(enemies.getByRole('listitem')).toHaveText([/Grask/, /Goblin/]);

    await page.getByRole('button', { name: s.saveAs, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: s.saveDialog });
    await expect(dialog.getByRole('textbox', { name: s.encounterName })).toBeFocused();
    await dialog.getByRole('textbox', { name: s.encounterName }).fill(s.ambush);
    await dialog.getByRole('button', { name: s.saveEncounter, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(s.saved(s.ambush), { exact: true })).toBeVisible();

    // The setup cleared by hand.
    await allies.getByRole('button', { name: s.removeAlly('Aria'), exact: true }).click();
    await enemies.getByRole('button', { name: s.removeEnemy('Grask'), exact: true }).click();
    await enemies.getByRole('button', { name: s.removeEnemy('Goblin'), exact: true }).click();
    await page.getByRole('button', { name: s.removeHazard(s.lair), exact: true }).click();
    await expect(allies.getByText(s.noAllies)).toBeVisible();
    await expect(page.getByText(s.lair, { exact: true })).toHaveCount(0);
    await expect
      .poll(async () => {
        const fight = (await api.fight()) as unknown as SetupState;
        return fight.allies.length + fight.enemies.length + fight.hazards.length;
      })
      .toBe(0);

    // From the sidebar to the Encounters view, and Run.
    await page.getByRole('link', { name: s.sidebar, exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=encounters\b/);
    await expect(page.getByRole('heading', { level: 2, name: s.heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: s.ambush })).toBeVisible();
    await page.getByRole('button', { name: s.run(s.ambush), exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=combat\b/);
    await expect(page.getByRole('heading', { level: 2, name: s.combatHeading })).toBeVisible();
    await expect(page.getByText(s.ran(s.ambush), { exact: true })).toBeVisible();
    await expect(allies.getByRole('listitem')).toHaveText([/Aria/]);
    await expect(enemies.getByRole('listitem')).toHaveText([/Grask/, /Goblin/]);
    await expect(page.getByText(s.lair, { exact: true })).toBeVisible();
    expect((await api.fight()) as unknown as SetupState).toMatchObject({
      phase: 'setup',
      allies: [aria!._id],
      enemies: [grask!._id, goblin!._id],
      hazards: [{ name: s.lair, initiative: 20, hidden: false }],
    });
  });
}

for (const language of ['en', 'fr'] as const) {
  const s = TEXT[language];

  test(`encounter notes in the markdown editor: @ completion across a space, a link and a secret rendered (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { campaign, api } = await combatMaster(page, request, { language });
    const [brenna] = await api.createRoster([
      { name: 'Brenna Ironhand', isPlayer: true },
      { name: 'Goblin' },
    ]);
    await page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=encounters`);
    await page.getByRole('button', { name: s.newEncounter, exact: true }).click();
    const form = page.getByRole('dialog', { name: s.formTitle });
    await form.getByRole('textbox', { name: s.name, exact: true }).fill(s.ambush);
    const box = form.getByRole('textbox', { name: s.notes, exact: true });
    await box.click();
    await page.keyboard.type('## Tactics\nAsk @Brenna Iron');
    const names = page.getByRole('listbox', { name: s.names });
    await expect(names.getByRole('option')).toHaveText([`Brenna Ironhand${s.unitKind}`]);
    // CodeMirror takes a pick only 75 ms after the list opens (keys typed before it showed go to the text).
    await page.waitForTimeout(100);
    await page.keyboard.press('Enter');
    await expect(names).toBeHidden();
    await page.keyboard.type(` first.\n:::secret\n${s.secretLine}\n:::`);
    await expect(box).toHaveText(`## TacticsAsk [[Brenna Ironhand]] first.:::secret${s.secretLine}:::`);
    const preview = form.getByRole('region', { name: s.preview, exact: true });
    await expect(preview.getByRole('link', { name: 'Brenna Ironhand', exact: true })).toBeVisible();
    await expect(preview.getByRole('group', { name: s.secret })).toContainText(s.secretLine);
    // Escape in the text leaves the form open (Escape, then Tab leaves the editor).
    await page.keyboard.press('Escape');
    await expect(form).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(box).not.toBeFocused();
    await form.getByRole('button', { name: s.create, exact: true }).click();
    await expect(form).toBeHidden();

    // On the card, the notes render on request: the link resolved, the secret framed for the GM.
    const card = page.getByRole('listitem', { name: s.ambush });
    await card.locator('summary').click();
    await expect(card.locator('summary')).toHaveAttribute('aria-label', s.readNotes(s.ambush));
    await expect(card.getByRole('heading', { name: 'Tactics' })).toBeVisible();
    await expect(card.getByRole('group', { name: s.secret })).toContainText(s.secretLine);
    await card.getByRole('link', { name: 'Brenna Ironhand', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]view=units&item=${brenna!._id}\\b`));
    await expect(page.getByRole('dialog', { name: s.unitNotes })).toBeVisible();
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`monsters in the ${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });
    // Seven axe scans of a heavy combat screen: generous on a loaded machine (decision 054).
    test.describe.configure({ timeout: 90_000 });

    /** A dragon with counters, two goblins, a lair action and a hidden hazard, set up for a fight. */
    async function lairSetup(page: Page, request: APIRequestContext) {
      const { campaign, api } = await combatMaster(page, request, { tier: 'Hero' });
      const legendary = {
        label: 'Legendary actions',
        max: 3,
        kind: 'uses',
        reset: 'turnStart',
        recharge: null,
      };
      const breath = {
        label: 'Fire breath',
        max: 1,
        kind: 'uses',
        reset: 'never',
        recharge: { die: 6, min: 5 },
      };
      const [aria, dragon, goblin, goblin2] = await api.createRoster([
        { name: 'Aria', isPlayer: true },
        { name: 'Vermithrax', counters: [legendary, breath] } as { name: string },
        { name: 'Goblin' },
        { name: 'Goblin 2' },
      ]);
      await api.act({ type: 'add', unitId: aria!._id, group: 'allies' });
      for (const unit of [dragon!, goblin!, goblin2!]) {
        await api.act({ type: 'add', unitId: unit._id, group: 'enemies' });
      }
      await api.act({ type: 'addHazard', name: 'Cave tremors', initiative: 20 });
      await api.act({ type: 'addHazard', name: 'Collapsing ceiling', initiative: 5, hidden: true });
      return { campaign, api, units: { aria: aria!, dragon: dragon!, goblin: goblin!, goblin2: goblin2! } };
    }

    test('the setup with its hazards, the lair / hazard and save-encounter dialogs pass axe (en)', async ({
      page,
      request,
    }) => {
      const { campaign } = await lairSetup(page, request);
      await openCombat(page, 'en', campaign);
      await expectColorScheme(page, colorScheme);
      await expect(page.getByText('Collapsing ceiling', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Add lair / hazard', exact: true }).click();
      const hazard = page.getByRole('dialog', { name: 'Add a lair action or hazard' });
      await hazard.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(hazard.getByText('This field is required.', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await hazard.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(hazard).toBeHidden();

      await page.getByRole('button', { name: 'Save as encounter', exact: true }).click();
      const save = page.getByRole('dialog', { name: 'Save this setup as an encounter' });
      await expect(save.getByRole('textbox', { name: 'Encounter name' })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
    });

    test('a fight with a group row, lair rows and counters, the counters and group dialogs pass axe (en)', async ({
      page,
      request,
    }) => {
      const { campaign, api, units } = await lairSetup(page, request);
      const { aria, dragon, goblin, goblin2 } = units;
      await api.act({
        type: 'start',
        groups: 'byName',
        initiatives: { [aria._id]: 25, [dragon._id]: 22, [goblin._id]: 12, [goblin2._id]: 12 },
      });
      await openCombat(page, 'en', campaign);
      await expectColorScheme(page, colorScheme);
      const order = page.getByRole('list', { name: 'Initiative order', exact: true });
      await order.getByRole('button', { name: /^Goblin ×2/ }).click();
      await expect(order.getByText('Goblin 2', { exact: true })).toBeVisible();
      await expect(order.getByText('Cave tremors', { exact: false })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Set the counters of Vermithrax', exact: true }).click();
      const counters = page.getByRole('dialog', { name: 'Counters of Vermithrax' });
      await counters.getByRole('textbox', { name: 'Legendary actions (0 to 3)' }).fill('9');
      await counters.getByRole('button', { name: 'Set Legendary actions', exact: true }).click();
      await expect(counters.getByText('Must be at most 3.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await counters.getByRole('button', { name: 'Done', exact: true }).click();
      await expect(counters).toBeHidden();

      await page.getByRole('button', { name: 'Group units', exact: true }).click();
      const group = page.getByRole('dialog', { name: 'Group units' });
      await group.getByRole('button', { name: /^Group \d+ units?$/ }).click();
      await expect(group.getByRole('alert')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('the Encounters view and its edit dialog pass axe (en)', async ({ page, request }) => {
      const { user, campaign, api } = await combatMaster(page, request);
      const [aria, goblin, ogre] = await api.createRoster([
        { name: 'Aria', isPlayer: true },
        { name: 'Goblin' },
        { name: 'Ogre' },
      ]);
      const response = await request.post('/api/encounters', {
        headers: { ...bearer(user), 'x-campaign-id': campaign._id },
        data: {
          name: 'Dragon lair',
          allies: [{ unitId: aria!._id }],
          enemies: [
            { unitId: goblin!._id, count: 5 },
            { unitId: ogre!._id, count: 1 },
          ],
          hazards: [
            { name: 'Cave tremors', initiative: 20, hidden: false },
            { name: 'Collapsing ceiling', initiative: 5, hidden: true },
          ],
          hidden: [ogre!._id],
          groups: 'byName',
          notes: 'Read aloud: **the ground shakes**.',
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      await page.goto(`/en/dashboard?campaign=${campaign._id}&view=encounters`);
      await expectColorScheme(page, colorScheme);
      await expect(page.getByRole('heading', { level: 3, name: 'Dragon lair' })).toBeVisible();
      await expect(page.getByText('Goblin ×5', { exact: false })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Run Dragon lair', exact: true })).toBeEnabled();
      // The notes rendered on the card are scanned too.
      await page.locator('summary', { hasText: 'Read the notes' }).click();
      await expect(page.getByText('the ground shakes', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Edit Dragon lair', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Dragon lair' });
      await expect(edit.getByRole('textbox', { name: 'Name', exact: true }).first()).toHaveValue(
        'Dragon lair',
      );
      // With the notes' editor loaded (a lazy chunk).
      await expect(edit.getByRole('textbox', { name: 'Notes', exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
