// `npm run bench:player`: the live player view under load (docs/decisions/028), on one server process
// (PGlite).
//
// 1. One fight, 100 player connections: 98 streams read from Node, the real player page in Chromium
//    (375 px), and a floor page in the same browser — a bare EventSource that writes the same HP into a
//    div, the least any page could do. Each GM action (an attack through the API, as the combat view
//    sends it) is timed from the request to the HP painted on each page (a MutationObserver, then the
//    frame after), and to its arrival on every Node stream. Target: the app page's p95 ≤ 300 ms.
// 1b. A reveal (docs/decisions/064) reaching 100 player streams from Node: each handout revealed through the
//    API is timed from the request to its arrival on every stream, against the floor of the same run,
//    a GM action reaching the same streams (the path every change already takes). Target: p95 ≤ 300 ms.
// 2. 1,000 player streams open at once on the same process: errors (must be 0), the server's
//    resident memory and heap per stream (its /api/metrics before and after), and one action's delivery
//    to all of them.
// Builds the web app and runs the real server (scripts/start.mjs) with rate limits off (every stream
// comes from 127.0.0.1), prints the figures with PASS/FAIL lines and writes
// bench/results/player-view-<date>.json. Reports whatever the figures: only an error stops it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { call, createHero } from '../shared/api';
import { grid, median, ms, percentile, ratio, verdict } from '../shared/figures';
import { logLoadAverage } from '../shared/machine';
import { openServedPage } from '../shared/page';
import { buildWeb, startServer } from '../web/app';
import { CHROME_PATH } from '../web/browser';
import { launchBrowser } from '../web/route-js';
import { arrivals, openPlayerClient, type PlayerClient } from './sse-clients';

const ACTIONS = Number(process.env.BENCH_PLAYER_ACTIONS ?? 60);
const WARMUP = Number(process.env.BENCH_PLAYER_WARMUP ?? 5);
const NODE_CLIENTS = 98;
const MANY = Number(process.env.BENCH_PLAYER_STREAMS ?? 1000);
const REVEALS = Number(process.env.BENCH_PLAYER_REVEALS ?? 30);
const REVEAL_STREAMS = 100;
const TARGET_P95_MS = 300;
const ARIA_HP = 9999;
const METRICS_TOKEN = 'bench-player-view-metrics-0123456789';
const RESULTS_DIR = new URL('../../results', import.meta.url).pathname;

process.on('SIGINT', () => process.exit(130));

/** Every player page reports when Aria's HP text changed and the frame after it was painted. */
const RECORD_PAINTS = `(() => {
  window.__paints = [];
  const seen = new Set();
  const look = () => {
    const label = document.querySelector('[data-bench-hp]')?.textContent
      ?? document.querySelector('article[aria-label="Aria"] [role="meter"]')?.getAttribute('aria-label');
    if (!label || seen.has(label)) return;
    seen.add(label);
    requestAnimationFrame(() => setTimeout(() => window.__paints.push({ label, at: Date.now() }), 0));
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  look();
})()`;

/** The floor: the stream's payload straight into a div, no framework, no layout to speak of. */
const floorHtml = (
  token: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head>
<body><div data-bench-hp></div><script>
new EventSource('/api/play/${token}/events').onmessage = (event) => {
  const aria = JSON.parse(event.data).units.find((unit) => unit.name === 'Aria');
  document.querySelector('[data-bench-hp]').textContent = 'HP ' + aria.hp.current + ' / ' + aria.hp.max;
};
</script></body></html>`;

async function paintOf(page: Page, label: string): Promise<number> {
  // A function, not a string: the app's CSP forbids eval. globalThis: the bench has no DOM types.
  const handle = await page.waitForFunction(
    (wanted: string) =>
      (globalThis as unknown as { __paints: { label: string; at: number }[] }).__paints.find(
        (paint) => paint.label === wanted,
      )?.at,
    label,
    { timeout: 15_000, polling: 5 },
  );
  return (await handle.jsonValue()) as number;
}

async function serverMemory(origin: string) {
  const text = await call<string>(origin, 'GET', '/api/metrics', { token: METRICS_TOKEN, expect: 200 });
  const sample = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
  return { rss: sample('process_resident_memory_bytes'), heap: sample('nodejs_heap_size_used_bytes') };
}

const settle = (msDelay: number) => new Promise((resolve) => setTimeout(resolve, msDelay));

/** The least of 8 samples half a second apart: garbage not yet collected counts as little as it can. */
async function settledMemory(origin: string) {
  const samples = [];
  for (let i = 0; i < 8; i++) {
    samples.push(await serverMemory(origin));
    await settle(500);
  }
  return {
    rss: Math.min(...samples.map((sample) => sample.rss)),
    heap: Math.min(...samples.map((sample) => sample.heap)),
  };
}

async function main() {
  const cpus = os.cpus();
  console.log('\n== Live player view: 100 players on one fight, then 1,000 open player streams, one process');
  console.log(
    `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}; Chromium ${CHROME_PATH}`,
  );
  const loadBefore = os.loadavg();
  // Every stream comes from 127.0.0.1: the per-IP limit (120 a minute) would refuse most of them.
  process.env.RATE_LIMIT_SCALE = '0';
  process.env.METRICS_TOKEN = METRICS_TOKEN;
  const build = buildWeb();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-bench-player-data-'));
  const server = await startServer(build.distDir, dataDir);
  const clients: PlayerClient[] = [];
  try {
    const { origin } = server;
    const { token } = await createHero(origin, 'player');
    const campaign = await call<{ _id: string; races: { name: string }[]; classes: { name: string }[] }>(
      origin,
      'POST',
      '/api/game-data',
      { token, json: { name: 'The Siege of Karst', template: 'default' }, expect: 201 },
    );
    const campaignId = campaign._id;
    const newUnit = async (name: string, isPlayer: boolean, hp: number) =>
      (
        await call<{ _id: string }>(origin, 'POST', '/api/units', {
          token,
          campaignId,
          json: { name, isPlayer, hp, race: campaign.races[0]?.name, class: campaign.classes[0]?.name },
          expect: 201,
        })
      )._id;
    const aria = await newUnit('Aria', true, ARIA_HP);
    const borin = await newUnit('Borin', true, 40);
    const grask = await newUnit('Grask', false, 60);
    const shade = await newUnit('Shade', false, 30);
    let version = (
      await call<{ version: number }>(origin, 'GET', '/api/combat', { token, campaignId, expect: 200 })
    ).version;
    const act = async (action: Record<string, unknown>) => {
      const answer = await call<{ combat: { version: number } }>(origin, 'POST', '/api/combat/actions', {
        token,
        campaignId,
        json: { version, action },
        expect: 200,
      });
      version = answer.combat.version;
    };
    for (const id of [aria, borin]) await act({ type: 'add', unitId: id, group: 'allies' });
    for (const id of [grask, shade]) await act({ type: 'add', unitId: id, group: 'enemies' });
    await act({ type: 'start' });
    await call(origin, 'PUT', '/api/combat/player-view', {
      token,
      campaignId,
      json: { hp: { allies: 'exact', enemies: 'bands' }, units: { [shade]: { alias: 'Hooded figure' } } },
      expect: 200,
    });
    const { url } = await call<{ url: string }>(origin, 'POST', '/api/combat/share', {
      token,
      campaignId,
      expect: 200,
    });
    const link = decodeURIComponent(url.split('/').pop() ?? '');
    console.log(`app: ${origin}; a fight of 4 units, HP of allies exact, of enemies in bands; link shared`);

    // ---- 1. 100 player connections on one fight ----
    for (let i = 0; i < NODE_CLIENTS; i++) clients.push(openPlayerClient(origin, link));
    const statuses = await Promise.all(clients.map((client) => client.status));
    if (statuses.some((status) => status !== 200))
      throw new Error(`player streams answered ${[...new Set(statuses)].join(', ')}`);
    await arrivals(clients, () => true);
    const browser = await launchBrowser();
    const rows: { app: number; floor: number; nodeP95: number; request: number }[] = [];
    try {
      const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
      const page = await context.newPage();
      await page.goto(`${origin}/en/play/${link}`);
      await page.getByRole('meter', { name: `HP ${ARIA_HP} / ${ARIA_HP}` }).waitFor();
      await page.evaluate(RECORD_PAINTS);
      const floor = await openServedPage(context, `${origin}/bench-player-floor`, floorHtml(link));
      await floor.locator('[data-bench-hp]', { hasText: `HP ${ARIA_HP} / ${ARIA_HP}` }).waitFor();
      await floor.evaluate(RECORD_PAINTS);
      console.log(
        `players: ${NODE_CLIENTS} streams from Node + the player page + the floor page = ${NODE_CLIENTS + 2}`,
      );

      for (let i = 1; i <= WARMUP + ACTIONS; i++) {
        const hp = ARIA_HP - i;
        const label = `HP ${hp} / ${ARIA_HP}`;
        const started = Date.now();
        await act({ type: 'attack', targetId: aria, amount: 1 });
        const answered = Date.now();
        const [app, floorAt, node] = await Promise.all([
          paintOf(page, label),
          paintOf(floor, label),
          arrivals(clients, (data) => data.includes(`"current":${hp},"max":${ARIA_HP}`)),
        ]);
        if (i > WARMUP)
          rows.push({
            app: app - started,
            floor: floorAt - started,
            nodeP95: percentile(
              node.map((at) => at - started),
              95,
            ),
            request: answered - started,
          });
      }
      await context.close();
    } finally {
      await browser.close();
    }
    for (const client of clients.splice(0)) client.close();

    const col = (key: keyof (typeof rows)[number]) => rows.map((row) => row[key]);
    const stat = (values: number[]) => [
      ms(median(values)),
      ms(percentile(values, 95)),
      ms(Math.max(...values)),
    ];
    console.log(
      `\nGM action → painted, ${rows.length} actions after ${WARMUP} warm-up ones (ms from the request):`,
    );
    console.log(
      grid(
        ['measure', 'p50', 'p95', 'max'],
        [
          ['player page (app), HP painted', ...stat(col('app'))],
          ['floor page (bare EventSource), HP painted', ...stat(col('floor'))],
          [`Node streams: each action's p95 over ${NODE_CLIENTS}`, ...stat(col('nodeP95'))],
          ['the GM request answered', ...stat(col('request'))],
        ],
        1,
      ),
    );
    const appP95 = percentile(col('app'), 95);
    const floorP95 = percentile(col('floor'), 95);
    console.log(
      `app / floor (p95): ${ratio(appP95, floorP95)}; app / floor (p50): ${ratio(median(col('app')), median(col('floor')))}`,
    );
    console.log(
      `${verdict(appP95, TARGET_P95_MS)}: player page painted p95 ${ms(appP95)} ms ≤ ${TARGET_P95_MS} ms with 100 player connections`,
    );

    // ---- 1b. A reveal → 100 player streams, against an action → the same streams ----
    for (let i = 0; i < REVEAL_STREAMS; i++) clients.push(openPlayerClient(origin, link));
    if ((await Promise.all(clients.map((client) => client.status))).some((status) => status !== 200))
      throw new Error('a player stream was refused');
    await arrivals(clients, () => true);
    let ariaHp = ARIA_HP - WARMUP - ACTIONS;
    const revealRows: { reveal: number; action: number; request: number }[] = [];
    for (let i = 1; i <= WARMUP + REVEALS; i++) {
      const title = `Letter ${i}`;
      const started = Date.now();
      await call(origin, 'POST', `/api/game-data/${campaignId}/reveals`, {
        token,
        json: { kind: 'handout', title, text: `The seal of house ${i} is broken.` },
        expect: 201,
      });
      const answered = Date.now();
      const revealed = await arrivals(clients, (data) => data.includes(`"title":"${title}"`));
      ariaHp -= 1;
      const acted = Date.now();
      await act({ type: 'attack', targetId: aria, amount: 1 });
      const hit = await arrivals(clients, (data) => data.includes(`"current":${ariaHp},"max":${ARIA_HP}`));
      if (i > WARMUP)
        revealRows.push({
          reveal: percentile(
            revealed.map((at) => at - started),
            95,
          ),
          action: percentile(
            hit.map((at) => at - acted),
            95,
          ),
          request: answered - started,
        });
    }
    for (const client of clients.splice(0)) client.close();
    const revealCol = (key: keyof (typeof revealRows)[number]) => revealRows.map((row) => row[key]);
    const revealStat = (values: number[]) => [
      ms(median(values)),
      ms(percentile(values, 95)),
      ms(Math.max(...values)),
    ];
    console.log(
      `\nReveal → ${REVEAL_STREAMS} player streams, ${revealRows.length} handouts after ${WARMUP} warm-up ones ` +
        "(each row: that reveal's p95 over the streams, ms from the request):",
    );
    console.log(
      grid(
        ['measure', 'p50', 'p95', 'max'],
        [
          ['a reveal → every stream', ...revealStat(revealCol('reveal'))],
          ['floor: a GM action → every stream', ...revealStat(revealCol('action'))],
          ['the reveal request answered', ...revealStat(revealCol('request'))],
        ],
        1,
      ),
    );
    const revealP95 = percentile(revealCol('reveal'), 95);
    const actionP95 = percentile(revealCol('action'), 95);
    console.log(`reveal / action (p95): ${ratio(revealP95, actionP95)}`);
    console.log(
      `${verdict(revealP95, TARGET_P95_MS)}: a reveal reaches ${REVEAL_STREAMS} player streams p95 ${ms(revealP95)} ms ≤ ${TARGET_P95_MS} ms`,
    );

    // ---- 2. 1,000 open player streams ----
    await settle(2000);
    const before = await settledMemory(origin);
    for (let i = 0; i < MANY; i += 100) {
      const batch = Array.from({ length: Math.min(100, MANY - i) }, () => openPlayerClient(origin, link));
      clients.push(...batch);
      await Promise.all(batch.map((client) => client.status));
    }
    const manyStatuses = await Promise.all(clients.map((client) => client.status));
    await arrivals(clients, () => true, 30_000);
    const after = await settledMemory(origin);
    const started = Date.now();
    await act({ type: 'attack', targetId: grask, amount: 45 });
    const delivered = (await arrivals(clients, (data) => data.includes('"band":"bloodied"'), 30_000)).map(
      (at) => at - started,
    );
    await settle(3000);
    const errors =
      manyStatuses.filter((status) => status !== 200).length + clients.filter((c) => c.error).length;
    // What the streams themselves hold: open against closed again (the same garbage around both).
    for (const client of clients.splice(0)) client.close();
    await settle(2000);
    const closed = await settledMemory(origin);
    const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
    const perStream = (bytes: number) => `${(bytes / MANY / 1024).toFixed(1)} KiB`;
    console.log(`\n${MANY} player streams on one process:`);
    console.log(
      grid(
        ['measure', 'value'],
        [
          [
            'streams open (200, first payload received)',
            String(manyStatuses.filter((s) => s === 200).length),
          ],
          ['errors (refused, failed or ended)', String(errors)],
          [
            'server RSS: before / 1,000 open / closed again',
            `${mib(before.rss)} / ${mib(after.rss)} / ${mib(closed.rss)} MiB`,
          ],
          ['server RSS per stream (open − closed again)', perStream(after.rss - closed.rss)],
          [
            'server heap used: before / 1,000 open / closed again',
            `${mib(before.heap)} / ${mib(after.heap)} / ${mib(closed.heap)} MiB`,
          ],
          ['server heap per stream (open − closed again)', perStream(after.heap - closed.heap)],
          ['server heap per stream (open − before)', perStream(after.heap - before.heap)],
          [
            'one action → all streams: p50 / p95 / max',
            `${ms(median(delivered))} / ${ms(percentile(delivered, 95))} / ${ms(Math.max(...delivered))} ms`,
          ],
        ],
        1,
      ),
    );
    console.log(`${errors === 0 ? 'PASS' : 'FAIL'}: ${MANY} open player streams with ${errors} errors`);
    const load = logLoadAverage(loadBefore, cpus.length);

    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `player-view-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          machine: {
            cpus: cpus.length,
            model: cpus[0]?.model,
            node: process.version,
            loadBefore,
            loadAfter: load,
          },
          paint: { actions: rows.length, warmup: WARMUP, rows, appP95, floorP95, target: TARGET_P95_MS },
          reveals: { streams: REVEAL_STREAMS, rows: revealRows, revealP95, actionP95, target: TARGET_P95_MS },
          streams: { count: MANY, errors, before, after, closed, delivered },
        },
        null,
        2,
      ),
    );
    console.log(`results: ${path.relative(process.cwd(), file)}`);
  } finally {
    for (const client of clients) client.close();
    await server.stop();
    build.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
