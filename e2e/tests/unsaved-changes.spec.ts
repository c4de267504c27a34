// Unsaved rules are not lost by a click elsewhere in the dashboard: the app asks first.
import { expect, test } from '@playwright/test';
import { registerViaApi, seedSession } from '../support/helpers';

test('switching view with unsaved rules asks, and staying keeps the draft', async ({ page, request }) => {
  const user = await registerViaApi(request);
  const created = await request.post('/api/game-data', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { name: 'Ashen Vale', template: 'default' },
  });
  const { _id: id } = (await created.json()) as { _id: string };
  await seedSession(page, user);
  await page.goto(`/en/dashboard?campaign=${id}&view=rules`);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = page.getByLabel('Campaign rules, in markdown');
  await editor.fill('# House rules\n\nCritical hits deal double damage.');
  await editor.blur();

  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Races' }).click();
  await expect.poll(() => messages).toEqual(['You have unsaved changes. Leave them and continue?']);
  await expect(page).toHaveURL(/view=rules/);
  await expect(editor).toHaveText('# House rules\n\nCritical hits deal double damage.', {
    useInnerText: true,
  });

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('link', { name: 'Races' }).click();
  await expect(page).toHaveURL(/view=races/);
  await expect(page.getByRole('heading', { name: 'Races of Ashen Vale' })).toBeVisible();
});
