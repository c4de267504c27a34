// `npm run bench`: GET /api/units of a 50-unit campaign, the app against its floor (bare node:http,
// same statement, same driver), on PGlite and — when DATABASE_URL is set — PostgreSQL. Servers run
// one at a time in child processes, in rotating order over several rounds; the table reports medians.
// Then the web pages (docs/decisions/011, ./web/bench.ts; alone: `npm run bench:web`), then the rules and
// editor with a 600,000-character rulebook (docs/decisions/012, ./editor/bench.ts; alone: `npm run
// bench:editor`), then the combat simulator, 200 v 200 (docs/decisions/015, ./combat/bench.ts; alone: `npm
// run bench:combat`), then the monsters' turn changes and encounter runs (decision 062, ./combat/monsters.ts;
// alone: `npm run bench:monsters`), then campaign search, backlinks and renames that rewrite links (decision
// 063, ./links/run.ts; alone: `npm run bench:links`), then the search palette's keystroke → results painted
// in Chromium (decision 063, ./search/bench.ts; alone: `npm run bench:search`), then import from other tools
// (issue #35, ./import/foreign.ts; alone: `npm run bench:foreign -w bench`), then a 4 MB portrait upload (issue
// #34, ./images/portrait.ts; alone: `npm run bench:images -w bench`). A benchmark reports: it
// exits 0 whatever the figures.
import { createScratchDatabase } from '../../server/test/support/scratch-database';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { openDatabase, type DatabaseOptions } from '../../server/src/db/client';
import { CONNECTIONS, fetchUnits, measure, startServer } from './measure';
import { summarize, table, verdicts, type Driver, type Summary, type TargetResult } from './report';
import { seed, UNIT_COUNT, type Seeded } from './seed';
import { benchCombat } from './combat/bench';
import { benchMonsters } from './combat/monsters';
import { benchLinks } from './links/run';
import { benchSearch } from './search/bench';
import { benchEditor } from './editor/bench';
import { benchForeignImport } from './import/foreign';
import { benchPortraitUpload } from './images/portrait';
import { benchWeb } from './web/bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 2);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';
const RULES_CHARS = Number(process.env.BENCH_RULES_CHARS ?? 0);
const RESULTS_DIR = new URL('../results', import.meta.url).pathname;

const slug = (name: string) =>
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

interface TargetSpec {
  name: string;
  kind: 'floor' | 'app';
  script: string;
  env: Record<string, string>;
}

const cleanups: (() => Promise<void>)[] = [];
process.on('SIGINT', () => {
  void (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    process.exit(130);
  })();
});

/** Where each driver's data lives for the run, and how to remove it afterwards. */
async function prepare(driver: Driver): Promise<{
  options: Extract<DatabaseOptions, { kind: 'pglite' | 'postgres' }>;
  env: Record<string, string>;
  remove: () => Promise<void>;
}> {
  if (driver === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-bench-'));
    return {
      options: { kind: 'pglite', dataDir },
      env: { BENCH_DB_KIND: 'pglite', BENCH_DATA_DIR: dataDir },
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '', 'qk_bench');
  return {
    options: { kind: 'postgres', url: scratch.url, poolSize: POOL_SIZE },
    env: { BENCH_DB_KIND: 'postgres', BENCH_DATABASE_URL: scratch.url },
    remove: scratch.drop,
  };
}

function compare(reference: Seeded['reference'], answer: { status: number; body: string }) {
  if (answer.status !== 200)
    return { valid: false, check: `answered ${answer.status}: ${answer.body.slice(0, 200)}` };
  if (reference.status !== 200)
    return { valid: true, check: `not compared (the app answered ${reference.status})` };
  if (answer.body === reference.body) return { valid: true, check: 'identical bytes to the app' };
  const same = isDeepStrictEqual(JSON.parse(answer.body), JSON.parse(reference.body));
  return same
    ? { valid: true, check: 'same JSON as the app (bytes differ)' }
    : { valid: false, check: 'JSON DIFFERS from the app' };
}

async function benchDriver(driver: Driver) {
  console.log(`\n== ${driver}: seeding ${UNIT_COUNT} units`);
  const place = await prepare(driver);
  cleanups.push(place.remove);
  try {
    const database = await openDatabase(place.options);
    const seeded = await seed(database, { rulesChars: RULES_CHARS }).finally(() => database.close());
    console.log(`campaign via ${seeded.campaignVia}; app GET /api/units answered ${seeded.reference.status}`);
    console.log('floor statement (recorded from the app):');
    console.log(`  ${seeded.unitsQuery.sql}`);
    const headers = { authorization: `Bearer ${seeded.token}`, 'x-campaign-id': seeded.campaignId };
    const pool = { BENCH_POOL_SIZE: String(POOL_SIZE) };
    const specs: TargetSpec[] = [
      {
        name: 'floor (node:http)',
        kind: 'floor',
        script: './floor-server.ts',
        env: {
          ...pool,
          BENCH_FLOOR_SQL: seeded.unitsQuery.sql,
          BENCH_FLOOR_PARAMS: JSON.stringify(seeded.unitsQuery.params),
          BENCH_FLOOR_STATEMENT_NAME: seeded.unitsQuery.name ?? '',
        },
      },
      {
        name: 'app (LOG_LEVEL=silent)',
        kind: 'app',
        script: './app-server.ts',
        env: { ...pool, LOG_LEVEL: 'silent' },
      },
      {
        name: 'app (LOG_LEVEL=info)',
        kind: 'app',
        script: './app-server.ts',
        env: { ...pool, LOG_LEVEL: 'info' },
      },
    ];
    const results: TargetResult[] = specs.map((s) => ({
      name: s.name,
      kind: s.kind,
      check: '',
      valid: true,
      samples: [],
    }));
    for (let round = 0; round < ROUNDS; round++) {
      // Rotating the order spreads any drift (thermal, page cache, autovacuum) over every target.
      const order = specs.map((_, i) => (i + round) % specs.length);
      for (const index of order) {
        const spec = specs[index];
        const result = results[index];
        if (!spec || !result || !result.valid) continue;
        const server = await startServer(spec.script, { ...place.env, ...spec.env }, { logs: 'ignore' });
        try {
          if (round === 0) {
            Object.assign(result, compare(seeded.reference, await fetchUnits(server.port, headers)));
            console.log(`  check ${spec.name}: ${result.check}`);
            if (!result.valid) continue;
          }
          const profileFile = CPU_PROF
            ? path.join(RESULTS_DIR, 'profiles', `${driver}-${slug(spec.name)}-round${round + 1}.cpuprofile`)
            : undefined;
          const timing = { warmupSeconds: WARMUP_SECONDS, seconds: SECONDS };
          const sample = await measure(server, headers, timing, profileFile);
          result.samples.push(sample);
          console.log(
            `  round ${round + 1}/${ROUNDS} ${spec.name}: ${sample.rps.toFixed(0)} req/s, ` +
              `p99 ${sample.p99} ms, server ${sample.serverCores.toFixed(2)} cores, ` +
              `${sample.cpuMsPerRequest.toFixed(2)} CPU ms/req` +
              (sample.restOfMachineCores === undefined
                ? ''
                : `, rest of machine ${sample.restOfMachineCores.toFixed(2)} cores`) +
              (sample.non2xx || sample.errors ? `, ${sample.non2xx} non-2xx, ${sample.errors} errors` : ''),
          );
          if (sample.non2xx || sample.errors) {
            result.valid = false;
            result.check += '; failed requests during the run';
          }
        } finally {
          await server.stop();
        }
      }
    }
    return {
      driver,
      seeded,
      sql: seeded.unitsQuery.sql,
      results,
      summaries: summarize(driver, results),
    };
  } finally {
    await place.remove();
    cleanups.splice(cleanups.indexOf(place.remove), 1);
  }
}

async function main() {
  const drivers: Driver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}`;
  console.log(`GET /api/units, ${UNIT_COUNT} units, autocannon ${CONNECTIONS} connections`);
  console.log(
    `${ROUNDS} rounds × (${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured) per target; ${machine}`,
  );
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL not set: PGlite only.');
  if (RULES_CHARS) console.log(`Campaign rules: ${RULES_CHARS} characters (BENCH_RULES_CHARS).`);
  const runs = [];
  for (const driver of drivers) runs.push(await benchDriver(driver));
  const summaries: Summary[] = runs.flatMap((r) => r.summaries);
  console.log(`\nMedians over ${ROUNDS} rounds (req/s and p99 each the median of its own rounds):\n`);
  console.log(table(summaries));
  console.log('');
  for (const line of verdicts(summaries)) console.log(line);

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `units-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const json = {
    date: new Date().toISOString(),
    machine,
    settings: {
      rulesChars: RULES_CHARS,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      poolSize: POOL_SIZE,
    },
    summaries,
    runs: runs.map((r) => ({
      driver: r.driver,
      sql: r.sql,
      campaignVia: r.seeded.campaignVia,
      targets: r.results,
    })),
  };
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nResults: ${path.relative(process.cwd(), file)}`);

  // BENCH_API_ONLY=1: this table alone (the others have their own commands).
  if (process.env.BENCH_API_ONLY === '1') return;
  await benchWeb();
  await benchEditor();
  await benchCombat();
  await benchMonsters();
  await benchLinks();
  await benchSearch();
  await benchForeignImport();
  await benchPortraitUpload();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
