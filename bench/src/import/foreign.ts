// Import from other tools (issue #35, docs/benchmarks.md#foreign-import): a generated Improved
// Initiative library of 1,000 creatures (about 5 MB, each with traits, actions and legendary actions),
// in process (`app.inject`, the import's worker thread as production runs it):
// - POST /api/game-data/import/preview of the whole file, target ≤ 2 s;
// - POST /api/units/import of 200 of them (`only`) with their notes into an empty Hero campaign, target
//   ≤ 5 s;
// - the process's resident memory peak above idle (sampled every 10 ms, workers included), target ≤ 200 MB.
// Floors measured in the same loop: the same 5 MB through the same route and worker, refused as a file
// the import does not read (transport, the worker's hand-off and JSON.parse: everything but reading the
// creatures); for the units import, its preview (the same 200 read, checked and prepared, nothing written).
// PGlite, then PostgreSQL when BENCH_FOREIGN_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL names a
// server. Part of `npm run bench`; alone: `npm run bench:foreign -w bench`. It exits 0 whatever the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { defaultCampaignData } from '@questkeeper/core/campaigns/default-campaign';
import { openDatabase, type Database, type DatabaseOptions } from '../../../server/src/db/client';
import { campaigns } from '../../../server/src/db/schema';
import { createScratchDatabase } from '../../../server/test/support/scratch-database';
import { benchApp, heroOn } from '../seed';
import { grid, median, ms, percentile, ratio, verdict } from '../shared/figures';

const CREATURES = 1_000;
const CHOSEN = 200;
const RUNS = Number(process.env.BENCH_FOREIGN_RUNS ?? 5);
const PREVIEW_MS = 2_000;
const IMPORT_MS = 5_000;
const MEMORY_MB = 200;
const MB = 1024 * 1024;

const sentence = (i: number, words: number) =>
  Array.from(
    { length: words },
    (_, w) => ['the', 'wyrm', 'strikes', 'with', 'ancient', 'fury', 'and', 'shadow'][(i + w) % 8],
  ).join(' ');

/** An Improved Initiative library export of `count` creatures, about 5 KB each. */
export function library(count: number): string {
  const file: Record<string, unknown> = {};
  for (let i = 0; i < count; i += 1) {
    const power = (name: string, words: number) => ({
      Name: name,
      Content: `${sentence(i, words)}.`,
      Usage: '',
    });
    file[`Creatures.c${i}`] = {
      Id: `c${i}`,
      Name: `Creature ${i + 1}`,
      Source: 'Bench bestiary',
      Type: 'Large dragon, chaotic evil',
      HP: { Value: 50 + (i % 200), Notes: '(10d10 + 20)' },
      AC: { Value: 15, Notes: 'natural armor' },
      InitiativeModifier: 2,
      Speed: ['40 ft.', 'fly 80 ft.'],
      Abilities: { Str: 10 + (i % 15), Dex: 12, Con: 14, Int: 8, Wis: 11, Cha: 9 },
      Saves: [{ Name: 'Dex', Modifier: 4 }],
      Skills: [{ Name: 'Perception', Modifier: 6 }],
      Senses: ['darkvision 120 ft.'],
      Languages: ['Common', 'Draconic'],
      Challenge: '7',
      Traits: [power('Amphibious', 60), power('Legendary Resistance (3/Day)', 60)],
      Actions: [power('Multiattack', 40), power('Bite', 120), power('Fire Breath (Recharge 5-6)', 200)],
      Reactions: [power('Tail Swipe', 60)],
      LegendaryActions: [power('Detect', 30), power('Wing Attack (Costs 2 Actions)', 80)],
      Description: sentence(i, 100),
      Player: '',
      Version: '3.10.0',
    };
  }
  return JSON.stringify(file);
}

type App = Awaited<ReturnType<typeof benchApp>>;

async function timed(app: App, request: InjectOptions, status: number): Promise<number> {
  const start = performance.now();
  const answer = await app.inject(request);
  const took = performance.now() - start;
  if (answer.statusCode !== status)
    throw new Error(`${String(request.url)} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  return took;
}

async function measure(database: Database) {
  const body = library(CREATURES);
  // The unknown file of the floor: as large, valid JSON, none of the formats.
  const unknown = JSON.stringify({ notes: 'x'.repeat(body.length - 20) });
  const app = await benchApp(database, { NODE_ENV: 'production' });
  try {
    const { user, auth } = await heroOn(app, database, 'foreign');
    const json = { ...auth, 'content-type': 'application/json' };
    const only = Array.from({ length: CHOSEN }, (_, i) => `only=Creatures.c${i * 5}`).join('&');
    const newCampaign = async () => {
      const [row] = await database.db
        .insert(campaigns)
        .values({
          userId: user._id,
          name: 'Bench import',
          ...defaultCampaignData('en', () => crypto.randomUUID()),
        })
        .returning({ id: campaigns.id });
      return row!.id;
    };
    // Warm the worker and the code paths once.
    await timed(
      app,
      { method: 'POST', url: '/api/game-data/import/preview', headers: json, payload: body },
      200,
    );

    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const times = {
      preview: [] as number[],
      floor: [] as number[],
      units: [] as number[],
      unitsFloor: [] as number[],
    };
    try {
      for (let run = 0; run < RUNS; run += 1) {
        times.preview.push(
          await timed(
            app,
            { method: 'POST', url: '/api/game-data/import/preview', headers: json, payload: body },
            200,
          ),
        );
        times.floor.push(
          await timed(
            app,
            { method: 'POST', url: '/api/game-data/import/preview', headers: json, payload: unknown },
            400,
          ),
        );
        const campaignId = await newCampaign();
        const headers = { ...json, 'x-campaign-id': campaignId };
        times.unitsFloor.push(
          await timed(
            app,
            { method: 'POST', url: `/api/game-data/import/preview?${only}`, headers, payload: body },
            200,
          ),
        );
        times.units.push(
          await timed(app, { method: 'POST', url: `/api/units/import?${only}`, headers, payload: body }, 201),
        );
        const listed = await app.inject({ url: '/api/units', headers });
        if (listed.json<unknown[]>().length !== CHOSEN)
          throw new Error(`expected ${CHOSEN} units: ${listed.body.slice(0, 200)}`);
      }
    } finally {
      clearInterval(sampler);
    }
    return { times, bytes: Buffer.byteLength(body), idle, peak };
  } finally {
    await app.close();
  }
}

function report(label: string, result: Awaited<ReturnType<typeof measure>>) {
  const { times } = result;
  const p = (values: number[], n: number) => percentile(values, n);
  const above = (result.peak - result.idle) / MB;
  console.log(
    `\nImport from other tools (issue #35), ${label}: ${CREATURES} Improved Initiative creatures, ` +
      `${(result.bytes / MB).toFixed(1)} MB, ${RUNS} runs, in process (ms):\n`,
  );
  console.log(
    grid(
      ['', 'n', 'p50', 'max', 'p50 / floor p50', 'target', 'verdict'],
      [
        [
          'Preview of the whole file',
          String(times.preview.length),
          ms(median(times.preview)),
          ms(p(times.preview, 100)),
          ratio(median(times.preview), median(times.floor)),
          `≤ ${PREVIEW_MS}`,
          verdict(p(times.preview, 100), PREVIEW_MS),
        ],
        [
          '  floor: the same 5 MB, a file it does not read',
          String(times.floor.length),
          ms(median(times.floor)),
          ms(p(times.floor, 100)),
          '1.00 ×',
          '',
          '',
        ],
        [
          `Units import of ${CHOSEN} with notes (Hero campaign)`,
          String(times.units.length),
          ms(median(times.units)),
          ms(p(times.units, 100)),
          ratio(median(times.units), median(times.unitsFloor)),
          `≤ ${IMPORT_MS}`,
          verdict(p(times.units, 100), IMPORT_MS),
        ],
        [
          '  floor: its preview, nothing written',
          String(times.unitsFloor.length),
          ms(median(times.unitsFloor)),
          ms(p(times.unitsFloor, 100)),
          '1.00 ×',
          '',
          '',
        ],
        [
          'Memory: resident peak above idle (MB)',
          '',
          above.toFixed(0),
          '',
          '',
          `≤ ${MEMORY_MB}`,
          verdict(above, MEMORY_MB),
        ],
      ],
      1,
    ),
  );
  console.log(
    `(idle ${(result.idle / MB).toFixed(0)} MB resident, peak ${(result.peak / MB).toFixed(0)} MB; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
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

export async function benchForeignImport() {
  await onDriver('PGlite', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-foreign-'));
    return {
      options: { kind: 'pglite', dataDir },
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  });
  const url =
    process.env.BENCH_FOREIGN_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) {
    await onDriver('PostgreSQL', async () => {
      const scratch = await createScratchDatabase(url, 'qk_foreign');
      return { options: { kind: 'postgres', url: scratch.url }, remove: scratch.drop };
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchForeignImport().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
