// `npm run bench:player-load`: /api/health while the player view of a 100,000-entry fight is hammered
// and 30 MB campaign files are imported (decision 046). A measurement, not a test: it
// prints figures, ratios against the idle floor measured in the same run, and PASS/FAIL lines.
//
// The server is the production bundle (rebuilt first, then run from a copy) on a fresh PGlite
// folder, or on PostgreSQL with BENCH_DATABASE_URL, rate limits off (every client is 127.0.0.1).
// Set-up through the API: a Hero imports a small fight (one unit hidden until its first turn, one
// under an alias), shares it, then the fight's log is filled to 100,000 entries straight in the
// database (bench/src/combat/long-log.ts; on PGlite with the server stopped, as the folder is locked).
// Then four phases of BENCH_PHASE_SECONDS (default 15) each, while a worker thread of this process
// (its own event loop: sending 30 MB here does not skew it) asks GET /api/health every 10 ms:
//   idle · player view (two clients, each GET /api/play/{token} back to back) · imports (one client
//   posting a valid ≈30 MB campaign and an invalid one in turn; the valid one is deleted after) · both.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BLANK_LOG_DETAILS } from '@questkeeper/core/combat/action-types';
import { COMBAT_LOG_MAX_ENTRIES } from '@questkeeper/core/limits';
import { seedLog } from '../combat/long-log';
import { call, createHero } from '../shared/api';
import { grid, median, ms, percentile, ratio, verdict } from '../shared/figures';
import { logLoadAverage } from '../shared/machine';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const PHASE_MS = Number(process.env.BENCH_PHASE_SECONDS ?? 15) * 1000;
const LOG_ENTRIES = Number(process.env.BENCH_PLAYER_LOG ?? COMBAT_LOG_MAX_ENTRIES);
/** Health p99 under the whole load, in absolute terms (no request held over 100 ms). */
const TARGET_P99_MS = 100;
const MB = 1024 * 1024;

process.on('SIGINT', () => process.exit(130));

// ---- Files ----

function unit(i: number, notes = '') {
  return {
    id: `u${i}`,
    name: `Unit ${i}`,
    gender: 'Male',
    isPlayer: i < 2,
    race: 'Human',
    class: 'Warrior',
    status: 'Normal',
    characteristics: {},
    hp: 500,
    currentHp: 500,
    money: { gold: 0, silver: 0, bronze: 0 },
    notes,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
  };
}

/** A campaign of `units` units whose fight has `entries` log entries (each as the export writes it). */
function campaignFile(name: string, units: number, entries: number, broken = false) {
  const ref = (i: number) => ({ id: `u${i}`, name: `Unit ${i}`, group: i < 2 ? 'allies' : 'enemies' });
  return {
    format: 'questkeeper.game-data',
    formatVersion: 1,
    campaign: {
      name,
      rules: '',
      races: [{ name: 'Human' }],
      classes: [{ name: 'Warrior', color: '#b91c1c' }],
      statuses: [{ name: 'Normal' }],
    },
    units: Array.from({ length: units }, (_, i) => unit(i)),
    fight: {
      phase: 'fight',
      allies: ['u0', 'u1'],
      enemies: Array.from({ length: units - 2 }, (_, i) => `u${i + 2}`),
      order: Array.from({ length: units }, (_, i) => ({ unitId: `u${i}`, initiative: 20 - i })),
      turnIndex: 0,
      round: 1,
      amount: 0,
      targetId: null,
      conditions: {},
      log: Array.from({ length: entries }, (_, step) => ({
        id: `e${step}`,
        // A step refused by the schema: the invalid file fails on every entry, as a hostile one would.
        step: broken ? -1 : step,
        type: step === 0 ? 'start' : 'attack',
        round: 1 + Math.floor(step / 10),
        turnOf: ref(0),
        ...BLANK_LOG_DETAILS,
        actor: step === 0 ? null : ref(0),
        target: step === 0 ? null : ref(2),
        input: step === 0 ? null : '2d6+3',
        amount: step === 0 ? null : 9,
        breakdown: step === 0 ? null : '[4, 2] + 3',
        hpBefore: step === 0 ? null : 500,
        hpAfter: step === 0 ? null : 491,
        undone: false,
        at: '2026-11-27T10:00:00.000Z',
      })),
    },
  };
}

const pretty = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** The entries that make a pretty-printed file of about `bytes`. */
function entriesFor(bytes: number): number {
  const per = (pretty(campaignFile('x', 4, 2_000)).length - pretty(campaignFile('x', 4, 0)).length) / 2_000;
  return Math.floor(bytes / per);
}

// ---- Server ----

interface Server {
  origin: string;
  stop: () => Promise<void>;
}

/**
 * Builds the bundle and copies it aside (bench/dist/, beside node_modules' parent): the server is
 * restarted after the log is filled, and another build of server/dist meanwhile must not change it.
 */
function buildServer(): string {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const copy = path.join(root, 'bench', 'dist', `server-${process.pid}`);
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'server', 'dist'), copy, { recursive: true });
  return copy;
}

async function startServer(database: Record<string, string>, port: number): Promise<Server> {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(bundle, 'server.js')], {
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
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      if (attempt > 600 || child.exitCode !== null) throw new Error('server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

// ---- Load ----

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

interface Load {
  name: string;
  /** Runs until `stopped()` is true; answers what it did, for the report. */
  run: (stopped: () => boolean) => Promise<string>;
}

async function phase(origin: string, loads: Load[]) {
  const pinger = new Worker(PINGER, { eval: true, workerData: { url: `${origin}/api/health` } });
  const latencies = new Promise<number[]>((resolve) => pinger.once('message', resolve));
  let stop = false;
  const done = loads.map((load) => load.run(() => stop));
  await new Promise((resolve) => setTimeout(resolve, PHASE_MS));
  stop = true;
  const notes = await Promise.all(done);
  pinger.postMessage('stop');
  const seen = await latencies;
  await pinger.terminate();
  return { latencies: seen, notes };
}

function playerClient(origin: string, token: string, name: string): Load {
  return {
    name,
    run: async (stopped) => {
      const times: number[] = [];
      let bytes = 0;
      while (!stopped()) {
        const started = performance.now();
        const response = await fetch(`${origin}/api/play/${token}`);
        bytes = (await response.arrayBuffer()).byteLength;
        if (response.status !== 200) throw new Error(`player view answered ${response.status}`);
        times.push(performance.now() - started);
      }
      return `${name}: ${times.length} answers (${(bytes / 1024).toFixed(1)} kB), p50 ${ms(median(times))} ms, p99 ${ms(percentile(times, 99))} ms`;
    },
  };
}

function importer(origin: string, token: string, files: { good: Buffer; bad: Buffer }): Load {
  return {
    name: 'importer',
    run: async (stopped) => {
      const outcomes: string[] = [];
      for (let i = 0; !stopped(); i += 1) {
        const good = i % 2 === 0;
        const started = performance.now();
        const response = await fetch(`${origin}/api/game-data/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: good ? files.good : files.bad,
        });
        const text = await response.text();
        outcomes.push(
          `${good ? 'valid' : 'invalid'} → ${response.status} in ${(performance.now() - started).toFixed(0)} ms`,
        );
        if (good && response.status === 201) {
          // The Hero keeps room for the next one (5 campaigns).
          const body = JSON.parse(text) as { _id?: string; campaign?: { _id?: string } };
          const id = body._id ?? body.campaign?._id;
          if (id) await call(origin, 'DELETE', `/api/game-data/${id}`, { token, expect: 204 });
        }
      }
      return `importer: ${outcomes.length} files (${outcomes.join('; ')})`;
    },
  };
}

// ---- Run ----

const loadBefore = os.loadavg();
const bundle = buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-player-load-'));
const postgres = process.env.BENCH_DATABASE_URL;
const database: Record<string, string> = postgres ? { DATABASE_URL: postgres } : { DATA_DIR: dataDir };
const port = 40_000 + Math.floor(Math.random() * 20_000);
let server = await startServer(database, port);
try {
  const hero = await createHero(server.origin, 'player-load');
  const imported = await call<{ _id?: string; campaign?: { _id?: string } }>(
    server.origin,
    'POST',
    '/api/game-data/import',
    { token: hero.token, json: campaignFile('Long fight', 6, 10), expect: 201 },
  );
  const campaignId = imported._id ?? imported.campaign?._id ?? '';
  const units = await call<{ _id: string; name: string }[]>(server.origin, 'GET', '/api/units', {
    token: hero.token,
    campaignId,
    expect: 200,
  });
  const byName = new Map(units.map((u) => [u.name, u._id]));
  const id = (i: number) => byName.get(`Unit ${i}`) ?? '';
  await call(server.origin, 'PUT', '/api/combat/player-view', {
    token: hero.token,
    campaignId,
    json: {
      hp: { allies: 'exact', enemies: 'bands' },
      units: {
        [id(4)]: { hidden: true, revealOnFirstTurn: true },
        [id(5)]: { hidden: true },
        [id(3)]: { alias: 'Hooded figure' },
      },
    },
    expect: 200,
  });
  const { url } = await call<{ url: string }>(server.origin, 'POST', '/api/combat/share', {
    token: hero.token,
    campaignId,
    expect: 200,
  });
  const token = url.split('/').pop() ?? '';

  console.log(`Filling the fight's log to ${LOG_ENTRIES.toLocaleString('en')} entries…`);
  const refs = { actor: { id: id(0), name: 'Unit 0' }, target: { id: id(2), name: 'Unit 2' }, hp: 500 };
  if (postgres) {
    await seedLog({ kind: 'postgres', url: postgres }, campaignId, LOG_ENTRIES - 10, refs);
  } else {
    await server.stop();
    await seedLog({ kind: 'pglite', dataDir }, campaignId, LOG_ENTRIES - 10, refs);
    server = await startServer(database, port);
  }
  const fight = await call<{ logTotal: number }>(server.origin, 'GET', '/api/combat', {
    token: hero.token,
    campaignId,
    expect: 200,
  });
  console.log(`The fight's log holds ${fight.logTotal.toLocaleString('en')} entries.`);

  const target = 30 * MB;
  const entries = entriesFor(target);
  const files = {
    good: pretty(campaignFile('Big import', 4, Math.min(entries, COMBAT_LOG_MAX_ENTRIES))),
    bad: pretty(campaignFile('Broken import', 4, Math.min(entries, COMBAT_LOG_MAX_ENTRIES), true)),
  };
  console.log(
    `Import files: valid ${(files.good.length / MB).toFixed(1)} MiB, invalid ${(files.bad.length / MB).toFixed(1)} MiB ` +
      `(${Math.min(entries, COMBAT_LOG_MAX_ENTRIES).toLocaleString('en')} log entries each). Phases of ${PHASE_MS / 1000} s.`,
  );

  const players = [
    playerClient(server.origin, token, 'player 1'),
    playerClient(server.origin, token, 'player 2'),
  ];
  const imports = importer(server.origin, hero.token, files);
  const phases: [string, Load[]][] = [
    ['idle', []],
    ['player view ×2', players],
    ['imports', [imports]],
    ['player view ×2 + imports', [...players, imports]],
  ];
  const results: { name: string; latencies: number[]; notes: string[] }[] = [];
  for (const [name, loads] of phases) {
    const result = await phase(server.origin, loads);
    results.push({ name, ...result });
    for (const note of result.notes) console.log(`  [${name}] ${note}`);
  }
  const idle = results[0]!;
  const idleP99 = percentile(idle.latencies, 99);
  console.log(
    `\n/api/health latency (ms), ${postgres ? 'PostgreSQL' : 'PGlite'}, fight log ${fight.logTotal.toLocaleString('en')} entries`,
  );
  console.log(
    grid(
      ['phase', 'answers', 'p50', 'p99', 'max', 'p99 vs idle'],
      results.map((r) => [
        r.name,
        String(r.latencies.length),
        ms(median(r.latencies)),
        ms(percentile(r.latencies, 99)),
        ms(Math.max(...r.latencies)),
        ratio(percentile(r.latencies, 99), idleP99),
      ]),
      1,
    ),
  );
  const all = results.at(-1)!;
  const p99 = percentile(all.latencies, 99);
  console.log(
    `\n${verdict(p99, TARGET_P99_MS)} health p99 under the whole load ${ms(p99)} ms (target ≤ ${TARGET_P99_MS} ms; idle ${ms(idleP99)} ms)`,
  );
  const playersOnly = percentile(results[1]!.latencies, 99);
  console.log(
    `${verdict(playersOnly, TARGET_P99_MS)} health p99 with the player view hammered ${ms(playersOnly)} ms (target ≤ ${TARGET_P99_MS} ms)`,
  );
  logLoadAverage(loadBefore, os.cpus().length);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(bundle, { recursive: true, force: true });
}
