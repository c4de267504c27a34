// Portraits (issue 34, docs/product.md#portraits), in English and French: the game master uploads a
// portrait in the unit form; it shows at once on the unit's card, on its fight row and in the initiative
// order, and — without a reload — on the player page of a phone (390 × 844), through the link's opaque
// URL. Removing it (confirmed) brings the initials back. A text file named .png is refused in the
// user's language. Axe on the form with its portrait, light and dark.
import { expect, test, type Page } from '@playwright/test';
import { combatMaster, openCombat, orderItems, region, seedFight } from '../support/combat';
import { expectColorScheme, expectNoSeriousA11yViolations } from '../support/helpers';

const TEXT = {
  en: {
    edit: (name: string) => `Edit ${name}`,
    upload: 'Upload portrait',
    replace: 'Replace portrait',
    remove: 'Remove portrait',
    removeTitle: 'Remove the portrait?',
    saved: 'Portrait saved',
    removed: 'Portrait removed',
    invalid: 'This file is not a PNG, JPEG or WebP image, or it is damaged.',
    allies: 'Allies',
    order: 'Initiative order',
    share: 'Share with players',
    create: 'Create a player link',
    link: 'Player link',
  },
  fr: {
    edit: (name: string) => `Modifier ${name}`,
    upload: 'Ajouter un portrait',
    replace: 'Remplacer le portrait',
    remove: 'Retirer le portrait',
    removeTitle: 'Retirer le portrait ?',
    saved: 'Portrait enregistré',
    removed: 'Portrait retiré',
    invalid: "Ce fichier n'est pas une image PNG, JPEG ou WebP, ou il est abîmé.",
    allies: 'Alliés',
    order: "Ordre d'initiative",
    share: 'Partager avec les joueurs',
    create: 'Créer un lien pour les joueurs',
    link: 'Lien des joueurs',
  },
} as const;

/** A 16 × 16 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGM4ISdHEmIY1TCqYfhqAADkYgQQ60fIxgAAAABJRU5ErkJggg==',
  'base64',
);
const PHONE = { width: 390, height: 844 };

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
/** An image the browser has decoded (not a broken one). */
const decoded = (page: Page, locator: ReturnType<Page['locator']>) =>
  expect.poll(() => locator.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));

test.describe('portraits', () => {
  test.describe.configure({ timeout: 150_000 });

  for (const lang of ['en', 'fr'] as const) {
    const s = TEXT[lang];
    test(`a portrait uploaded in the unit form shows on the card, the fight and a phone (${lang})`, async ({
      page,
      request,
      browser,
    }) => {
      const { campaign, api } = await combatMaster(page, request, { language: lang });
      const [aria, grask] = await api.createRoster([
        { name: 'Aria', isPlayer: true },
        { name: 'Grask', hp: 60, currentHp: 60 },
      ]);
      await seedFight(api, { allies: [aria!], enemies: [grask!], order: [aria!, grask!] });

      // The phone follows the fight's link from the start.
      await openCombat(page, lang, campaign);
      await page.getByRole('button', { name: s.share }).click();
      await page.getByRole('button', { name: s.create }).click();
      const url = await page.getByRole('textbox', { name: s.link }).inputValue();
      const phoneContext = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport: PHONE,
      });
      try {
        const phone = await phoneContext.newPage();
        await phone.goto(new URL(url).pathname);
        const phoneCard = phone.getByRole('article', { name: 'Aria', exact: true });
        await expect(phoneCard).toBeVisible();
        await expect(phoneCard.locator('img')).toHaveCount(0);

        // The unit form: a text file named .png is refused in the user's words, then a real PNG.
        await page.goto(`/${lang}/dashboard?campaign=${campaign._id}&view=units`);
        await card(page, 'Aria')
          .getByRole('button', { name: s.edit('Aria') })
          .click();
        const form = page.getByRole('dialog', { name: s.edit('Aria') });
        const input = form.locator('input[type="file"]');
        await input.setInputFiles({
          name: 'fake.png',
          mimeType: 'image/png',
          buffer: Buffer.from('not an image'),
        });
        await expect(form.getByText(s.invalid)).toBeVisible();
        await input.setInputFiles({ name: 'aria.png', mimeType: 'image/png', buffer: PNG });
        await expect(page.getByRole('status').getByText(s.saved)).toBeVisible();
        await expect(form.getByRole('button', { name: s.replace })).toBeVisible();
        const inForm = form.getByRole('img', { name: 'Aria' });
        await expect(inForm).toBeVisible();
        await decoded(page, inForm).toBe(true);

        // The phone has it without a reload, through its link's own URL.
        const onPhone = phoneCard.locator('img');
        await expect(onPhone).toHaveCount(1);
        await decoded(phone, onPhone).toBe(true);
        expect(await onPhone.getAttribute('src')).toMatch(/^\/api\/play\/[^/]+\/images\/[^/]+$/);
        expect(await onPhone.getAttribute('src')).not.toContain(aria!._id);

        // The form still saves (the portrait moved no field it edits).
        await form
          .getByRole('button', { name: lang === 'en' ? 'Save changes' : 'Enregistrer les modifications' })
          .click();
        await expect(form).toBeHidden();
        await expect(card(page, 'Aria').getByRole('img', { name: 'Aria' })).toBeVisible();

        // The fight row and the initiative order.
        await openCombat(page, lang, campaign);
        const row = region(page, s.allies).getByRole('img', { name: 'Aria' });
        await expect(row).toBeVisible();
        await decoded(page, row).toBe(true);
        await expect(orderItems(page, s.order).first().getByRole('img', { name: 'Aria' })).toBeVisible();
        await expect(orderItems(page, s.order).nth(1).locator('img')).toHaveCount(0);

        // Removed (confirmed): the initials again, here and on the phone.
        await page.goto(`/${lang}/dashboard?campaign=${campaign._id}&view=units`);
        await card(page, 'Aria')
          .getByRole('button', { name: s.edit('Aria') })
          .click();
        await form.getByRole('button', { name: s.remove }).click();
        const confirm = page
          .getByRole('alertdialog', { name: s.removeTitle })
          .or(page.getByRole('dialog', { name: s.removeTitle }));
        await confirm.getByRole('button', { name: s.remove }).click();
        await expect(page.getByRole('status').getByText(s.removed)).toBeVisible();
        await expect(form.getByRole('button', { name: s.upload })).toBeVisible();
        await expect(phoneCard.locator('img')).toHaveCount(0);
      } finally {
        await phoneContext.close();
      }
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe: the unit form with a portrait, ${colorScheme}`, async ({ page, request }) => {
      await page.emulateMedia({ colorScheme });
      const { user, campaign, api } = await combatMaster(page, request, { language: 'en' });
      const [aria] = await api.createRoster([{ name: 'Aria', isPlayer: true }]);
      const uploaded = await request.put(`/api/units/${aria!._id}/portrait`, {
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/png' },
        data: PNG,
      });
      expect(uploaded.status(), await uploaded.text()).toBe(200);
      await page.goto(`/en/dashboard?campaign=${campaign._id}&view=units`);
      await expect(card(page, 'Aria').getByRole('img', { name: 'Aria' })).toBeVisible();
      await card(page, 'Aria').getByRole('button', { name: 'Edit Aria' }).click();
      const form = page.getByRole('dialog', { name: 'Edit Aria' });
      await expect(form.getByRole('img', { name: 'Aria' })).toBeVisible();
      await expectColorScheme(page, colorScheme);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
