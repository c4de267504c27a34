// Crash rounds, shared by the CI proof (crash.test.ts, 5 rounds) and
// `npm run bench:crash` (20 rounds): the compiled server runs on a fresh data folder (PGlite) or a
// fresh PostgreSQL database, takes a mixed write load, and is killed with SIGKILL at a seeded random
// moment; it is started again on the same data, and every acknowledged write is read back.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationFiles } from '../../src/db/migrate';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { freePort } from '../cluster/processes';
import { isolatedServer, prepareBundle, startBundle, type RunningServer } from './crash-process';
import {
  newLedger,
  runLoad,
  seededRandom,
  totalAcknowledged,
  verify,
  WRITE_KINDS,
  type Ledger,
  type Loss,
  type WriteKind,
} from './crash-load';

export type CrashDriver = 'pglite' | 'postgres';

export interface CrashResult {
  driver: CrashDriver;
  seed: number;
  rounds: number;
  acknowledged: number;
  byKind: Record<WriteKind, number>;
  /** Requests cut by a kill: their writes may or may not have happened. */
  cut: number;
  lost: Loss[];
  /** Answers other than 2xx during the load. */
  unexpected: string[];
  /** Per restart: ms from spawn to the first 200 of /api/health. */
  restartMs: number[];
  /** Problems with the lock, the migrations or the restart itself (each a failure). */
  problems: string[];
}

/** The most a restart may take to answer /api/health; the benchmark holds it. */
export const RESTART_LIMIT_MS = 10_000;
const pause = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

interface Store {
  env: Record<string, string>;
  /** What each restart must find: the lock left by the killed process, then taken over. */
  beforeRestart(killedPid: number): string[];
  afterRestart(server: RunningServer): Promise<string[]>;
  /** After the last graceful stop: migrations applied once, each before the first start ended. */
  finish(firstReadyAt: Date): Promise<string[]>;
  remove(): Promise<void>;
}

async function migrationProblems(
  rows: { name: string; applied_at: string | Date }[],
  firstReadyAt: Date,
): Promise<string[]> {
  const problems: string[] = [];
  const names = rows.map((row) => row.name).sort();
  const expected = migrationFiles().map((file) => file.name);
  if (JSON.stringify(names) !== JSON.stringify(expected)) {
    problems.push(`schema_migrations holds ${names.join(', ')}; expected ${expected.join(', ')}`);
  }
  for (const row of rows) {
    if (new Date(row.applied_at).getTime() > firstReadyAt.getTime() + 1000) {
      problems.push(`migration ${row.name} applied again by a restart (at ${String(row.applied_at)})`);
    }
  }
  return problems;
}

function pgliteStore(): Store {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-crash-'));
  const lockPath = path.join(dataDir, 'questkeeper.lock');
  const lockPid = () => (fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null);
  return {
    env: { DATA_DIR: dataDir },
    beforeRestart(killedPid) {
      // The killed process could not release its lock: a restart must take it over.
      const pid = lockPid();
      return pid === String(killedPid) ? [] : [`lock after the kill holds ${pid}, not ${killedPid}`];
    },
    async afterRestart(server) {
      const pid = lockPid();
      return pid === String(server.pid) ? [] : [`lock after restart holds ${pid}, not ${server.pid}`];
    },
    async finish(firstReadyAt) {
      const problems = lockPid() === null ? [] : ['lock still there after a graceful stop'];
      const db = await PGlite.create(path.join(dataDir, 'pgdata'));
      try {
        const { rows } = await db.query<{ name: string; applied_at: string }>(
          'select name, applied_at from schema_migrations',
        );
        problems.push(...(await migrationProblems(rows, firstReadyAt)));
      } finally {
        await db.close();
      }
      return problems;
    },
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresStore(adminUrl: string): Promise<Store> {
  const database: ScratchDatabase = await createScratchDatabase(adminUrl, 'qk_crash');
  const query = async <T extends pg.QueryResultRow>(text: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    env: { DATABASE_URL: database.url },
    beforeRestart: () => [],
    afterRestart: async () => [],
    async finish(readyAt) {
      return migrationProblems(
        await query<{ name: string; applied_at: Date }>('select name, applied_at from schema_migrations'),
        readyAt,
      );
    },
    remove: () => database.drop(),
  };
}

export async function runCrashRounds(options: {
  driver: CrashDriver;
  rounds: number;
  seed: number;
  /** PostgreSQL: the server to create a scratch database on. */
  adminUrl?: string | undefined;
  workers?: number;
  /** A restart slower than this is a problem (default RESTART_LIMIT_MS). */
  restartLimitMs?: number;
  log?: (line: string) => void;
}): Promise<CrashResult> {
  const restartLimitMs = options.restartLimitMs ?? RESTART_LIMIT_MS;
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed);
  const bundle = prepareBundle();
  const store = options.driver === 'pglite' ? pgliteStore() : await postgresStore(options.adminUrl ?? '');
  const isolated = isolatedServer('qk-crash');
  const port = await freePort();
  const env = {
    ...store.env,
    ...(options.driver === 'pglite' ? { DATABASE_URL: '' } : {}),
    ...isolated.env(port),
  };
  const ledger: Ledger = newLedger();
  const result: CrashResult = {
    driver: options.driver,
    seed: options.seed,
    rounds: 0,
    acknowledged: 0,
    byKind: ledger.acknowledged,
    cut: 0,
    lost: [],
    unexpected: ledger.unexpected,
    restartMs: [],
    problems: [],
  };
  const tag = `crash-${crypto.randomBytes(3).toString('hex')}`;
  let server: RunningServer | null = null;
  try {
    const start = () => startBundle(bundle, { port, env, timeoutMs: Math.max(60_000, restartLimitMs * 2) });
    // The first start creates the database and runs every migration: not a restart, not timed.
    server = await startBundle(bundle, { port, env, timeoutMs: 90_000 });
    const firstReadyAt = new Date();
    for (let round = 1; round <= options.rounds; round++) {
      let stopped = false;
      const load = runLoad({
        base: server.url,
        ledger,
        random,
        workers: options.workers ?? 6,
        stopped: () => stopped,
        tag,
      });
      // A random moment counted in acknowledged writes (1 to 40 more), then 0–250 ms more, so a
      // slow, busy machine is killed as deep into the load as a fast one.
      const target = totalAcknowledged(ledger) + 1 + Math.floor(random() * 40);
      const jitter = Math.floor(random() * 250);
      const waitedFrom = Date.now();
      while (totalAcknowledged(ledger) < target && Date.now() - waitedFrom < 60_000) await pause(5);
      await pause(jitter);
      const killedPid = server.pid;
      const exit = await server.kill('SIGKILL');
      if (exit.signal !== 'SIGKILL') result.problems.push(`round ${round}: exit ${JSON.stringify(exit)}`);
      stopped = true;
      await load;
      result.problems.push(...store.beforeRestart(killedPid).map((p) => `round ${round}: ${p}`));
      server = await start();
      result.restartMs.push(server.healthMs);
      if (server.healthMs > restartLimitMs) {
        result.problems.push(`round ${round}: /api/health answered after ${server.healthMs} ms`);
      }
      result.problems.push(...(await store.afterRestart(server)).map((p) => `round ${round}: ${p}`));
      const lost = await verify(server.url, ledger);
      result.lost.push(...lost);
      result.rounds = round;
      result.acknowledged = totalAcknowledged(ledger);
      result.cut = ledger.cut;
      log(
        `  round ${round}: ${result.acknowledged} writes acknowledged so far, ${ledger.cut} cut by kills, ` +
          `${lost.length} lost, restart answered in ${server.healthMs} ms`,
      );
    }
    const stop = await server.kill('SIGTERM');
    server = null;
    if (stop.code !== 0) result.problems.push(`graceful stop exited with ${JSON.stringify(stop)}`);
    result.problems.push(...(await store.finish(firstReadyAt)));
  } finally {
    await server?.kill('SIGKILL');
    await store.remove();
    isolated.remove();
    bundle.remove();
  }
  return result;
}

export const figuresOf = (result: CrashResult): Record<string, string | number> => ({
  'seed (random; CRASH_SEED replays)': result.seed,
  'rounds (SIGKILL, restart, read back)': result.rounds,
  'writes acknowledged (2xx)': result.acknowledged,
  ...Object.fromEntries(WRITE_KINDS.map((kind) => [`— ${KIND_LABELS[kind]}`, result.byKind[kind]])),
  'requests cut by a kill (unanswered)': result.cut,
  'acknowledged writes lost': result.lost.length,
  'answers other than 2xx': result.unexpected.length,
  'restart to /api/health (ms, slowest)': Math.max(...result.restartMs),
  'restarts over the bound, lock or migration problems': result.problems.length,
});

const KIND_LABELS: Record<WriteKind, string> = {
  register: 'registrations',
  login: 'sign-ins (sessions)',
  campaign: 'campaign creates',
  unit: 'unit creates',
  unitUpdate: 'unit updates',
  rules: 'rules saves',
  combat: 'combat actions',
};

/** A seed from CRASH_SEED, or a new one (printed by the callers, so a failure can be replayed). */
export const crashSeed = () =>
  process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) : crypto.randomInt(2 ** 31);
