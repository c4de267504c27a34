// The rules and editor benchmark of docs/decisions/012: with a 600,000-character rulebook, in Chromium, the
// preview render time (switching to the rules view), the search time (Enter → results painted) and
// keystroke → next paint while typing in the editor, each against a floor measured in the same run.
// Builds the web app and runs the real server like the page benchmark (../web/app.ts), prints the
// figures with PASS/FAIL lines, writes bench/results/editor-<date>.json, and reports whatever the
// figures: only an error stops it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from '../shared/figures';
import { logLoadAverage } from '../shared/machine';
import { buildWeb, startApp, type RunningApp } from '../web/app';
import { CHROME_PATH } from '../web/browser';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../web/route-js';
import { markdownBundle, nodeRenderFloor, nodeSearchFloor } from './floor';
import {
  APP_EDITOR_SELECTOR,
  CADENCES,
  FLOOR_EDITOR_SELECTOR,
  VIEWPORT,
  measureFloorPreview,
  measureSearch,
  measureViewSwitch,
  openEditor,
  openFloor,
  openRules,
  readBox,
  typeInto,
  type TypingRun,
} from './measure';
import {
  SMALL_LABEL,
  mainTable,
  searchTable,
  summarizeAll,
  typingTable,
  verdicts,
  type TypingInput,
} from './report';
import {
  RULES_CHARS,
  SEARCH_QUERIES,
  SMALL_FLOOR_CHARS,
  TYPED_TEXT,
  generateRulebook,
  typingSpot,
} from './rulebook';
import { editorText } from './page-scripts';
import { createAccount } from './setup';

const PREVIEW_RUNS = Number(process.env.BENCH_EDITOR_PREVIEW_RUNS ?? 5);
/** Rounds of typing; each types the 100 characters once per cadence in the app and in each floor. */
const TYPING_ROUNDS = Number(process.env.BENCH_EDITOR_TYPING_ROUNDS ?? 3);
/** BENCH_EDITOR_TRACE=1: a Chromium trace of the app page's measurements, for DevTools' Performance panel. */
const TRACE = process.env.BENCH_EDITOR_TRACE === '1';
/** Pause after a deletion or a typing run, longer than the editor's 300 ms preview delay (settle()
 *  then waits for the refresh to end). */
const TYPING_SETTLE_MS = 600;
const RESULTS_DIR = new URL('../../results', import.meta.url).pathname;

export async function benchEditor(): Promise<void> {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}`;
  console.log(`\n== Rules and editor: a ${RULES_CHARS.toLocaleString('en')}-character rulebook in Chromium`);
  console.log(`${machine}; Chromium ${CHROME_PATH}; viewport ${VIEWPORT.width}×${VIEWPORT.height}`);
  const loadBefore = os.loadavg();

  const rules = generateRulebook();
  const spot = typingSpot(rules);
  const original = rules.slice(spot - TYPED_TEXT.length, spot);
  const smallText = rules.slice(0, SMALL_FLOOR_CHARS);
  const smallSpot = typingSpot(smallText);
  console.log(
    `rulebook: ${rules.length} characters, ${rules.split('\n').length} lines, ` +
      `${(rules.match(/^#{1,6} /gm) ?? []).length} headings; typing replaces characters ${spot - TYPED_TEXT.length}–${spot}`,
  );
  const floorNode = nodeRenderFloor(rules);
  console.log(
    `floor, Node: markdown-it (the app's renderMarkdown) renders it in ${floorNode.median.toFixed(1)} ms ` +
      `(median of ${floorNode.samples.length}; ${floorNode.htmlChars} characters of HTML)`,
  );
  const searchFloor = nodeSearchFloor(rules, SEARCH_QUERIES);
  const markdownScript = await markdownBundle();

  const build = buildWeb();
  let app: RunningApp | undefined;
  try {
    app = await startApp(build.distDir);
    console.log(`app: ${app.origin} (node scripts/start.mjs, build in ${build.distDir})`);
    const account = await createAccount(app.origin, rules);
    console.log(`account: Hero through the demo checkout; campaign ${account.campaignId} holds the rulebook`);

    const browser = await launchBrowser();
    try {
      const appContext = await browser.newContext({ viewport: VIEWPORT });

      const { page, firstLoad } = await openRules(
        appContext,
        app.origin,
        account.session,
        account.campaignId,
      );
      console.log(
        `\nfirst load of /en/dashboard?view=rules (information): first screen of the rulebook painted ` +
          `${firstLoad.firstPaint.toFixed(0)} ms, the whole rulebook ${firstLoad.paint.toFixed(0)} ms after navigation start`,
      );
      const read = await readBox(page);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const traceFile = path.join(RESULTS_DIR, `editor-trace-${stamp}.json`);
      if (TRACE) {
        fs.mkdirSync(RESULTS_DIR, { recursive: true });
        await browser.startTracing(page, { path: traceFile, screenshots: false });
      }

      const switches = await measureViewSwitch(page, PREVIEW_RUNS);
      for (const [i, t] of switches.entries()) {
        console.log(
          `  preview ${i + 1}/${switches.length}: first screen in the DOM ${t.firstDom.toFixed(1)} ms, ` +
            `painted ${t.firstPaint.toFixed(1)} ms; whole rulebook in the DOM ${t.dom.toFixed(1)} ms, painted ${t.paint.toFixed(1)} ms`,
        );
      }

      const searches = await measureSearch(page, SEARCH_QUERIES);
      for (const s of searches) {
        console.log(
          `  search ${JSON.stringify(s.query)}: ${s.paint.toFixed(1)} ms (${s.summary}; ${s.lines} listed)`,
        );
      }

      const previewFloor = await openFloor(
        await browser.newContext({ viewport: VIEWPORT }),
        app.origin,
        'preview',
        {
          stylesheets: read.stylesheets,
          preview: { box: read.box, markdownScript, text: rules },
        },
      );
      const floorPreview = await measureFloorPreview(previewFloor, PREVIEW_RUNS);
      for (const [i, t] of floorPreview.entries()) {
        console.log(
          `  floor preview ${i + 1}/${floorPreview.length}: markdown-it ${t.render.toFixed(1)} ms, ` +
            `in the DOM ${t.dom.toFixed(1)} ms, painted ${t.paint.toFixed(1)} ms`,
        );
      }
      await previewFloor.context().close();

      const typing: TypingInput[] = CADENCES.map((cadence, index) => ({
        cadence: cadence.name,
        description: cadence.description,
        app: [],
        floor: [],
        ...(index === 0 ? { small: [] } : {}),
      }));
      // The typing measurement drives the app's editor and a plain <textarea>: an editor it cannot drive
      // must not cost the preview and search figures.
      try {
        const { box: editorBox } = await openEditor(page);
        const editorFloor = await openFloor(
          await browser.newContext({ viewport: VIEWPORT }),
          app.origin,
          'editor',
          {
            stylesheets: read.stylesheets,
            textarea: { box: editorBox, text: rules },
          },
        );
        const smallFloor = await openFloor(
          await browser.newContext({ viewport: VIEWPORT }),
          app.origin,
          'small',
          {
            stylesheets: read.stylesheets,
            textarea: { box: editorBox, text: smallText },
          },
        );
        const visibility = await Promise.all(
          [page, editorFloor, smallFloor].map((p) => p.evaluate<string>('document.visibilityState')),
        );
        if (visibility.some((v) => v !== 'visible'))
          console.log(`WARNING: page visibility ${visibility.join(', ')}`);

        for (let round = 0; round < TYPING_ROUNDS; round++) {
          for (const [index, cadence] of CADENCES.entries()) {
            const entry = typing[index];
            if (!entry) continue;
            const runs: [string, Page, string, number, TypingRun[] | undefined][] = [
              ['app', page, APP_EDITOR_SELECTOR, spot, entry.app],
              ['plain <textarea>', editorFloor, FLOOR_EDITOR_SELECTOR, spot, entry.floor],
              // Once per round is enough: a short text triggers nothing on a pause.
              [`plain <textarea>, ${SMALL_LABEL}`, smallFloor, FLOOR_EDITOR_SELECTOR, smallSpot, entry.small],
            ];
            for (const [target, where, selector, at, into] of runs) {
              if (!into) continue;
              const run = await typeInto(where, selector, at, TYPED_TEXT, cadence, TYPING_SETTLE_MS);
              into.push(run);
              const paints = run.samples.map((s) => s.paint ?? Number.NaN).filter(Number.isFinite);
              console.log(
                `  typing round ${round + 1}/${TYPING_ROUNDS}, ${cadence.name}, ${target}: ${run.samples.length} keys, ` +
                  `median ${median(paints).toFixed(1)} ms, slowest ${Math.max(...paints).toFixed(1)} ms`,
              );
            }
          }
        }
        const editorValue = await page.evaluate<string | null>(editorText(APP_EDITOR_SELECTOR));
        const typedText = editorValue?.slice(spot - TYPED_TEXT.length, spot) ?? null;
        if (typedText !== null && typedText !== TYPED_TEXT) {
          console.log(`WARNING: the editor holds ${JSON.stringify(typedText)} where the typing went`);
        }
      } catch (error) {
        console.log(
          `WARNING: typing not measured (${error instanceof Error ? error.message : String(error)})`,
        );
      }
      if (TRACE) {
        await browser.stopTracing();
        console.log(`Trace of the app page: ${path.relative(process.cwd(), traceFile)}`);
      }

      const summary = summarizeAll({
        preview: { app: switches, floorPage: floorPreview, floorNode: floorNode.median, firstLoad },
        search: { app: searches, floorNode: searchFloor },
        typing,
      });
      console.log('\nRules and editor (ms; floors measured in this run):\n');
      console.log(mainTable(summary));
      console.log('\nSearch, per query (Enter → results painted; the floor is searchRules alone in Node):\n');
      console.log(searchTable(summary));
      console.log(
        '\nTyping (keydown → next paint after its input; same text, place and schedule for both):\n',
      );
      for (const c of CADENCES) console.log(`  ${c.name}: ${c.description}`);
      console.log('');
      console.log(typingTable(summary));
      console.log('');
      for (const line of verdicts(summary)) console.log(line);
      logLoadAverage(loadBefore, cpus.length);
      const small = summary.typing.find((t) => t.small)?.small;
      if (small && small.p95 > 16) {
        console.log(
          `WARNING: a plain <textarea> with ${SMALL_FLOOR_CHARS} characters took ${small.p95.toFixed(1)} ms (p95) ` +
            'from keydown to paint, where an idle machine takes a few: other work shared the CPU, every figure is inflated.',
        );
      }

      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      const file = path.join(RESULTS_DIR, `editor-${stamp}.json`);
      const json = {
        date: new Date().toISOString(),
        machine,
        loadAverage: { before: loadBefore, after: os.loadavg() },
        chromium: CHROME_PATH,
        settings: {
          rulesChars: RULES_CHARS,
          previewRuns: PREVIEW_RUNS,
          typingRounds: TYPING_ROUNDS,
          viewport: VIEWPORT,
          queries: SEARCH_QUERIES,
          typed: TYPED_TEXT,
          replaced: original,
          typingAt: spot - TYPED_TEXT.length,
          smallFloorChars: SMALL_FLOOR_CHARS,
          cadences: CADENCES.map((c) => ({ name: c.name, description: c.description })),
        },
        summary,
        raw: {
          previewApp: switches,
          previewFloorPage: floorPreview,
          previewFloorNode: floorNode.samples,
          searchApp: searches,
          searchFloorNode: searchFloor,
          typing,
        },
      };
      fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
      console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
    } finally {
      await browser.close();
    }
  } finally {
    await app?.stop();
    build.remove();
  }
}
