// Your data is yours (decision 024), in English and French: a campaign exported from its
// sidebar menu (JSON and rules as markdown) comes back through "Import from a file" as a new campaign
// with the same units; a file over the Novice limits is refused with each reason; "Download my data"
// holds the account; a deleted account can no longer sign in. axe checks the dialogs. With
// SHOTS_DIR set, screenshots of each screen at 1280 and 375 px go there.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { createCampaign, gameMaster, numberedUnits, unitApi, bearer } from '../support/game-data';
import {
  expectNoSeriousA11yViolations,
  STRONG_PASSWORD,
  registerViaApi,
  seedSession,
  upgradeViaDemo,
} from '../support/helpers';

const TEXT = {
  en: {
    fileMenu: (name: string) => `Export ${name}`,
    exportJson: 'Export (JSON)',
    exportArchive: 'Backup with images (ZIP)',
    rulesMarkdown: 'Rules as markdown',
    newCampaign: 'New campaign',
    importChoice: 'Import from a file',
    chooseFile: 'Choose a file',
    name: 'Campaign name',
    importAndCreate: 'Import and create',
    created: (name: string) => `Campaign "${name}" created.`,
    overLimits: 'This campaign does not fit your Novice plan, so nothing was imported:',
    unitsOver: /^units: 11 of 10$/,
    rulesOver: /^rules: 50,001 of 50,000 characters$/,
    notJson: '“notes.json” is neither a JSON file nor a backup with images, so it cannot be imported.',
    seePlans: 'See the plans',
    toggle: 'Show or hide the sidebar',
    download: 'Download my data',
    deleteAccount: 'Delete my account',
    deleteTitle: 'Delete your account?',
    password: 'Your password',
    wordLabel: 'Type DELETE to confirm',
    word: 'DELETE',
    confirmDelete: 'Delete my account for good',
    wrongPassword: 'The current password is not correct.',
    doneTitle: 'Account deleted',
    home: 'Back to the home page',
    email: 'Email',
    loginPassword: 'Password',
    signIn: 'Sign in',
    invalidCredentials: 'Invalid credentials',
  },
  fr: {
    fileMenu: (name: string) => `Exporter ${name}`,
    exportJson: 'Exporter (JSON)',
    exportArchive: 'Sauvegarde avec images (ZIP)',
    rulesMarkdown: 'Règles en markdown',
    newCampaign: 'Nouvelle campagne',
    importChoice: 'Importer depuis un fichier',
    chooseFile: 'Choisir un fichier',
    name: 'Nom de la campagne',
    importAndCreate: 'Importer et créer',
    created: (name: string) => `Campagne « ${name} » créée.`,
    overLimits: "Cette campagne dépasse les limites de votre formule Novice, rien n'a donc été importé :",
    unitsOver: /^unités\s:\s11 sur 10$/,
    rulesOver: /^règles\s:\s50\s001 caractères sur 50\s000$/,
    notJson:
      "« notes.json » n'est ni un fichier JSON ni une sauvegarde avec images : il ne peut pas être importé.",
    seePlans: 'Voir les formules',
    toggle: 'Afficher ou masquer la barre latérale',
    download: 'Télécharger mes données',
    deleteAccount: 'Supprimer mon compte',
    deleteTitle: 'Supprimer votre compte ?',
    password: 'Votre mot de passe',
    wordLabel: 'Tapez SUPPRIMER pour confirmer',
    word: 'SUPPRIMER',
    confirmDelete: 'Supprimer définitivement mon compte',
    wrongPassword: 'Le mot de passe actuel est incorrect.',
    doneTitle: 'Compte supprimé',
    home: "Retour à l'accueil",
    email: 'E-mail',
    loginPassword: 'Mot de passe',
    signIn: 'Me connecter',
    invalidCredentials: 'Identifiants invalides',
  },
} as const;

/** French text uses no-break spaces before « : » and inside « »: compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const SHOTS_DIR = process.env.SHOTS_DIR;

/** The page now, at 1280 and at 375 px wide (only when SHOTS_DIR is set). */
async function shots(page: Page, name: string, { mobile = true } = {}) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-1280.png`) });
  if (mobile) {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-375.png`) });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
}

async function readDownload(download: Download): Promise<string> {
  const file = await download.path();
  return fs.readFileSync(file, 'utf8');
}

/** The names on the unit cards of the open units view, sorted. */
async function unitNames(page: Page): Promise<string[]> {
  const names = await page.getByRole('main').getByRole('heading', { level: 4 }).allTextContents();
  return names.sort();
}

for (const lang of ['en', 'fr'] as const) {
  const s = TEXT[lang];

  test.describe(`your data (${lang})`, () => {
    // Several downloads, an import and axe scans per journey: generous on a shared machine.
    test.describe.configure({ timeout: 90_000 });
    test.use({ viewport: { width: 1280, height: 800 } });

    test('exports a campaign from its menu and imports it back as a new campaign with the same units', async ({
      page,
      request,
    }) => {
      const { user, campaign } = await gameMaster(page, request, { language: lang, tier: 'Adventurer' });
      const rules = '# The Sunken Crown\n\nRoll **2d6** when the tide turns. Été, forêt, 竜.';
      const updated = await request.put(`/api/game-data/${campaign._id}`, {
        headers: bearer(user),
        data: { rules },
      });
      expect(updated.status(), await updated.text()).toBe(200);
      const units = unitApi(request, user, campaign);
      await units.createRoster([
        { name: 'Aldric', isPlayer: true, notes: 'Carries the **lantern**.' },
        { name: 'Brünhild', hp: 40, currentHp: 12 },
        { name: 'Old Mira' },
      ]);

      await page.goto(`/${lang}/dashboard?campaign=${campaign._id}&view=units`);
      await expect.poll(() => unitNames(page)).toEqual(['Aldric', 'Brünhild', 'Old Mira']);
      const sidebar = page.getByRole('complementary');
      const menuButton = sidebar.getByRole('button', { name: s.fileMenu(campaign.name) });

      // The menu from the keyboard: the arrow opens it on its first item.
      await menuButton.focus();
      await page.keyboard.press('ArrowDown');
      const menu = page.getByRole('menu', { name: s.fileMenu(campaign.name) });
      await expect(menu.getByRole('menuitem')).toHaveText([s.exportJson, s.exportArchive, s.rulesMarkdown]);
      await expect(menu.getByRole('menuitem', { name: s.exportJson })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await shots(page, `${lang}-campaign-menu`, { mobile: false });

      const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(jsonDownload.suggestedFilename()).toBe('Realm of Ash.json');
      await expect(menu).toBeHidden();
      await expect(menuButton).toBeFocused();
      const file = JSON.parse(await readDownload(jsonDownload)) as {
        format: string;
        campaign: { name: string; rules: string };
        units: { name: string }[];
      };
      expect(file.format).toBe('questkeeper.game-data');
      expect(file.campaign).toMatchObject({ name: 'Realm of Ash', rules });
      expect(file.units.map((unit) => unit.name).sort()).toEqual(['Aldric', 'Brünhild', 'Old Mira']);

      await menuButton.click();
      const [markdown] = await Promise.all([
        page.waitForEvent('download'),
        menu.getByRole('menuitem', { name: s.rulesMarkdown }).click(),
      ]);
      expect(markdown.suggestedFilename()).toBe('Realm of Ash.md');
      expect(await readDownload(markdown)).toBe(rules);

      if (SHOTS_DIR) {
        // The menu on a phone: in the sidebar's drawer.
        await page.setViewportSize({ width: 375, height: 740 });
        await page.getByRole('button', { name: s.toggle }).click();
        await sidebar.getByRole('button', { name: s.fileMenu(campaign.name) }).click();
        await page.screenshot({ path: path.join(SHOTS_DIR, `${lang}-campaign-menu-375.png`) });
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
        await page.setViewportSize({ width: 1280, height: 800 });
        await expect(page.getByRole('button', { name: s.toggle })).toBeVisible();
      }

      // Back in as a new campaign.
      await sidebar.getByRole('button', { name: s.newCampaign }).click();
      const dialog = page.getByRole('dialog', { name: s.newCampaign });
      await dialog.getByText(s.importChoice).click();
      await expect(dialog.getByRole('radio', { name: s.importChoice })).toBeChecked();
      // The file as the browser saved it, under its name.
      const saved = test.info().outputPath(jsonDownload.suggestedFilename());
      await jsonDownload.saveAs(saved);
      await dialog.getByLabel(s.chooseFile).setInputFiles(saved);
      await expect(dialog.getByText('Realm of Ash.json')).toBeVisible();
      const name = dialog.getByRole('textbox', { name: s.name });
      // "Realm of Ash" is taken by the campaign exported: numbered as the server would.
      await expect(name).toHaveValue('Realm of Ash (2)');
      await name.fill('Realm of Ash II');
      await expectNoSeriousA11yViolations(page);
      await shots(page, `${lang}-import-form`);
      await dialog.getByRole('button', { name: s.importAndCreate }).click();

      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').getByText(s.created('Realm of Ash II'))).toBeVisible();
      const imported = new URL(page.url()).searchParams.get('campaign');
      expect(imported).toBeTruthy();
      expect(imported).not.toBe(campaign._id);
      await expect(sidebar.getByRole('button', { name: 'Realm of Ash II', exact: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await page.goto(`/${lang}/dashboard?campaign=${imported}&view=units`);
      await expect.poll(() => unitNames(page)).toEqual(['Aldric', 'Brünhild', 'Old Mira']);
      // And the rules came along.
      const copy = await request.get(`/api/game-data/${imported}/rules.md`, { headers: bearer(user) });
      expect(await copy.text()).toBe(rules);
    });

    test('refuses a file over the Novice limits with each reason, and a file that is not JSON', async ({
      page,
      request,
    }) => {
      // The file: an Adventurer's campaign with 11 units and 50,001 characters of rules.
      const author = await registerViaApi(request, { language: lang });
      await upgradeViaDemo(request, author, 'Adventurer');
      const big = await createCampaign(request, { ...author, tier: 'Adventurer' }, 'Goblin Warren');
      await unitApi(request, author, big).createRoster(numberedUnits('Goblin', 11));
      const updated = await request.put(`/api/game-data/${big._id}`, {
        headers: bearer(author),
        data: { rules: 'x'.repeat(50_001) },
      });
      expect(updated.status()).toBe(200);
      const exported = await request.get(`/api/game-data/${big._id}/export`, { headers: bearer(author) });
      expect(exported.status()).toBe(200);

      const novice = await registerViaApi(request, { language: lang });
      await seedSession(page, novice);
      await page.goto(`/${lang}/dashboard`);
      await page.getByRole('complementary').getByRole('button', { name: s.newCampaign }).click();
      const dialog = page.getByRole('dialog', { name: s.newCampaign });
      await dialog.getByText(s.importChoice).click();
      await expect(dialog.getByRole('radio', { name: s.importChoice })).toBeChecked();

      await dialog.getByLabel(s.chooseFile).setInputFiles({
        name: 'notes.json',
        mimeType: 'application/json',
        buffer: Buffer.from('Aldric, 12 HP\n'),
      });
      await expect(dialog.getByRole('alert')).toHaveText(s.notJson);
      await expect(dialog.getByRole('button', { name: s.importAndCreate })).toBeDisabled();

      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'goblin-warren.json',
        mimeType: 'application/json',
        buffer: await exported.body(),
      });
      await expect(dialog.getByRole('textbox', { name: s.name })).toHaveValue('Goblin Warren');
      await dialog.getByRole('button', { name: s.importAndCreate }).click();

      const alert = dialog.getByRole('alert');
      await expect(alert.getByText(plain(s.overLimits)).or(alert.getByText(s.overLimits))).toBeVisible();
      const reasons = (await alert.getByRole('listitem').allTextContents()).map(plain);
      expect(reasons).toHaveLength(2);
      expect(reasons[0]).toMatch(s.unitsOver);
      expect(reasons[1]).toMatch(s.rulesOver);
      await expect(alert.getByRole('button', { name: s.seePlans })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shots(page, `${lang}-import-refused`);

      // Nothing was created.
      const list = await request.get('/api/game-data', { headers: bearer(novice) });
      expect(await list.json()).toEqual([]);
    });

    test('downloads my data as one JSON file holding the account', async ({ page, request }) => {
      const { user } = await gameMaster(page, request, { language: lang });
      await page.goto(`/${lang}/dashboard?view=profile`);
      const button = page.getByRole('button', { name: s.download });
      // The dashboard's main area scrolls: the data and deletion cards are at its end.
      await button.scrollIntoViewIfNeeded();
      await shots(page, `${lang}-profile`, { mobile: false });
      if (SHOTS_DIR) {
        // A phone: narrowing the window opens the sidebar's drawer; closed, as a phone shows the page.
        await page.setViewportSize({ width: 375, height: 740 });
        const toggle = page.getByRole('button', { name: s.toggle });
        if ((await toggle.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await button.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS_DIR, `${lang}-profile-375.png`) });
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      await button.scrollIntoViewIfNeeded();
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(/^questkeeper-account-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readDownload(download)) as {
        format: string;
        account: { email: string; language: string; tier: string };
        campaigns: { campaign: { name: string } }[];
      };
      expect(data.format).toBe('questkeeper.account');
      expect(data.account).toMatchObject({ email: user.email, language: lang, tier: 'Novice' });
      expect(data.campaigns.map((c) => c.campaign.name)).toEqual(['Realm of Ash']);
      await expect(button).toBeEnabled();
    });

    test('deletes the account behind its confirmation, then cannot sign in', async ({ page, request }) => {
      const { user } = await gameMaster(page, request, { language: lang });
      await page.goto(`/${lang}/dashboard?view=profile`);
      await page.getByRole('button', { name: s.deleteAccount }).click();
      const dialog = page.getByRole('dialog', { name: s.deleteTitle });
      const confirm = dialog.getByRole('button', { name: s.confirmDelete });
      await expect(dialog).toContainText(user.email);
      await expect(confirm).toBeDisabled();

      await dialog.getByLabel(s.password, { exact: true }).fill('Not-my-password1!');
      await dialog.getByRole('textbox', { name: s.wordLabel }).fill(s.word.slice(0, -1));
      await expect(confirm).toBeDisabled();
      await dialog.getByRole('textbox', { name: s.wordLabel }).fill(s.word);
      await expect(confirm).toBeEnabled();
      await confirm.click();
      await expect(dialog.getByText(s.wrongPassword)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shots(page, `${lang}-delete-dialog`);
      // Still there.
      const still = await request.get('/api/auth/refresh-session', { headers: bearer(user) });
      expect(still.status()).toBe(200);

      await dialog.getByLabel(s.password, { exact: true }).fill(STRONG_PASSWORD);
      await confirm.click();
      const done = page.getByRole('dialog', { name: s.doneTitle });
      await expect(done).toContainText(user.email);
      await expectNoSeriousA11yViolations(page);
      await shots(page, `${lang}-delete-done`);
      await done.getByRole('button', { name: s.home }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}$`));
      expect(await page.evaluate(() => localStorage.getItem('questkeeper.session'))).toBeNull();

      await page.goto(`/${lang}/login`);
      await page.getByLabel(s.email, { exact: true }).fill(user.email);
      await page.getByLabel(s.loginPassword, { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: s.signIn, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(s.invalidCredentials);
    });
  });
}
