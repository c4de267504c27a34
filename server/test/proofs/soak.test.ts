// the CI version of `npm run bench:soak`: 60 s of a game master's session calls
// (sign in and out, campaigns, units, the fight, rules, unit updates, combat actions) against the
// compiled server at half the maximum measured just before, on the current database. Held: no
// error, and RSS and heap (each read after a full GC in the server) grow less than 10 % from second
// 20 to the end. docs/reliability.md says why 10 % over this window does not flake.
import { describe, expect, it } from 'vitest';
import { testDriver } from '../support/harness';
import { writeSection } from '../support/reliability-report';
import { runSoak, soakFigures, soakReport } from './soak-run';

const GROWTH_LIMIT = 0.1;

describe(`soak on ${testDriver}`, () => {
  it('answers 60 s of session traffic at half the maximum without an error or memory growth', async () => {
    const result = await runSoak({
      driver: testDriver,
      adminUrl: process.env.TEST_DATABASE_URL,
      probeMs: 5_000,
      durationMs: 60_000,
      baselineAtMs: 20_000,
      averageMs: 10_000,
      sampleEveryMs: 5_000,
      windowMs: 10_000,
    });
    console.log([`soak (${testDriver}):`, ...soakReport(result)].join('\n'));
    expect(result.errors).toEqual([]);
    expect(result.errorCount).toBe(0);
    // The load did run: every window of 10 s carried requests.
    expect(result.windows.every((window) => window.requests > 0)).toBe(true);
    expect(result.growth.rss).toBeLessThan(GROWTH_LIMIT);
    expect(result.growth.heapUsed).toBeLessThan(GROWTH_LIMIT);

    await writeSection('soak', {
      title: 'Soak',
      order: 6,
      about: [
        'The compiled server (as `npm start` runs it) on a fresh database; eight game masters, each with a campaign and five units, play the calls of a session: sign in (and the old session out) every 30 calls, list campaigns, units and the fight, read the campaign limit, save rules, update units, add or remove units in the fight.',
        'The maximum rate is measured first (5 s, closed loop, also the warm-up); then 60 s run open loop at half of it. Memory is the server’s own `process.memoryUsage()` after a full GC (`--expose-gc`, a probe loaded with `--import` answers SIGUSR2), sampled every 5 s.',
        'Held: 0 errors (any answer but 2xx, any failed connection); RSS and heap grow less than 10 % between second 20 and the end (means of the samples of 10 s at each end).',
        'Why 10 % does not flake: after a forced GC the heap of steady traffic moves about 1 % over the whole 40 s (1.0–1.7 % in our 60 s runs; over the 10 minutes of the benchmark 1.0 % from minute 2 to the end: it settles), so the margin is six times the noise. What it catches: a leak of 16 KB per request (a scratch cache in an `onRequest` hook) grew the heap 15.9 % and failed it. RSS is mostly the embedded database’s WebAssembly memory (about 450 MB on PGlite), so on PGlite the heap is the sensitive figure.',
        '`npm run bench:soak` runs the 10 minutes (its own section below).',
      ],
      figures: soakFigures(result, 'second 20'),
    });
  }, 240_000);
});
