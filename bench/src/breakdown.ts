// Where a GET /api/units goes, step by step, in one process with no concurrency: each step of the
// app's request (and the cheaper alternative we would suggest) timed alone over many iterations.
// Sequential timing is steadier than req/s on a shared machine, and it names the steps a profile
// only shows as library frames. `npm run bench:breakdown` (PostgreSQL too when DATABASE_URL is set).
import { createScratchDatabase } from '../../server/test/support/scratch-database';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import { unit } from '@questkeeper/core/schemas/units';
import { openDatabase, runPrepared, type Database } from '../../server/src/db/client';
import { campaigns, units } from '../../server/src/db/schema';
import { toListedUnit } from '../../server/src/features/units/presenter';
import { benchApp, seed } from './seed';
import { unitsFromRows } from './units-query';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 1000);
const RULES_CHARS = Number(process.env.BENCH_RULES_CHARS ?? 0);

async function time(label: string, step: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(200, ITERATIONS); i++) await step();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) await step();
  const wallUs = ((performance.now() - start) * 1000) / ITERATIONS;
  const used = process.cpuUsage(cpu);
  const cpuUs = (used.user + used.system) / ITERATIONS;
  console.log(
    `${label.padEnd(58)} ${wallUs.toFixed(0).padStart(7)} µs wall ${cpuUs.toFixed(0).padStart(7)} µs CPU`,
  );
}

async function breakdown(database: Database) {
  const seeded = await seed(database, { rulesChars: RULES_CHARS });
  const { db } = database;
  const client = db.$client as { query: (q: string, p: unknown[]) => Promise<{ rows: unknown[] }> };
  // The app's own services (app.services), as a request reaches them; the session cache off, so
  // authenticate reads the database every time.
  const app = await benchApp(database, { SESSION_CACHE_TTL_MS: '0' });
  const { auth } = app.services;
  const userId = seeded.userId;
  const campaignId = seeded.campaignId;
  const list = z.array(unit);
  // The statement the repository runs for GET /api/units, run the way it runs it.
  const statement = { name: seeded.unitsQuery.name ?? 'list_owned_units', text: seeded.unitsQuery.sql };
  const listUnits = () =>
    runPrepared<Parameters<typeof toListedUnit>[0]>(db, statement, seeded.unitsQuery.params);
  const rows = await listUnits();
  const body = rows.map(toListedUnit);
  const preparedList = db
    .select()
    .from(units)
    .where(eq(units.campaignId, sql.placeholder('campaignId')))
    .orderBy(asc(units.createdAt), asc(units.id))
    .prepare('bench_list_units');

  console.log(
    `\n== ${database.driver}: ${rows.length} units, campaign rules ${RULES_CHARS || 'default'} chars`,
  );
  console.log('-- the floor');
  await time('raw driver query + map + JSON.stringify', async () =>
    JSON.stringify(unitsFromRows((await client.query(seeded.unitsQuery.sql, seeded.unitsQuery.params)).rows)),
  );
  console.log('-- the app, step by step');
  await time('auth.authenticate (session ⨝ user, all columns)', () => auth.authenticate(seeded.token));

  await time('the units statement (runPrepared, as the repository)', listUnits);
  await time('rows.map(toListedUnit) (the presenter)', async () => rows.map(toListedUnit));
  await time('response: zod safeEncode(z.array(unit))', async () => safeEncode(list, body));
  await time('response: JSON.stringify', async () => JSON.stringify(body));
  console.log('-- cheaper alternatives');
  await time('ownership: select id only', () =>
    db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
      .limit(1),
  );
  await time('listUnits prepared once (sql.placeholder + .prepare)', () =>
    preparedList.execute({ campaignId }),
  );
  await time('listUnits raw SQL through the driver (no drizzle)', () =>
    client.query(seeded.unitsQuery.sql, seeded.unitsQuery.params),
  );
  await app.close();
}

async function main() {
  // On disk like the benchmark's PGlite, not in memory.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-breakdown-'));
  try {
    const pglite = await openDatabase({ kind: 'pglite', dataDir });
    await breakdown(pglite).finally(() => pglite.close());
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return;
  const scratch = await createScratchDatabase(adminUrl, 'qk_bench');
  try {
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    await breakdown(database).finally(() => database.close());
  } finally {
    await scratch.drop();
  }
}

await main();
