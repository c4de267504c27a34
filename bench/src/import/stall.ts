// `npx tsx bench/src/import/stall.ts` (from the repository root): how long a 30 MB campaign import
// holds the server's event loop (issue #28: "never blocks other requests for more than 100 ms",
// decision 047). A measurement, not a test: it prints figures and PASS/FAIL against the target.
//
// The server is the production bundle (`node server/dist/server.js`, rebuilt first) on a fresh PGlite
// folder, or on PostgreSQL with BENCH_DATABASE_URL. While each file is posted, a worker thread of this
// process (its own event loop, so sending 30 MB here does not skew it) asks GET /api/health every
// 10 ms; the longest answer is the longest time the server could not answer anyone.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createHero } from '../shared/api';
import { logLoadAverage } from '../shared/machine';

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
        actor: ref('u0'),
        target: ref('u1'),
        input: '2d6+3',
        amount: 9,
        breakdown: '[4, 2] + 3',
        clamped: false,
        hpBefore: 20,
        hpAfter: 11,
        statusBefore: null,
        statusAfter: null,
        condition: null,
        initiative: null,
        initiatives: null,
        wrapped: false,
        defeated: null,
        undone: false,
        at: '2026-11-27T10:00:00.000Z',
      })),
    },
  };
}

const pretty = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** The pinger: its own thread and event loop; answers the health latencies it saw. */
const PINGER = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let stop = false;
parentPort.on('message', () => { stop = true; });
(async () => {
  while (!stop) {
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage(latencies);
})();
`;

async function whilePinging<T>(
  origin: string,
  run: () => Promise<T>,
): Promise<{ result: T; latencies: number[] }> {
  const pinger = new Worker(PINGER, { eval: true, workerData: { url: `${origin}/api/health` } });
  const latencies = new Promise<number[]>((resolve) => pinger.once('message', resolve));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const result = await run();
  await new Promise((resolve) => setTimeout(resolve, 100));
  pinger.postMessage('stop');
  const seen = await latencies;
  await pinger.terminate();
  return { result, latencies: seen };
}

async function startServer(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-import-bench-'));
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const database = process.env.BENCH_DATABASE_URL
    ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
    : { DATA_DIR: dataDir };
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
      if (attempt > 200) throw new Error('server did not start');
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

const server = await startServer();
try {
  const loadBefore = os.loadavg();
  const hero = await createHero(server.origin, 'import');
  const good = longLogFile(36_000);
  const files: [string, Buffer, number][] = [
    ['full Hero campaign, CJK texts (good)', pretty(fullHeroFile()), 201],
    ['fight log of 36,000 entries (good)', pretty(good), 201],
    ['the same log, every entry refused (bad)', pretty(longLogFile(36_000, true)), 400],
    [
      'a log of 15 million zeros (bad)',
      Buffer.from(
        `{"format":"questkeeper.game-data","formatVersion":1,"campaign":{"name":"x"},"units":[],"fight":{"log":[${'0,'.repeat(15_000_000)}0]}}`,
      ),
      400,
    ],
    ['the good log cut short (malformed)', pretty(good).subarray(0, 20 * MB), 400],
  ];
  const quiet = await whilePinging(server.origin, () => new Promise((resolve) => setTimeout(resolve, 2_000)));
  console.log(
    `idle: longest health answer ${Math.max(...quiet.latencies).toFixed(1)} ms over ${quiet.latencies.length} pings`,
  );
  let pass = true;
  // BENCH_IMPORT_ONLY=<word>: only the files whose label contains it.
  const only = process.env.BENCH_IMPORT_ONLY;
  for (const [label, body, expected] of files.filter(([label]) => !only || label.includes(only))) {
    const { result, latencies } = await whilePinging(server.origin, async () => {
      const started = performance.now();
      const response = await fetch(`${server.origin}/api/game-data/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${hero.token}`, 'content-type': 'application/json' },
        body,
      });
      const text = await response.text();
      return { status: response.status, ms: performance.now() - started, code: text.slice(0, 60) };
    });
    const longest = Math.max(...latencies);
    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
    const ok = longest <= TARGET_MS && result.status === expected;
    pass &&= ok;
    console.log(
      `${ok ? 'PASS' : 'FAIL'} ${label}: ${(body.length / MB).toFixed(1)} MiB → ${result.status} in ${result.ms.toFixed(0)} ms; ` +
        `health answered ${latencies.length} times, longest ${longest.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms` +
        (result.status === expected ? '' : ` (expected ${expected}: ${result.code})`),
    );
  }
  console.log(pass ? `PASS every import kept health answers under ${TARGET_MS} ms` : 'FAIL');
  logLoadAverage(loadBefore, os.cpus().length);
  process.exitCode = pass ? 0 : 1;
} finally {
  await server.stop();
}
