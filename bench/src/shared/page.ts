import type { BrowserContext, Page } from 'playwright-core';

/**
 * Opens a page that Playwright serves from memory at url (context.route): a floor page at the app's
 * origin, so it loads the app's stylesheets and is measured in the same browser as the app.
 */
export async function openServedPage(context: BrowserContext, url: string, html: string): Promise<Page> {
  await context.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  return page;
}
