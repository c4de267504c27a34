// The combat simulator benchmark of docs/decisions/015, docs/decisions/021: a Hero campaign with 200 allies
// and 200 enemies, in Chromium — the time to start the fight (Start combat → the server's order rendered and
// painted), attack → next paint for what the browser does (the view predicts a plain blow), each
// against a floor page measured in the same run; then the table's round trips (./table-bench.ts):
// Attack → the server's answer painted, Undo, and one more entry on a log of 5,000. On PGlite, and on
// PostgreSQL too when DATABASE_URL is set (a scratch database next to it). Builds the web app and
// runs the real server (../web/app.ts), prints the figures with PASS/FAIL lines, writes
// bench/results/combat-<date>.json, and reports whatever the figures: only an error stops it.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import os from 'node:os';
import path from 'node:path';
import { STYLESHEETS } from '../editor/page-scripts';
import { buildWeb, startServer, type RunningServer } from '../web/app';
import { CHROME_PATH } from '../web/browser';
import { launchBrowser } from '../web/route-js';
import { FLOOR_TARGET_ID, openFloor, type OrderClasses } from './floor';
import {
  VIEWPORT,
  chooseTarget,
  combatLabels,
  measureAttack,
  measureFloorAttack,
  measureFloorStart,
  measureStart,
  openCombat,
  reopen,
  type AttackTiming,
  type StartTiming,
} from './measure';
import { LONG_TASKS, RECORD_LONG_TASKS, orderClasses } from './page-scripts';
import { median } from '../shared/figures';
import { createHero } from '../shared/api';
import { logLoadAverage } from '../shared/machine';
import { detailTable, mainTable, summarize, verdicts } from './report';
import { createScratchDatabase, type ScratchDatabase } from '../../../server/test/support/scratch-database';
import type { DatabaseOptions } from '../../../server/src/db/client';
import { HERO_UNIT_LIMIT, TARGET_HP, seedFight, undoLastStep, unitHp } from './setup';
import { startTrace } from './trace';
import { measureTable } from './table-bench';
import { measureRowRenders, rowRenderLines } from './row-renders';

/** Units on each side (docs/decisions/015: 200 against 200). */
const PER_SIDE = Number(process.env.BENCH_COMBAT_PER_SIDE ?? 200);
/** Starts measured; each from a fresh load of the view on the same setup. */
const STARTS = Number(process.env.BENCH_COMBAT_STARTS ?? 7);
const ATTACKS = Number(process.env.BENCH_COMBAT_ATTACKS ?? 100);
/** Attacks before the measured ones (the first blows compile the code they run). */
const WARMUP_ATTACKS = Number(process.env.BENCH_COMBAT_WARMUP_ATTACKS ?? 5);
/** A figure measured above this load average is not meaningful on this 2-CPU machine. */
const BUSY_LOAD = 4;
const RESULTS_DIR = new URL('../../results', import.meta.url).pathname;
/**
 * BENCH_COMBAT_PROFILE=attacks (or start, or table): a CPU profile of the app page during the measured
 * attacks (or the starts, or the table's round trips and long log; open it in
 * DevTools' Performance panel, or `npm run bench:profile -- <file>`); build with
 * `npm run build -w web -- --outDir <folder> --minify false` into BENCH_WEB_DIST for readable names.
 */
const PROFILE = process.env.BENCH_COMBAT_PROFILE;
/** BENCH_COMBAT_TRACE=1: a performance trace of the round trips (./trace.ts). */
const TRACE = process.env.BENCH_COMBAT_TRACE === '1';
/**
 * BENCH_COMBAT_TABLE=0: the 200 v 200 part alone (start and attack in the browser, against their
 * floors), without the row renders, the table's round trips and the long log.
 */
const TABLE = process.env.BENCH_COMBAT_TABLE !== '0';

/** Starts Chromium's sampling profiler on `page`; `stop` writes the .cpuprofile. */
async function startProfile(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await session.send('Profiler.stop');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      await session.detach();
    },
  };
}

type Driver = 'pglite' | 'postgres';

export async function benchCombat(): Promise<void> {
  const drivers: Driver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL not set: PGlite only.');
  const build = buildWeb();
  try {
    for (const driver of drivers) await benchOn(driver, build.distDir);
  } finally {
    build.remove();
  }
}

async function benchOn(driver: Driver, distDir: string): Promise<void> {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}`;
  const count = PER_SIDE * 2;
  console.log(
    `\n== Combat simulator on ${driver}: ${PER_SIDE} allies against ${PER_SIDE} enemies in Chromium`,
  );
  console.log(`${machine}; Chromium ${CHROME_PATH}; viewport ${VIEWPORT.width}×${VIEWPORT.height}`);
  const loadBefore = os.loadavg();
  if (WARMUP_ATTACKS + ATTACKS >= TARGET_HP) throw new Error('more attacks than the target has HP');
  const labels = combatLabels();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-bench-combat-data-'));
  let scratch: ScratchDatabase | undefined;
  let server: RunningServer | undefined;
  try {
    if (driver === 'postgres')
      scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '', 'qk_bench');
    const database: DatabaseOptions = scratch
      ? { kind: 'postgres', url: scratch.url }
      : { kind: 'pglite', dataDir };
    const start = () => startServer(distDir, dataDir, scratch?.url);
    /** Runs `insert` on the database: PGlite allows one process, so the server stops meanwhile. */
    const writeDirect = async (insert: (options: DatabaseOptions) => Promise<void>) => {
      if (driver === 'pglite') {
        await server?.stop();
        server = undefined;
      }
      await insert(database);
      server ??= await start();
      return server.origin;
    };
    server = await start();
    console.log(`app: ${server.origin} (node scripts/start.mjs, build in ${distDir})`);
    const account = await createHero(server.origin, 'combat');
    const seeded = await seedFight(server.origin, account, PER_SIDE, writeDirect);
    const { origin, fight } = seeded;
    const campaignId = fight.campaign._id;
    console.log(
      `account: Hero through the demo checkout; campaign ${campaignId} (initiative rule ${fight.campaign.initiativeRule}); ` +
        `${fight.viaApi} units through POST /api/units` +
        (fight.viaDatabase
          ? `, ${fight.viaDatabase} more written into the database (a Hero campaign holds at most ${HERO_UNIT_LIMIT} units)`
          : '') +
        `; every unit with ${fight.features.counters} counters, pinned ${fight.features.pinned.join(', ')}, ` +
        `${fight.features.portraits} portraits, the start grouping enemies ${fight.features.grouping}`,
    );

    const browser = await launchBrowser();
    try {
      const page = await openCombat(
        await browser.newContext({ viewport: VIEWPORT }),
        origin,
        account.session,
        campaignId,
        labels,
      );
      const stylesheets = await page.evaluate<string>(STYLESHEETS);

      const starts: { app: StartTiming[]; floor: StartTiming[]; floorInSight: StartTiming[] } = {
        app: [],
        floor: [],
        floorInSight: [],
      };
      let floor: Awaited<ReturnType<typeof openFloor>> | undefined;
      let floorRows = count;
      const startProfiler = PROFILE === 'start' ? await startProfile(page) : null;
      for (let run = 0; run < STARTS; run++) {
        if (run > 0) {
          // Undo the start: the fight is back in setup with both groups.
          await undoLastStep(origin, account.token, campaignId);
          await reopen(page, labels);
        }
        const app = await measureStart(page, labels, count);
        starts.app.push(app);
        if (!floor) {
          // The floor's rows get the classes of the app's, read from the list just painted.
          const classes = await page.evaluate<OrderClasses>(orderClasses(labels));
          // As many rows as the app's order has (a group of enemies is one row).
          floorRows = app.setSize || app.items;
          floor = await openFloor(await browser.newContext({ viewport: VIEWPORT }), origin, {
            stylesheets,
            labels,
            names: fight.names.slice(0, floorRows),
            classes,
          });
        }
        const floorStart = await measureFloorStart(floor, labels, floorRows);
        starts.floor.push(floorStart);
        let inSight = '';
        if (app.items < count) {
          // The app windows its list: the floor also renders just as many rows.
          const floorWindow = await measureFloorStart(floor, labels, floorRows, app.items);
          starts.floorInSight.push(floorWindow);
          inSight = `, ${app.items} rows ${floorWindow.paint.toFixed(1)} ms`;
        }
        console.log(
          `  start ${run + 1}/${STARTS}: app ${app.paint.toFixed(1)} ms (order in the DOM after ${app.dom.toFixed(1)} ms: ` +
            `${app.items} of ${app.setSize || app.items} rows, ${app.targets} target buttons, ` +
            `${app.elementsBefore} → ${app.elementsAfter} elements; DOM still changing until ` +
            `${app.settled.toFixed(0)} ms, then ${app.settledRows} rows); ` +
            `floor ${floorRows} rows ${floorStart.paint.toFixed(1)} ms${inSight}` +
            (app.answer === null
              ? ''
              : `; the server's answer read after ${app.answer.toFixed(1)} ms, browser ${(app.paint - app.answer).toFixed(1)} ms`),
        );
      }
      if (startProfiler) {
        const file = path.join(RESULTS_DIR, `combat-start-${driver}-${Date.now()}.cpuprofile`);
        await startProfiler.stop(file);
        console.log(`CPU profile of the app page during the starts: ${path.relative(process.cwd(), file)}`);
      }
      if (!floor) throw new Error('no start was measured');
      const visibility = await Promise.all(
        [page, floor].map((p) => p.evaluate<string>('document.visibilityState')),
      );
      if (visibility.some((v) => v !== 'visible'))
        console.log(`WARNING: page visibility ${visibility.join(', ')}`);

      // The page stays on the last fight started: choose the target, then strike it.
      await chooseTarget(page, labels, fight.targetId);
      const attacks: { app: AttackTiming[]; floor: AttackTiming[] } = { app: [], floor: [] };
      for (let i = 0; i < WARMUP_ATTACKS; i++) {
        await measureAttack(page, labels, fight.targetId);
        await measureFloorAttack(floor, labels, FLOOR_TARGET_ID);
      }
      await page.evaluate(RECORD_LONG_TASKS);
      const profiler = PROFILE === 'attacks' ? await startProfile(page) : null;
      // Alternated one by one, so any drift of the machine touches both alike.
      for (let i = 0; i < ATTACKS; i++) {
        attacks.app.push(await measureAttack(page, labels, fight.targetId));
        attacks.floor.push(await measureFloorAttack(floor, labels, FLOOR_TARGET_ID));
        if ((i + 1) % 25 === 0) {
          const last = (list: AttackTiming[]) => median(list.slice(-25).map((t) => t.paint)).toFixed(1);
          const animated = attacks.app.slice(-25).filter((t) => t.animations > 0).length;
          console.log(
            `  attacks ${i - 23}–${i + 1}: median app ${last(attacks.app)} ms, floor ${last(attacks.floor)} ms` +
              (animated ? ` (${animated} painted while an animation ran)` : ''),
          );
        }
      }
      if (profiler) {
        const file = path.join(RESULTS_DIR, `combat-attacks-${driver}-${Date.now()}.cpuprofile`);
        await profiler.stop(file);
        console.log(`CPU profile of the app page during the attacks: ${path.relative(process.cwd(), file)}`);
      }
      const longTasks = await page.evaluate<{ start: number; duration: number }[]>(LONG_TASKS);
      const stored = await unitHp(origin, account.token, campaignId, fight.targetId);
      const expectedHp = TARGET_HP - WARMUP_ATTACKS - ATTACKS;
      if (stored?.currentHp !== expectedHp) {
        console.log(`WARNING: the target has ${stored?.currentHp} HP on the server, not ${expectedHp}`);
      }
      // The quick field of one row re-renders that row alone, typing and applying.
      const rowRenders = !TABLE
        ? null
        : await measureRowRenders(
            browser,
            `${origin}/en/dashboard?campaign=${campaignId}&view=combat`,
            account.session,
            fight.targetId,
            labels.enemies,
            labels.undo,
          );
      const tableProfiler = PROFILE === 'table' ? await startProfile(page) : null;
      const table = !TABLE
        ? null
        : await measureTable({
            page,
            labels,
            token: account.token,
            campaignId,
            fight,
            writeDirect,
            ...(TRACE
              ? {
                  trace: () =>
                    startTrace(
                      page,
                      path.join(RESULTS_DIR, `combat-table-${driver}-${Date.now()}.trace.json`),
                    ),
                }
              : {}),
          });

      if (tableProfiler) {
        const file = path.join(RESULTS_DIR, `combat-table-${driver}-${Date.now()}.cpuprofile`);
        await tableProfiler.stop(file);
        console.log(
          `CPU profile of the app page during the round trips: ${path.relative(process.cwd(), file)}`,
        );
      }
      const summary = summarize({
        perSide: PER_SIDE,
        orderRows: floorRows,
        start: starts,
        attack: { ...attacks, longTasks },
      });
      console.log(`\nCombat simulator, ${PER_SIDE} v ${PER_SIDE} (ms; floors measured in this run):\n`);
      console.log(mainTable(summary));
      console.log(
        '\nDistributions (click → next paint; "to DOM": click → the change in the DOM; "to frame": click → ' +
          "the requestAnimationFrame callback of the frame that paints it; frame → paint: that frame's rendering):\n",
      );
      console.log(detailTable(summary));
      console.log('');
      for (const line of verdicts(summary)) console.log(line);
      if (rowRenders) for (const line of rowRenderLines(rowRenders, PER_SIDE)) console.log(line);
      const loadAfter = logLoadAverage(loadBefore, cpus.length);
      if (Math.max(loadBefore[0] ?? 0, loadAfter[0] ?? 0) > BUSY_LOAD) {
        console.log(
          `WARNING: load average above ${BUSY_LOAD}: other work shared the CPU, these figures are not meaningful.`,
        );
      }

      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      const file = path.join(RESULTS_DIR, `combat-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
      const json = {
        date: new Date().toISOString(),
        machine,
        loadAverage: { before: loadBefore, after: loadAfter },
        chromium: CHROME_PATH,
        settings: {
          perSide: PER_SIDE,
          starts: STARTS,
          attacks: ATTACKS,
          warmupAttacks: WARMUP_ATTACKS,
          viewport: VIEWPORT,
          initiativeRule: fight.campaign.initiativeRule,
          unitsViaApi: fight.viaApi,
          unitsViaDatabase: fight.viaDatabase,
          targetHpOnServer: stored?.currentHp ?? null,
        },
        driver,
        summary,
        table: table?.summary ?? null,
        raw: { starts, attacks, longTasks, table: table?.raw ?? null, rowRenders },
      };
      fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
      console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
    } finally {
      await browser.close();
    }
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}
