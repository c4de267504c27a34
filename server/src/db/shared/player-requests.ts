// Player requests (docs/product.md#players-take-part) as three features read them: the requests
// feature writes and decides them, the player view shows a link's newest ones, and the combat write
// path closes them when a fight starts (typed initiatives taken) or ends (the rest). Every query names
// the campaign (docs/decisions/019-cross-feature-data-access.md).
import { and, desc, eq, sql } from 'drizzle-orm';
import { PLAYER_REQUESTS_SHOWN } from '@questkeeper/core/schemas/player-requests';
import type { Executor } from '../client';
import { playerRequests } from '../schema';

export type PlayerRequestRow = typeof playerRequests.$inferSelect;

/** A link's newest requests, newest first (the player payload's `requests`). */
export async function newestRequestsOfLink(
  db: Executor,
  campaignId: string,
  linkHash: string,
): Promise<PlayerRequestRow[]> {
  return db
    .select()
    .from(playerRequests)
    .where(and(eq(playerRequests.campaignId, campaignId), eq(playerRequests.linkHash, linkHash)))
    .orderBy(desc(playerRequests.createdAt), desc(playerRequests.seq))
    .limit(PLAYER_REQUESTS_SHOWN);
}

/**
 * After a step of the fight (inside its transaction): a start takes the typed initiatives (approved:
 * the GM confirmed the start that read them); an end closes every request still pending (rejected,
 * no reason). Answers whether anything changed, so players can be told.
 */
export async function closeRequestsAfterStep(
  db: Executor,
  campaignId: string,
  step: { started: boolean; ended: boolean },
): Promise<boolean> {
  if (!step.started && !step.ended) return false;
  const pending = and(eq(playerRequests.campaignId, campaignId), eq(playerRequests.status, 'pending'));
  const rows = await db
    .update(playerRequests)
    .set({ status: step.ended ? 'rejected' : 'approved', decidedAt: sql`clock_timestamp()` })
    .where(step.ended ? pending : and(pending, eq(playerRequests.kind, 'initiative')))
    .returning({ id: playerRequests.id });
  return rows.length > 0;
}
