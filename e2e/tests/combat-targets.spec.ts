// Targets and clicks (decision 053): the spec's glide stays (a target not last in
// its group moves to the end of it in 250 ms), but a pick made during the glide counts when it ends,
// a target clicked twice fast stays the target, and the moved card lands in view above the sticky
// action bar. The keyboard reaches a group's cards with one Tab and walks them with the arrows (or
// J and K), each card reached becoming the target.
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  combatMaster,
  groupTargets,
  openCombat,
  seedFight,
  targetMovesSettled,
  type Unit,
} from '../support/combat';

const target = (page: Page, name: string) =>
  page.getByRole('button', { name: `Target ${name}`, exact: true });
/** A unit's card: the row its target button stretches over. */
const card = (page: Page, name: string) => page.locator('li', { has: target(page, name) });
/** The action bar, stuck to the bottom of the screen. */
const actionBar = (page: Page) => page.locator('[data-bottom-bar] > *').first();

/** The card is wholly on screen, inside its list, and its bottom is above the action bar's top. */
async function expectAboveTheBar(page: Page, row: Locator) {
  await targetMovesSettled(page);
  await expect(row).toBeInViewport({ ratio: 1 });
  const [box, bar] = await Promise.all([row.boundingBox(), actionBar(page).boundingBox()]);
  expect(box && bar && box.y + box.height <= bar.y + 0.5, `${JSON.stringify({ box, bar })}`).toBe(true);
}

const goblins = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ name: `Goblin ${index + 1}`, hp: 30, currentHp: 30 }));

test.describe('targets and clicks', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a pick during the glide counts when it ends, and the target lands above the action bar (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request);
    const [aria, ...enemies] = await api.createRoster([
      { name: 'Aria', isPlayer: true, hp: 40, currentHp: 40 },
      ...goblins(8),
    ]);
    await seedFight(api, { allies: [aria!], enemies, order: [aria!, ...enemies] });
    await page.setViewportSize({ width: 1280, height: 720 });
    await openCombat(page, 'en', campaign);
    await expect(target(page, 'Goblin 1')).toBeVisible();

    // Clicked twice fast (the second click lands while the card glides): it stays the target, at
    // the end of its group, in view above the bar.
    await target(page, 'Goblin 1').dblclick();
    await expect(groupTargets(page, 'Enemies').last()).toHaveText('Goblin 1');
    await expect(target(page, 'Goblin 1')).toHaveAttribute('aria-pressed', 'true');
    await expectAboveTheBar(page, card(page, 'Goblin 1'));

    // Two picks in the same instant: the second waits for the first one's glide, then counts.
    await page.evaluate(() => {
      for (const name of ['Goblin 2', 'Goblin 3']) {
        document.querySelector<HTMLButtonElement>(`button[aria-label="Target ${name}"]`)!.click();
      }
    });
    await expect(target(page, 'Goblin 3')).toHaveAttribute('aria-pressed', 'true');
    await expect(target(page, 'Goblin 2')).toHaveAttribute('aria-pressed', 'false');
    await expect(groupTargets(page, 'Enemies')).toHaveText([
      ...['Goblin 4', 'Goblin 5', 'Goblin 6', 'Goblin 7', 'Goblin 8'],
      ...['Goblin 1', 'Goblin 2', 'Goblin 3'],
    ]);
    await expectAboveTheBar(page, card(page, 'Goblin 3'));

    // On a phone, the bar takes the bottom of the screen: the target still lands above it.
    await page.setViewportSize({ width: 375, height: 740 });
    await target(page, 'Goblin 4').scrollIntoViewIfNeeded();
    await target(page, 'Goblin 4').click();
    await expect(target(page, 'Goblin 4')).toHaveAttribute('aria-pressed', 'true');
    await expectAboveTheBar(page, card(page, 'Goblin 4'));
  });

  test('one Tab reaches a group, and the arrows or J and K walk it, picking each unit (en)', async ({
    page,
    request,
  }) => {
    const { campaign, api } = await combatMaster(page, request);
    const roster: Unit[] = await api.createRoster([
      { name: 'Aria', isPlayer: true, hp: 40, currentHp: 40 },
      { name: 'Borin', isPlayer: true, hp: 40, currentHp: 40 },
      ...goblins(4),
    ]);
    const [aria, borin, ...enemies] = roster;
    await seedFight(api, { allies: [aria!, borin!], enemies, order: roster });
    await openCombat(page, 'en', campaign);
    await expect(target(page, 'Goblin 1')).toBeVisible();

    // From the order's last tool: the initiative order is one stop (its current unit's handle),
    // each group another.
    await page.getByRole('button', { name: 'End combat', exact: true }).focus();
    for (const tool of ['Add lair / hazard', 'Group units', 'Reroll initiative']) {
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: tool, exact: true })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    const ariaHandle = page.getByRole('button', { name: /^Drag Aria to its place/ });
    await expect(ariaHandle).toBeFocused();
    // Up and Down go from handle to handle.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: /^Drag Borin to its place/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(target(page, 'Aria')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(target(page, 'Borin')).toBeFocused();
    await expect(target(page, 'Borin')).toHaveAttribute('aria-pressed', 'true');
    // The walked row's own controls come next: its temporary HP, its stat block, its quick amount.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Temporary HP of Borin', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Stat block of Borin', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Damage or heal Borin', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(target(page, 'Goblin 1')).toBeFocused();

    // Down: the next unit is the target (it glides to the end and keeps the focus)…
    await page.keyboard.press('ArrowDown');
    await expect(target(page, 'Goblin 2')).toHaveAttribute('aria-pressed', 'true');
    await expect(target(page, 'Goblin 2')).toBeFocused();
    await expect(groupTargets(page, 'Enemies')).toHaveText(['Goblin 1', 'Goblin 3', 'Goblin 4', 'Goblin 2']);
    // …J at once, during the glide: from the last card, the first in line, once the glide is over.
    await page.keyboard.press('j');
    await expect(target(page, 'Goblin 1')).toHaveAttribute('aria-pressed', 'true');
    await expect(target(page, 'Goblin 1')).toBeFocused();
    await expect(groupTargets(page, 'Enemies')).toHaveText(['Goblin 3', 'Goblin 4', 'Goblin 2', 'Goblin 1']);
    // K: back to the one before.
    await page.keyboard.press('k');
    await expect(target(page, 'Goblin 2')).toHaveAttribute('aria-pressed', 'true');
    await expect(target(page, 'Goblin 2')).toBeFocused();
    await expect(target(page, 'Goblin 1')).toHaveAttribute('aria-pressed', 'false');
    // The Tab stop of the group is now its target.
    await expect(target(page, 'Goblin 2')).toHaveAttribute('tabindex', '0');
    await expect(target(page, 'Goblin 3')).toHaveAttribute('tabindex', '-1');
  });
});
