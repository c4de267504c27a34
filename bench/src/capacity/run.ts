// `npm run bench:capacity` (issue #37 part 5, docs/decisions/072): how many live tables this machine
// holds. A table is one game master acting every 3 s (attack, heal, next turn, undo) and 5 player pages
// on the stream. A ramp of steps (default 50, 100, 200 tables, about 5 min on each database; `--steps`, `--max-tables`), each
// after a warm-up measured for `--step-seconds`, on
//   1. PostgreSQL + Redis with 3 server processes (the production bundle), GMs and players spread over
//      them round-robin (a table's players mostly on other processes than its GM: the update crosses
//      Redis pub/sub);
//   2. PGlite with one process;
//   3. the floor: bare node:http processes holding the same connections at the largest step reached.
// Per step: action round trip p50/p95/p99, player update latency (each stream's event, from the GM's
// request and from its answer), errors, CPU and RSS of each server process, of PostgreSQL's backends
// for the bench database, of Redis and of the load generators (separate processes, their CPU said),
// event-loop delay of servers and generators, and the 1-minute load average (> 1.5 before the step:
// loaded). The ramp stops at the first step that breaks a target; the servers are then profiled for
// one more window at that load. Prints tables with PASS/FAIL lines and writes bench/results/capacity-*.json.
//
// Flags: --mode=postgres|pglite|both (both), --steps=50,100,…, --max-tables=N, --step-seconds=S (15),
// --warmup-seconds=S (5), --generators=N (2), --no-floor, --no-profile, --spread=same, --keep-going (on past a missed
// latency target, not past errors: how the CPU cost grows on a loaded machine).
import { spawn, spawnSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, createHero } from '../shared/api';
import { grid, median, ms, percentile, ratio } from '../shared/figures';
import { freePort } from '../web/app';
import type { GeneratorMessage, ServerProbeMessage, TableSpec, WindowReport } from './protocol';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const tsxLoader = import.meta.resolve('tsx');
const RESULTS_DIR = path.join(root, 'bench', 'results');

const flags = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key ?? '', value];
  }),
);
const MODE = flags.get('mode') ?? 'both';
const MAX_TABLES = Number(flags.get('max-tables') ?? 200);
const STEPS = (flags.get('steps') ?? '50,100,200,400,700,1000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0 && n <= MAX_TABLES);
const STEP_MS = Number(flags.get('step-seconds') ?? 15) * 1000;
const WARMUP_MS = Number(flags.get('warmup-seconds') ?? 5) * 1000;
const GENERATORS = Number(flags.get('generators') ?? 2);
const FLOOR = !flags.has('no-floor');
const PROFILE = !flags.has('no-profile');
/** On a loaded machine: go on past a missed latency target (not past errors) to see how the cost grows. */
const KEEP_GOING = flags.has('keep-going');
/**
 * `--spread=same` puts a table's players on its GM's process (no cross-process update, one payload read
 * per action): the cost of the round-robin spread, by difference.
 */
const SAME_PROCESS = flags.get('spread') === 'same';
const PLAYERS = 5;
const TARGET_RTT_P95 = 50;
const TARGET_UPDATE_P95 = 300;
const DATABASE = 'qk_capacity';
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
/** Redis database 11: the bench's keys stay apart from the tests' (pub/sub channels hold campaign ids). */
const REDIS_URL = process.env.BENCH_CAPACITY_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
const CLK_TCK = 100;

process.on('SIGINT', () => process.exit(130));

// ---- Processes ----

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}
function rssBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
/** PostgreSQL backends serving the bench database, and the Redis server (shared with other work). */
function otherPids(): { postgres: number[]; redis: number[] } {
  const postgres: number[] = [];
  const redis: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres:') && cmdline.includes(` ${DATABASE} `)) postgres.push(Number(entry));
      if (cmdline.startsWith('redis-server')) redis.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return { postgres, redis };
}

function buildServer(): string {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const copy = path.join(root, 'bench', 'dist', `server-capacity-${process.pid}`);
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'server', 'dist'), copy, { recursive: true });
  return copy;
}

interface Server {
  pid: number;
  origin: string;
  lag(): Promise<{ p50: number; p99: number; max: number }>;
  lagReset(): void;
  profile(file: string, during: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

async function startServer(bundle: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--import', path.join(here, 'server-probe.mjs'), path.join(bundle, 'server.js')],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        WEB_DIST: '/nonexistent-web-dist',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '0',
      },
    },
  );
  children.add(child);
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
  const next = <T extends ServerProbeMessage['type']>(type: T) =>
    new Promise<Extract<ServerProbeMessage, { type: T }>>((resolve) => {
      const listen = (message: ServerProbeMessage) => {
        if (message.type !== type) return;
        child.off('message', listen);
        resolve(message as Extract<ServerProbeMessage, { type: T }>);
      };
      child.on('message', listen);
    });
  return {
    pid: child.pid ?? 0,
    origin,
    lagReset: () => child.send({ type: 'lag-reset' }),
    lag: async () => {
      const answer = next('lag');
      child.send({ type: 'lag' });
      return answer;
    },
    profile: async (file, during) => {
      child.send({ type: 'profile-start' });
      await during();
      const done = next('profiled');
      child.send({ type: 'profile-stop', file });
      await done;
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      children.delete(child);
    },
  };
}

interface Generator {
  pid: number;
  add(tables: TableSpec[]): Promise<number>;
  windowStart(): void;
  windowEnd(): Promise<WindowReport>;
  stop(): Promise<void>;
}

async function startGenerator(): Promise<Generator> {
  const child = fork(path.join(here, 'generator.ts'), [], {
    execArgv: ['--import', tsxLoader],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const next = <T extends GeneratorMessage['type']>(type: T) =>
    new Promise<Extract<GeneratorMessage, { type: T }>>((resolve) => {
      const listen = (message: GeneratorMessage) => {
        if (message.type !== type) return;
        child.off('message', listen);
        resolve(message as Extract<GeneratorMessage, { type: T }>);
      };
      child.on('message', listen);
    });
  await next('ready');
  return {
    pid: child.pid ?? 0,
    add: async (tables) => {
      const added = next('added');
      child.send({ type: 'add', tables });
      return (await added).ready;
    },
    windowStart: () => child.send({ type: 'window-start' }),
    windowEnd: async () => {
      const report = next('window');
      child.send({ type: 'window-end' });
      return (await report).report;
    },
    stop: async () => {
      if (child.connected) child.send({ type: 'stop' });
      await exited;
      children.delete(child);
    },
  };
}

// ---- Tables ----

let sizes = { payload: 0, answer: 0 };
/**
 * One Hero account runs up to 5 tables (its campaign limit), each its own campaign, fight and link:
 * the set-up registers (argon2) a fifth as often. What the load exercises is per fight and per link.
 */
const TABLES_PER_ACCOUNT = 5;
const accounts = new Map<number, Promise<{ token: string }>>();

async function setupTable(id: number, origins: string[]): Promise<TableSpec> {
  const gmOrigin = origins[id % origins.length] ?? '';
  const group = Math.floor(id / TABLES_PER_ACCOUNT);
  let account = accounts.get(group);
  if (!account) accounts.set(group, (account = createHero(gmOrigin, 'capacity')));
  const { token } = await account;
  const campaign = await call<{ _id: string; races: { name: string }[]; classes: { name: string }[] }>(
    gmOrigin,
    'POST',
    '/api/game-data',
    { token, json: { name: `Table ${id}`, template: 'default' }, expect: 201 },
  );
  const campaignId = campaign._id;
  const unit = async (name: string, isPlayer: boolean, hp: number) =>
    (
      await call<{ _id: string }>(gmOrigin, 'POST', '/api/units', {
        token,
        campaignId,
        json: { name, isPlayer, hp, race: campaign.races[0]?.name, class: campaign.classes[0]?.name },
        expect: 201,
      })
    )._id;
  const aria = await unit('Aria', true, 9999);
  const borin = await unit('Borin', true, 40);
  const grask = await unit('Grask', false, 60);
  const shade = await unit('Shade', false, 30);
  let { version } = await call<{ version: number }>(gmOrigin, 'GET', '/api/combat', {
    token,
    campaignId,
    expect: 200,
  });
  let answerBytes = 0;
  const act = async (action: Record<string, unknown>) => {
    const answer = await call<{ combat: { version: number } }>(gmOrigin, 'POST', '/api/combat/actions', {
      token,
      campaignId,
      json: { version, action },
      expect: 200,
    });
    version = answer.combat.version;
    answerBytes = JSON.stringify(answer).length;
  };
  for (const unitId of [aria, borin]) await act({ type: 'add', unitId, group: 'allies' });
  for (const unitId of [grask, shade]) await act({ type: 'add', unitId, group: 'enemies' });
  await act({ type: 'start' });
  await act({ type: 'attack', targetId: aria, amount: 1 });
  const { url } = await call<{ url: string }>(gmOrigin, 'POST', '/api/combat/share', {
    token,
    campaignId,
    expect: 200,
  });
  const link = decodeURIComponent(url.split('/').pop() ?? '');
  if (!sizes.payload) {
    const payload = await call<unknown>(gmOrigin, 'GET', `/api/play/${encodeURIComponent(link)}`, {
      expect: 200,
    });
    sizes = { payload: JSON.stringify(payload).length, answer: answerBytes };
  }
  return {
    id,
    kind: 'app',
    gmOrigin,
    actionPath: '/api/combat/actions',
    undoPath: '/api/combat/undo',
    token,
    campaignId,
    version,
    targetId: aria,
    streamUrls: Array.from(
      { length: PLAYERS },
      (_, i) =>
        `${SAME_PROCESS ? gmOrigin : origins[(id + 1 + i) % origins.length]}/api/play/${encodeURIComponent(link)}/events`,
    ),
  };
}

async function setupTables(from: number, to: number, origins: string[]): Promise<TableSpec[]> {
  const ids = Array.from({ length: to - from }, (_, i) => from + i);
  const tables: TableSpec[] = [];
  const worker = async () => {
    for (let id = ids.shift(); id !== undefined; id = ids.shift()) tables.push(await setupTable(id, origins));
  };
  await Promise.all(Array.from({ length: 12 }, worker));
  return tables.sort((a, b) => a.id - b.id);
}

// ---- Steps ----

interface Row {
  tables: number;
  streams: number;
  actions: number;
  rtt: { p50: number; p95: number; p99: number };
  update: { p50: number; p95: number; p99: number; p95FromAnswer: number };
  errors: number;
  errorKinds: Record<string, number>;
  errorSamples: string[];
  /** CPU % of one core over the window. */
  cpu: { servers: number[]; postgres: number; redis: number; generators: number };
  rssMiB: number[];
  rssPerStreamKiB: number;
  serverLagP99: number;
  generatorLagP99: number;
  openStreams: number;
  load: number;
  pass: boolean;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const sleep = (msDelay: number) => new Promise((resolve) => setTimeout(resolve, msDelay));

async function measureWindow(
  tables: number,
  servers: { pid: number; lagReset?: () => void; lag?: Server['lag'] }[],
  generators: Generator[],
  baselineRss: number,
): Promise<Row> {
  const load = os.loadavg()[0] ?? 0;
  const others = otherPids();
  const cpuOf = (pids: number[]) => sum(pids.map(cpuSeconds));
  // Backends come and go (pooled connections are opened on demand): each one counts from its own start.
  const postgresBefore = new Map(others.postgres.map((pid) => [pid, cpuSeconds(pid)]));
  const before = {
    servers: servers.map((s) => cpuSeconds(s.pid)),
    postgres: 0,
    redis: cpuOf(others.redis),
    generators: cpuOf(generators.map((g) => g.pid)),
  };
  for (const server of servers) server.lagReset?.();
  for (const generator of generators) generator.windowStart();
  const started = performance.now();
  await sleep(STEP_MS);
  const seconds = (performance.now() - started) / 1000;
  const after = {
    servers: servers.map((s) => cpuSeconds(s.pid)),
    postgres: sum(otherPids().postgres.map((pid) => cpuSeconds(pid) - (postgresBefore.get(pid) ?? 0))),
    redis: cpuOf(others.redis),
    generators: cpuOf(generators.map((g) => g.pid)),
  };
  const lags = await Promise.all(servers.map((s) => s.lag?.() ?? Promise.resolve({ p99: NaN })));
  const reports = await Promise.all(generators.map((g) => g.windowEnd()));
  const rss = servers.map((s) => rssBytes(s.pid));
  const rtt = reports.flatMap((r) => r.rtt);
  const fromRequest = reports.flatMap((r) => r.updates.map((u) => u.fromRequest));
  const fromAnswer = reports.flatMap((r) => r.updates.map((u) => u.fromAnswer));
  const errorKinds: Record<string, number> = {};
  for (const report of reports)
    for (const [kind, count] of Object.entries(report.errors))
      errorKinds[kind] = (errorKinds[kind] ?? 0) + count;
  const errors = sum(Object.values(errorKinds));
  const pct = (a: number, b: number) => (100 * (a - b)) / seconds;
  const row: Row = {
    tables,
    streams: tables * PLAYERS,
    actions: sum(reports.map((r) => r.actions)),
    rtt: { p50: median(rtt), p95: percentile(rtt, 95), p99: percentile(rtt, 99) },
    update: {
      p50: median(fromRequest),
      p95: percentile(fromRequest, 95),
      p99: percentile(fromRequest, 99),
      p95FromAnswer: percentile(fromAnswer, 95),
    },
    errors,
    errorKinds,
    errorSamples: reports.flatMap((r) => r.errorSamples).slice(0, 5),
    cpu: {
      servers: after.servers.map((a, i) => pct(a, before.servers[i] ?? 0)),
      postgres: pct(after.postgres, before.postgres),
      redis: pct(after.redis, before.redis),
      generators: pct(after.generators, before.generators),
    },
    rssMiB: rss.map((b) => b / 2 ** 20),
    rssPerStreamKiB: (sum(rss) - baselineRss) / (tables * PLAYERS) / 1024,
    serverLagP99: Math.max(...lags.map((l) => l.p99)),
    generatorLagP99: Math.max(...reports.map((r) => r.lagP99)),
    openStreams: sum(reports.map((r) => r.openStreams)),
    load,
    pass: false,
  };
  row.pass =
    row.rtt.p95 <= TARGET_RTT_P95 &&
    row.update.p95 <= TARGET_UPDATE_P95 &&
    errors === 0 &&
    row.openStreams === row.streams &&
    rtt.length > 0;
  return row;
}

function printRows(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.log(
    grid(
      [
        'tables',
        'conns',
        'actions',
        'RTT p50/p95/p99 ms',
        'update p50/p95/p99 ms',
        'upd p95 from answer',
        'errors',
        'server CPU %',
        'pg %',
        'redis %',
        'gen %',
        'server RSS MiB',
        'KiB/stream',
        'lag p99 srv/gen ms',
        'load1',
        'verdict',
      ],
      rows.map((r) => [
        String(r.tables),
        String(r.tables * (PLAYERS + 1)),
        String(r.actions),
        `${ms(r.rtt.p50)} / ${ms(r.rtt.p95)} / ${ms(r.rtt.p99)}`,
        `${ms(r.update.p50)} / ${ms(r.update.p95)} / ${ms(r.update.p99)}`,
        ms(r.update.p95FromAnswer),
        String(r.errors),
        r.cpu.servers.map((c) => c.toFixed(0)).join('+'),
        r.cpu.postgres.toFixed(0),
        r.cpu.redis.toFixed(0),
        r.cpu.generators.toFixed(0),
        r.rssMiB.map((m) => m.toFixed(0)).join('+'),
        // Below a few hundred streams the RSS noise (GC, allocator) can exceed what the streams hold.
        r.rssPerStreamKiB > 0 ? r.rssPerStreamKiB.toFixed(1) : '—',
        `${ms(r.serverLagP99)} / ${ms(r.generatorLagP99)}`,
        r.load.toFixed(2) + (r.load > 1.5 ? ' loaded' : ''),
        r.pass ? 'PASS' : 'FAIL',
      ]),
      0,
    ),
  );
  for (const r of rows.filter((row) => row.errors > 0))
    console.log(
      `  ${r.tables} tables: errors ${JSON.stringify(r.errorKinds)} e.g. ${r.errorSamples.join(' | ')}`,
    );
}

function summarizeProfile(file: string) {
  const summary = spawnSync(
    process.execPath,
    ['--import', tsxLoader, path.join(root, 'bench/src/profile-summary.ts'), file],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  console.log(summary.stdout);
  return summary.stdout;
}

interface ModeResult {
  name: string;
  rows: Row[];
  largestPass: number;
  failedAt: number | null;
  profile: string | null;
  baselineRssMiB: number[];
}

async function ramp(
  name: string,
  bundle: string,
  processes: number,
  env: Record<string, string>,
): Promise<ModeResult> {
  console.log(
    `\n== ${name}: ${processes} server process${processes > 1 ? 'es' : ''}, steps ${STEPS.join(', ')} tables`,
  );
  accounts.clear();
  const servers: Server[] = [];
  // The first process migrates the database alone; the others start on a migrated one.
  servers.push(await startServer(bundle, env));
  for (let i = 1; i < processes; i++) servers.push(await startServer(bundle, env));
  const origins = servers.map((s) => s.origin);
  const generators = await Promise.all(Array.from({ length: GENERATORS }, startGenerator));
  const rows: Row[] = [];
  let profile: string | null = null;
  let failedAt: number | null = null;
  await sleep(2000);
  const baselineRss = servers.map((s) => rssBytes(s.pid));
  try {
    let count = 0;
    for (const step of STEPS) {
      const setupStarted = Date.now();
      const tables = await setupTables(count, step, origins);
      count = step;
      const added = await Promise.all(
        generators.map((g, i) => g.add(tables.filter((_, k) => k % generators.length === i))),
      );
      console.log(
        `${step} tables: ${tables.length} set up through the API in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s, ` +
          `${sum(added)} new streams open; warm-up ${WARMUP_MS / 1000} s, then ${STEP_MS / 1000} s measured…`,
      );
      await sleep(WARMUP_MS);
      const row = await measureWindow(step, servers, generators, sum(baselineRss));
      rows.push(row);
      printRows(`${name}, ${step} tables`, [row]);
      if (!row.pass) {
        failedAt ??= step;
        if (!KEEP_GOING || row.errors > 0 || row.update.p95 > 3000) break;
      }
    }
    if (PROFILE && rows.length > 0) {
      const file = path.join(
        os.tmpdir(),
        `qk-capacity-${name.replace(/\W+/g, '-')}-${process.pid}.cpuprofile`,
      );
      console.log(`\nProfiling server process 1 for ${STEP_MS / 1000} s at ${count} tables…`);
      const server = servers[0];
      if (server) {
        await server.profile(file, async () => {
          await sleep(STEP_MS);
        });
        profile = summarizeProfile(file);
      }
    }
  } finally {
    await Promise.all(generators.map((g) => g.stop()));
    await Promise.all(servers.map((s) => s.stop()));
  }
  const passing = rows.filter((r) => r.pass);
  return {
    name,
    rows,
    largestPass: passing.length ? Math.max(...passing.map((r) => r.tables)) : 0,
    failedAt,
    profile,
    baselineRssMiB: baselineRss.map((b) => b / 2 ** 20),
  };
}

async function floorRun(tables: number, processes: number): Promise<Row> {
  console.log(
    `\n== Floor: ${processes} bare node:http process(es), ${tables} tables (${tables * (PLAYERS + 1)} connections)`,
  );
  const floors: { pid: number; origin: string; child: ChildProcess }[] = [];
  for (let i = 0; i < processes; i++) {
    const child = fork(path.join(here, 'floor.ts'), [], {
      execArgv: ['--import', tsxLoader],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        BENCH_FLOOR_PAYLOAD_BYTES: String(sizes.payload || 3000),
        BENCH_FLOOR_ANSWER_BYTES: String(sizes.answer || 3000),
      },
    });
    children.add(child);
    const port = await new Promise<number>((resolve) =>
      child.once('message', (m: { port: number }) => resolve(m.port)),
    );
    floors.push({ pid: child.pid ?? 0, origin: `http://127.0.0.1:${port}`, child });
  }
  const generators = await Promise.all(Array.from({ length: GENERATORS }, startGenerator));
  try {
    await sleep(3000);
    const baseline = sum(floors.map((f) => rssBytes(f.pid)));
    const specs: TableSpec[] = Array.from({ length: tables }, (_, id) => {
      const origin = floors[id % floors.length]?.origin ?? '';
      return {
        id,
        kind: 'floor',
        gmOrigin: origin,
        actionPath: `/act/${id}`,
        undoPath: `/act/${id}`,
        token: '',
        campaignId: '',
        version: 0,
        targetId: '',
        streamUrls: Array.from({ length: PLAYERS }, () => `${origin}/stream/${id}`),
      };
    });
    await Promise.all(generators.map((g, i) => g.add(specs.filter((_, k) => k % generators.length === i))));
    await sleep(WARMUP_MS);
    const row = await measureWindow(tables, floors, generators, baseline);
    printRows('Floor', [row]);
    return row;
  } finally {
    await Promise.all(generators.map((g) => g.stop()));
    for (const floor of floors) {
      floor.child.kill('SIGTERM');
      children.delete(floor.child);
    }
  }
}

async function main() {
  const cpus = os.cpus();
  console.log(`\n== Capacity: live tables (1 GM acting every 3 s + ${PLAYERS} player streams each)`);
  console.log(
    `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}; ${GENERATORS} generator processes; ` +
      `load average now ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}`,
  );
  const bundle = buildServer();
  const results: ModeResult[] = [];
  const floors: { mode: string; row: Row }[] = [];
  try {
    if (MODE === 'postgres' || MODE === 'both') {
      spawnSync(
        'psql',
        ['-h', '127.0.0.1', '-U', 'postgres', '-c', `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`],
        {
          stdio: 'inherit',
        },
      );
      const created = spawnSync(
        'psql',
        ['-h', '127.0.0.1', '-U', 'postgres', '-c', `CREATE DATABASE ${DATABASE}`],
        {
          stdio: 'inherit',
        },
      );
      if (created.status !== 0) throw new Error(`could not create ${DATABASE}`);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-capacity-unused-'));
      const result = await ramp('PostgreSQL + Redis', bundle, 3, {
        DATABASE_URL,
        REDIS_URL,
        DATA_DIR: dataDir,
      });
      results.push(result);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (FLOOR) {
        const tables = result.rows.at(-1)?.tables ?? STEPS[0] ?? 50;
        floors.push({ mode: result.name, row: await floorRun(tables, 3) });
      }
    }
    if (MODE === 'pglite' || MODE === 'both') {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-capacity-pglite-'));
      try {
        const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
        const result = await ramp('PGlite', bundle, 1, env);
        results.push(result);
        if (FLOOR) {
          const tables = result.rows.at(-1)?.tables ?? STEPS[0] ?? 50;
          floors.push({ mode: result.name, row: await floorRun(tables, 1) });
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    fs.rmSync(bundle, { recursive: true, force: true });
  }

  console.log('\n== Summary');
  for (const result of results) {
    printRows(result.name, result.rows);
    const best = result.rows.find((r) => r.tables === result.largestPass);
    console.log(
      `${result.largestPass > 0 ? 'PASS' : 'FAIL'}: ${result.name} holds ${result.largestPass} tables ` +
        `(${result.largestPass * (PLAYERS + 1)} connections) with RTT p95 ≤ ${TARGET_RTT_P95} ms, update p95 ≤ ${TARGET_UPDATE_P95} ms, 0 errors` +
        (result.failedAt ? `; ${result.failedAt} tables fail` : '; the largest step tried passed') +
        (best
          ? `; memory ${best.rssPerStreamKiB.toFixed(1)} KiB per stream, ${best.rssMiB.map((m) => m.toFixed(0)).join(' + ')} MiB per process (idle ${result.baselineRssMiB.map((m) => m.toFixed(0)).join(' + ')})`
          : ''),
    );
    for (const row of result.rows) {
      const app = sum(row.cpu.servers) + row.cpu.postgres + row.cpu.redis;
      console.log(
        `  ${row.tables} tables: app CPU (servers + PostgreSQL + Redis) ${app.toFixed(0)} % of a core = ` +
          `${((10 * app) / row.tables).toFixed(1)} ms of CPU per table per second; at that cost 2 cores hold ` +
          `${Math.floor((200 * row.tables) / app)} tables (generators and latency aside)`,
      );
    }
    const floor = floors.find((f) => f.mode === result.name)?.row;
    const last = result.rows.at(-1);
    if (floor && last)
      console.log(
        `  app / floor at ${last.tables} tables: RTT p95 ${ratio(last.rtt.p95, floor.rtt.p95)}, update p95 ${ratio(last.update.p95, floor.update.p95)}, ` +
          `server CPU ${ratio(sum(last.cpu.servers), sum(floor.cpu.servers))} (${sum(last.cpu.servers).toFixed(0)} % vs ${sum(floor.cpu.servers).toFixed(0)} %), ` +
          `RSS per stream ${ratio(last.rssPerStreamKiB, floor.rssPerStreamKiB)}`,
      );
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `capacity-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        machine: { cpus: cpus.length, model: cpus[0]?.model, node: process.version },
        sizes,
        results,
        floors,
      },
      null,
      2,
    ),
  );
  console.log(`results: ${path.relative(process.cwd(), file)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
