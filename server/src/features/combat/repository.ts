// SQL for the saved combat of a campaign: one row per campaign, plus the unit lookups that keep the
// saved ids honest.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CombatState } from '@questkeeper/core/schemas/combat';
import type { Executor } from '../../db/client';
import { combats, units } from '../../db/schema';

export type CombatRow = typeof combats.$inferSelect;

export async function findCombat(db: Executor, campaignId: string): Promise<CombatRow | undefined> {
  const [row] = await db.select().from(combats).where(eq(combats.campaignId, campaignId)).limit(1);
  return row;
}

export async function upsertCombat(db: Executor, campaignId: string, state: CombatState): Promise<CombatRow> {
  const [row] = await db
    .insert(combats)
    .values({ campaignId, state, updatedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: combats.campaignId, set: { state, updatedAt: sql`clock_timestamp()` } })
    .returning();
  if (!row) throw new Error('upsert of combats returned no row');
  return row;
}

/** Current HP of the units among `ids` that belong to this user's campaign (others are absent). */
export async function unitHitPoints(
  db: Executor,
  userId: string,
  campaignId: string,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: units.id, currentHp: units.currentHp })
    .from(units)
    .where(and(eq(units.campaignId, campaignId), eq(units.userId, userId), inArray(units.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.currentHp] as const));
}

/** The ids among `ids` that are units of this user's campaign. */
export async function existingUnitIds(
  db: Executor,
  userId: string,
  campaignId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.campaignId, campaignId), eq(units.userId, userId), inArray(units.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}
