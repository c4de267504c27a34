// The combat log's window (decision 030): a fight longer than the window shows its newest entries,
// says how many there are in all, and reads the older ones with "Show older entries" — newest
// first, down to the fight's first entry, undone ones flagged as such.
import { expect, test } from '@playwright/test';
import { combatMaster, openCombat } from '../support/combat';
import { expectNoSeriousA11yViolations } from '../support/helpers';

const SHOTS = process.env.QK_SHOTS_DIR;

test.describe('combat log window', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const language of ['en', 'fr'] as const) {
    const words =
      language === 'en'
        ? {
            log: 'Combat log',
            older: 'Show older entries',
            loading: 'Loading older entries…',
            joins: 'Aria joins the allies.',
            leaves: 'Aria leaves the fight.',
            undone: 'Undone',
          }
        : {
            log: 'Journal du combat',
            older: 'Afficher les entrées plus anciennes',
            loading: 'Chargement des entrées plus anciennes…',
            joins: 'Aria rejoint les alliés.',
            leaves: 'Aria quitte le combat.',
            undone: 'Annulé',
          };

    test(`a long log shows its newest entries, then the older ones on demand (${language})`, async ({
      page,
      request,
    }) => {
      const { campaign, api } = await combatMaster(page, request, { language });
      const [aria] = await api.createRoster([{ name: 'Aria', isPlayer: true }]);
      // 62 entries: Aria joins and leaves in turn (the view will undo the last leave).
      for (let i = 0; i < 62; i++) {
        await api.act(
          i % 2 === 0
            ? { type: 'add', unitId: aria!._id, group: 'allies' }
            : { type: 'remove', unitId: aria!._id },
        );
      }
      const fight = await api.fight();
      expect(fight.log).toHaveLength(50);
      await openCombat(page, language, campaign);

      const toggle = page.getByRole('button', { name: new RegExp(words.log) });
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      await expect(toggle).toContainText(language === 'en' ? '62 entries' : '62 entrées');
      const log = page.getByRole('list', { name: words.log, exact: true });
      await expect(log.getByRole('listitem').first()).toContainText(words.leaves);
      await expect(log.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '62');

      // Undo the last leave from the screen: it stays in the log, flagged.
      await page.getByRole('button', { name: language === 'en' ? 'Undo' : 'Annuler', exact: true }).click();
      await expect(log.getByRole('listitem').first()).toContainText(words.undone);

      const older = page.getByRole('button', { name: words.older, exact: true });
      if (SHOTS) {
        const panel = page.getByRole('region', { name: new RegExp(words.log) });
        await older.scrollIntoViewIfNeeded();
        await panel.screenshot({ path: `${SHOTS}/log-${language}-1280-light.png` });
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.setViewportSize({ width: 375, height: 800 });
        await older.scrollIntoViewIfNeeded();
        await panel.screenshot({ path: `${SHOTS}/log-${language}-375-dark.png` });
        await page.emulateMedia({ colorScheme: 'light' });
        await page.setViewportSize({ width: 1280, height: 720 });
      }
      await older.click();
      // While it reads, the button says so; once read, it is gone (nothing older is left).
      await expect(page.getByRole('button', { name: words.loading, exact: true })).toHaveCount(0);
      await expect(older).toHaveCount(0);
      // Down to the fight's first entry: Aria joined.
      const last = log.locator('li[aria-posinset="62"]');
      await expect(async () => {
        await log.evaluate((list) => list.scrollTo({ top: list.scrollHeight }));
        await expect(last).toContainText(words.joins, { timeout: 1000 });
      }).toPass();
      await expect(log.locator('li[aria-posinset="61"]')).toContainText(words.leaves);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
