// The page benchmark of docs/decisions/011: builds the web app, runs the real server, measures the JavaScript
// each route loads, and runs Lighthouse on the landing and login pages against a static floor (the
// same pages rendered, without scripts) measured in the same run. Prints medians and PASS/FAIL
// lines, writes bench/results/web-<date>.json, and — like the API bench — reports whatever the
// figures: only an error stops it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWeb, startApp, type RunningApp } from './app';
import { CHROME_PATH } from './browser';
import { startFloor, type FloorServer } from './floor';
import { librarySizes } from './libraries';
import { runLighthouse, type Preset } from './lighthouse';
import { launchBrowser, measureRoutes, snapshotWithoutScripts } from './route-js';
import { findings, libraryTable, pageTable, routeTable, summarize, verdicts, type PageRuns } from './report';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const RESULTS_DIR = new URL('../../results', import.meta.url).pathname;
// BENCH_WEB_PRESETS=mobile: issue #37's targets are mobile ones; half the runs on a busy machine.
const PRESETS = (process.env.BENCH_WEB_PRESETS?.split(',') ?? ['desktop', 'mobile']) as Preset[];
const PAGES = [
  { page: 'landing', path: '/en' },
  { page: 'pricing', path: '/en/pricing' },
  { page: 'login', path: '/en/login' },
];

export async function benchWeb(): Promise<void> {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}`;
  console.log('\n== Web pages: JavaScript per route, Lighthouse on /en, /en/pricing and /en/login');
  console.log(`${machine}; Chromium ${CHROME_PATH}; ${RUNS} Lighthouse runs per page, preset and target`);
  const build = buildWeb();
  let app: RunningApp | undefined;
  let floor: FloorServer | undefined;
  try {
    app = await startApp(build.distDir);
    console.log(`app: ${app.origin} (node scripts/start.mjs, build in ${build.distDir})`);

    const browser = await launchBrowser();
    const snapshots = new Map<string, string>();
    let routes;
    try {
      routes = await measureRoutes(browser, app.origin);
      for (const p of PAGES)
        snapshots.set(p.path, await snapshotWithoutScripts(browser, `${app.origin}${p.path}`));
    } finally {
      await browser.close();
    }
    console.log('\nJavaScript per route (gzip -9 of the bytes the browser ran; 1 kB = 1000 bytes):\n');
    console.log(routeTable(routes));

    const libraries = await librarySizes();
    // The public pages, login and reset included, are islands (decisions 069, 073): the app's
    // libraries weigh on the dashboard.
    console.log('\nWhat the dashboard JS is made of (each library bundled alone with esbuild, minified):\n');
    console.log(
      libraryTable(
        libraries,
        routes.find((r) => r.path === '/en/dashboard'),
      ),
    );

    floor = await startFloor(build.distDir, snapshots);
    console.log(`\nfloor: ${floor.origin} (the same pages rendered, scripts removed, same CSS; node:http)`);
    const runs: PageRuns[] = [];
    for (const preset of PRESETS) {
      for (const p of PAGES) {
        for (const target of ['app', 'floor'] as const) {
          runs.push({ preset, page: p.page, path: p.path, target, samples: [] });
        }
      }
    }
    for (let round = 0; round < RUNS; round++) {
      for (const preset of PRESETS) {
        for (const p of PAGES) {
          // Alternate which target goes first, so drift on a shared machine falls on both.
          const order = round % 2 ? (['floor', 'app'] as const) : (['app', 'floor'] as const);
          for (const target of order) {
            const origin = target === 'app' ? app.origin : floor.origin;
            const sample = await runLighthouse(`${origin}${p.path}`, preset);
            runs
              .find((r) => r.preset === preset && r.page === p.page && r.target === target)
              ?.samples.push(sample);
            console.log(
              `  run ${round + 1}/${RUNS} ${preset} ${p.page} ${target}: score ${sample.score}, ` +
                `FCP ${sample.fcpMs.toFixed(0)} ms, LCP ${sample.lcpMs.toFixed(0)} ms, ` +
                `TBT ${sample.tbtMs.toFixed(0)} ms, CLS ${sample.cls.toFixed(3)}` +
                (sample.warnings.length ? ` (warnings: ${sample.warnings.join('; ')})` : ''),
            );
          }
        }
      }
    }
    const summaries = summarize(runs);
    console.log(`\nLighthouse medians over ${RUNS} runs (each column the median of its own runs):\n`);
    console.log(pageTable(summaries));
    const found = findings(runs);
    if (found.length) {
      console.log('\nLighthouse audits under 0.9 on the app (any run):');
      for (const line of found) console.log(line);
    }
    console.log('');
    for (const line of verdicts(summaries, routes)) console.log(line);

    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const json = {
      date: new Date().toISOString(),
      machine,
      chromium: CHROME_PATH,
      settings: { runs: RUNS, presets: PRESETS, pages: PAGES },
      routes,
      libraries,
      summaries,
      runs,
    };
    fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
    console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
  } finally {
    await floor?.stop();
    await app?.stop();
    build.remove();
  }
}
