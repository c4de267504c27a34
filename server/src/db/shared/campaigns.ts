// Campaign queries several features run: the ownership check before touching a campaign's rows
// (units, combat), and the reads and insert that campaigns and user data (export, import) share.
// Queries one feature alone runs stay in its repository (docs/decisions/019-cross-feature-data-access.md).
// Every one is scoped by user id: another user's campaign is simply not found.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { campaigns } from '../schema';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = Omit<typeof campaigns.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

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

/** The user's campaigns, oldest first (the dashboard's order; the first one becomes current). */
export async function listCampaigns(db: Executor, userId: string): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.userId, userId))
    .orderBy(asc(campaigns.createdAt), asc(campaigns.seq), asc(campaigns.id));
}

export async function countCampaigns(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(campaigns).where(eq(campaigns.userId, userId));
  return row?.n ?? 0;
}

export async function insertCampaign(
  db: Executor,
  userId: string,
  values: CampaignValues,
): Promise<CampaignRow> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values, userId })
    .returning();
  if (!row) throw new Error('insert into campaigns returned no row');
  return row;
}

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
