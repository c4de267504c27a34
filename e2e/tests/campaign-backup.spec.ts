// The backup with images (docs/decisions/077), in English and French: a campaign whose unit has a
// portrait is saved from its sidebar menu as a ZIP, imported back through "Import from a file" as a new
// campaign, and the unit's card there shows the portrait.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { bearer, gameMaster, unitApi } from '../support/game-data';

const TEXT = {
  en: {
    fileMenu: (name: string) => `Export ${name}`,
    exportArchive: 'Backup with images (ZIP)',
    newCampaign: 'New campaign',
    importChoice: 'Import from a file',
    chooseFile: 'Choose a file',
    name: 'Campaign name',
    importAndCreate: 'Import and create',
    created: (name: string) => `Campaign "${name}" created.`,
    onePicture: 'A backup with 1 picture: it comes back with the campaign.',
  },
  fr: {
    fileMenu: (name: string) => `Exporter ${name}`,
    exportArchive: 'Sauvegarde avec images (ZIP)',
    newCampaign: 'Nouvelle campagne',
    importChoice: 'Importer depuis un fichier',
    chooseFile: 'Choisir un fichier',
    name: 'Nom de la campagne',
    importAndCreate: 'Importer et créer',
    created: (name: string) => `Campagne « ${name} » créée.`,
    onePicture: 'Une sauvegarde avec 1 image : elle revient avec la campagne.',
  },
} as const;

/** A 16 × 16 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGM4ISdHEmIY1TCqYfhqAADkYgQQ60fIxgAAAABJRU5ErkJggg==',
  'base64',
);

const SHOTS_DIR = process.env.SHOTS_DIR;
/** With SHOTS_DIR set, the page at 1280 and 375 px wide. */
async function shots(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

for (const lang of ['en', 'fr'] as const) {
  const s = TEXT[lang];
  test(`a campaign saved with its images comes back with the portrait (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { user, campaign } = await gameMaster(page, request, { language: lang, tier: 'Adventurer' });
    const [aria] = await unitApi(request, user, campaign).createRoster([{ name: 'Aria', isPlayer: true }]);
    const put = await request.put(`/api/units/${aria!._id}/portrait`, {
      headers: { ...bearer(user), 'content-type': 'image/png' },
      data: PNG,
    });
    expect(put.status(), await put.text()).toBe(200);

    await page.goto(`/${lang}/dashboard?campaign=${campaign._id}&view=units`);
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('button', { name: s.fileMenu(campaign.name) }).click();
    if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, `${lang}-backup-menu-1280.png`) });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: s.exportArchive }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Realm of Ash.zip');
    const saved = test.info().outputPath(download.suggestedFilename());
    await download.saveAs(saved);

    await sidebar.getByRole('button', { name: s.newCampaign }).click();
    const dialog = page.getByRole('dialog', { name: s.newCampaign });
    await dialog.getByText(s.importChoice).click();
    await dialog.getByLabel(s.chooseFile).setInputFiles(saved);
    await expect(dialog.getByRole('textbox', { name: s.name })).toHaveValue('Realm of Ash (2)');
    // The portrait is in the file, and the dialog says so before anything is sent.
    await expect(dialog.getByRole('status').getByText(s.onePicture)).toBeVisible();
    await shots(page, `${lang}-backup-import`);
    await dialog.getByRole('button', { name: s.importAndCreate }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').getByText(s.created('Realm of Ash (2)'))).toBeVisible();

    const imported = new URL(page.url()).searchParams.get('campaign');
    expect(imported).not.toBe(campaign._id);
    await page.goto(`/${lang}/dashboard?campaign=${imported}&view=units`);
    const portrait = card(page, 'Aria').getByRole('img', { name: 'Aria' });
    await expect(portrait).toBeVisible();
    await expect
      .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await shots(page, `${lang}-backup-imported`);
  });
}
