// `npm run bench:crash`: 20 SIGKILL rounds of the compiled server under a mixed
// write load, on PGlite and — when DATABASE_URL is set — on PostgreSQL (a scratch database next to
// it). Every write answered 2xx must be read back after each restart, and each restart must answer
// /api/health within 10 s. Prints rounds, writes acknowledged and writes lost; exits 1 on any loss.
// CRASH_SEED=… replays a run; CRASH_ROUNDS=… changes the count. The figures go to
// test-results/reliability/ and, with UPDATE_RELIABILITY=1, into docs/reliability.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  crashSeed,
  figuresOf,
  RESTART_LIMIT_MS,
  runCrashRounds,
  type CrashDriver,
} from '../../../server/test/proofs/crash-rounds';
import { renderDocument, type Section } from '../../../server/test/support/reliability-report';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 20);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

process.on('SIGINT', () => process.exit(130));

async function main(): Promise<number> {
  const drivers: CrashDriver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL not set: PGlite only.');
  const seed = crashSeed();
  const cpus = os.cpus();
  console.log(`seed ${seed} (CRASH_SEED=${seed} replays it); ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}`);
  let failed = false;
  for (const driver of drivers) {
    console.log(`\n== Crash safety on ${driver}: ${ROUNDS} rounds of SIGKILL under a write load`);
    const started = Date.now();
    const result = await runCrashRounds({
      driver,
      rounds: ROUNDS,
      seed,
      adminUrl: process.env.DATABASE_URL,
      restartLimitMs: RESTART_LIMIT_MS,
      log: (line) => console.log(line),
    });
    const seconds = (Date.now() - started) / 1000;
    const load = os.loadavg()[0]!.toFixed(1);
    const sorted = [...result.restartMs].sort((a, b) => a - b);
    console.log(
      `${driver}: rounds ${result.rounds}, writes acknowledged ${result.acknowledged}, ` +
        `writes lost ${result.lost.length}, cut by kills ${result.cut}, restart to /api/health ` +
        `median ${sorted[Math.floor(sorted.length / 2)]} ms, slowest ${sorted.at(-1)} ms (limit ${RESTART_LIMIT_MS} ms)`,
    );
    for (const line of [
      ...result.lost.map((loss) => `LOST ${loss.kind}: ${loss.what}`),
      ...result.unexpected,
      ...result.problems,
    ])
      console.log(`  ${line}`);
    if (result.lost.length || result.unexpected.length || result.problems.length) failed = true;
    const section: Section = {
      title: 'Crash safety, benchmark (`npm run bench:crash`)',
      order: 5,
      about: [
        `The same rounds as above, ${ROUNDS} per database, with the 10 s bound on each restart held (the run fails past it). ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${load} at the end (a machine shared with other runs).`,
      ],
      figures: {
        ...figuresOf(result),
        'restart to /api/health (ms, median)': sorted[Math.floor(sorted.length / 2)] ?? 0,
        'run time (s)': seconds.toFixed(1),
      },
    };
    const dir = path.join(ROOT, 'test-results', 'reliability');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `crash-bench.${driver}.json`), JSON.stringify(section, null, 2));
  }
  if (process.env.UPDATE_RELIABILITY === '1') await renderDocument();
  console.log(failed ? '\nFAILED: see above.' : '\nHeld: 0 writes lost, every restart within the limit.');
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
