// Paste a stat block (docs/product.md#paste-a-stat-block, issue #35): in the unit form, a French stat
// block copied from a PDF fills the name, HP, characteristics, notes and counters, the form lists what it
// could not read, the GM saves and finds the unit. Axe scans the dialog; SHOTS_DIR keeps screenshots of
// the dialog and of the filled form at 1280 and 375 px.
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gameMaster, unitApi, type Language, type Unit } from '../support/game-data';
import { expectNoSeriousA11yViolations } from '../support/helpers';

const SHOTS_DIR = process.env.SHOTS_DIR;

// A messy copy: curly apostrophes, a non-breaking space, the minus sign, a broken line.
const DRAGON = `DRAGON ROUGE ADULTE
Dragon de taille TG, chaotique mauvais
Classe d’armure 19 (armure naturelle)
Points de vie\u00a0256 (19d12 + 133)
Vitesse 12 m, escalade 12 m, vol 24 m
FOR DEX CON INT SAG CHA
27 (+8) 10 (+0) 25 (+7) 16 (+3) 13 (+1) 21 (+5)
Puissance 17 (18 000 PX)
Résistance légendaire (3/jour). Si le dragon rate un jet de sauvegarde, il peut choisir de le
réussir à la place.
Actions
Morsure. Attaque d'arme au corps à corps : +14 pour toucher, allonge 3 m, une cible. Touché : 19 (2d10 + 8) dégâts perforants.
Souffle de feu (recharge 5–6). Le dragon souffle du feu dans un cône de 18 mètres.
Actions légendaires
Le dragon peut effectuer 3 actions légendaires, qu'il choisit parmi les options ci-dessous.
Détection. Le dragon effectue un jet de Sagesse (Perception).`;

const TEXT = {
  en: {
    newUnit: 'New unit',
    paste: 'Paste a stat block',
    dialog: 'Paste a stat block',
    box: 'Stat block',
    fill: 'Fill the form',
    empty: 'Paste a stat block first.',
    name: 'Name',
    hp: 'Max HP',
    counterLabel: 'Label',
    race: 'Race',
    class: 'Class',
    create: 'Create unit',
    unreadTitle: 'What could not be read',
    strength: 'Strength',
    charisma: 'Charisma',
    kept: "Classe d'armure 19 (armure naturelle): the form has no such field, kept in the notes",
  },
  fr: {
    newUnit: 'Nouvelle unité',
    paste: 'Coller un profil',
    dialog: 'Coller un profil de créature',
    box: 'Profil',
    fill: 'Remplir le formulaire',
    empty: "Collez d'abord un profil.",
    name: 'Nom',
    hp: 'PV max',
    counterLabel: 'Libellé',
    race: 'Race',
    class: 'Classe',
    create: "Créer l'unité",
    unreadTitle: "Ce qui n'a pas pu être lu",
    strength: 'Force',
    charisma: 'Charisme',
    kept: "Classe d'armure 19 (armure naturelle) : le formulaire n'a pas ce champ, gardé dans les notes",
  },
} as const;

async function shot(page: Page, target: Locator | Page, name: string) {
  if (!SHOTS_DIR) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await target.screenshot({ path: path.join(SHOTS_DIR, `statblock-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const language of ['en', 'fr'] as const satisfies readonly Language[]) {
  const text = TEXT[language];

  test(`${language}: paste a French stat block, see the form filled and what was not read, save`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { user, campaign } = await gameMaster(page, request, { language });
    await page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=units`);
    await page.getByRole('button', { name: text.newUnit, exact: true }).click();
    const form = page.getByRole('dialog', { name: text.newUnit });

    await form.getByRole('button', { name: text.paste }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    const box = dialog.getByLabel(text.box, { exact: true });
    await expect(box).toBeFocused();
    // Nothing pasted: said beside the box, nothing asked of the server.
    await dialog.getByRole('button', { name: text.fill }).click();
    await expect(dialog.getByText(text.empty)).toBeVisible();
    // Escape closes the paste dialog only.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(form).toBeVisible();

    await form.getByRole('button', { name: text.paste }).click();
    await box.fill(DRAGON);
    await shot(page, page, `dialog-${language}`);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: text.fill }).click();
    await expect(dialog).toBeHidden();

    await expect(form.getByLabel(text.name, { exact: true })).toHaveValue('Dragon rouge adulte');
    await expect(form.getByLabel(text.hp, { exact: true })).toHaveValue('256');
    await expect(form.getByLabel(text.strength, { exact: true })).toHaveValue('27');
    await expect(form.getByLabel(text.charisma, { exact: true })).toHaveValue('21');
    const labels = form.getByLabel(text.counterLabel, { exact: true });
    await expect(labels).toHaveCount(3);
    await expect(labels.nth(0)).toHaveValue('Actions légendaires');
    await expect(labels.nth(1)).toHaveValue('Résistance légendaire');
    await expect(labels.nth(2)).toHaveValue('Souffle de feu');
    const report = form.getByRole('region', { name: text.unreadTitle });
    await expect(report).toBeFocused();
    await expect(report.getByRole('listitem')).toHaveText([text.kept]);
    await shot(page, page, `filled-${language}`);
    await expectNoSeriousA11yViolations(page);

    // A stat block names no race or class of the campaign: the GM picks them, as for any unit.
    await form.getByLabel(text.race, { exact: true }).selectOption({ index: 1 });
    await form.getByLabel(text.class, { exact: true }).selectOption({ index: 1 });
    await form.getByRole('button', { name: text.create }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Dragon rouge adulte', exact: true })).toBeVisible();
    const units = unitApi(request, user, campaign);
    let saved: Unit | undefined;
    await expect
      .poll(async () => (saved = (await units.list()).find((unit) => unit.name === 'Dragon rouge adulte')))
      .toBeDefined();
    expect(saved).toMatchObject({ hp: 256, currentHp: 256 });
    expect(saved?.characteristics).toMatchObject({ [text.strength]: 27, [text.charisma]: 21 });
    expect(saved?.notes).toContain("- **Classe d'armure** 19 (armure naturelle)");
    expect(saved?.notes).toContain('## Actions légendaires');
    expect(saved?.notes).toContain(
      '**Résistance légendaire (3/jour).** Si le dragon rate un jet de sauvegarde, il peut choisir de le réussir à la place.',
    );
  });
}
