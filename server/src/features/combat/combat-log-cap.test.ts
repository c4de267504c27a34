// Decision 046: a fight's log holds COMBAT_LOG_MAX_ENTRIES entries at most. A live fight
// that reaches the cap loses its oldest steps, whole, as it goes on: the count stays at the cap, the
// newest entries are all there, and undo reaches back as far as the kept steps do.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLANK_LOG_DETAILS } from '@questkeeper/core/combat/action-types';
import { COMBAT_LOG_MAX_ENTRIES } from '@questkeeper/core/limits';
import { combatLog, combats } from '../../db/schema';
import { createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { applied, combatClient, play, setTable, twoAgainstTwo } from '../../../test/support/combat-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

async function logOf(campaignId: string) {
  const db = ctx.database.db;
  const [rows] = await db.select({ n: count() }).from(combatLog).where(eq(combatLog.campaignId, campaignId));
  const [first] = await db
    .select({ step: combatLog.step })
    .from(combatLog)
    .where(eq(combatLog.campaignId, campaignId))
    .orderBy(asc(combatLog.step))
    .limit(1);
  const [fight] = await db
    .select({ total: combats.logTotal })
    .from(combats)
    .where(eq(combats.campaignId, campaignId));
  return { rows: rows?.n ?? 0, firstStep: first?.step ?? null, total: fight?.total ?? 0 };
}

describe('a fight at the log cap', () => {
  it('drops its oldest steps whole as it goes on, keeps the count at the cap, and undoes what it kept', async () => {
    const table = await setTable(ctx, { n: 4, hp: 500 });
    const client = combatClient(ctx, table);
    const [a = '', b = '', c = '', d = ''] = table.ids;
    await play(client, ...twoAgainstTwo(a, b, c, d), { type: 'start' });
    const db = ctx.database.db;
    const before = await logOf(table.campaignId);
    // Fill the log to exactly the cap, as a long fight would: step 6 holds two entries (a blow on
    // two targets) so the first trim must take a whole step of two.
    const filler = before.rows;
    const [last] = await db
      .select({ step: sql<number>`max(${combatLog.step})` })
      .from(combatLog)
      .where(eq(combatLog.campaignId, table.campaignId));
    const from = Number(last!.step) + 1;
    const entry = JSON.stringify({
      type: 'attack',
      round: 1,
      turnOf: null,
      ...BLANK_LOG_DETAILS,
      target: { id: c, name: 'U2', group: 'enemies' },
      input: '0',
      amount: 0,
    });
    await db.execute(sql`
      insert into ${combatLog} (campaign_id, step, position, type, data)
      select ${table.campaignId}, ${from} + n, 0, 'attack', ${entry}::jsonb
      from generate_series(0, ${COMBAT_LOG_MAX_ENTRIES - filler - 1}) as n
    `);
    await db
      .update(combatLog)
      .set({ step: 1, position: 1 })
      .where(and(eq(combatLog.campaignId, table.campaignId), eq(combatLog.step, 2)));
    await db
      .update(combats)
      .set({ logTotal: COMBAT_LOG_MAX_ENTRIES })
      .where(eq(combats.campaignId, table.campaignId));
    const full = await logOf(table.campaignId);
    expect(full.rows).toBe(COMBAT_LOG_MAX_ENTRIES);
    const oldest = full.firstStep!;
    const [oldestSize] = await db
      .select({ n: count() })
      .from(combatLog)
      .where(and(eq(combatLog.campaignId, table.campaignId), eq(combatLog.step, oldest)));
    expect(oldestSize!.n).toBeGreaterThanOrEqual(2);

    // One more blow: the oldest step goes whole, the count stays at or under the cap.
    const blow = await play(client, { type: 'attack', targetId: d, amount: 3 });
    const after = await logOf(table.campaignId);
    expect(after.rows).toBe(after.total);
    expect(after.rows).toBe(COMBAT_LOG_MAX_ENTRIES + 1 - oldestSize!.n);
    expect(after.firstStep).toBeGreaterThan(oldest);
    expect(blow.combat.logTotal).toBe(after.total);
    expect(blow.combat.log.at(-1)).toMatchObject({ type: 'attack', amount: 3 });

    // More blows never pass the cap.
    for (let i = 0; i < 3; i++) await play(client, { type: 'attack', targetId: d, amount: 1 });
    const later = await logOf(table.campaignId);
    expect(later.rows).toBeLessThanOrEqual(COMBAT_LOG_MAX_ENTRIES);
    expect(later.rows).toBe(later.total);

    // Undo takes back the kept live steps, then stops at the filler (stored without changes).
    let version = (await client.get()).version;
    for (let i = 0; i < 4; i++) version = applied(await client.undoAt(version)).combat.version;
    const units = await client.units();
    expect(units.find((unit) => unit._id === d)?.currentHp).toBe(500);
    const refused = await client.undoAt(version);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('NOTHING_TO_UNDO');
  }, 120_000);
});
