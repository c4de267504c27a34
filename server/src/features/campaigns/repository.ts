// SQL for campaigns. Every read or write is scoped by user id: another user's campaign is simply
// not found.
import { and, asc, count, eq, sql } from 'drizzle-orm';
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

/** A campaign's lists without its rules text (up to 600,000 characters), for unit and combat work. */
export type CampaignLists = Pick<CampaignRow, 'id' | 'characteristics' | 'races' | 'classes' | 'statuses'>;
const listColumns = {
  id: campaigns.id,
  characteristics: campaigns.characteristics,
  races: campaigns.races,
  classes: campaigns.classes,
  statuses: campaigns.statuses,
};

/** The lists of one of the user's campaigns; `lock` holds the row until the transaction ends. */
export async function findOwnedCampaignLists(
  db: Executor,
  userId: string,
  campaignId: string,
  options: { lock?: boolean } = {},
): Promise<CampaignLists | undefined> {
  const query = db
    .select(listColumns)
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Whether the campaign is the user's (reads the id only); `lock` as above. */
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

export type CampaignValues = Omit<typeof campaigns.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** The user's campaigns, oldest first (the first one becomes current in the web app). */
export async function listCampaigns(db: Executor, userId: string): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.userId, userId))
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id));
}

export async function countCampaigns(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(campaigns).where(eq(campaigns.userId, userId));
  return row?.count ?? 0;
}

export async function insertCampaign(
  db: Executor,
  userId: string,
  values: CampaignValues & { name: string },
): Promise<CampaignRow> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values, userId })
    .returning();
  if (!row) throw new Error('insert into campaigns returned no row');
  return row;
}

export async function updateCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
  values: Partial<CampaignValues>,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .returning();
  return row;
}

/** Deletes the campaign; its units and saved combat go with it (ON DELETE CASCADE). */
export async function deleteCampaign(db: Executor, userId: string, campaignId: string): Promise<boolean> {
  const rows = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}
