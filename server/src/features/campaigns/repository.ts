// SQL for campaigns. Every read or write is scoped by user id: another user's campaign is simply
// not found.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { campaigns } from '../../db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;

export async function findOwnedCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Same, locking the row until the transaction ends: every count-then-insert on a campaign (units)
 * or read-modify-write of it goes through this, so parallel requests cannot pass a limit.
 */
export async function lockOwnedCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .for('update')
    .limit(1);
  return row;
}
