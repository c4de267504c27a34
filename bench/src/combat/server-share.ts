// `npm run bench:combat-server`: the server's share of a combat action on a 200 v 200 fight, in
// process (`app.inject`, no network, no browser), on PGlite and — when DATABASE_URL is set —
// PostgreSQL. Attack and undo alternate on the last enemy (9,999 HP), as in the browser's round
// trips (./table-bench.ts); the floor is GET /api/combat of the same fight in the same loop: the
// reads an action makes, without its writes and its transaction. Each statement the app sends is
// timed through drizzle's prepared queries, so the table names where an action's time goes
// (decision 039). A benchmark reports: it exits 0 whatever the figures.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres/session';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import type { CombatResponse } from '@questkeeper/core/schemas/combat';
import type { UnitCounter } from '@questkeeper/core/schemas/units';
import { EMPTY_COMBAT } from '@questkeeper/core/combat/combat';
import { openDatabase, type Database } from '../../../server/src/db/client';
import { campaigns, combats, units } from '../../../server/src/db/schema';
import { createScratchDatabase } from '../../../server/test/support/scratch-database';
import { benchApp, heroOn } from '../seed';
import { grid, ms, percentile, ratio } from '../shared/figures';
import { writeLog } from './long-log';
import { TARGET_HP } from './setup';

const PER_SIDE = Number(process.env.BENCH_COMBAT_PER_SIDE ?? 200);
const PAIRS = Number(process.env.BENCH_COMBAT_SERVER_PAIRS ?? 200);
const WARMUP = 20;
/** BENCH_COMBAT_SERVER_HTTP=1: through a loopback socket and fetch instead of `inject`. */
const OVER_HTTP = process.env.BENCH_COMBAT_SERVER_HTTP === '1';
/**
 * BENCH_COMBAT_SERVER_LOG=5000: that many entries written into the fight's log after the start, as
 * the browser bench's long log: what an action costs once the fight is long (decision 041).
 */
const LOG_ENTRIES = Number(process.env.BENCH_COMBAT_SERVER_LOG ?? 0);
/**
 * BENCH_COMBAT_SERVER_STARTS=20: that many starts timed first, each undone (decision 074), on the
 * fight the browser bench plays: two counters on every unit, enemies named alike in tens and the
 * start grouping them by name (20 groups of 10).
 */
const STARTS = Number(process.env.BENCH_COMBAT_SERVER_STARTS ?? 0);
const FIRST_NAMES = ['Aria', 'Borin', 'Cassia', 'Dorn', 'Elowen', 'Fenris', 'Galen', 'Hilda', 'Ivo', 'Jora'];
const COUNTERS: UnitCounter[] = [
  { _id: crypto.randomUUID(), label: 'Legendary', max: 3, kind: 'uses', reset: 'turnStart', recharge: null },
  {
    _id: crypto.randomUUID(),
    label: 'Breath',
    max: 1,
    kind: 'uses',
    reset: 'never',
    recharge: { die: 6, min: 5 },
  },
];

type Kind = 'attack' | 'undo' | 'read' | 'start';
/** Statement → its durations, per kind of call; `current` is the call under way. */
const statements = new Map<Kind, Map<string, number[]>>();
let current: Kind | null = null;

function instrument() {
  for (const prepared of [PglitePreparedQuery, NodePgPreparedQuery]) {
    const proto = prepared.prototype as unknown as {
      execute: (...args: unknown[]) => Promise<unknown>;
      queryString?: string;
      rawQueryConfig?: { text?: string };
    };
    const execute = proto.execute;
    proto.execute = async function (this: typeof proto, ...args: unknown[]) {
      const kind = current;
      const start = performance.now();
      try {
        return await execute.apply(this, args);
      } finally {
        if (kind) {
          const text = (this.queryString ?? this.rawQueryConfig?.text ?? '?').replace(/\s+/g, ' ').trim();
          const byText = statements.get(kind) ?? new Map<string, number[]>();
          statements.set(kind, byText);
          const list = byText.get(text) ?? [];
          list.push(performance.now() - start);
          byText.set(text, list);
        }
      }
    };
  }
}

async function seedFight(database: Database) {
  // As production runs: answers are not checked against their schemas (tests do that).
  const app = await benchApp(database, { NODE_ENV: 'production' });
  const { user, auth: headers } = await heroOn(app, database, 'share');
  const created = await app.inject({
    method: 'POST',
    url: '/api/game-data',
    headers,
    payload: { name: 'The Siege of Karst', template: 'default' },
  });
  const campaignId = created.json<{ _id: string }>()._id;
  const [campaign] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign) throw new Error('campaign not created');
  const first = <T extends { name: string }>(list: T[]) => list[0]?.name ?? '';
  const rows = await database.db
    .insert(units)
    .values(
      Array.from({ length: 2 * PER_SIDE }, (_, i) => ({
        userId: user._id,
        campaignId,
        name:
          STARTS > 0
            ? `${FIRST_NAMES[i % FIRST_NAMES.length]} ${i < PER_SIDE ? 'of the Vale' : 'the Grim'} ${i + 1}`
            : `${i < PER_SIDE ? 'Ally' : 'Enemy'} ${i + 1}`,
        gender: 'Other' as const,
        isPlayer: i < PER_SIDE,
        race: first(campaign.races),
        class: first(campaign.classes),
        status: first(campaign.statuses),
        characteristics: Object.fromEntries(
          campaign.characteristics.map((c, k) => [c.name, 20 + ((i + k) % 50)]),
        ),
        hp: TARGET_HP,
        currentHp: TARGET_HP,
        notes: 'Marches under the grey banner.',
        ...(STARTS > 0 ? { counters: COUNTERS } : {}),
      })),
    )
    .returning({ id: units.id });
  const ids = rows.map((row) => row.id);
  await database.db.insert(combats).values({
    campaignId,
    state: {
      ...EMPTY_COMBAT,
      allies: ids.slice(0, PER_SIDE),
      enemies: ids.slice(PER_SIDE),
      amount: 1,
      ...(STARTS > 0 ? { grouping: 'byName' as const } : {}),
    },
    version: 1,
  });
  return {
    app,
    headers: { ...headers, 'x-campaign-id': campaignId },
    campaignId,
    allyId: ids[0] ?? '',
    targetId: ids[ids.length - 1] ?? '',
  };
}

async function overHttp(
  origin: string,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const response = await fetch(origin + url, {
    method,
    headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const body = await response.text();
  return { statusCode: response.status, body, json: <T>() => JSON.parse(body) as T };
}

async function measure(database: Database) {
  statements.clear();
  const { app, headers, campaignId, allyId, targetId } = await seedFight(database);
  const origin = OVER_HTTP ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
  let version = 1;
  const call = async (kind: Kind, method: 'GET' | 'POST', url: string, payload?: object) => {
    current = kind;
    const start = performance.now();
    const answer = OVER_HTTP
      ? await overHttp(origin, method, url, headers, payload)
      : await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const took = performance.now() - start;
    current = null;
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
    const body = answer.json<CombatResponse | { combat: CombatResponse }>();
    version = 'combat' in body ? body.combat.version : body.version;
    return took;
  };
  await call('attack', 'POST', '/api/combat/actions', { version, action: { type: 'start' } });
  if (LOG_ENTRIES > 0) {
    await writeLog(database.db, campaignId, LOG_ENTRIES, {
      actor: { id: allyId, name: 'Ally 1' },
      target: { id: targetId, name: `Enemy ${2 * PER_SIDE}` },
      hp: TARGET_HP,
    });
  }
  const times: Record<Kind, number[]> = { attack: [], undo: [], read: [], start: [] };
  const startBytes: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    // The start above is undone, then timed again: the same setup each time.
    await call('undo', 'POST', '/api/combat/undo', { version });
    current = 'start';
    const start = performance.now();
    const answer = await app.inject({
      method: 'POST',
      url: '/api/combat/actions',
      headers,
      payload: { version, action: { type: 'start' } },
    });
    times.start.push(performance.now() - start);
    current = null;
    if (answer.statusCode !== 200) throw new Error(`start answered ${answer.statusCode}: ${answer.body}`);
    startBytes.push(answer.body.length);
    version = answer.json<{ combat: CombatResponse }>().combat.version;
  }
  if (STARTS > 0) {
    console.log(
      `start (POST /api/combat/actions, ${STARTS} runs, each undone): p50 ${ms(percentile(times.start, 50))} ms, ` +
        `p95 ${ms(percentile(times.start, 95))} ms, answer ${startBytes[0] ?? 0} bytes`,
    );
    const byText = [...(statements.get('start') ?? new Map<string, number[]>())]
      .map(([text, list]) => ({
        text,
        perCall: list.reduce((a, b) => a + b, 0) / STARTS,
        n: list.length / STARTS,
      }))
      .sort((a, b) => b.perCall - a.perCall);
    console.log(
      grid(
        ['ms', 'times', 'statement'],
        byText.map((row) => [ms(row.perCall), row.n.toFixed(1), row.text.slice(0, 100)]),
        0,
      ),
    );
  }
  for (let i = 0; i < WARMUP + PAIRS; i++) {
    if (i === WARMUP) statements.clear();
    const attack = await call('attack', 'POST', '/api/combat/actions', {
      version,
      action: { type: 'attack', targetId, amount: 1 },
    });
    const read = await call('read', 'GET', '/api/combat');
    const undo = await call('undo', 'POST', '/api/combat/undo', { version });
    if (i < WARMUP) continue;
    times.attack.push(attack);
    times.read.push(read);
    times.undo.push(undo);
  }
  await app.close();
  return times;
}

function report(driver: string, times: Record<Kind, number[]>) {
  const floor = percentile(times.read, 50);
  // BEGIN and COMMIT go through prepared queries with pg, not with PGlite: they are not counted.
  const count = (kind: Kind) =>
    [...(statements.get(kind) ?? new Map<string, number[]>())]
      .filter(([text]) => !/^(begin|commit)$/i.test(text))
      .reduce((sum, [, list]) => sum + list.length, 0) / PAIRS;
  const rows = (['attack', 'undo', 'read'] as const).map((kind) => [
    kind === 'read'
      ? 'GET /api/combat (floor)'
      : kind === 'attack'
        ? 'attack (POST /api/combat/actions)'
        : 'undo (POST /api/combat/undo)',
    String(times[kind].length),
    ms(percentile(times[kind], 50)),
    ms(percentile(times[kind], 95)),
    ratio(percentile(times[kind], 50), floor),
    count(kind).toFixed(1),
  ]);
  console.log(
    `\n${driver}: ${PER_SIDE} v ${PER_SIDE}${LOG_ENTRIES > 0 ? `, ${LOG_ENTRIES} more log entries` : ''}, ` +
      `in process (ms; statements per call, BEGIN and COMMIT aside):\n`,
  );
  console.log(grid(['', 'n', 'p50', 'p95', 'p50 / floor p50', 'statements'], rows, 1));
  for (const kind of ['attack', 'undo'] as const) {
    const byText = [...(statements.get(kind) ?? new Map<string, number[]>())]
      .map(([text, list]) => ({
        text,
        perCall: list.reduce((a, b) => a + b, 0) / PAIRS,
        n: list.length / PAIRS,
      }))
      .sort((a, b) => b.perCall - a.perCall);
    console.log(`\n${driver} ${kind}: time per call by statement (ms)\n`);
    console.log(
      grid(
        ['ms', 'times', 'statement'],
        byText.map((row) => [ms(row.perCall), row.n.toFixed(1), row.text.slice(0, 100)]),
        0,
      ),
    );
  }
}

async function main() {
  instrument();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-combat-share-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      report('PGlite', await measure(database));
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'qk_bench_share');
    try {
      const database = await openDatabase({ kind: 'postgres', url: scratch.url });
      try {
        report('PostgreSQL', await measure(database));
      } finally {
        await database.close();
      }
    } finally {
      await scratch.drop();
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
