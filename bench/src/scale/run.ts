// `npm run bench:scale` (cost flat as data grows). One user's requests — GET
// /api/units, GET /api/game-data, a combat action, and (issue #37 item 6) the later features' hot
// reads: GET /api/encounters, the player page with its reveals, a unit's backlinks and an image —
// against a small database (that user alone) and a big one (the same user, then 1,000 users, 20,000
// campaigns and 1,000,000 units, and per campaign 3 encounters, 3 reveals, 2 images of 4 KB, notes
// with [[links]], 4 player requests per fight, written straight into the database by
// server/test/support/bulk-seed.ts). Target: p50 big ÷ p50 small ≤ 1.2.
// PGlite always (temporary data folders), PostgreSQL too when DATABASE_URL is set (throwaway
// databases qk_scale_…, dropped at the end). The two servers take turns, round after round, so drift
// on a shared machine falls on both; each figure is the median of the rounds' p50s.
// Smaller runs while developing: SCALE_UNITS=50000 SCALE_CAMPAIGNS=1000 npm run bench:scale.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '@questkeeper/core/schemas/auth';
import type { CombatActionResponse, CombatResponse } from '@questkeeper/core/schemas/combat';
import {
  openDatabase,
  runPrepared,
  type Database,
  type DatabaseOptions,
} from '../../../server/src/db/client';
import { campaigns, encounters, images, units, users } from '../../../server/src/db/schema';
import { createScratchDatabase } from '../../../server/test/support/scratch-database';
import { analyze, bulkSeed } from '../../../server/test/support/bulk-seed';
import { startServer, type Server } from '../measure';
import { benchApp } from '../seed';
import { captureQueries } from '../units-query';
import { grid, median, percentile } from '../shared/figures';
import { logLoadAverage } from '../shared/machine';

const USERS = Number(process.env.SCALE_USERS ?? 1_000);
const CAMPAIGNS = Number(process.env.SCALE_CAMPAIGNS ?? 20_000);
const UNITS = Number(process.env.SCALE_UNITS ?? 1_000_000);
const FIGHTS = Number(process.env.SCALE_FIGHTS ?? Math.floor(CAMPAIGNS / 10));
const LOG_ENTRIES = Number(process.env.SCALE_LOG_ENTRIES ?? 50);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 3);
const REQUESTS = Number(process.env.SCALE_REQUESTS ?? 200);
const WARMUP = Number(process.env.SCALE_WARMUP ?? 30);
const ENCOUNTERS = Number(process.env.SCALE_ENCOUNTERS ?? 3);
const REVEALS = Number(process.env.SCALE_REVEALS ?? 3);
const IMAGES = Number(process.env.SCALE_IMAGES ?? 2);
const IMAGE_BYTES = Number(process.env.SCALE_IMAGE_BYTES ?? 4_096);
const REQUESTS_PER_FIGHT = Number(process.env.SCALE_PLAYER_REQUESTS ?? 4);
const TARGET = 1.2;
/** The measured user: a Hero at the campaign limit, 50 units in each (the big set's average). */
const USER_CAMPAIGNS = 5;
const USER_UNITS = 50;
const FIGHTERS = 10;
const RESULTS_DIR = new URL('../../results', import.meta.url).pathname;

type Driver = 'pglite' | 'postgres';
type Size = 'small' | 'big';
const REQUEST_NAMES = [
  'GET /api/units',
  'GET /api/game-data',
  'POST /api/combat/actions',
  'GET /api/encounters',
  'GET /api/play/{token}',
  'GET …/backlinks',
  'GET …/images/{id}',
] as const;
type RequestName = (typeof REQUEST_NAMES)[number];

interface Place {
  options: Extract<DatabaseOptions, { kind: 'pglite' | 'postgres' }>;
  env: Record<string, string>;
  remove: () => Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
process.on('SIGINT', () => {
  void (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    process.exit(130);
  })();
});

async function prepare(driver: Driver): Promise<Place> {
  let place: Place;
  if (driver === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-scale-'));
    place = {
      options: { kind: 'pglite', dataDir },
      env: { BENCH_DB_KIND: 'pglite', BENCH_DATA_DIR: dataDir },
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  } else {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '', 'qk_scale');
    place = {
      options: { kind: 'postgres', url: scratch.url, poolSize: 10 },
      env: { BENCH_DB_KIND: 'postgres', BENCH_DATABASE_URL: scratch.url },
      remove: scratch.drop,
    };
  }
  cleanups.push(place.remove);
  return place;
}

interface Measured {
  token: string;
  campaignId: string;
  targetId: string;
  version: number;
  /** The player link's token, an image of the campaign, a unit other texts link to. */
  playToken: string;
  imageId: string;
  linkedUnitId: string;
}

/** The GET URL of a read request of the measured user. */
function urlOf(name: RequestName, user: Measured): string {
  switch (name) {
    case 'GET /api/units':
      return '/api/units';
    case 'GET /api/game-data':
      return '/api/game-data';
    case 'GET /api/encounters':
      return '/api/encounters';
    case 'GET /api/play/{token}':
      return `/api/play/${encodeURIComponent(user.playToken)}`;
    case 'GET …/backlinks':
      return `/api/game-data/${user.campaignId}/backlinks?kind=unit&ref=${user.linkedUnitId}`;
    case 'GET …/images/{id}':
      return `/api/game-data/${user.campaignId}/images/${user.imageId}`;
    default:
      throw new Error(`${name} is not a read`);
  }
}

/** The measured user, made the way the app makes it: register, campaigns, then a fight. */
async function seedUser(database: Database): Promise<Measured> {
  const app = await benchApp(database);
  try {
    const inject = async <T>(method: 'GET' | 'POST', url: string, headers: object, payload?: object) => {
      const response = await app.inject({ method, url, headers: headers as Record<string, string>, payload });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json<T>();
    };
    const email = `scale-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const user = await inject<AuthUser>('POST', '/api/auth/register', {}, { email, password: 'Str0ng!pass' });
    const { db } = database;
    await db.update(users).set({ tier: 'Hero' }).where(eq(users.id, user._id));
    const auth = { authorization: `Bearer ${user.token}` };
    const campaignIds: string[] = [];
    for (let c = 0; c < USER_CAMPAIGNS; c++) {
      const created = await inject<{ _id: string }>('POST', '/api/game-data', auth, {
        name: `Campaign ${c + 1}`,
      });
      campaignIds.push(created._id);
    }
    for (const [c, campaignId] of campaignIds.entries()) {
      const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
      if (!campaign) throw new Error('campaign not found');
      const pick = <T extends { name: string }>(list: T[], i: number) => list[i % list.length]?.name ?? '—';
      const base = Date.now() - (USER_CAMPAIGNS - c) * USER_UNITS * 60_000;
      await db.insert(units).values(
        Array.from({ length: USER_UNITS }, (_, i) => {
          const hp = 40 + ((i * 37) % 120);
          const at = new Date(base + i * 60_000);
          return {
            userId: user._id,
            campaignId,
            name: `${['Aldric', 'Brenna', 'Corvin', 'Dagna', 'Eluned'][i % 5]} ${i + 1}`,
            gender: (['Male', 'Female', 'Other'] as const)[i % 3] ?? 'Male',
            isPlayer: i < 6,
            race: pick(campaign.races, i),
            class: pick(campaign.classes, i),
            status: pick(campaign.statuses, i),
            characteristics: Object.fromEntries(
              campaign.characteristics.map((ch, k) => [ch.name, 20 + ((i * 13 + k * 29) % 70)]),
            ),
            hp: hp + 500,
            currentHp: hp + 500,
            gold: (i * 7) % 300,
            silver: (i * 13) % 100,
            bronze: (i * 17) % 100,
            // Each note links to the next unit ([[Name N]]): what backlinks read.
            notes:
              `## Notes\n\nUnit ${i + 1} of campaign ${c + 1}. `.repeat(8) +
              `See [[${['Aldric', 'Brenna', 'Corvin', 'Dagna', 'Eluned'][(i + 1) % 5]} ${((i + 1) % USER_UNITS) + 1}]].`,
            createdAt: at,
            updatedAt: at,
          };
        }),
      );
    }
    // A fight of 10 units (5 v 5) in the first campaign, started, with a few blows already struck.
    const campaignId = campaignIds[0] ?? '';
    const headers = { ...auth, 'x-campaign-id': campaignId };
    const list = await inject<{ _id: string; name: string }[]>('GET', '/api/units', headers);
    /** The unit the other texts link to ([[Brenna 2]]): its backlinks are measured. */
    const linked = list.find((u) => u.name === 'Brenna 2');
    const ids = list.slice(0, FIGHTERS).map((u) => u._id);
    let version = (await inject<CombatResponse>('GET', '/api/combat', headers)).version;
    const act = async (action: object) => {
      version = (
        await inject<CombatActionResponse>('POST', '/api/combat/actions', headers, { version, action })
      ).combat.version;
    };
    for (const [i, unitId] of ids.entries())
      await act({ type: 'add', unitId, group: i < FIGHTERS / 2 ? 'allies' : 'enemies' });
    await act({ type: 'start' });
    const targetId = ids[FIGHTERS - 1] ?? '';
    for (let i = 0; i < 20; i++) await act({ type: i % 2 ? 'heal' : 'attack', targetId, amount: 1 });
    // The later features (issue #37 item 6): saved encounters naming the fighters (their notes link
    // to a unit), two images, a player link, a revealed unit and a handout showing an image.
    for (let e = 0; e < ENCOUNTERS; e++)
      await db.insert(encounters).values({
        userId: user._id,
        campaignId,
        name: `Encounter ${e + 1}`,
        data: {
          allies: ids.slice(0, 2).map((unitId) => ({ unitId })),
          enemies: ids.slice(5, 8).map((unitId, k) => ({ unitId, count: 1 + k })),
          hazards: [{ name: 'Falling rocks', initiative: 12, hidden: e % 2 === 0 }],
          hidden: [],
          groups: 'none',
        },
        notes: 'Ambush on the road, led by [[Brenna 2]].',
      });
    const imageIds: string[] = [];
    for (let k = 0; k < Math.max(IMAGES, 1); k++) {
      const bytes = crypto.randomBytes(IMAGE_BYTES);
      const [stored] = await db
        .insert(images)
        .values({
          userId: user._id,
          campaignId,
          kind: k % 2 ? 'handout' : 'portrait',
          publicId: crypto.randomBytes(16).toString('base64url'),
          contentType: 'image/webp',
          bytes,
          width: 512,
          height: 512,
          etag: `"${crypto.createHash('sha256').update(bytes).digest('base64url')}"`,
        })
        .returning({ id: images.id });
      if (!stored) throw new Error('image not stored');
      imageIds.push(stored.id);
    }
    const share = await inject<{ url: string }>('POST', '/api/combat/share', headers);
    const playToken = decodeURIComponent(share.url.split('/').pop() ?? '');
    const revealsUrl = `/api/game-data/${campaignId}/reveals`;
    await inject('POST', revealsUrl, headers, { kind: 'unit', ref: ids[0] });
    await inject('POST', revealsUrl, headers, {
      kind: 'handout',
      title: 'Map of the mine',
      text: 'The old mine, as the pedlar drew it.',
      imageId: imageIds[imageIds.length - 1],
    });
    return {
      token: user.token,
      campaignId,
      targetId,
      version,
      playToken,
      imageId: imageIds[0] ?? '',
      linkedUnitId: linked?._id ?? '',
    };
  } finally {
    await app.close();
  }
}

/** A statement of a measured request as the database runs it: median execution time and plan. */
interface DbSide {
  label: string;
  ms: number;
  plan: string;
}

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const planOf = (node: PlanNode): string[] => [
  node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type'],
  ...(node.Plans ?? []).flatMap(planOf),
];

/**
 * The database's own time for the statements of the measured user's reads (GET /api/units,
 * /api/game-data, /api/combat), recorded from the app while it answers them, then each run under
 * EXPLAIN ANALYZE 30 times: what the database adds as it grows, without the machine's noise.
 */
async function dbSide(database: Database, user: Measured): Promise<DbSide[]> {
  const app = await benchApp(database, { SESSION_CACHE_TTL_MS: '0' });
  const headers = { authorization: `Bearer ${user.token}`, 'x-campaign-id': user.campaignId };
  const client = database.db.$client as {
    query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  };
  const results: DbSide[] = [];
  try {
    const reads = REQUEST_NAMES.filter((name) => name.startsWith('GET')).map((name) => urlOf(name, user));
    for (const url of [...reads, '/api/combat']) {
      const statements = await captureQueries(database, async () => {
        const response = await app.inject({ method: 'GET', url, headers });
        if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode}`);
      });
      for (const [i, statement] of statements.entries()) {
        if (!/^\s*(select|with)\b/i.test(statement.sql)) continue;
        const times: number[] = [];
        let plan = '';
        for (let run = 0; run < 30; run++) {
          const result = await client.query(
            `explain (analyze, format json) ${statement.sql}`,
            statement.params,
          );
          const cell = Object.values(result.rows[0] ?? {})[0];
          const [explained] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as {
            'Execution Time': number;
            Plan: PlanNode;
          }[];
          if (!explained) continue;
          times.push(explained['Execution Time']);
          plan = planOf(explained.Plan).join(' → ');
        }
        const table = /\bfrom\s+"?([a-z_]+)"?/i.exec(statement.sql)?.[1] ?? '?';
        const shown = url
          .replace(user.campaignId, '{id}')
          .replace(user.imageId, '{imageId}')
          .replace(/\/play\/[^/?]+/, '/play/{token}');
        results.push({ label: `GET ${shown.split('?')[0]} #${i + 1} (${table})`, ms: median(times), plan });
      }
    }
  } finally {
    await app.close();
  }
  return results;
}

interface Prepared {
  size: Size;
  place: Place;
  user: Measured;
  rows: Record<string, number>;
  dbSide: DbSide[];
}

async function build(driver: Driver, size: Size): Promise<Prepared> {
  const place = await prepare(driver);
  const started = performance.now();
  const database = await openDatabase(place.options);
  try {
    const user = await seedUser(database);
    if (size === 'big') {
      // The bulk users share the hash of the measured one, whom the app registered with this password.
      const [registered] = await database.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .limit(1);
      if (!registered) throw new Error('the measured user is missing');
      const { passwordHash } = registered;
      let last = 0;
      await bulkSeed(database.db, {
        prefix: 'scale',
        users: USERS,
        campaigns: CAMPAIGNS,
        units: UNITS,
        fights: FIGHTS,
        logEntriesPerFight: LOG_ENTRIES,
        encountersPerCampaign: ENCOUNTERS,
        revealsPerCampaign: REVEALS,
        imagesPerCampaign: IMAGES,
        imageBytes: IMAGE_BYTES,
        requestsPerFight: REQUESTS_PER_FIGHT,
        shareLinks: true,
        passwordHash,
        onProgress: (what, done, total) => {
          if (what !== 'units' || done === total || done - last >= 200_000) {
            last = done;
            console.log(
              `  ${driver} big: ${what} ${done}/${total} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
            );
          }
        },
      });
      // What autovacuum does after a load this size on PostgreSQL (PGlite has no autovacuum: see
      // docs/benchmarks.md on what its planner does without statistics).
      if (process.env.SCALE_ANALYZE !== '0') await analyze(database.db);
    }
    const rows: Record<string, number> = {};
    for (const name of [
      'users',
      'campaigns',
      'units',
      'combat_log',
      'encounters',
      'reveals',
      'images',
      'player_requests',
      'player_views',
    ]) {
      const [row] = await runPrepared<{ n: string }>(
        database.db,
        { name: `count_${name}`, text: `select count(*) as n from ${name}` },
        [],
      );
      rows[name] = Number(row?.n ?? 0);
    }
    console.log(
      `  ${driver} ${size}: ${Object.entries(rows)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')} ` + `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    return { size, place, user, rows, dbSide: await dbSide(database, user) };
  } finally {
    await database.close();
  }
}

/** Sequential requests on one kept-alive connection: latency, not throughput. */
async function timeRequests(server: Server, user: Measured, name: RequestName, count: number) {
  const origin = `http://127.0.0.1:${server.port}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${user.token}`,
    'x-campaign-id': user.campaignId,
  };
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    let response: Response;
    if (name === 'POST /api/combat/actions') {
      // Attack then heal by 1: the target's HP stays put, and every call is a full action (lock,
      // unit read and write, log step, fight row), answered with the fight.
      const action = { type: user.version % 2 ? 'heal' : 'attack', targetId: user.targetId, amount: 1 };
      response = await fetch(`${origin}/api/combat/actions`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ version: user.version, action }),
      });
      const body = await response.text();
      if (response.status === 200) user.version = (JSON.parse(body) as CombatActionResponse).combat.version;
    } else {
      response = await fetch(`${origin}${urlOf(name, user)}`, { headers });
      await response.arrayBuffer();
    }
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${name} answered ${response.status}`);
  }
  return times;
}

interface RoundFigure {
  p50: number;
  p95: number;
  cpuMsPerRequest: number;
}

async function benchDriver(driver: Driver) {
  console.log(`\n== ${driver}: seeding the small and the big database`);
  const prepared = [await build(driver, 'small'), await build(driver, 'big')];
  const figures = new Map<string, RoundFigure[]>();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? prepared : [...prepared].reverse();
      for (const { size, place, user } of order) {
        const server = await startServer(
          './app-server.ts',
          // Limits stay on (their cost is part of each request) but ×100: the player page's limit per
          // link would answer 429 to hundreds of reads in a row (on PostgreSQL its counters outlive a round).
          { ...place.env, LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '100' },
          { logs: 'ignore' },
        );
        try {
          for (const name of REQUEST_NAMES) {
            await timeRequests(server, user, name, WARMUP);
            const before = await server.cpu();
            const times = await timeRequests(server, user, name, REQUESTS);
            const after = await server.cpu();
            const cpuMs =
              (after.usage.user + after.usage.system - before.usage.user - before.usage.system) / 1000;
            const figure = {
              p50: median(times),
              p95: percentile(times, 95),
              cpuMsPerRequest: cpuMs / REQUESTS,
            };
            const key = `${size} ${name}`;
            figures.set(key, [...(figures.get(key) ?? []), figure]);
            console.log(
              `  round ${round + 1}/${ROUNDS} ${size.padEnd(5)} ${name.padEnd(25)} p50 ${figure.p50.toFixed(2)} ms, ` +
                `p95 ${figure.p95.toFixed(2)} ms, server ${figure.cpuMsPerRequest.toFixed(2)} CPU ms/req`,
            );
          }
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    for (const { place } of prepared) {
      await place.remove();
      cleanups.splice(cleanups.indexOf(place.remove), 1);
    }
  }
  const [smallDb, bigDb] = prepared;
  console.log(
    `\n${driver}: the database's own time (EXPLAIN ANALYZE, median of 30) of each read statement:\n`,
  );
  console.log(
    grid(
      ['statement', 'small ms', 'big ms', 'plan on the big database'],
      (bigDb?.dbSide ?? []).map((b) => {
        const s = smallDb?.dbSide.find((x) => x.label === b.label);
        return [
          b.label,
          s ? s.ms.toFixed(3) : '—',
          b.ms.toFixed(3),
          b.plan.length > 110 ? `${b.plan.slice(0, 109)}…` : b.plan,
        ];
      }),
      1,
    ),
  );
  const of = (size: Size, name: RequestName, pick: (f: RoundFigure) => number) =>
    median((figures.get(`${size} ${name}`) ?? []).map(pick));
  return REQUEST_NAMES.map((name) => {
    const small = of('small', name, (f) => f.p50);
    const big = of('big', name, (f) => f.p50);
    return {
      driver,
      request: name,
      small,
      big,
      ratio: big / small,
      smallP95: of('small', name, (f) => f.p95),
      bigP95: of('big', name, (f) => f.p95),
      smallCpu: of('small', name, (f) => f.cpuMsPerRequest),
      bigCpu: of('big', name, (f) => f.cpuMsPerRequest),
      rows: prepared[1]?.rows ?? {},
      dbSide: { small: smallDb?.dbSide ?? [], big: bigDb?.dbSide ?? [] },
    };
  });
}

async function main() {
  const drivers: Driver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}`;
  const load = os.loadavg();
  console.log(
    `Scale: ${USERS} users, ${CAMPAIGNS} campaigns, ${UNITS} units, ${FIGHTS} fights × ${LOG_ENTRIES} log entries; ` +
      `${ROUNDS} rounds × ${REQUESTS} sequential requests (after ${WARMUP} warm-up) per request and size; ${machine}`,
  );
  if (!process.env.DATABASE_URL) console.log('DATABASE_URL not set: PGlite only.');
  const rows = [];
  for (const driver of drivers) rows.push(...(await benchDriver(driver)));
  console.log('\nMedian of the rounds (p50 and p95 in ms of one request; server CPU ms per request):\n');
  console.log(
    grid(
      [
        'driver',
        'request',
        'small p50',
        'big p50',
        'ratio',
        'small p95',
        'big p95',
        'CPU ms small',
        'CPU ms big',
      ],
      rows.map((r) => [
        r.driver,
        r.request,
        r.small.toFixed(2),
        r.big.toFixed(2),
        r.ratio.toFixed(2),
        r.smallP95.toFixed(2),
        r.bigP95.toFixed(2),
        r.smallCpu.toFixed(2),
        r.bigCpu.toFixed(2),
      ]),
      2,
    ),
  );
  console.log('');
  for (const r of rows)
    console.log(
      `${r.ratio <= TARGET ? 'PASS' : 'WARN'} ${r.driver} ${r.request}: p50 ${r.big.toFixed(2)} ms big ÷ ` +
        `${r.small.toFixed(2)} ms small = ${r.ratio.toFixed(2)} (target ≤ ${TARGET})`,
    );
  logLoadAverage(load, cpus.length);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const settings = {
    USERS,
    CAMPAIGNS,
    UNITS,
    FIGHTS,
    LOG_ENTRIES,
    ENCOUNTERS,
    REVEALS,
    IMAGES,
    IMAGE_BYTES,
    REQUESTS_PER_FIGHT,
    ROUNDS,
    REQUESTS,
    WARMUP,
  };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine, settings, rows }, null, 2)}\n`,
  );
  console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
