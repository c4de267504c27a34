// Issue #37 part 2, docs/decisions/069: no route's JavaScript or CSS grows past its budget in
// web/budgets.json, measured as the browser loads it (a fresh context, every script and stylesheet
// response until the network is idle, and the page's <style> elements), each body gzipped at level 9 whatever the server sent, so the
// figure does not depend on the server's encoding. Sizes, not times: the same build gives the same
// figures on any machine.
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { createCampaign, unitApi } from '../support/game-data';
import { registerViaApi, seedSession } from '../support/helpers';

interface Budget {
  /** Why the budget is above the target, where it is. */
  note?: string;
  path: string;
  signedIn?: boolean;
  /** Signed in with a campaign holding one unit with notes: `{campaign}` in the path is its id. */
  withCampaign?: boolean;
  js: number;
  css: number;
}

const BUDGETS = JSON.parse(fs.readFileSync(new URL('../../web/budgets.json', import.meta.url), 'utf8')) as {
  encoding: 'gzip';
  routes: Budget[];
};

/** The gzip size of each script and stylesheet `url` loads, by kind and file. */
async function loadedSizes(page: Page, url: string) {
  const bodies: Promise<{ kind: 'js' | 'css'; file: string; gzip: number } | undefined>[] = [];
  const seen = new Set<string>();
  page.on('response', (response) => {
    const file = new URL(response.url()).pathname;
    const type = response.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : undefined;
    if (!kind || seen.has(file) || response.status() !== 200) return;
    seen.add(file);
    bodies.push(
      response.body().then(
        (body) => ({ kind, file, gzip: gzipSync(body, { level: 9 }).length }),
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Prerendered pages carry the stylesheet in a <style> (decision 069): it counts as their CSS.
  const inline = await page
    .locator('style')
    .evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
  const styles = inline.map((text, index) => ({
    kind: 'css' as const,
    file: `<style> ${index + 1}`,
    gzip: gzipSync(text, { level: 9 }).length,
  }));
  return [...(await Promise.all(bodies)).filter((entry) => entry !== undefined), ...styles];
}

for (const budget of BUDGETS.routes) {
  test(`${budget.path} stays within its budget (JS ${budget.js} B, CSS ${budget.css} B, ${BUDGETS.encoding})`, async ({
    page,
    request,
  }) => {
    let path = budget.path;
    if (budget.signedIn || budget.withCampaign) {
      const user = await registerViaApi(request, { language: 'en' });
      await seedSession(page, user);
      if (budget.withCampaign) {
        const campaign = await createCampaign(request, user);
        await unitApi(request, user, campaign).create({ name: 'Brenna', notes: 'A **dwarf** of the hills.' });
        path = path.replace('{campaign}', campaign._id);
      }
    }
    const files = await loadedSizes(page, path);
    const total = (kind: 'js' | 'css') =>
      files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.gzip, 0);
    const listing = files
      .sort((a, b) => b.gzip - a.gzip)
      .map((file) => `${file.kind} ${file.file} ${file.gzip}`)
      .join('\n');
    expect(total('css'), `stylesheets of ${budget.path}:\n${listing}`).toBeGreaterThan(0);
    expect
      .soft(total('js'), `JavaScript of ${budget.path} (gzip bytes):\n${listing}`)
      .toBeLessThanOrEqual(budget.js);
    expect
      .soft(total('css'), `CSS of ${budget.path} (gzip bytes):\n${listing}`)
      .toBeLessThanOrEqual(budget.css);
    test
      .info()
      .annotations.push({ type: 'sizes', description: `js ${total('js')} B, css ${total('css')} B` });
  });
}
