// The live player view (docs/decisions/028), in English and French: the game master shares the fight from the
// combat view and chooses what players see; a second browser without any session opens the link on a
// 375 px phone, sees each blow land, never sees a hidden unit until its first turn, reads HP of
// enemies as bands (no number), and is told when the link is revoked. Axe on the player page, light
// and dark. Fights are seeded through the API; the game master plays through the screen.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { chooseTarget, combatMaster, openCombat, savedHp, seedFight, type Campaign } from '../support/combat';
import { expectColorScheme, expectNoSeriousA11yViolations, type ApiUser } from '../support/helpers';

const TEXT = {
  en: {
    share: 'Share with players',
    create: 'Create a player link',
    link: 'Player link',
    settings: 'What players see',
    hide: 'Hidden from players',
    reveal: 'Reveal on its first turn',
    applied: "Applied on the players' pages.",
    revoke: 'Revoke link',
    revokeConfirm: 'Revoke',
    title: 'Live fight',
    gone: 'This link no longer works',
    amount: 'Amount',
    attack: 'Attack',
    target: (name: string) => `Target ${name}`,
    next: 'Next turn',
    order: 'Initiative order',
    attackLine: 'Aria attacks Grask.',
    turnOf: (name: string) => `Turn of ${name}`,
    unseen: 'The turn passes to someone unseen.',
    healthy: 'Health: Healthy',
    wounded: 'Health: Wounded',
    hpAria: 'HP 100 / 100',
    tableScreen: 'Table screen',
  },
  fr: {
    share: 'Partager avec les joueurs',
    create: 'Créer un lien pour les joueurs',
    link: 'Lien des joueurs',
    settings: 'Ce que voient les joueurs',
    hide: 'Cachée aux joueurs',
    reveal: 'Révélée à son premier tour',
    applied: 'Appliqué sur les pages des joueurs.',
    revoke: 'Révoquer le lien',
    revokeConfirm: 'Révoquer',
    title: 'Combat en direct',
    gone: 'Ce lien ne fonctionne plus',
    amount: 'Montant',
    attack: 'Attaquer',
    target: (name: string) => `Cibler ${name}`,
    next: 'Tour suivant',
    order: "Ordre d'initiative",
    attackLine: 'Aria attaque Grask.',
    turnOf: (name: string) => (/^[AEIOU]/.test(name) ? `Au tour d'${name}` : `Au tour de ${name}`),
    unseen: "Le tour passe à quelqu'un que vous ne voyez pas.",
    healthy: 'Santé\u00a0: En forme',
    wounded: 'Santé\u00a0: Blessé',
    hpAria: 'PV 100 / 100',
    tableScreen: 'Écran de table',
  },
} as const;

const PHONE = { width: 375, height: 740 };

/** A browser context with no session at all, on a phone-sized screen: a player at the table. */
async function playerPage(browser: Browser, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    colorScheme,
  });
  return { context, page: await context.newPage() };
}

/** The link's path on this server (the URL the API gives is absolute). */
const pathOf = (url: string) => new URL(url).pathname;

function card(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

async function shareViaApi(request: APIRequestContext, user: ApiUser, campaign: Campaign) {
  const response = await request.post('/api/combat/share', {
    headers: { authorization: `Bearer ${user.token}`, 'x-campaign-id': campaign._id },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

test.describe('player view', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const lang of ['en', 'fr'] as const) {
    const s = TEXT[lang];

    test(`the game master shares; a player on a phone follows live, with secrets kept, until revoked (${lang})`, async ({
      page,
      request,
      browser,
    }) => {
      const { campaign, api } = await combatMaster(page, request, { language: lang });
      const [aria, grask, lurker, shade] = await api.createRoster([
        { name: 'Aria', isPlayer: true },
        { name: 'Grask', hp: 60, currentHp: 60 },
        { name: 'Lurker' },
        { name: 'Shade' },
      ]);
      await seedFight(api, {
        allies: [aria!],
        enemies: [grask!, lurker!, shade!],
        order: [aria!, grask!, lurker!, shade!],
      });
      await openCombat(page, lang, campaign);

      // The game master hides the ambushers (Lurker shows itself on its first turn), then shares.
      await page.getByRole('button', { name: s.share }).click();
      const settings = page.getByRole('region', { name: s.settings });
      const lurkerGroup = settings.getByRole('group', { name: 'Lurker', exact: true });
      await lurkerGroup.getByRole('checkbox', { name: s.hide }).check();
      await lurkerGroup.getByRole('checkbox', { name: s.reveal }).check();
      await settings
        .getByRole('group', { name: 'Shade', exact: true })
        .getByRole('checkbox', { name: s.hide })
        .check();
      // Each change is sent at once: no Save button.
      await expect(settings.getByText(s.applied)).toBeVisible();
      await page.getByRole('button', { name: s.create }).click();
      const url = await page.getByRole('textbox', { name: s.link }).inputValue();
      expect(url).toMatch(new RegExp(`/${lang}/play/[A-Za-z0-9_-]{43}$`));

      const player = await playerPage(browser);
      try {
        const phone = player.page;
        await phone.goto(pathOf(url));
        await expect(phone.getByRole('heading', { level: 1, name: s.title })).toBeVisible();
        await expect(phone.getByText(s.turnOf('Aria'), { exact: true })).toBeVisible();
        await expect(card(phone, 'Aria').getByRole('meter', { name: s.hpAria })).toBeVisible();
        // Enemies: a band in words, no number of any kind; hidden units nowhere on the page.
        await expect(card(phone, 'Grask').getByText(s.healthy)).toBeAttached();
        await expect(card(phone, 'Grask')).not.toContainText(/\d/);
        await expect(phone.locator('body')).not.toContainText(/Lurker|Shade/);
        // Phone-first: nothing wider than the screen.
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );
        await expectNoSeriousA11yViolations(phone);

        // A blow lands: players see it within a second (the game master's screen has it already).
        await chooseTarget(page, s.target('Grask'));
        await page.getByRole('textbox', { name: s.amount }).fill('20');
        await page.getByRole('button', { name: s.attack, exact: true }).click();
        await savedHp(api, grask!._id).toBe(40);
        await expect(phone.getByText(s.attackLine, { exact: true })).toBeVisible({ timeout: 1000 });
        await expect(card(phone, 'Grask').getByText(s.wounded)).toBeAttached();
        await expect(card(phone, 'Grask')).not.toContainText(/\d/);

        await page.getByRole('button', { name: s.next }).click();
        await expect(phone.getByText(s.turnOf('Grask'), { exact: true })).toBeVisible();
        await expect(phone.locator('body')).not.toContainText(/Lurker|Shade/);
        // Lurker's first turn reveals it; Shade stays unseen, even on its own turn.
        await page.getByRole('button', { name: s.next }).click();
        await expect(phone.getByText(s.turnOf('Lurker'), { exact: true })).toBeVisible();
        await expect(card(phone, 'Lurker')).toBeVisible();
        await page.getByRole('button', { name: s.next }).click();
        await expect(phone.getByText(s.unseen).first()).toBeVisible();
        await expect(phone.locator('body')).not.toContainText('Shade');

        // Revoked: the open page says so at once, and so does the link opened again.
        await page.getByRole('button', { name: s.revoke }).click();
        await page.getByRole('dialog').getByRole('button', { name: s.revokeConfirm, exact: true }).click();
        await expect(phone.getByRole('heading', { level: 1, name: s.gone })).toBeVisible();
        await expect(phone.locator('body')).not.toContainText('Grask');
        await phone.reload();
        await expect(phone.getByRole('heading', { level: 1, name: s.gone })).toBeVisible();
      } finally {
        await player.context.close();
      }
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe: the player page and the revoked page, ${colorScheme} (en and fr)`, async ({
      page,
      request,
      browser,
    }) => {
      const { user, campaign, api } = await combatMaster(page, request);
      const [aria, grask] = await api.createRoster([
        { name: 'Aria', isPlayer: true },
        { name: 'Grask', hp: 60, currentHp: 60 },
      ]);
      await seedFight(api, { allies: [aria!], enemies: [grask!], order: [aria!, grask!] });
      await api.act({ type: 'attack', targetId: grask!._id, amount: 25 });
      const url = await shareViaApi(request, user, campaign);
      const player = await playerPage(browser, colorScheme);
      try {
        for (const lang of ['en', 'fr'] as const) {
          await player.page.goto(pathOf(url).replace(/^\/(en|fr)/, `/${lang}`));
          await expect(player.page.getByRole('heading', { level: 1, name: TEXT[lang].title })).toBeVisible();
          await expect(card(player.page, 'Grask').getByText(TEXT[lang].wounded)).toBeAttached();
          await expectColorScheme(player.page, colorScheme);
          await expectNoSeriousA11yViolations(player.page);
        }
        await player.page.goto('/en/play/not-a-real-token');
        await expect(player.page.getByRole('heading', { level: 1, name: TEXT.en.gone })).toBeVisible();
        await expectNoSeriousA11yViolations(player.page);
      } finally {
        await player.context.close();
      }
    });
  }
});

// Screenshots for review, not a check: PLAY_SHOTS=/some/folder npx playwright test player-view -g shots
test('shots of the player page and the share panel', async ({ page, request, browser }) => {
  test.skip(!process.env.PLAY_SHOTS, 'set PLAY_SHOTS to a folder to take them');
  test.setTimeout(300_000);
  const folder = process.env.PLAY_SHOTS!;
  const { user, campaign, api } = await combatMaster(page, request);
  const [aria, borin, grask, shade] = await api.createRoster([
    { name: 'Aria', isPlayer: true },
    { name: 'Borin', isPlayer: true, hp: 40, currentHp: 40 },
    { name: 'Grask', hp: 60, currentHp: 60 },
    { name: 'Shade' },
  ]);
  const headers = { authorization: `Bearer ${user.token}`, 'x-campaign-id': campaign._id };
  const saved = await request.put('/api/combat/player-view', {
    headers,
    data: { hp: { allies: 'exact', enemies: 'bands' }, units: { [shade!._id]: { alias: 'Hooded figure' } } },
  });
  expect(saved.status()).toBe(200);
  await seedFight(api, {
    allies: [aria!, borin!],
    enemies: [grask!, shade!],
    order: [aria!, grask!, borin!, shade!],
  });
  const statuses = (await api.campaign())!.statuses as unknown as { name: string }[];
  await api.act({ type: 'attack', targetId: grask!._id, amount: 25 });
  await api.act({ type: 'addCondition', unitId: grask!._id, status: statuses[0]!.name, rounds: 2 });
  await api.act({ type: 'nextTurn' });
  await api.act({ type: 'attack', targetId: borin!._id, amount: 9 });
  const url = await shareViaApi(request, user, campaign);

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport: { width, height: width === 375 ? 740 : 800 },
        colorScheme,
      });
      const phone = await context.newPage();
      for (const lang of ['en', 'fr'] as const) {
        await phone.goto(pathOf(url).replace(/^\/(en|fr)/, `/${lang}`));
        await expect(card(phone, 'Grask')).toBeVisible();
        await phone.screenshot({
          path: `${folder}/play-${lang}-${colorScheme}-${width}.png`,
          fullPage: true,
        });
      }
      if (width === 1280) {
        await phone.getByRole('button', { name: TEXT.fr.tableScreen }).click();
        await phone.screenshot({
          path: `${folder}/play-table-fr-${colorScheme}-${width}.png`,
          fullPage: true,
        });
        await phone.goto('/en/play/not-a-real-token');
        await expect(phone.getByRole('heading', { level: 1, name: TEXT.en.gone })).toBeVisible();
        await phone.screenshot({ path: `${folder}/play-gone-en-${colorScheme}-${width}.png` });
      }
      await context.close();
    }
  }

  await openCombat(page, 'en', campaign);
  await page.getByRole('button', { name: TEXT.en.share }).click();
  await page.getByRole('button', { name: TEXT.en.create }).click();
  await page.getByRole('button', { name: 'Show QR code' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: TEXT.en.share }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${folder}/share-en-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  const panel = page.locator('section', { has: page.getByRole('button', { name: TEXT.en.share }) }).last();
  await panel.screenshot({ path: `${folder}/share-en-375.png` });
});
