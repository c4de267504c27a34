// The search palette's keystroke benchmark (docs/product.md#campaign-search, decision 063): on a Hero
// campaign at its limits (../links/seed.ts: 200 units with 20,000-character notes, a 600,000-character
// rulebook, 100 races, classes and statuses, 200 encounters), the palette open over the rules view in
// Chromium, queries typed one key at a time; each key is timed from its keydown to the paint after the
// results of what it typed are on screen (./page-scripts.ts). Target: p95 ≤ 100 ms. The floor, in the
// same browser, run and server: a plain page whose field sends the same GET /api/search on each key and
// writes the answer as plain list items — the network and the server's search, with nothing of the
// app's own. The app and the floor take turns query by query. Builds the web app and runs the real
// server (../web/app.ts); the world is written into its PGlite database while it is stopped, as the
// combat benchmark does. Prints the figures with a PASS/FAIL line, writes
// bench/results/search-<date>.json, and reports whatever the figures: only an error stops it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SEARCH_LIMIT_DEFAULT } from '@questkeeper/core/limits';
import { openDatabase } from '../../../server/src/db/client';
import { quiet, STYLESHEETS, TWO_FRAMES } from '../editor/page-scripts';
import { seedLinksWorld, type LinksWorld } from '../links/seed';
import { call, createHero } from '../shared/api';
import { grid, median, ms, percentile, ratio, verdict } from '../shared/figures';
import { logLoadAverage } from '../shared/machine';
import { openServedPage } from '../shared/page';
import { buildWeb, startServer, type RunningServer } from '../web/app';
import { CHROME_PATH } from '../web/browser';
import { launchBrowser } from '../web/route-js';
import { floorPage, installKeyRecorder, SEARCH_FETCHES, type KeySample } from './page-scripts';

const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 3);
/** ms between two keys: a quick typist (the palette must keep up with every key, not only the last). */
const KEY_EVERY_MS = Number(process.env.BENCH_SEARCH_KEY_MS ?? 120);
const TARGET_P95_MS = 100;
const VIEWPORT = { width: 1280, height: 900 };
const RESULTS_DIR = new URL('../../results', import.meta.url).pathname;
const APP_FIELD = 'dialog[data-search-palette] [role="combobox"]';
const FLOOR_FIELD = '#floor-field';

/** What a game master types, without accents: a name, words of the notes in any order, a miss. */
export const QUERIES = [
  'vaelith',
  'degats feu',
  'eluned 15',
  'foret ancienne',
  'marsh wyvern',
  'guerrier 42',
  'sealed letter',
  'coeur',
  'zzyzx',
];
const WARMUP_QUERIES = ['sombrelame', 'peuple 7'];

const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time)));

/** Two frames, `wait` more, then 300 ms without a long task (at most 20 s). */
async function settle(page: Page, wait = 300) {
  await page.evaluate(TWO_FRAMES);
  await sleep(wait);
  await page.evaluate(quiet(300, 20_000));
}

/** Types `query` into the focused field one key every KEY_EVERY_MS, then lets the answers land and clears it. */
async function typeQuery(page: Page, query: string): Promise<KeySample[]> {
  const start = Date.now();
  for (const [index, char] of [...query].entries()) {
    await sleep(start + index * KEY_EVERY_MS - Date.now());
    await page.keyboard.type(char);
  }
  await settle(page, 500);
  const samples = await page.evaluate<KeySample[]>('window.__qkSearchKeys()');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await settle(page, 200);
  await page.evaluate('window.__qkSearchKeys()');
  return samples;
}

interface Target {
  name: 'app' | 'floor';
  page: Page;
  samples: KeySample[];
  fetches: number[];
}

function summary(samples: KeySample[]) {
  const paints = samples.map((s) => s.paint ?? Number.NaN);
  return {
    keys: samples.length,
    unanswered: samples.filter((s) => s.paint === null).length,
    median: median(paints),
    p95: percentile(paints, 95),
    max: Math.max(...paints.filter(Number.isFinite)),
  };
}

export async function benchSearch(): Promise<void> {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}`;
  console.log(
    '\n== Search palette: keystroke → results painted, on a Hero campaign at its limits, in Chromium',
  );
  console.log(`${machine}; Chromium ${CHROME_PATH}; viewport ${VIEWPORT.width}×${VIEWPORT.height}`);
  const loadBefore = os.loadavg();

  const build = buildWeb();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-bench-search-data-'));
  let server: RunningServer | undefined;
  try {
    server = await startServer(build.distDir, dataDir);
    const account = await createHero(server.origin, 'search');
    // PGlite allows one process: the world is written while the server is stopped.
    await server.stop();
    server = undefined;
    const database = await openDatabase({ kind: 'pglite', dataDir });
    let world: LinksWorld;
    try {
      world = await seedLinksWorld(database, account.userId);
    } finally {
      await database.close();
    }
    server = await startServer(build.distDir, dataDir);
    const { origin } = server;
    console.log(`app: ${origin} (node scripts/start.mjs, build in ${build.distDir})`);
    // The first search after a start folds the whole campaign (information; ../links/run.ts measures it).
    const cold = performance.now();
    await call<unknown>(origin, 'GET', '/api/search?q=vaelith', {
      token: account.token,
      campaignId: world.campaignId,
      expect: 200,
    });
    console.log(
      `campaign ${world.campaignId}: 200 units × 20,000 characters of notes, 600,000 characters of rules, ` +
        `100 races, classes and statuses, 200 encounters; first search after the start ${(performance.now() - cold).toFixed(0)} ms`,
    );
    console.log(
      `typing: one key every ${KEY_EVERY_MS} ms, ${ROUNDS} rounds of ${QUERIES.length} queries ` +
        `(${QUERIES.map((q) => JSON.stringify(q)).join(', ')}), app and floor in turn`,
    );

    const browser = await launchBrowser();
    try {
      const appContext = await browser.newContext({ viewport: VIEWPORT });
      await appContext.addInitScript({
        content: `localStorage.setItem('questkeeper.session', ${JSON.stringify(account.session)});`,
      });
      const appPage = await appContext.newPage();
      await appPage.goto(`${origin}/en/dashboard?campaign=${world.campaignId}&view=rules`, {
        waitUntil: 'load',
      });
      await appPage.getByRole('region', { name: 'Campaign rules', exact: true }).waitFor({ timeout: 60_000 });
      await settle(appPage, 1000);
      await appPage.keyboard.press('Control+k');
      await appPage.getByRole('combobox', { name: 'Search the campaign', exact: true }).waitFor();
      await appPage.evaluate(installKeyRecorder(APP_FIELD));

      const floorContext = await browser.newContext({ viewport: VIEWPORT });
      const floor = await openServedPage(
        floorContext,
        `${origin}/bench-search-floor`,
        floorPage({
          stylesheets: await appPage.evaluate<string>(STYLESHEETS),
          token: account.token,
          campaignId: world.campaignId,
          limit: SEARCH_LIMIT_DEFAULT,
        }),
      );
      await floor.focus(FLOOR_FIELD);
      await floor.evaluate(installKeyRecorder(FLOOR_FIELD));

      const visibility = await Promise.all(
        [appPage, floor].map((p) => p.evaluate<string>('document.visibilityState')),
      );
      if (visibility.some((v) => v !== 'visible'))
        console.log(`WARNING: page visibility ${visibility.join(', ')}`);

      const targets: Target[] = [
        { name: 'app', page: appPage, samples: [], fetches: [] },
        { name: 'floor', page: floor, samples: [], fetches: [] },
      ];
      // Warm-up: the first answers, the units list the palette reads while a fight is in setup, the JIT.
      for (const target of targets) {
        for (const query of WARMUP_QUERIES) await typeQuery(target.page, query);
        await target.page.evaluate(SEARCH_FETCHES);
      }

      const perQuery = new Map<string, Record<Target['name'], KeySample[]>>(
        QUERIES.map((query) => [query, { app: [], floor: [] }]),
      );
      for (let round = 0; round < ROUNDS; round++) {
        for (const [index, query] of QUERIES.entries()) {
          // Alternate which goes first, so drift on a shared machine falls on both.
          const order = (round + index) % 2 ? [targets[1]!, targets[0]!] : [targets[0]!, targets[1]!];
          for (const target of order) {
            const samples = await typeQuery(target.page, query);
            target.samples.push(...samples);
            perQuery.get(query)![target.name].push(...samples);
            target.fetches.push(...(await target.page.evaluate<number[]>(SEARCH_FETCHES)));
          }
        }
        const line = targets.map((t) => `${t.name} p95 ${ms(summary(t.samples).p95)} ms`).join(', ');
        console.log(`  round ${round + 1}/${ROUNDS}: ${line} (so far)`);
      }

      const app = summary(targets[0]!.samples);
      const base = summary(targets[1]!.samples);
      console.log('\nKeystroke → results painted (ms; the floor measured in this run):\n');
      console.log(
        grid(
          ['', 'keys', 'unanswered', 'median', 'p95', 'slowest', 'GET /api/search p50', 'p95'],
          [
            ['app (palette over the rules view)', app, targets[0]!.fetches],
            ['floor (fetch + plain list)', base, targets[1]!.fetches],
          ].map(([label, s, fetches]) => {
            const f = s as ReturnType<typeof summary>;
            const times = fetches as number[];
            return [
              label as string,
              String(f.keys),
              String(f.unanswered),
              ms(f.median),
              ms(f.p95),
              ms(f.max),
              ms(percentile(times, 50)),
              ms(percentile(times, 95)),
            ];
          }),
          1,
        ),
      );
      console.log('\nPer query (p95, ms):\n');
      console.log(
        grid(
          ['query', 'keys', 'app', 'floor', 'app / floor'],
          QUERIES.map((query) => {
            const entry = perQuery.get(query)!;
            const a = percentile(
              entry.app.map((s) => s.paint ?? Number.NaN),
              95,
            );
            const f = percentile(
              entry.floor.map((s) => s.paint ?? Number.NaN),
              95,
            );
            return [JSON.stringify(query), String(entry.app.length), ms(a), ms(f), ratio(a, f)];
          }),
          1,
        ),
      );
      console.log(
        `\n${verdict(app.p95, TARGET_P95_MS)}: keystroke → results painted p95 ${ms(app.p95)} ms ` +
          `(target ≤ ${TARGET_P95_MS} ms; floor p95 ${ms(base.p95)} ms, ${ratio(app.p95, base.p95)} the floor)`,
      );
      if (app.unanswered > 0) {
        console.log(
          `WARNING: ${app.unanswered} keys of the app never saw their results (counted as missing).`,
        );
      }
      logLoadAverage(loadBefore, cpus.length);

      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(RESULTS_DIR, `search-${stamp}.json`);
      fs.writeFileSync(
        file,
        `${JSON.stringify(
          {
            date: new Date().toISOString(),
            machine,
            loadAverage: { before: loadBefore, after: os.loadavg() },
            chromium: CHROME_PATH,
            settings: { rounds: ROUNDS, keyEveryMs: KEY_EVERY_MS, viewport: VIEWPORT, queries: QUERIES },
            summary: { app, floor: base, targetP95Ms: TARGET_P95_MS },
            raw: Object.fromEntries(targets.map((t) => [t.name, { keys: t.samples, fetches: t.fetches }])),
          },
          null,
          2,
        )}\n`,
      );
      console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
    } finally {
      await browser.close();
    }
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    build.remove();
  }
}
