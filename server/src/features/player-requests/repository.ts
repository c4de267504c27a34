// SQL of players' requests (docs/product.md#players-take-part), private to this feature (decision 019);
// what other features read of them is in db/shared/player-requests.ts.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PlayerRequestKind, PlayerRequestPayload } from '@questkeeper/core/schemas/player-requests';
import type { Executor } from '../../db/client';
import { playerRequests, units } from '../../db/schema';
import type { PlayerRequestRow } from '../../db/shared/player-requests';

export type { PlayerRequestRow };

export async function insertRequest(
  db: Executor,
  values: {
    campaignId: string;
    linkHash: string;
    asUnitId: string;
    kind: PlayerRequestKind;
    payload: PlayerRequestPayload;
    phoneId: string;
  },
): Promise<PlayerRequestRow> {
  const [row] = await db
    .insert(playerRequests)
    .values({ ...values, combatId: values.campaignId, createdAt: sql`clock_timestamp()` })
    .returning();
  if (!row) throw new Error('insert of player_requests returned no row');
  return row;
}

/** A newer typed initiative replaces the character's pending one (through the same link). */
export async function dropPendingInitiatives(
  db: Executor,
  campaignId: string,
  linkHash: string,
  asUnitId: string,
) {
  await db
    .delete(playerRequests)
    .where(
      and(
        eq(playerRequests.campaignId, campaignId),
        eq(playerRequests.linkHash, linkHash),
        eq(playerRequests.asUnitId, asUnitId),
        eq(playerRequests.kind, 'initiative'),
        eq(playerRequests.status, 'pending'),
      ),
    );
}

/** The campaign's pending requests, oldest first. */
export async function pendingRequests(db: Executor, campaignId: string): Promise<PlayerRequestRow[]> {
  return db
    .select()
    .from(playerRequests)
    .where(and(eq(playerRequests.campaignId, campaignId), eq(playerRequests.status, 'pending')))
    .orderBy(asc(playerRequests.createdAt), asc(playerRequests.seq));
}

/** One request of the campaign, locked when asked (a decision is taken once). */
export async function findRequest(
  db: Executor,
  campaignId: string,
  id: string,
  lock = false,
): Promise<PlayerRequestRow | undefined> {
  const query = db
    .select()
    .from(playerRequests)
    .where(and(eq(playerRequests.campaignId, campaignId), eq(playerRequests.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function decide(
  db: Executor,
  id: string,
  status: 'approved' | 'rejected',
  reason: string | null,
): Promise<PlayerRequestRow> {
  const [row] = await db
    .update(playerRequests)
    .set({ status, reason, decidedAt: sql`clock_timestamp()` })
    .where(eq(playerRequests.id, id))
    .returning();
  if (!row) throw new Error('player request missing on decide');
  return row;
}

/** The names of the campaign's units among `ids`. */
export async function unitNames(db: Executor, campaignId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: units.id, name: units.name })
    .from(units)
    .where(and(eq(units.campaignId, campaignId), inArray(units.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
}
