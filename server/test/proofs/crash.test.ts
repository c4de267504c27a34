// crash safety: the compiled server (as `npm start` runs it) takes a mixed write
// load and is killed with SIGKILL at seeded random moments, 5 rounds on the current database
// (`npm run bench:crash` runs 20). After each restart every write answered 2xx is read back through
// the API, the data folder's lock has been taken over, and migrations did not run again. Each
// restart must answer /api/health; the 10 s bound is held by the benchmark, as every
// timing is (here, on a CI machine shared with other suites, 60 s only catches a hang). The seed
// is printed; CRASH_SEED=… replays a run.
import { describe, expect, it } from 'vitest';
import { testDriver } from '../support/harness';
import { writeSection } from '../support/reliability-report';
import { crashSeed, figuresOf, runCrashRounds } from './crash-rounds';

const ROUNDS = 5;
const RESTART_HANG_MS = 60_000;

describe(`crash safety on ${testDriver}`, () => {
  it(`loses no acknowledged write over ${ROUNDS} SIGKILL rounds`, async () => {
    const seed = crashSeed();
    console.log(`crash proof (${testDriver}): seed ${seed} (CRASH_SEED=${seed} replays it)`);
    const started = Date.now();
    const result = await runCrashRounds({
      driver: testDriver,
      rounds: ROUNDS,
      seed,
      adminUrl: process.env.TEST_DATABASE_URL,
      restartLimitMs: RESTART_HANG_MS,
      log: (line) => console.log(line),
    });
    console.log(
      `crash proof (${testDriver}): ${result.rounds} rounds, ${result.acknowledged} writes acknowledged, ` +
        `${result.lost.length} lost, seed ${seed}`,
    );
    expect(result.lost, `seed ${seed}`).toEqual([]);
    expect(result.unexpected, `seed ${seed}`).toEqual([]);
    expect(result.problems, `seed ${seed}`).toEqual([]);
    expect(result.rounds).toBe(ROUNDS);
    // The load did write between kills: a proof over nothing proves nothing.
    expect(result.acknowledged).toBeGreaterThanOrEqual(ROUNDS);
    expect(result.cut).toBeGreaterThan(0);

    await writeSection('crash', {
      title: 'Crash safety',
      order: 4,
      about: [
        'The compiled server (`server/dist/server.js`, started as `npm start` does) on a fresh data folder (PGlite) or a fresh PostgreSQL database, under a mixed write load: six users at a time register, sign in, create their campaign, create and update units, save rules and add or remove units in the fight.',
        'Each round kills it with SIGKILL at a seeded random moment (after 1 to 40 more acknowledged writes, then 0–250 ms), starts it again on the same data, and reads every user’s data back through the API.',
        'Held: every write answered 2xx is there (a write cut by the kill may be there or not); the killed process’s data-folder lock is taken over by the next one; migrations are applied once (the graceful stop at the end releases the lock, then `schema_migrations` is read); each start answers `/api/health` (`npm run bench:crash` holds it to 10 s; under `npm test` only a hang of 60 s fails, timings being the benchmark’s job).',
        `\`npm test\` runs ${ROUNDS} rounds per database; \`npm run bench:crash\` runs 20 (its own section below).`,
      ],
      figures: { ...figuresOf(result), 'run time (s)': ((Date.now() - started) / 1000).toFixed(1) },
    });
  }, 600_000);
});
