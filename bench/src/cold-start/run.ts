// `npm run bench:cold`: `npm start` with an existing build, from spawning
// `node scripts/start.mjs` to the first 200 of GET /api/health. Targets: ≤ 2 s with an existing
// database (issue #20), ≤ 2.5 s on a fresh DATA_DIR (issue #37 item 3: the build's migrated template
// copied instead of initdb, decision 070). Three cases: PGlite on a data folder that already holds a
// migrated database, PGlite on a fresh folder (the first start ever), and PostgreSQL (DATABASE_URL,
// already migrated). Median of 5 runs each (BENCH_COLD_RUNS), each on a fresh port. The floor, from
// the same run: a bare `node -e 0` (Node's own boot), and for the fresh folder the existing one.
//
// Where the time goes: every run reads the server's "started" log line (ms since its process began:
// modules loaded, template copied, PGlite/pool open, migrations, app built, listening), and splits the
// wall time at its first log line and at "Server listening"; then one more run per case with
// `--cpu-prof` says what the CPU did, by owner (module loading, PGlite's WebAssembly, zod, fastify…).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../../server/test/support/scratch-database';
import { openDatabase } from '../../../server/src/db/client';
import { grid, median } from '../shared/figures';
import { logLoadAverage } from '../shared/machine';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
/** Another start script to compare with (an older start.mjs kept outside the tree, say). */
const START_SCRIPT = process.env.BENCH_COLD_SCRIPT ?? 'scripts/start.mjs';
const TARGET_MS = 2_000;
/** A fresh DATA_DIR: the first start ever (issue #37 item 3). */
const FIRST_START_TARGET_MS = 2_500;
const root = new URL('../../../', import.meta.url).pathname;
const RESULTS_DIR = new URL('../../results', import.meta.url).pathname;

interface Case {
  name: string;
  target: number;
  env: Record<string, string>;
  /** Runs before each start (a fresh data folder per run). */
  before?: () => void;
}

interface Run {
  total: number;
  /** Spawn → first log line of the server process (modules loaded, database open and migrated). */
  firstLog: number;
  /** Spawn → "Server listening". */
  listening: number;
  /** CPU time of the process (user + system) when the 200 came: steadier than wall time on a busy machine. */
  cpu: number;
  /** start.mjs rebuilt the server bundle first (someone changed a source meanwhile). */
  rebuilt: boolean;
  /** The server's own "started" log: ms per phase since its process began (server.ts). */
  phases: Record<string, number | null>;
}

const PHASES = ['modules', 'templateCopy', 'databaseOpen', 'migrations', 'app', 'listen', 'total'] as const;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts `node scripts/start.mjs`, or with `profileDir` the server it would spawn, under --cpu-prof. */
async function startOnce(env: Record<string, string>, profileDir?: string): Promise<Run> {
  const port = await freePort();
  const started = Date.now();
  const t0 = performance.now();
  // --cpu-prof is refused in NODE_OPTIONS, so the profiled run starts the server bundle itself, as
  // start.mjs does (same flags and NODE_ENV), after start.mjs's checks.
  const args = profileDir
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${profileDir}`,
        '--cpu-prof-interval=250',
        '--enable-source-maps',
        'server/dist/server.js',
      ]
    : [START_SCRIPT];
  // DATABASE_URL (the bench's own, for the PostgreSQL case) must not reach the PGlite cases.
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...inherited,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...(profileDir ? { NODE_ENV: 'production' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let firstLog = Number.NaN;
  let listening = Number.NaN;
  let phases: Record<string, number | null> = {};
  let output = '';
  const onLine = (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as {
          time: number;
          msg: string;
          startup?: Record<string, number | null>;
        };
        if (Number.isNaN(firstLog)) firstLog = entry.time - started;
        if (entry.startup) phases = entry.startup;
        if (entry.msg.startsWith('Server listening')) listening = entry.time - started;
      } catch {
        // not a log line
      }
    }
  };
  child.stdout.on('data', onLine);
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let total = Number.NaN;
  let cpu = Number.NaN;
  const deadline = t0 + 120_000;
  while (performance.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      await response.arrayBuffer();
      if (response.status === 200) {
        total = performance.now() - t0;
        cpu = cpuOf(child.pid);
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  // The "started" line comes right after listening: wait for it before stopping the server.
  const logDeadline = performance.now() + 5_000;
  while (!Number.isNaN(total) && !phases.total && performance.now() < logDeadline && child.exitCode === null)
    await new Promise((resolve) => setTimeout(resolve, 5));
  child.kill('SIGTERM');
  await exited;
  if (Number.isNaN(total)) throw new Error(`no 200 from /api/health:\n${output.slice(-2000)}`);
  return { total, firstLog, listening, cpu, rebuilt: output.includes('server built:'), phases };
}

/** Spawn → exit of `node -e 0`: what any Node start costs on this machine now. */
function bareNode(): number {
  const t0 = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - t0;
}

/**
 * User + system CPU ms so far of a process and of the children it has running (a start script that
 * spawns the server), from /proc (NaN off Linux); clock ticks are 100 Hz.
 */
function cpuOf(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const own = (Number(fields[11]) + Number(fields[12])) * 10;
    const children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map((child) => cpuOf(Number(child)));
    return own + children.reduce((a, b) => a + b, 0);
  } catch {
    return Number.NaN;
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

/** Self time of a --cpu-prof profile by what the process was doing. */
function breakdown(file: string): Map<string, number> {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const owner = ({ functionName, url }: ProfileNode['callFrame']) => {
    if (url.startsWith('wasm://')) return 'PGlite WebAssembly';
    if (url.includes('@electric-sql/pglite')) return 'PGlite JavaScript';
    if (
      /^(wrapSafe|compileSourceTextModule|compileFunction)$/.test(functionName) ||
      functionName === 'compile'
    )
      return 'module loading';
    if (
      url.startsWith('node:') &&
      /Module|resolve|realpath|readFileSync|stat|_findPath|load/i.test(functionName)
    )
      return 'module loading';
    if (url.startsWith('node:')) return 'node core (other)';
    const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    if (packageName)
      return packageName === 'zod' || packageName === 'fastify' ? packageName : 'other packages';
    if (url.includes('server/dist')) return 'our bundle';
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(idle)' || functionName === '(program)') return 'idle / waiting';
    return 'native / other';
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    if (!node) return;
    const key = owner(node.callFrame);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return totals;
}

async function main() {
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}`;
  const load = os.loadavg();
  console.log(
    `Cold start of npm start (node ${START_SCRIPT} → first 200 of /api/health), ${RUNS} runs; ${machine}`,
  );

  // An existing build: the server bundle up to date (built now if not, not timed) and a web build.
  const ensure = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/ensure-server-build.mjs').then((m) => m.ensureServerBuild())"],
    { cwd: root, stdio: 'inherit' },
  );
  if (ensure.status !== 0) throw new Error('the server bundle does not build');
  let webDist = process.env.WEB_DIST ?? path.join(root, 'web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    webDist = path.join(RESULTS_DIR, 'cold-start-web-dist');
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      console.log(`No web build: building one into ${path.relative(root, webDist)} (not timed)…`);
      const build = spawnSync(
        'npx',
        ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
        {
          cwd: path.join(root, 'web'),
          stdio: 'inherit',
        },
      );
      if (build.status !== 0) throw new Error('web build failed');
    }
  }

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-cold-'));
  const existing = path.join(tmp, 'existing');
  const fresh = path.join(tmp, 'fresh');
  // The existing folder holds a migrated database, as after any earlier start.
  await (await openDatabase({ kind: 'pglite', dataDir: existing })).close();
  const cases: Case[] = [
    { name: 'PGlite, existing DATA_DIR', target: TARGET_MS, env: { DATA_DIR: existing, WEB_DIST: webDist } },
    {
      name: 'PGlite, fresh DATA_DIR (first start)',
      target: FIRST_START_TARGET_MS,
      env: { DATA_DIR: fresh, WEB_DIST: webDist },
      before: () => fs.rmSync(fresh, { recursive: true, force: true }),
    },
  ];
  let dropScratch: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'qk_cold');
    dropScratch = scratch.drop;
    await (await openDatabase({ kind: 'postgres', url: scratch.url })).close();
    cases.push({
      name: 'PostgreSQL (migrated)',
      target: TARGET_MS,
      env: { DATABASE_URL: scratch.url, WEB_DIST: webDist },
    });
  } else console.log('DATABASE_URL not set: PGlite only.');

  if (!fs.existsSync(path.join(root, 'server/dist/pgdata-template')))
    console.log(
      'No server/dist/pgdata-template: the fresh folder runs initdb (build older than decision 070).',
    );
  const rows: { name: string; target: number; runs: Run[]; profile: Map<string, number> }[] = [];
  const bare: number[] = [];
  try {
    for (const c of cases) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        c.before?.();
        const run = await startOnce(c.env);
        runs.push(run);
        bare.push(bareNode());
        console.log(
          `  ${c.name} run ${i + 1}/${RUNS}: ${run.total.toFixed(0)} ms ` +
            `(first server log at ${run.firstLog.toFixed(0)} ms, listening at ${run.listening.toFixed(0)} ms, ` +
            `${run.cpu.toFixed(0)} ms of CPU)` +
            (run.rebuilt ? ' — REBUILT the server bundle first (a source changed meanwhile)' : ''),
        );
      }
      // One more, the server process profiled.
      c.before?.();
      const profileDir = fs.mkdtempSync(path.join(tmp, 'profile-'));
      await startOnce(c.env, profileDir);
      const profile = new Map<string, number>();
      for (const file of fs.readdirSync(profileDir)) {
        for (const [key, ms] of breakdown(path.join(profileDir, file)))
          profile.set(key, (profile.get(key) ?? 0) + ms);
      }
      rows.push({ name: c.name, target: c.target, runs, profile });
    }
  } finally {
    await dropScratch?.();
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  console.log(`\nMedian of ${RUNS} runs (ms from spawning node scripts/start.mjs):\n`);
  console.log(
    grid(
      [
        'case',
        'first 200 of /api/health',
        'min',
        'first server log',
        'listening',
        'CPU ms',
        '× bare node',
        'target',
        'verdict',
      ],
      rows.map((r) => {
        const total = median(r.runs.map((x) => x.total));
        return [
          r.name,
          total.toFixed(0),
          Math.min(...r.runs.map((x) => x.total)).toFixed(0),
          median(r.runs.map((x) => x.firstLog)).toFixed(0),
          median(r.runs.map((x) => x.listening)).toFixed(0),
          median(r.runs.map((x) => x.cpu)).toFixed(0),
          (total / median(bare)).toFixed(1),
          String(r.target),
          total <= r.target ? 'PASS' : 'FAIL',
        ];
      }),
      1,
    ),
  );
  const existingMedian = median(rows[0]?.runs.map((x) => x.total) ?? []);
  const freshMedian = median(rows[1]?.runs.map((x) => x.total) ?? []);
  console.log(
    `\nFloors from this run: bare node -e 0 ${median(bare).toFixed(0)} ms (median of ${bare.length}); ` +
      `fresh against existing folder ×${(freshMedian / existingMedian).toFixed(2)} ` +
      `(+${(freshMedian - existingMedian).toFixed(0)} ms: what a first start adds).`,
  );
  console.log(
    '\nWhere the start went, from the server\'s "started" log (median ms of each phase; total is since ' +
      'its process began, before that comes start.mjs):\n',
  );
  const phase = (r: (typeof rows)[number], key: string) => {
    const values = r.runs.map((x) => x.phases[key]).filter((v): v is number => typeof v === 'number');
    return values.length ? median(values).toFixed(0) : '—';
  };
  console.log(
    grid(
      ['phase', ...rows.map((r) => r.name)],
      PHASES.map((key) => [key, ...rows.map((r) => phase(r, key))]),
      1,
    ),
  );
  console.log(
    '\nWhere the server process’s time went in the profiled run (self time, ms, until it exits):\n',
  );
  const keys = [...new Set(rows.flatMap((r) => [...r.profile.keys()]))].sort(
    (a, b) => (rows[0]?.profile.get(b) ?? 0) - (rows[0]?.profile.get(a) ?? 0),
  );
  console.log(
    grid(
      ['what', ...rows.map((r) => r.name)],
      keys.map((k) => [k, ...rows.map((r) => (r.profile.get(k) ?? 0).toFixed(0))]),
      1,
    ),
  );
  logLoadAverage(load, cpus.length);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `cold-start-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const json = rows.map((r) => ({ ...r, profile: Object.fromEntries(r.profile) }));
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine, load, bareNode: bare, rows: json }, null, 2)}\n`,
  );
  console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
