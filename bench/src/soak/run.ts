// `npm run bench:soak`: 10 minutes of a game master's session calls against the
// compiled server at half its measured maximum, on PGlite and — when DATABASE_URL is set — on
// PostgreSQL (a scratch database next to it). Prints p50/p99 per minute and the memory (after a
// full GC) from minute 2 to the end; fails on any error or a growth of 10 % or more. SOAK_MINUTES=…
// shortens it. The figures go to test-results/reliability/ and, with UPDATE_RELIABILITY=1, into
// docs/reliability.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSoak, soakFigures, soakReport, type SoakDriver } from '../../../server/test/proofs/soak-run';
import { renderDocument, type Section } from '../../../server/test/support/reliability-report';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const GROWTH_LIMIT = 0.1;
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

process.on('SIGINT', () => process.exit(130));

async function main(): Promise<number> {
  const drivers: SoakDriver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL not set: PGlite only.');
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}`;
  let failed = false;
  for (const driver of drivers) {
    console.log(`\n== Soak on ${driver}: ${MINUTES} minutes at half the measured maximum (${machine})`);
    const result = await runSoak({
      driver,
      adminUrl: process.env.DATABASE_URL,
      probeMs: 20_000,
      durationMs: MINUTES * 60_000,
      baselineAtMs: 120_000,
      averageMs: 30_000,
      sampleEveryMs: 10_000,
      windowMs: 60_000,
      log: (line) => console.log(line),
    });
    const load = os.loadavg()[0]!.toFixed(1);
    for (const line of soakReport(result)) console.log(line);
    for (const error of result.errors) console.log(`  ERROR ${error}`);
    const held =
      result.errorCount === 0 && result.growth.rss < GROWTH_LIMIT && result.growth.heapUsed < GROWTH_LIMIT;
    if (!held) failed = true;
    console.log(held ? '  held: 0 errors, growth under 10 %' : '  FAILED: errors or growth of 10 % or more');
    const section: Section = {
      title: 'Soak, benchmark (`npm run bench:soak`)',
      order: 7,
      about: [
        `${MINUTES} minutes at half the maximum measured just before (20 s, closed loop); memory compared between minute 2 and the end (means of the samples of 30 s at each end), p99 per minute. ${machine}, load average ${load} at the end (a machine shared with other runs).`,
      ],
      figures: soakFigures(result, 'minute 2'),
    };
    const dir = path.join(ROOT, 'test-results', 'reliability');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `soak-bench.${driver}.json`), JSON.stringify(section, null, 2));
  }
  if (process.env.UPDATE_RELIABILITY === '1') await renderDocument();
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
