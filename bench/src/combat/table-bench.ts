// The combat table's targets of docs/decisions/021, on the fight bench.ts left under way (200 v 200, the
// target chosen): Attack → the server's answer painted and Undo → painted (p95 ≤ 50 ms each), then
// one more entry on a log of 5,000 (≤ 16 ms of the browser's work: its share without the wait for
// the frame clock, decision 043), with the answer's size: it
// carries the log's newest entries only (decision 030), then again once the view has read the whole
// log back page by page ("Show older entries"). Each sample is paired with its floor in the same
// page: the same fight read (GET /api/combat) and parsed, then a paint.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { DatabaseOptions } from '../../../server/src/db/client';
import { grid, ms, percentile, ratio, verdict } from '../shared/figures';
import { ROOT } from '../web/app';
import { typeAmount } from './measure';
import { scrollGroupToEnd } from './page-scripts';
import {
  measureAttackRoundTrip,
  measureReadFloor,
  measureUndo,
  type RoundTripTiming,
  type TableLabels,
} from './round-trips';
import { seedLog } from './long-log';
import type { Fight } from './setup';

const ROUND_TRIPS = Number(process.env.BENCH_COMBAT_ROUND_TRIPS ?? 40);
const WARMUP = 3;
const LOG_ENTRIES = Number(process.env.BENCH_COMBAT_LOG_ENTRIES ?? 5000);
// 40, as the round trips: the p95 of 10 samples is their slowest one.
const LOG_SAMPLES = Number(process.env.BENCH_COMBAT_LOG_SAMPLES ?? 40);
export const TARGET_ROUND_TRIP_P95_MS = 50;
export const TARGET_LOG_ENTRY_MS = 16;

export interface TableContext {
  page: Page;
  labels: { amount: string; enemies: string; target: string; attack: string };
  token: string;
  campaignId: string;
  fight: Fight;
  /** Starts a performance trace of the attack/undo pairs (BENCH_COMBAT_TRACE, ./trace.ts). */
  trace?: () => Promise<{ stop(iterations: number): Promise<void> }>;
  /** Writes straight into the database (restarting the server on PGlite); answers the origin. */
  writeDirect: (insert: (options: DatabaseOptions) => Promise<void>) => Promise<string>;
}

function tableLabels(base: TableContext['labels']): TableLabels & { older: string; loadingOlder: string } {
  const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'core/locales/en.json'), 'utf8')) as {
    combat: { undo: string; log: { title: string; older: string; loadingOlder: string } };
  };
  return {
    attack: base.attack,
    target: base.target,
    undo: en.combat.undo,
    log: en.combat.log.title,
    older: en.combat.log.older,
    loadingOlder: en.combat.log.loadingOlder,
  };
}

/** Reads the whole log into the view: "Show older entries" until it is gone; answers the pages read. */
async function loadWholeLog(page: Page, labels: ReturnType<typeof tableLabels>): Promise<number> {
  const more = page.getByRole('button', { name: labels.older, exact: true });
  const loading = page.getByRole('button', { name: labels.loadingOlder, exact: true });
  let pages = 0;
  while ((await more.count()) > 0) {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/combat/log');
    await more.click();
    await (await answer).finished();
    await loading.waitFor({ state: 'detached' });
    pages += 1;
  }
  return pages;
}

interface Row {
  what: string;
  samples: RoundTripTiming[];
  floor: RoundTripTiming[];
  /**
   * Which figure the target reads: the whole round trip, or the browser's work for the answer (its
   * share without the wait for the frame clock, decision 043).
   */
  figure: 'paint' | 'work';
  target: number;
}

function line(row: Row): string[] {
  const of = (list: RoundTripTiming[], key: keyof RoundTripTiming, p: number) =>
    percentile(
      list.map((t) => t[key]),
      p,
    );
  const app = of(row.samples, row.figure, 95);
  const floor = of(row.floor, row.figure, 95);
  return [
    row.what,
    String(row.samples.length),
    ms(of(row.samples, 'paint', 50)),
    ms(of(row.samples, 'paint', 95)),
    ms(of(row.samples, 'answer', 50)),
    ms(of(row.samples, 'server', 50)),
    ms(of(row.floor, 'server', 50)),
    ms(of(row.samples, 'browser', 50)),
    ms(of(row.samples, 'browser', 95)),
    ms(of(row.samples, 'work', 95)),
    ms(floor),
    ratio(app, floor),
    `${row.figure} p95 ≤ ${row.target}: ${verdict(app, row.target)}`,
  ];
}

/** Waits until the fight screen shows the chosen target pressed and Amount ready. */
async function targetChosen(page: Page, ctx: TableContext) {
  const button = page.locator(`button[data-unit-id="${ctx.fight.targetId}"]`);
  if ((await button.count()) === 0) {
    await page.evaluate(scrollGroupToEnd(ctx.labels.enemies));
    await button.waitFor({ timeout: 30_000 });
  }
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await page.locator(`button[data-unit-id="${ctx.fight.targetId}"][aria-pressed="true"]`).waitFor();
  await typeAmount(page, ctx.labels);
}

export async function measureTable(ctx: TableContext) {
  const { page } = ctx;
  const labels = tableLabels(ctx.labels);
  const attack: RoundTripTiming[] = [];
  const undo: RoundTripTiming[] = [];
  const floor: RoundTripTiming[] = [];
  await targetChosen(page, ctx);
  const trace = ctx.trace ? await ctx.trace() : null;
  for (let i = 0; i < WARMUP + ROUND_TRIPS; i++) {
    await typeAmount(page, ctx.labels);
    const blow = await measureAttackRoundTrip(page, labels, ctx.fight.targetId);
    const read = await measureReadFloor(page, ctx.campaignId);
    const back = await measureUndo(page, labels, ctx.fight.targetId);
    if (i < WARMUP) continue;
    attack.push(blow);
    floor.push(read);
    undo.push(back);
  }
  await trace?.stop(WARMUP + ROUND_TRIPS);

  // The long log: entries written straight into the table, then the view opened on them.
  const target = ctx.fight.targetId;
  const origin = await ctx.writeDirect((options) =>
    seedLog(options, ctx.campaignId, LOG_ENTRIES, {
      actor: { id: ctx.fight.allies[0] ?? '', name: ctx.fight.names[0] ?? '' },
      target: { id: target, name: ctx.fight.names[ctx.fight.names.length - 1] ?? '' },
      hp: 9999,
    }),
  );
  await page.goto(`${origin}/en/dashboard?campaign=${ctx.campaignId}&view=combat`, { waitUntil: 'load' });
  await page.locator('li[aria-posinset="1"][aria-setsize]').first().waitFor({ timeout: 60_000 });
  await targetChosen(page, ctx);
  const longLog: RoundTripTiming[] = [];
  const longFloor: RoundTripTiming[] = [];
  const longLogAll: RoundTripTiming[] = [];
  const longFloorAll: RoundTripTiming[] = [];
  const sample = async (into: RoundTripTiming[], floors: RoundTripTiming[]) => {
    for (let i = 0; i < WARMUP + LOG_SAMPLES; i++) {
      await typeAmount(page, ctx.labels);
      const blow = await measureAttackRoundTrip(page, labels, target);
      const read = await measureReadFloor(page, ctx.campaignId);
      if (i < WARMUP) continue;
      into.push(blow);
      floors.push(read);
    }
  };
  await sample(longLog, longFloor);
  // The worst case for the browser: every entry of the fight read back into the view.
  const pages = await loadWholeLog(page, labels);
  await sample(longLogAll, longFloorAll);

  const rows: Row[] = [
    { what: 'Attack → answer painted', samples: attack, floor, figure: 'paint', target: 50 },
    { what: 'Undo → answer painted', samples: undo, floor, figure: 'paint', target: 50 },
    {
      what: `+1 entry, log of ${LOG_ENTRIES}`,
      samples: longLog,
      floor: longFloor,
      figure: 'work',
      target: TARGET_LOG_ENTRY_MS,
    },
    {
      what: `+1 entry, all ${LOG_ENTRIES} loaded`,
      samples: longLogAll,
      floor: longFloorAll,
      figure: 'work',
      target: TARGET_LOG_ENTRY_MS,
    },
  ];
  console.log(
    '\nCombat table round trips (ms; "answer": click → the answer read; "server": request sent → ' +
      "the answer's first byte; " +
      '"browser": answer → paint; "work": the browser\'s share without the wait for the frame clock; ' +
      'floor: GET /api/combat of the same fight, parsed, then a paint — p95 of the figure the target reads):\n',
  );
  console.log(
    grid(
      [
        '',
        'n',
        'p50',
        'p95',
        'answer p50',
        'server p50',
        'floor server p50',
        'browser p50',
        'browser p95',
        'work p95',
        'floor p95',
        'app / floor',
        'target',
      ],
      rows.map(line),
      1,
    ),
  );
  console.log(
    "\nThe browser's share in three (ms, p50 / p95): answer read → the DOM's last change before the " +
      'frame (parse, merge, render, commit, effects); → the requestAnimationFrame of the frame that ' +
      'paints it (the wait for the frame clock); ' +
      "→ painted (that frame's style, layout, paint):\n",
  );
  const split = (list: RoundTripTiming[], key: 'toDom' | 'toFrame' | 'framePaint') =>
    `${ms(
      percentile(
        list.map((t) => t[key]),
        50,
      ),
    )} / ${ms(
      percentile(
        list.map((t) => t[key]),
        95,
      ),
    )}`;
  console.log(
    grid(
      ['', 'to DOM', 'to frame', 'frame → paint', 'floor to DOM', 'floor to frame'],
      rows.map((row) => [
        row.what,
        split(row.samples, 'toDom'),
        split(row.samples, 'toFrame'),
        split(row.samples, 'framePaint'),
        split(row.floor, 'toDom'),
        split(row.floor, 'toFrame'),
      ]),
      1,
    ),
  );
  const bytes = (list: RoundTripTiming[]) =>
    percentile(
      list.map((t) => t.bytes),
      50,
    ).toLocaleString('en');
  console.log(
    `\nAnswer size at ${LOG_ENTRIES.toLocaleString('en')} log entries (bytes, p50): attack ${bytes(longLog)}; ` +
      `GET /api/combat ${bytes(longFloor)}; the whole log read back in ${pages} pages of "Show older entries".`,
  );
  return {
    origin,
    summary: rows.map((row) => ({ what: row.what, line: line(row) })),
    raw: { attack, undo, floor, longLog, longFloor, longLogAll, longFloorAll },
  };
}
