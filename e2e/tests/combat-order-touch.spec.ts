// The initiative order fixed with a finger: HTML5 drag and drop never starts from a
// touch, so the row's handle follows the pointer itself. Real touch input through the DevTools
// protocol (Chromium turns it into pointer events, honouring `touch-action`), on a touch screen; the
// fight is seeded through the API and the order read back from the server.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { combatMaster, openCombat, orderItems, seedFight, type CombatApi } from '../support/combat';

test.use({ hasTouch: true });

/** The names of the fight's order, top to bottom, as the server holds it. */
async function orderNames(api: CombatApi): Promise<string[]> {
  const [fight, units] = await Promise.all([api.combat(), api.units()]);
  return fight.order.map((entry) => units.find((unit) => unit._id === entry.unitId)?.name ?? '?');
}

/** A finger put on `handle`, moved by `dy` px in small steps, then lifted. */
async function fingerDrag(page: Page, handle: Locator, dy: number) {
  const box = await handle.boundingBox();
  if (!box) throw new Error('the handle is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y: at, id: 1 }],
    });
  await touch('touchStart', y);
  const steps = 8;
  for (let step = 1; step <= steps; step += 1) await touch('touchMove', y + (dy * step) / steps);
  await touch('touchEnd', y + dy);
  await cdp.detach();
}

test('a finger drags a unit up the initiative order: one reorder, kept by the server (en)', async ({
  page,
  request,
}) => {
  const { campaign, api } = await combatMaster(page, request);
  const [borin, grask, snaga, wulf] = await api.createRoster([
    { name: 'Borin', isPlayer: true },
    { name: 'Grask' },
    { name: 'Snaga' },
    { name: 'Wulf' },
  ]);
  await seedFight(api, {
    allies: [borin],
    enemies: [grask, snaga, wulf],
    order: [borin, grask, snaga, wulf],
  });
  await openCombat(page, 'en', campaign);
  const rows = orderItems(page, 'Initiative order');
  await expect(rows).toHaveCount(4);

  // The GM scrolls the order to the top of the screen (its lower rows sit under the action bar).
  await page
    .getByRole('heading', { name: 'Initiative order', exact: true })
    .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
  // Wulf, last, is lifted two rows up: between Borin and Grask.
  const handle = page.getByRole('button', { name: /^Drag Wulf to its place/ });
  const pitch = await rows.evaluateAll(([first, second]) =>
    first && second ? second.getBoundingClientRect().top - first.getBoundingClientRect().top : 0,
  );
  expect(pitch).toBeGreaterThan(0);
  await fingerDrag(page, handle, -2 * pitch);

  await expect.poll(() => orderNames(api)).toEqual(['Borin', 'Wulf', 'Grask', 'Snaga']);
  await expect(rows.nth(1)).toContainText('Wulf');
  const fight = await api.fight();
  expect(fight.log.filter((entry) => entry.type === 'reorder')).toHaveLength(1);
  // The turn is still Borin's.
  await expect(page.getByText('Turn of Borin', { exact: true })).toBeVisible();
});
