// The figures of decision 063 (docs/benchmarks.md#campaign-search), in process (`app.inject`, no
// network), on a Hero campaign at its limits (./seed.ts): GET /api/search, target p95 ≤ 50 ms; GET
// /api/game-data/{id}/backlinks, target p95 ≤ 30 ms; a unit rename that rewrites 500 links (PUT
// /api/units/{id}), target ≤ 200 ms. Floors measured in the same loop: for search and backlinks, the
// backlinks of a target that does not exist (session, the versions of the campaign's 401 rows, the
// index check: everything but the scan); for the rename, the same PUT changing the unit's HP. Also the
// first search after a start (the whole campaign folded) and searches right after a unit's notes were
// edited (that one unit folded again). PGlite, then PostgreSQL when BENCH_LINKS_DATABASE_URL,
// DATABASE_URL or TEST_DATABASE_URL names a server (a scratch database is made and dropped). Part of
// `npm run bench`; alone: `npm run bench:links`. A benchmark reports: it exits 0 whatever the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { openDatabase, type Database, type DatabaseOptions } from '../../../server/src/db/client';
import { createScratchDatabase } from '../../../server/test/support/scratch-database';
import { benchApp, heroOn } from '../seed';
import { grid, ms, percentile, ratio, verdict } from '../shared/figures';
import { LINK_COUNT, NEW_NAME, RENAMED_UNIT, seedLinksWorld, type LinksWorld } from './seed';

const SEARCHES = Number(process.env.BENCH_LINKS_SEARCHES ?? 200);
const BACKLINKS = Number(process.env.BENCH_LINKS_BACKLINKS ?? 100);
const RENAMES = Number(process.env.BENCH_LINKS_RENAMES ?? 20);
const WARMUP = 10;
const SEARCH_P95_MS = 50;
const BACKLINKS_P95_MS = 30;
const RENAME_MS = 200;

/** A mix of what a game master types: a name, accents, words in any order, a miss, one letter. */
const QUERIES = [
  'Vaelith',
  'degats feu',
  'forêt ancienne',
  'marsh wyvern',
  'Guerrier 42',
  'sealed letter duchess',
  'zzyzx',
  'coeur',
  'e',
  'Éluned 15',
];

type App = Awaited<ReturnType<typeof benchApp>>;

async function timed(app: App, request: InjectOptions): Promise<number> {
  const start = performance.now();
  const answer = await app.inject(request);
  const took = performance.now() - start;
  if (answer.statusCode !== 200)
    throw new Error(`${String(request.url)} answered ${answer.statusCode}: ${answer.body}`);
  return took;
}

async function measure(database: Database) {
  // As production runs: answers are not checked against their schemas (tests do that).
  const app = await benchApp(database, { NODE_ENV: 'production' });
  try {
    const { user, auth } = await heroOn(app, database, 'links');
    const world: LinksWorld = await seedLinksWorld(database, user._id);
    const headers = { ...auth, 'x-campaign-id': world.campaignId };
    const search = (q: string) =>
      timed(app, { method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers });
    const backlinks = (kind: string, ref: string) =>
      timed(app, {
        method: 'GET',
        url: `/api/game-data/${world.campaignId}/backlinks?kind=${kind}&ref=${encodeURIComponent(ref)}`,
        headers,
      });
    const floor = () => backlinks('unit', '00000000-0000-4000-8000-000000000000');
    const putUnit = (payload: object) =>
      timed(app, { method: 'PUT', url: `/api/units/${world.unitId}`, headers, payload });

    const cold = await search('dragon');
    const times = {
      search: [] as number[],
      byQuery: new Map<string, number[]>(),
      afterEdit: [] as number[],
      backlinks: [] as number[],
      floor: [] as number[],
      rename: [] as number[],
      renameFloor: [] as number[],
    };
    for (let i = 0; i < WARMUP + SEARCHES; i += 1) {
      const q = QUERIES[i % QUERIES.length]!;
      const took = await search(q);
      const base = await floor();
      if (i < WARMUP) continue;
      times.search.push(took);
      times.floor.push(base);
      times.byQuery.set(q, [...(times.byQuery.get(q) ?? []), took]);
    }
    // A game master edits a unit's notes, then searches: that one unit is read and folded again.
    for (let i = 0; i < WARMUP + SEARCHES / 4; i += 1) {
      await timed(app, {
        method: 'PUT',
        url: `/api/units/${world.editedUnitId}`,
        headers,
        payload: { notes: `Edited ${i}: ${'la forêt ancienne brûle. '.repeat(700)}` },
      });
      const took = await search(QUERIES[i % QUERIES.length]!);
      if (i >= WARMUP) times.afterEdit.push(took);
    }
    const targets: [string, string][] = [
      ['unit', world.unitId],
      ['race', world.raceId],
      ['heading', world.heading],
      ['characteristic', world.characteristic],
    ];
    for (let i = 0; i < WARMUP + BACKLINKS; i += 1) {
      const [kind, ref] = targets[i % targets.length]!;
      const took = await backlinks(kind, ref);
      if (i >= WARMUP) times.backlinks.push(took);
    }
    // Each rename moves the 500 links to the new name, the next one back.
    let moved = -1;
    for (let i = 0; i < 2 + RENAMES; i += 1) {
      const took = await putUnit({ name: i % 2 === 0 ? NEW_NAME : RENAMED_UNIT });
      const base = await putUnit({ hp: 100 + (i % 2) });
      if (i === 0) moved = await countLinks(app, headers, world, NEW_NAME);
      if (i < 2) continue;
      times.rename.push(took);
      times.renameFloor.push(base);
    }
    return { cold, times, moved };
  } finally {
    await app.close();
  }
}

/** The links that now name `name`, counted through the API (rules, list notes, units, encounters). */
async function countLinks(app: App, headers: Record<string, string>, world: LinksWorld, name: string) {
  const count = (text: string) => text.split(`[[${name}`).length - 1;
  const get = async <T>(url: string) => (await app.inject({ method: 'GET', url, headers })).json<T>();
  const [campaign] = (
    await get<{ _id: string; rules: string; races: { note: string }[] }[]>('/api/game-data')
  ).filter((c) => c._id === world.campaignId);
  const units = await get<{ notes: string }[]>('/api/units');
  const encounters = await get<{ notes: string }[]>('/api/encounters');
  return (
    count(campaign?.rules ?? '') +
    (campaign?.races ?? []).reduce((sum, race) => sum + count(race.note), 0) +
    units.reduce((sum, unit) => sum + count(unit.notes), 0) +
    encounters.reduce((sum, encounter) => sum + count(encounter.notes), 0)
  );
}

function report(label: string, result: Awaited<ReturnType<typeof measure>>) {
  const { times } = result;
  const p = (values: number[], n: number) => percentile(values, n);
  const floor = p(times.floor, 50);
  const renameFloor = p(times.renameFloor, 50);
  const worst = [...times.byQuery].sort((a, b) => p(b[1], 95) - p(a[1], 95))[0];
  console.log(`\nLinks and campaign search (decision 063), ${label}, in process (ms):\n`);
  console.log(
    grid(
      ['', 'n', 'p50', 'p95', 'p50 / floor p50', 'target', 'verdict'],
      [
        [
          `Search, ${QUERIES.length} queries in turn`,
          String(times.search.length),
          ms(p(times.search, 50)),
          ms(p(times.search, 95)),
          ratio(p(times.search, 50), floor),
          `p95 ≤ ${SEARCH_P95_MS}`,
          verdict(p(times.search, 95), SEARCH_P95_MS),
        ],
        [
          `  slowest query: "${worst?.[0] ?? ''}"`,
          String(worst?.[1].length ?? 0),
          ms(p(worst?.[1] ?? [], 50)),
          ms(p(worst?.[1] ?? [], 95)),
          ratio(p(worst?.[1] ?? [], 50), floor),
          '',
          '',
        ],
        [
          '  right after a unit’s notes changed',
          String(times.afterEdit.length),
          ms(p(times.afterEdit, 50)),
          ms(p(times.afterEdit, 95)),
          ratio(p(times.afterEdit, 50), floor),
          '',
          '',
        ],
        ['  first search after a start (all folded)', '1', ms(result.cold), '', '', '', ''],
        [
          'Backlinks (unit, race, heading, characteristic)',
          String(times.backlinks.length),
          ms(p(times.backlinks, 50)),
          ms(p(times.backlinks, 95)),
          ratio(p(times.backlinks, 50), floor),
          `p95 ≤ ${BACKLINKS_P95_MS}`,
          verdict(p(times.backlinks, 95), BACKLINKS_P95_MS),
        ],
        [
          '  floor: backlinks of a missing target',
          String(times.floor.length),
          ms(floor),
          ms(p(times.floor, 95)),
          '1.00',
          '',
          '',
        ],
        [
          `Rename a unit, ${result.moved} links rewritten`,
          String(times.rename.length),
          ms(p(times.rename, 50)),
          ms(p(times.rename, 95)),
          ratio(p(times.rename, 50), renameFloor),
          `≤ ${RENAME_MS}`,
          verdict(p(times.rename, 95), RENAME_MS),
        ],
        [
          '  floor: PUT /api/units/{id} of its HP',
          String(times.renameFloor.length),
          ms(renameFloor),
          ms(p(times.renameFloor, 95)),
          '1.00',
          '',
          '',
        ],
      ],
      1,
    ),
  );
  if (result.moved !== LINK_COUNT)
    console.log(`\n!! expected ${LINK_COUNT} links rewritten, counted ${result.moved}`);
}

async function onDriver(
  label: string,
  open: () => Promise<{ options: DatabaseOptions; remove: () => Promise<void> }>,
) {
  const place = await open();
  try {
    const database = await openDatabase(place.options);
    try {
      report(label, await measure(database));
    } finally {
      await database.close();
    }
  } finally {
    await place.remove();
  }
}

export async function benchLinks() {
  const load = os.loadavg();
  await onDriver('PGlite', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-links-'));
    return {
      options: { kind: 'pglite', dataDir },
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  });
  const url =
    process.env.BENCH_LINKS_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    await onDriver('PostgreSQL', async () => {
      const scratch = await createScratchDatabase(url, 'qk_links');
      return { options: { kind: 'postgres', url: scratch.url }, remove: scratch.drop };
    });
  } else {
    console.log('\n(PostgreSQL skipped: set BENCH_LINKS_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL)');
  }
  const cpus = os.cpus();
  console.log(
    `\n${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}; load average before ${load
      .map((v) => v.toFixed(2))
      .join(' / ')}, after ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' / ')}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchLinks().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
