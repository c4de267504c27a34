// Reveals (issue 34, docs/decisions/064), in English and French: the game master shares the fight, reveals a
// rules section from the rules view (the eye beside its heading) and writes a handout with an image
// from the share panel, while a second browser without any session shows the player page on a 375 px
// phone: the cards arrive without a reload, the section's secret block is nowhere on the page, a
// handout opens full screen and Escape gives the focus back, and the one the game master hides goes.
// Axe on the player page with cards, light and dark.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { combatMaster, openCombat, seedFight, type Campaign } from '../support/combat';
import { expectColorScheme, expectNoSeriousA11yViolations, type ApiUser } from '../support/helpers';

const TEXT = {
  en: {
    share: 'Share with players',
    create: 'Create a player link',
    link: 'Player link',
    revealed: 'Revealed',
    reveal: (name: string) => `Reveal ${name} to players`,
    again: (name: string) => `Reveal ${name} again (update)`,
    toast: 'Revealed to players',
    panel: 'Revealed to players',
    count: (count: number) => `${count} of 20 shown`,
    write: 'Write a handout',
    dialog: 'Reveal a handout',
    title: 'Title',
    text: 'Text (markdown, optional)',
    image: 'Image (optional)',
    preview: 'What players will see',
    submit: 'Reveal to players',
    hide: (title: string) => `Hide ${title} from players`,
    hidden: 'Hidden from players',
    open: (title: string) => `Show ${title} full screen`,
    imageOf: (title: string) => `Image: ${title}`,
    letter: 'A torn letter',
    playerTitle: 'Live fight',
  },
  fr: {
    share: 'Partager avec les joueurs',
    create: 'Créer un lien pour les joueurs',
    link: 'Lien des joueurs',
    revealed: 'Révélations',
    reveal: (name: string) => `Révéler ${name} aux joueurs`,
    again: (name: string) => `Révéler ${name} à nouveau (mise à jour)`,
    toast: 'Révélé aux joueurs',
    panel: 'Révélé aux joueurs',
    count: (count: number) => `${count} sur 20 affichés`,
    write: 'Écrire une aide de jeu',
    dialog: 'Révéler une aide de jeu',
    title: 'Titre',
    text: 'Texte (markdown, facultatif)',
    image: 'Image (facultative)',
    preview: 'Ce que verront les joueurs',
    submit: 'Révéler aux joueurs',
    hide: (title: string) => `Masquer ${title} aux joueurs`,
    hidden: 'Masqué aux joueurs',
    open: (title: string) => `Afficher ${title} en plein écran`,
    imageOf: (title: string) => `Image\u00a0: ${title}`,
    letter: 'Une lettre déchirée',
    playerTitle: 'Combat en direct',
  },
} as const;

const SECRET = 'The key is under the rug';
const RULES = [
  '# Traps',
  '',
  'A poison needle deals **1d4** damage.',
  '',
  ':::secret',
  `${SECRET}.`,
  ':::',
  '',
  '# Travel',
  '',
  'Ten miles a day on foot.',
].join('\n');

/** A 16 × 16 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGM4ISdHEmIY1TCqYfhqAADkYgQQ60fIxgAAAABJRU5ErkJggg==',
  'base64',
);

const PHONE = { width: 375, height: 740 };

async function playerPage(browser: Browser, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    colorScheme,
  });
  return { context, page: await context.newPage() };
}

const pathOf = (url: string) => new URL(url).pathname;
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function setUp(page: Page, request: APIRequestContext, lang: 'en' | 'fr') {
  const { user, campaign, api } = await combatMaster(page, request, { language: lang });
  const saved = await request.put(`/api/game-data/${campaign._id}`, {
    headers: { authorization: `Bearer ${user.token}` },
    data: { rules: RULES },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const [aria, grask] = await api.createRoster([
    { name: 'Aria', isPlayer: true },
    { name: 'Grask', hp: 60, currentHp: 60 },
  ]);
  await seedFight(api, { allies: [aria!], enemies: [grask!], order: [aria!, grask!] });
  return { user, campaign };
}

async function api(request: APIRequestContext, user: ApiUser, campaign: Campaign) {
  const headers = { authorization: `Bearer ${user.token}`, 'x-campaign-id': campaign._id };
  const shared = await request.post('/api/combat/share', { headers });
  expect(shared.status()).toBe(200);
  const url = ((await shared.json()) as { url: string }).url;
  const reveal = async (data: object) => {
    const response = await request.post(`/api/game-data/${campaign._id}/reveals`, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
  };
  return { url, reveal };
}

test.describe('reveals', () => {
  test.describe.configure({ timeout: 150_000 });

  for (const lang of ['en', 'fr'] as const) {
    const s = TEXT[lang];

    test(`the game master reveals a rules section and a handout; a phone shows them live, without the secret (${lang})`, async ({
      page,
      request,
      browser,
    }) => {
      const { campaign } = await setUp(page, request, lang);
      await openCombat(page, lang, campaign);
      await page.getByRole('button', { name: s.share }).click();
      const panel = page.getByRole('region', { name: s.panel });
      await page.getByRole('button', { name: s.create }).click();
      const url = await page.getByRole('textbox', { name: s.link }).inputValue();
      await expect(panel.getByText(s.count(0))).toBeVisible();

      const player = await playerPage(browser);
      try {
        const phone = player.page;
        await phone.goto(pathOf(url));
        await expect(phone.getByRole('heading', { level: 1, name: s.playerTitle })).toBeVisible();
        await expect(card(phone, 'Aria')).toBeVisible();
        // Nothing revealed: no section at all.
        await expect(phone.getByRole('heading', { name: s.revealed, exact: true })).toHaveCount(0);

        // From the rules view: the eye beside the heading.
        await page.goto(`/${lang}/dashboard?campaign=${campaign._id}&view=rules`);
        await page.getByRole('button', { name: s.reveal('Traps') }).click();
        await expect(page.getByRole('status').getByText(s.toast)).toBeVisible();
        await expect(page.getByRole('button', { name: s.again('Traps') })).toBeVisible();
        await expect(page.getByRole('button', { name: s.reveal('Travel') })).toBeVisible();

        // The phone has it without a reload; the secret block is not on the page.
        const traps = card(phone, 'Traps');
        await expect(traps).toBeVisible();
        await expect(traps).toContainText('A poison needle deals 1d4 damage.');
        await expect(traps.locator('strong', { hasText: '1d4' })).toBeVisible();
        expect(await phone.content()).not.toContain(SECRET);

        // A handout with an image, from the share panel.
        await openCombat(page, lang, campaign);
        await page.getByRole('button', { name: s.share }).click();
        await expect(panel.getByText(s.count(1))).toBeVisible();
        await panel.getByRole('button', { name: s.write }).click();
        const dialog = page.getByRole('dialog', { name: s.dialog });
        await dialog.getByRole('textbox', { name: s.title }).fill(s.letter);
        await dialog.getByRole('textbox', { name: s.text }).fill('Meet me at *the mill* at dawn.');
        const preview = dialog.getByRole('region', { name: s.preview });
        await expect(preview.locator('em', { hasText: 'the mill' })).toBeVisible();
        // The image is uploaded as soon as it is chosen; Reveal waits for it.
        await dialog
          .getByLabel(s.image)
          .setInputFiles({ name: 'letter.png', mimeType: 'image/png', buffer: PNG });
        await expect(dialog.getByText('letter.png')).toBeVisible();
        await expect(dialog.getByRole('button', { name: s.submit })).toBeEnabled();
        await dialog.getByRole('button', { name: s.submit }).click();
        await expect(dialog).toBeHidden();
        await expect(panel.getByText(s.count(2))).toBeVisible();

        const letter = card(phone, s.letter);
        await expect(letter).toBeVisible();
        await expect(letter.locator('em', { hasText: 'the mill' })).toBeVisible();
        // The image through the link's opaque URL, decoded by the phone (a WebP the server made).
        const picture = letter.getByRole('img', { name: s.imageOf(s.letter) });
        await expect(picture).toBeVisible();
        await expect
          .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBe(16);
        expect(await picture.getAttribute('src')).toMatch(/^\/api\/play\/[^/]+\/images\/[^/]+$/);
        // Newest first.
        const titles = await phone
          .locator('section', { has: phone.getByRole('heading', { name: s.revealed, exact: true }) })
          .getByRole('article')
          .evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
        expect(titles).toEqual([s.letter, 'Traps']);
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );

        // Full screen on the phone; Escape closes it and the focus is back on its button.
        const open = letter.getByRole('button', { name: s.open(s.letter) });
        await open.click();
        const shown = phone.getByRole('dialog', { name: s.letter });
        await expect(shown.getByText('at dawn.', { exact: false })).toBeVisible();
        await phone.keyboard.press('Escape');
        await expect(shown).toBeHidden();
        await expect(open).toBeFocused();

        // Hidden again: the phone drops it.
        await panel.getByRole('button', { name: s.hide('Traps') }).click();
        await expect(page.getByRole('status').getByText(s.hidden)).toBeVisible();
        await expect(card(phone, 'Traps')).toBeHidden();
        await expect(letter).toBeVisible();
        await expect(panel.getByText(s.count(1))).toBeVisible();
      } finally {
        await player.context.close();
      }
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe: the player page with revealed cards, ${colorScheme} (en and fr)`, async ({
      page,
      request,
      browser,
    }) => {
      const { user, campaign } = await setUp(page, request, 'en');
      const { url, reveal } = await api(request, user, campaign);
      await reveal({ kind: 'rules-section', ref: 'traps' });
      await reveal({
        kind: 'handout',
        title: 'A torn letter',
        text: 'Meet me at *the mill*.\n\n- dawn\n- alone',
      });
      const player = await playerPage(browser, colorScheme);
      try {
        for (const lang of ['en', 'fr'] as const) {
          await player.page.goto(pathOf(url).replace(/^\/(en|fr)/, `/${lang}`));
          await expect(card(player.page, 'A torn letter')).toBeVisible();
          await expect(card(player.page, 'Traps')).toBeVisible();
          await expectColorScheme(player.page, colorScheme);
          await expectNoSeriousA11yViolations(player.page);
          await card(player.page, 'Traps').getByRole('button').click();
          await expect(player.page.getByRole('dialog', { name: 'Traps' })).toBeVisible();
          await expectNoSeriousA11yViolations(player.page);
          await player.page.keyboard.press('Escape');
        }
      } finally {
        await player.context.close();
      }
    });
  }
});

// Screenshots for review, not a check: REVEAL_SHOTS=/some/folder npx playwright test reveals -g shots
test('shots of the player page with revealed cards and of the reveal UI', async ({
  page,
  request,
  browser,
}) => {
  test.skip(!process.env.REVEAL_SHOTS, 'set REVEAL_SHOTS to a folder to take them');
  test.setTimeout(300_000);
  const folder = process.env.REVEAL_SHOTS!;
  const { user, campaign } = await setUp(page, request, 'en');
  const { url, reveal } = await api(request, user, campaign);
  await reveal({ kind: 'rules-section', ref: 'traps' });
  await reveal({
    kind: 'handout',
    title: 'A torn letter',
    text: 'Meet me at *the mill* at dawn. Come **alone**.\n\n— a friend',
  });
  for (const width of [375, 1280]) {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width, height: width === 375 ? 740 : 800 },
    });
    const phone = await context.newPage();
    for (const lang of ['en', 'fr'] as const) {
      await phone.goto(pathOf(url).replace(/^\/(en|fr)/, `/${lang}`));
      await expect(card(phone, 'Traps')).toBeVisible();
      await phone.screenshot({ path: `${folder}/play-${lang}-${width}.png`, fullPage: true });
      await card(phone, 'A torn letter').getByRole('button').click();
      await phone.screenshot({ path: `${folder}/play-full-${lang}-${width}.png` });
      await phone.keyboard.press('Escape');
    }
    await context.close();
  }
  for (const lang of ['en', 'fr'] as const) {
    // The dashboard speaks its account's language: a French game master for the French shots.
    const gmContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const gm = await gmContext.newPage();
    const own = await setUp(gm, request, lang);
    const { reveal: revealOwn } = await api(request, own.user, own.campaign);
    await revealOwn({ kind: 'rules-section', ref: 'traps' });
    await revealOwn({ kind: 'handout', title: TEXT[lang].letter, text: 'Meet me at *the mill*.' });
    for (const width of [375, 1280]) {
      await gm.setViewportSize({ width, height: width === 375 ? 740 : 900 });
      await gm.goto(`/${lang}/dashboard?campaign=${own.campaign._id}&view=rules`);
      await expect(gm.getByRole('button', { name: TEXT[lang].again('Traps') })).toBeVisible();
      await gm.screenshot({ path: `${folder}/rules-${lang}-${width}.png` });
      await gm.goto(`/${lang}/dashboard?campaign=${own.campaign._id}&view=units`);
      await expect(gm.getByRole('button', { name: TEXT[lang].reveal('Grask') })).toBeVisible();
      await gm.screenshot({ path: `${folder}/units-${lang}-${width}.png` });
      await gm.goto(`/${lang}/dashboard?campaign=${own.campaign._id}&view=races`);
      await expect(
        gm.getByRole('button', { name: TEXT[lang].reveal(own.campaign.races[0]!.name) }),
      ).toBeVisible();
      await gm.screenshot({ path: `${folder}/races-${lang}-${width}.png` });
      await openCombat(gm, lang, own.campaign);
      await gm.getByRole('button', { name: TEXT[lang].share }).click();
      const panel = gm.getByRole('region', { name: TEXT[lang].panel });
      await expect(panel.getByText(TEXT[lang].count(2))).toBeVisible();
      await panel.scrollIntoViewIfNeeded();
      await gm.screenshot({ path: `${folder}/panel-${lang}-${width}.png`, fullPage: width === 375 });
      await panel.getByRole('button', { name: TEXT[lang].write }).click();
      const dialog = gm.getByRole('dialog', { name: TEXT[lang].dialog });
      await dialog.getByRole('textbox', { name: TEXT[lang].title }).fill(TEXT[lang].letter);
      await dialog
        .getByRole('textbox', { name: TEXT[lang].text })
        .fill('Meet me at *the mill*.\n:::secret\nIt is a trap.\n:::\nCome alone.');
      await gm.screenshot({ path: `${folder}/handout-${lang}-${width}.png` });
      await gm.keyboard.press('Escape');
    }
    await gmContext.close();
  }
});
