import { expect, test } from '@playwright/test';

test('the server answers the web app and its health from one origin', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'up' });

  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const response = await page.goto('/en');
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Run epic campaigns, not paperwork' }),
  ).toBeVisible();
  expect(cspViolations).toEqual([]);
});

test('unknown paths answer 404', async ({ page }) => {
  const response = await page.goto('/en/no-such-page');
  expect(response?.status()).toBe(404);
});

test('the API documentation renders under the strict CSP', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('Questkeeper API').first()).toBeVisible();
  await expect(page.getByText('/api/auth/register').first()).toBeVisible();
});
