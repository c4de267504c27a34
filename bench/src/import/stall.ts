// `npm run bench:import` (or `npx tsx bench/src/import/stall.ts` from the repository root): how long
// a 30 MB campaign import holds the server ("never blocks other requests for more than
// 100 ms", decision 047). A measurement, not a test: it prints figures, their ratio to the idle
// noise measured in the same run, and PASS/FAIL against the target.
//
// The server is the production bundle (`node server/dist/server.js`, rebuilt first) on a fresh PGlite
// folder, then on a scratch PostgreSQL database when DATABASE_URL, TEST_DATABASE_URL or
// BENCH_DATABASE_URL is set (BENCH_IMPORT_DRIVERS=pglite or postgres: only that one). While each file
// is posted, a worker thread of this process (its own event loop, so sending 30 MB here does not skew
// it) asks every 10 ms both GET /api/site, which reads nothing from the database (the event loop
// alone), and GET /api/health, which pings the database. The longest answer of each is the longest
// time the server could not answer that request.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BLANK_LOG_DETAILS } from '@questkeeper/core/combat/action-types';
import { createHero } from '../shared/api';
import { logLoadAverage } from '../shared/machine';
import { createScratchDatabase } from '../../../server/test/support/scratch-database';

const TARGET_MS = 100;
const root = fileURLToPath(new URL('../../..', import.meta.url));
const MB = 1024 * 1024;

/** Text of `length` characters, 3 UTF-8 bytes each (the export writes UTF-8, not \u escapes). */
const cjk = (length: number, seed: number) =>
  `${seed}${'竜は眠る森の'.repeat(Math.ceil(length / 6))}`.slice(0, length);

/** A full Hero campaign in a 3-byte script: every text at its Hero limit (≈ 27 MB). */
function fullHeroFile() {
  const list = (n: number, note: number) =>
    Array.from({ length: n }, (_, i) => ({ name: `${cjk(40, i)}${i}`, note: cjk(note, i) }));
  const races = list(100, 20_000);
  const classes = list(100, 20_000).map((item) => ({ ...item, color: '#123456' }));
  const statuses = list(100, 2_000);
  return {
    format: 'questkeeper.game-data',
    formatVersion: 1,
    campaign: {
      name: 'Bench import',
      rules: cjk(600_000, 0),
      characteristics: Array.from({ length: 50 }, (_, i) => ({ name: `C${i}`, max: 100 })),
      races,
      classes,
      statuses,
    },
    units: Array.from({ length: 200 }, (_, i) =>
      unit(i, races[0]!.name, classes[0]!.name, statuses[0]!.name, cjk(20_000, i)),
    ),
  };
}

function unit(i: number, race: string, klass: string, status: string, notes: string) {
  return {
    id: `u${i}`,
    name: `Unit ${i}`,
    gender: 'Male',
    isPlayer: false,
    race,
    class: klass,
    status,
    characteristics: {},
    hp: 20,
    currentHp: 20,
    money: { gold: 0, silver: 0, bronze: 0 },
    notes,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
  };
}

/** A campaign whose fight has a long log (each entry as the export writes it), to `entries` entries. */
function longLogFile(entries: number, broken = false) {
  const ref = (id: string) => ({ id, name: `Unit ${id}`, group: id === 'u0' ? 'allies' : 'enemies' });
  return {
    format: 'questkeeper.game-data',
    formatVersion: 1,
    campaign: {
      name: 'Bench log',
      rules: '',
      races: [{ name: 'Human' }],
      classes: [{ name: 'Warrior' }],
      statuses: [{ name: 'Normal' }],
    },
    units: [unit(0, 'Human', 'Warrior', 'Normal', ''), unit(1, 'Human', 'Warrior', 'Normal', '')],
    fight: {
      phase: 'fight',
      allies: ['u0'],
      enemies: ['u1'],
      order: [
        { unitId: 'u0', initiative: 12 },
        { unitId: 'u1', initiative: 8 },
      ],
      turnIndex: 0,
      round: 1,
      amount: 0,
      targetId: null,
      conditions: {},
      log: Array.from({ length: entries }, (_, step) => ({
        id: `e${step}`,
        step: broken ? -1 : step,
        type: 'attack',
        round: 1 + Math.floor(step / 10),
        turnOf: ref('u0'),
        ...BLANK_LOG_DETAILS,
        actor: ref('u0'),
        target: ref('u1'),
        input: '2d6+3',
        amount: 9,
        breakdown: '[4, 2] + 3',
        hpBefore: 20,
        hpAfter: 11,
        undone: false,
        at: '2026-11-27T10:00:00.000Z',
      })),
    },
  };
}

const pretty = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** The pinger: its own thread and event loop; asks every URL at once every 10 ms, answers the latencies. */
const PINGER = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = workerData.urls.map(() => []);
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  while (!stop) {
    await Promise.all(workerData.urls.map(async (url, i) => {
      const started = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      latencies[i].push(performance.now() - started);
    }));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage(latencies);
})();
`;

interface Pings {
  /** GET /api/site: the event loop alone. */
  loop: number[];
  /** GET /api/health: the event loop and a database ping. */
  health: number[];
}

async function whilePinging<T>(origin: string, run: () => Promise<T>): Promise<{ result: T; pings: Pings }> {
  const pinger = new Worker(PINGER, {
    eval: true,
    workerData: { urls: [`${origin}/api/site`, `${origin}/api/health`] },
  });
  const latencies = new Promise<number[][]>((resolve) => pinger.once('message', resolve));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const result = await run();
  await new Promise((resolve) => setTimeout(resolve, 100));
  pinger.postMessage('stop');
  const [loop = [], health = []] = await latencies;
  await pinger.terminate();
  return { result, pings: { loop, health } };
}

const longest = (latencies: number[]) => Math.max(0, ...latencies);
const p99 = (latencies: number[]) =>
  [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.99)] ?? 0;

function buildServer() {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
}

async function startServer(
  databaseUrl: string | undefined,
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-import-bench-'));
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const database = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  // BENCH_CPU_PROF=<folder>: the server (and its worker threads) write .cpuprofile files there
  // (read them with `npm run bench:profile -- <files>`).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', 'server/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...database,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: '/nonexistent-web-dist',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '0',
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      if (attempt > 600) throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const goodLog = longLogFile(36_000);
const files: [string, Buffer, number][] = [
  ['full Hero campaign, CJK texts (good)', pretty(fullHeroFile()), 201],
  ['fight log of 36,000 entries (good)', pretty(goodLog), 201],
  ['the same log, every entry refused (bad)', pretty(longLogFile(36_000, true)), 400],
  [
    'a log of 15 million zeros (bad)',
    Buffer.from(
      `{"format":"questkeeper.game-data","formatVersion":1,"campaign":{"name":"x"},"units":[],"fight":{"log":[${'0,'.repeat(15_000_000)}0]}}`,
    ),
    400,
  ],
  ['the good log cut short (malformed)', pretty(goodLog).subarray(0, 20 * MB), 400],
];
// BENCH_IMPORT_ONLY=<word>: only the files whose label contains it.
const only = process.env.BENCH_IMPORT_ONLY;
const chosen = files.filter(([label]) => !only || label.includes(only));

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** One driver: a fresh server, idle noise first, then each file. False when a figure missed the target. */
async function measure(driver: string, databaseUrl: string | undefined): Promise<boolean> {
  console.log(`\n${driver}`);
  const server = await startServer(databaseUrl);
  try {
    const hero = await createHero(server.origin, 'import');
    const idle = (
      await whilePinging(server.origin, () => new Promise((resolve) => setTimeout(resolve, 2_000)))
    ).pings;
    const idleLoop = longest(idle.loop);
    const idleHealth = longest(idle.health);
    console.log(
      `  idle: longest answer ${ms(idleLoop)} (event loop, /api/site), ${ms(idleHealth)} (with the database, /api/health) over ${idle.loop.length} pings`,
    );
    let pass = true;
    for (const [label, body, expected] of chosen) {
      const { result, pings } = await whilePinging(server.origin, async () => {
        const started = performance.now();
        const response = await fetch(`${server.origin}/api/game-data/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${hero.token}`, 'content-type': 'application/json' },
          body,
        });
        const text = await response.text();
        return { status: response.status, ms: performance.now() - started, code: text.slice(0, 60) };
      });
      const loop = longest(pings.loop);
      const health = longest(pings.health);
      const ok = loop <= TARGET_MS && health <= TARGET_MS && result.status === expected;
      pass &&= ok;
      console.log(
        `  ${ok ? 'PASS' : 'FAIL'} ${label}: ${(body.length / MB).toFixed(1)} MiB → ${result.status} in ${ms(result.ms)}` +
          (result.status === expected ? '' : ` (expected ${expected}: ${result.code})`) +
          `\n      event loop: longest ${ms(loop)} (×${(loop / idleLoop).toFixed(1)} idle), p99 ${ms(p99(pings.loop))}` +
          `; with the database: longest ${ms(health)} (×${(health / idleHealth).toFixed(1)} idle), p99 ${ms(p99(pings.health))}` +
          ` — target ${TARGET_MS} ms`,
      );
    }
    return pass;
  } finally {
    await server.stop();
  }
}

const loadBefore = os.loadavg();
buildServer();
const postgresUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const drivers = process.env.BENCH_IMPORT_DRIVERS?.split(',') ?? ['pglite', 'postgres'];
let pass = true;
if (drivers.includes('pglite')) pass = (await measure('PGlite (embedded)', undefined)) && pass;
if (drivers.includes('postgres') && postgresUrl) {
  const scratch = await createScratchDatabase(postgresUrl, 'qk_bench_import');
  try {
    pass = (await measure('PostgreSQL', scratch.url)) && pass;
  } finally {
    await scratch.drop();
  }
} else if (drivers.includes('postgres')) {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL)');
}
console.log(pass ? `\nPASS every import kept every answer under ${TARGET_MS} ms` : '\nFAIL');
logLoadAverage(loadBefore, os.cpus().length);
process.exitCode = pass ? 0 : 1;
