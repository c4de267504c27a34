// Feedback that does not get in the way, and the phone (decision 053): one
// toast at a time, a burst of creates said once with its count, toasts above the combat's action
// bar; the `?` list laid out and translated at 375 and 1280 px; the Novice banner at most 65 px and
// folded on the combat view for the session; the unit form's upsell and the fight's cards readable
// at 375 px in French. With SHOTS_DIR set, screenshots of the combat view and the unit form go there.
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { combatMaster, openCombat, seedFight } from '../support/combat';
import { gameMaster, type Campaign, type Language } from '../support/game-data';

const SHOTS_DIR = process.env.SHOTS_DIR;

const WORDS = {
  en: {
    notifications: 'Recent notifications',
    newUnit: 'New unit',
    name: 'Name',
    race: 'Race',
    class: 'Class',
    create: 'Create unit',
    createdMany: (count: number) => `${count} units created.`,
    target: (name: string) => `Target ${name}`,
    quick: (name: string) => `Damage or heal ${name}`,
    healFull: (name: string) => `${name} is already at full HP: nothing to heal.`,
    shortcuts: 'Keyboard shortcuts',
    keys: ['Shift', 'Click', 'Ctrl', 'Home', 'End'],
    notKeys: ['Maj', 'clic'],
    fold: 'Fold the banner',
    unfold: 'Unfold the banner',
    plans: 'See the plans',
    upsell: 'Quick generation of characteristics comes with Adventurer and Hero.',
  },
  fr: {
    notifications: 'Notifications récentes',
    newUnit: 'Nouvelle unité',
    name: 'Nom',
    race: 'Race',
    class: 'Classe',
    create: "Créer l'unité",
    createdMany: (count: number) => `${count} unités créées.`,
    target: (name: string) => `Cibler ${name}`,
    quick: (name: string) => `Dégâts ou soins pour ${name}`,
    healFull: (name: string) => `${name} a déjà tous ses PV : rien à soigner.`,
    shortcuts: 'Raccourcis clavier',
    keys: ['Maj', 'clic', 'Ctrl', 'Début', 'Fin'],
    notKeys: ['Shift', 'Click'],
    fold: 'Replier le bandeau',
    unfold: 'Déplier le bandeau',
    plans: 'Voir les formules',
    upsell: 'La génération rapide des caractéristiques est incluse dans les formules Adventurer et Hero.',
  },
} as const;

const openUnits = (page: Page, language: Language, campaign: Campaign) =>
  page.goto(`/${language}/dashboard?campaign=${campaign._id}&view=units`);

/** The Novice banner: the top bar's second row. */
const banner = (page: Page) => page.getByRole('banner').locator(':scope > div').nth(1);

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}

/** Pairs of the elements' boxes that overlap (by more than half a pixel both ways). */
function overlaps(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) => {
    const boxes = nodes.map((node) => {
      // The words' own boxes, not the cell's; words only a screen reader hears are not drawn.
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (text.parentElement?.closest('.sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        rects.push(...Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0));
      }
      return { text: node.textContent?.trim() ?? '', rects };
    });
    const found: string[] = [];
    for (let i = 0; i < boxes.length; i += 1) {
      for (let j = i + 1; j < boxes.length; j += 1) {
        for (const a of boxes[i]!.rects) {
          for (const b of boxes[j]!.rects) {
            const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (x > 0.5 && y > 0.5) found.push(`${boxes[i]!.text} × ${boxes[j]!.text}`);
          }
        }
      }
    }
    return [...new Set(found)];
  });
}

test.describe('feedback that stays out of the way, and the phone', () => {
  test.describe.configure({ timeout: 60_000 });

  test('five quick creates show one toast with the count (fr)', async ({ page, request }) => {
    const w = WORDS.fr;
    const { campaign } = await gameMaster(page, request, { language: 'fr', tier: 'Adventurer' });
    await openUnits(page, 'fr', campaign);
    const toasts = page.getByRole('region', { name: w.notifications });
    for (const n of [1, 2, 3, 4, 5]) {
      await page.getByRole('button', { name: w.newUnit, exact: true }).click();
      const form = page.getByRole('dialog', { name: w.newUnit });
      await form.getByLabel(w.name, { exact: true }).fill(`Garde ${n}`);
      await form.getByLabel(w.race, { exact: true }).selectOption(campaign.races[1]!.name);
      await form.getByLabel(w.class, { exact: true }).selectOption(campaign.classes[1]!.name);
      await form.getByRole('button', { name: w.create }).click();
      await expect(form).toBeHidden();
      await expect(toasts.getByRole('listitem')).toHaveCount(1);
    }
    await expect(toasts.getByRole('listitem')).toHaveText(w.createdMany(5));
  });

  for (const [language, width] of [
    ['fr', 375],
    ['en', 1280],
  ] as const) {
    test(`the combat view at ${width} px: toasts above the action bar, the shortcuts laid out and translated, the banner folded (${language})`, async ({
      page,
      request,
    }) => {
      const w = WORDS[language];
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      const { campaign, api } = await combatMaster(page, request, { language });
      const [borin, ...enemies] = await api.createRoster([
        { name: 'Borin Longuebarbe', isPlayer: true, hp: 40, currentHp: 40 },
        { name: 'Gobelin chef de guerre', hp: 30, currentHp: 30 },
        { name: 'Gobelin 2', hp: 30, currentHp: 30 },
        { name: 'Gobelin 3', hp: 30, currentHp: 30 },
      ]);
      await seedFight(api, { allies: [borin!], enemies, order: [borin!, ...enemies] });
      // The chief is down: his card carries that badge too.
      await api.act({ type: 'attack', targetId: enemies[0]!._id, amount: 30 });

      // The banner: at most 65 px on the units view, no fold there.
      await openUnits(page, language, campaign);
      await expect(banner(page).getByRole('button', { name: w.plans })).toBeVisible();
      expect((await banner(page).boundingBox())!.height).toBeLessThanOrEqual(65);
      await expect(page.getByRole('button', { name: w.fold })).toHaveCount(0);

      await openCombat(page, language, campaign);
      await expect(page.getByRole('button', { name: w.target('Gobelin 2'), exact: true })).toBeVisible();
      expect((await banner(page).boundingBox())!.height).toBeLessThanOrEqual(65);
      // Every card reads at this width: its name is not squeezed out by its badges.
      for (const name of ['Borin Longuebarbe', 'Gobelin chef de guerre', 'Gobelin 2']) {
        const button = page.getByRole('button', { name: w.target(name), exact: true });
        expect((await button.boundingBox())!.width, name).toBeGreaterThanOrEqual(80);
      }
      await shot(page, `combat-${language}-${width}`);
      await page.getByRole('button', { name: w.target('Gobelin 3'), exact: true }).scrollIntoViewIfNeeded();
      await shot(page, `combat-cards-${language}-${width}`);

      // Folded on the combat view, and still folded after a reload (the session remembers).
      await page.getByRole('button', { name: w.fold }).click();
      await expect(page.getByRole('button', { name: w.unfold })).toBeVisible();
      expect((await banner(page).boundingBox())!.height).toBeLessThanOrEqual(30);
      await page.reload();
      await expect(page.getByRole('button', { name: w.unfold })).toBeVisible();
      expect((await banner(page).boundingBox())!.height).toBeLessThanOrEqual(30);

      // A toast on the combat view sits above the action bar (and its Next turn).
      const quick = page.getByRole('textbox', { name: w.quick('Borin Longuebarbe'), exact: true });
      await quick.fill('+5');
      await quick.press('Enter');
      const toast = page.getByRole('region', { name: w.notifications }).getByRole('listitem');
      await expect(toast).toHaveText(w.healFull('Borin Longuebarbe'));
      const [toastBox, barBox] = await Promise.all([
        toast.boundingBox(),
        page.locator('[data-bottom-bar] > *').first().boundingBox(),
      ]);
      expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(barBox!.y);
      await shot(page, `combat-toast-${language}-${width}`);

      // The shortcuts: every key in the page's language, nothing drawn over anything.
      await page.getByRole('button', { name: w.target('Gobelin 2'), exact: true }).focus();
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: w.shortcuts });
      await expect(help).toBeVisible();
      const keys = await help.locator('kbd').allTextContents();
      for (const key of w.keys) expect(keys).toContain(key);
      for (const key of w.notKeys) expect(keys).not.toContain(key);
      expect(
        await overlaps(help.locator('kbd, td > span > span > span:not(:has(kbd)), td + td, th')),
      ).toEqual([]);
      // The dialog fits the screen's width.
      const dialogBox = await help.boundingBox();
      expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
      expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(width);
      await shot(page, `shortcuts-${language}-${width}`);
    });
  }

  for (const [language, width] of [
    ['fr', 375],
    ['en', 1280],
  ] as const) {
    test(`the unit form upsell reads as lines at ${width} px (${language})`, async ({ page, request }) => {
      const w = WORDS[language];
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      const { campaign } = await gameMaster(page, request, { language });
      await openUnits(page, language, campaign);
      await page.getByRole('button', { name: w.newUnit, exact: true }).click();
      const form = page.getByRole('dialog', { name: w.newUnit });
      const upsell = form.getByText(w.upsell);
      await upsell.scrollIntoViewIfNeeded();
      await expect(upsell).toBeVisible();
      const box = (await upsell.boundingBox())!;
      // Whole lines of words: wide, and four lines at most.
      expect(box.width).toBeGreaterThanOrEqual(200);
      expect(box.height).toBeLessThanOrEqual(4 * 21);
      await shot(page, `unit-form-${language}-${width}`);
    });
  }
});
