// Decision 046: the player view of a fight reads a bounded part of its log, whatever the
// log's length. Proved structurally, never by timing: every statement GET /api/play/{token} sends is
// recorded, then EXPLAIN ANALYZEd with its own parameters, and the rows its plan read from combat_log
// are counted (rows returned by each scan, plus those its filter threw away, times its loops).
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYER_LOG_WINDOW } from '@questkeeper/core/limits';
import type { PlayerViewPayload } from '@questkeeper/core/schemas/player-view';
import { combatLog, combats } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/support/harness';
import { secretFight, shareLink, type Fight } from '../../../test/support/player-view-fixtures';
import { driverClient, recordStatements, type Statement } from '../../../test/support/statement-recorder';

/** Many times the window: a read that grows with the log reads all of it. */
const LOG_ENTRIES = 5_000;

let ctx: TestContext;
let fight: Fight;
let token: string;

const clientOf = () => driverClient(ctx.database);

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Runs `work` in a transaction that is rolled back, so replayed `set local` settings apply as they did. */
async function inTransaction(work: (query: Query) => Promise<void>): Promise<void> {
  const client = clientOf();
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      await connection.query('begin');
      await work((text, values) => connection.query(text, values));
    } finally {
      await connection.query('rollback');
      connection.release();
    }
    return;
  }
  await client
    .transaction(async (tx) => {
      await work((text, values) => tx.query(text, values));
      await tx.rollback();
    })
    .catch((error: unknown) => {
      if (!/rollback/i.test(String(error))) throw error;
    });
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

/** The combat_log rows a statement's plan read when run: the scans' rows, kept or filtered out. */
async function logRowsRead(query: Query, statement: Statement): Promise<{ rows: number; seqScan: boolean }> {
  const result = await query(`explain (analyze, format json) ${statement.text}`, statement.values);
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = ((typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[])[0]!.Plan;
  const scans = nodesOf(plan).filter((node) => node['Relation Name'] === 'combat_log');
  return {
    rows: scans.reduce(
      (sum, node) =>
        sum +
        ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
          (node['Actual Loops'] ?? 1),
      0,
    ),
    seqScan: scans.some((node) => node['Node Type'] === 'Seq Scan'),
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  fight = await secretFight(ctx);
  const [first, second, early, never] = fight.units;
  const db = ctx.database.db;
  // The log a long fight leaves: the start gave `early` its turn 5,000 entries ago; since then the
  // visible allies hit each other; `never` was given the turn by a step since undone (the newest).
  await db.delete(combatLog).where(eq(combatLog.campaignId, fight.table.campaignId));
  const refs = (unit: typeof first) => ({ id: unit!.id, name: unit!.name, group: unit!.group });
  const entry = (type: string, turnOf: object, extra: object = {}) => ({
    type,
    round: 1,
    turnOf,
    actor: null,
    target: null,
    amount: null,
    condition: null,
    wrapped: false,
    defeated: null,
    ...extra,
  });
  await db.insert(combatLog).values([
    {
      campaignId: fight.table.campaignId,
      step: 1,
      position: 0,
      type: 'start',
      data: entry('start', refs(early)) as never,
    },
  ]);
  const attack = entry('attack', refs(first), { actor: refs(first), target: refs(second), amount: 1 });
  await db.execute(sql`
    insert into ${combatLog} (campaign_id, step, position, type, data)
    select ${fight.table.campaignId}, n, 0, 'attack', ${JSON.stringify(attack)}::jsonb
    from generate_series(2, ${LOG_ENTRIES - 1}) as n
  `);
  await db.insert(combatLog).values([
    {
      campaignId: fight.table.campaignId,
      step: LOG_ENTRIES,
      position: 0,
      type: 'nextTurn',
      data: entry('nextTurn', refs(never)) as never,
      undone: true,
    },
  ]);
  // The turn is the first ally's now (the undone step gave it to `never`).
  const [row] = await db
    .select({ state: combats.state })
    .from(combats)
    .where(eq(combats.campaignId, fight.table.campaignId));
  const state = row!.state;
  await db
    .update(combats)
    .set({
      state: { ...state, turnIndex: state.order.findIndex((item) => item.unitId === first!.id) },
      logTotal: LOG_ENTRIES,
    })
    .where(eq(combats.campaignId, fight.table.campaignId));
  const settings = await ctx.app.inject({
    method: 'PUT',
    url: '/api/combat/player-view',
    headers: fight.headers,
    payload: {
      hp: { allies: 'exact', enemies: 'exact' },
      units: {
        [early!.id]: { hidden: true, revealOnFirstTurn: true },
        [never!.id]: { hidden: true, revealOnFirstTurn: true },
      },
    },
  });
  expect(settings.statusCode).toBe(200);
  token = await shareLink(ctx, fight);
}, 120_000);

afterAll(async () => ctx?.close());

describe('the player view of a fight with a long log', () => {
  it('reads at most the window of newest entries and one probe per unit hidden until its turn', async () => {
    let payload: PlayerViewPayload | undefined;
    const statements = await recordStatements(ctx.database, async () => {
      const response = await ctx.app.inject({ url: `/api/play/${token}` });
      expect(response.statusCode).toBe(200);
      payload = response.json<PlayerViewPayload>();
    });
    // Replayed in order, settings included: `set local` statements shape the plans after them.
    const replayed = statements.filter((statement) => /^\s*(set|select|with)\b/i.test(statement.text));
    let read = 0;
    let scanned = 0;
    await inTransaction(async (query) => {
      for (const statement of replayed) {
        if (/^\s*set\b/i.test(statement.text)) {
          await query(statement.text, statement.values);
          continue;
        }
        if (!/\bcombat_log\b/.test(statement.text)) continue;
        const plan = await logRowsRead(query, statement);
        expect(plan.seqScan, statement.text).toBe(false);
        read += plan.rows;
        scanned += 1;
      }
    });
    expect(scanned).toBe(2);
    // Two units hidden until their first turn: one probe each, and the window.
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThanOrEqual(PLAYER_LOG_WINDOW + 2);

    // What it read is still right: the start 5,000 entries back revealed `early`; the undone step
    // did not reveal `never`; the feed is the newest lines.
    const [first, second, early, never] = fight.units;
    const names = payload!.units.map((unit) => unit.name);
    expect(names).toEqual(expect.arrayContaining([first!.name, second!.name, early!.name]));
    expect(names).not.toContain(never!.name);
    expect(payload!.log).toHaveLength(8);
    expect(payload!.log.every((line) => line.type === 'attack' && line.actor?.name === first!.name)).toBe(
      true,
    );
  });
});
