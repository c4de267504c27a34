// The campaign ownership check several features run before touching a campaign's rows: units and
// combat. Queries one feature alone runs stay in its repository
// (docs/decisions/019-cross-feature-data-access.md).
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { campaigns } from '../schema';

/**
 * Whether the campaign is the user's (reads the id only); `lock` holds the campaign row until the
 * transaction ends, like every other write that depends on the campaign.
 */
export async function ownsCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
  options: { lock?: boolean } = {},
): Promise<boolean> {
  const query = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows.length > 0;
}
