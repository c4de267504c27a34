// The monsters' figures of docs/decisions/062, in process (`app.inject`, no network, no browser), on
// PGlite: Next turn on a 200 v 200 fight where every unit carries 3 counters (a turn-start reset, a
// recharge, a round countdown: each turn change resets and rolls some), target p95 ≤ 50 ms; and running
// a saved encounter of 50 units that makes its 49 copies, target ≤ 150 ms. The floor of each is GET
// /api/combat of the same fight in the same loop (the reads an action makes, without its writes). Part
// of `npm run bench`; alone: `npm run bench:monsters`. A benchmark reports: it exits 0 whatever the
// figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { CombatResponse } from '@questkeeper/core/schemas/combat';
import { EMPTY_COMBAT } from '@questkeeper/core/combat/combat';
import type { UnitCounter } from '@questkeeper/core/schemas/units';
import { openDatabase, type Database } from '../../../server/src/db/client';
import { campaigns, combats, units } from '../../../server/src/db/schema';
import { benchApp, heroOn } from '../seed';
import { grid, ms, percentile, ratio, verdict } from '../shared/figures';

const PER_SIDE = Number(process.env.BENCH_MONSTERS_PER_SIDE ?? 200);
const TURNS = Number(process.env.BENCH_MONSTERS_TURNS ?? 200);
const RUNS = Number(process.env.BENCH_MONSTERS_RUNS ?? 20);
const WARMUP = 10;
const NEXT_TURN_P95_MS = 50;
const RUN_MS = 150;

const counterId = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const COUNTERS: UnitCounter[] = [
  { _id: counterId(1), label: 'Legendary actions', max: 3, kind: 'uses', reset: 'turnStart', recharge: null },
  {
    _id: counterId(2),
    label: 'Fire breath',
    max: 1,
    kind: 'uses',
    reset: 'never',
    recharge: { die: 6, min: 5 },
  },
  {
    _id: counterId(3),
    label: 'Wall of fire',
    max: 10,
    kind: 'countdown',
    reset: 'roundStart',
    recharge: null,
  },
];

type App = Awaited<ReturnType<typeof benchApp>>;

async function campaignOf(app: App, database: Database) {
  const { user, auth } = await heroOn(app, database, 'monsters');
  const created = await app.inject({
    method: 'POST',
    url: '/api/game-data',
    headers: auth,
    payload: { name: 'Dragonfall' },
  });
  const campaignId = created.json<{ _id: string }>()._id;
  const [campaign] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign) throw new Error('campaign not created');
  return { user, campaign, headers: { ...auth, 'x-campaign-id': campaignId } };
}

function unitValues(
  userId: string,
  campaign: typeof campaigns.$inferSelect,
  name: string,
  isPlayer: boolean,
) {
  return {
    userId,
    campaignId: campaign.id,
    name,
    gender: 'Other' as const,
    isPlayer,
    race: campaign.races[0]?.name ?? '',
    class: campaign.classes[0]?.name ?? '',
    status: campaign.statuses[0]?.name ?? '',
    characteristics: {},
    hp: 9999,
    currentHp: 9999,
    counters: COUNTERS,
  };
}

/** A timed call that must answer 200; the fight's version after it. */
async function call(
  app: App,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const start = performance.now();
  const answer = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const took = performance.now() - start;
  if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
  const body = answer.json<CombatResponse | { combat: CombatResponse }>();
  return { took, version: 'combat' in body ? body.combat.version : body.version };
}

async function nextTurns(app: App, database: Database) {
  const { user, campaign, headers } = await campaignOf(app, database);
  const rows = await database.db
    .insert(units)
    .values(
      Array.from({ length: 2 * PER_SIDE }, (_, i) =>
        unitValues(user._id, campaign, `${i < PER_SIDE ? 'Ally' : 'Enemy'} ${i + 1}`, false),
      ),
    )
    .returning({ id: units.id });
  const ids = rows.map((row) => row.id);
  const counters = Object.fromEntries(
    ids.map((id) => [id, { [counterId(1)]: 1, [counterId(2)]: 0, [counterId(3)]: 10 }]),
  );
  await database.db.insert(combats).values({
    campaignId: campaign.id,
    state: {
      ...EMPTY_COMBAT,
      allies: ids.slice(0, PER_SIDE),
      enemies: ids.slice(PER_SIDE),
      amount: 1,
      counters,
    },
    version: 1,
  });
  let { version } = await call(app, headers, 'POST', '/api/combat/actions', {
    version: 1,
    action: { type: 'start' },
  });
  const times = { turn: [] as number[], read: [] as number[] };
  for (let i = 0; i < WARMUP + TURNS; i++) {
    // Every unit starts with legendary actions spent and its breath used: each of the first round's
    // turns resets one counter and rolls a recharge (the measured turns are all in that round).
    const turn = await call(app, headers, 'POST', '/api/combat/actions', {
      version,
      action: { type: 'nextTurn' },
    });
    version = turn.version;
    const read = await call(app, headers, 'GET', '/api/combat');
    if (i < WARMUP) continue;
    times.turn.push(turn.took);
    times.read.push(read.took);
  }
  return times;
}

async function encounterRuns(app: App, database: Database) {
  const { user, campaign, headers } = await campaignOf(app, database);
  const [hero, goblin] = await database.db
    .insert(units)
    .values([unitValues(user._id, campaign, 'Hero', true), unitValues(user._id, campaign, 'Goblin', false)])
    .returning({ id: units.id });
  const saved = await app.inject({
    method: 'POST',
    url: '/api/encounters',
    headers,
    payload: {
      name: 'Goblin horde',
      allies: [{ unitId: hero!.id }],
      enemies: [{ unitId: goblin!.id, count: 50 }],
      hazards: [{ name: 'Rockfall' }],
    },
  });
  if (saved.statusCode !== 201) throw new Error(`encounter not saved: ${saved.body}`);
  const encounterId = saved.json<{ _id: string }>()._id;
  let { version } = await call(app, headers, 'GET', '/api/combat');
  const times = { run: [] as number[], read: [] as number[] };
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const run = await call(app, headers, 'POST', `/api/encounters/${encounterId}/run`, { version });
    version = run.version;
    const read = await call(app, headers, 'GET', '/api/combat');
    // Back to an empty setup without the copies, so the next run makes its 49 copies again.
    version = (await call(app, headers, 'POST', '/api/combat/undo', { version })).version;
    const copies = await database.db
      .select({ id: units.id })
      .from(units)
      .where(
        and(
          eq(units.campaignId, campaign.id),
          inArray(
            units.name,
            Array.from({ length: 49 }, (_, k) => `Goblin ${k + 2}`),
          ),
        ),
      );
    await database.db.delete(units).where(
      inArray(
        units.id,
        copies.map((row) => row.id),
      ),
    );
    if (i < WARMUP) continue;
    times.run.push(run.took);
    times.read.push(read.took);
  }
  return times;
}

export async function benchMonsters() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-monsters-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      // As production runs: answers are not checked against their schemas (tests do that).
      const app = await benchApp(database, { NODE_ENV: 'production' });
      const turns = await nextTurns(app, database);
      const runs = await encounterRuns(app, database);
      await app.close();
      const turnFloor = percentile(turns.read, 50);
      const runFloor = percentile(runs.read, 50);
      console.log(`\nMonsters (decision 062), PGlite, in process (ms):\n`);
      console.log(
        grid(
          ['', 'n', 'p50', 'p95', 'p50 / floor p50', 'target', 'verdict'],
          [
            [
              `Next turn, ${PER_SIDE} v ${PER_SIDE}, 3 counters each`,
              String(turns.turn.length),
              ms(percentile(turns.turn, 50)),
              ms(percentile(turns.turn, 95)),
              ratio(percentile(turns.turn, 50), turnFloor),
              `p95 ≤ ${NEXT_TURN_P95_MS}`,
              verdict(percentile(turns.turn, 95), NEXT_TURN_P95_MS),
            ],
            [
              '  floor: GET /api/combat of that fight',
              String(turns.read.length),
              ms(turnFloor),
              ms(percentile(turns.read, 95)),
              '1.00',
              '',
              '',
            ],
            [
              'Run an encounter of 50 units (49 copies made)',
              String(runs.run.length),
              ms(percentile(runs.run, 50)),
              ms(percentile(runs.run, 95)),
              ratio(percentile(runs.run, 50), runFloor),
              `p95 ≤ ${RUN_MS}`,
              verdict(percentile(runs.run, 95), RUN_MS),
            ],
            [
              '  floor: GET /api/combat of that setup',
              String(runs.read.length),
              ms(runFloor),
              ms(percentile(runs.read, 95)),
              '1.00',
              '',
              '',
            ],
          ],
          1,
        ),
      );
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchMonsters().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
