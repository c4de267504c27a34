// SQL of the portrait and handout-image routes (docs/decisions/064). Image rows themselves are written and
// read through server/src/db/shared/images.ts (reveals and the player view use them too); what is here
// is this feature's alone: a unit's portrait reference and the campaign's image count.
import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { campaigns, images, units } from '../../db/schema';

/** Locks the user's campaign row (image count then insert cannot pass the limit); false when not theirs. */
export async function lockOwnedCampaign(tx: Executor, userId: string, campaignId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .for('update')
    .limit(1);
  return rows.length > 0;
}

export async function countImages(tx: Executor, campaignId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(images).where(eq(images.campaignId, campaignId));
  return row?.n ?? 0;
}

/** The unit's current portrait image id (null without one); undefined when the unit is not the user's. */
export async function findUnitPortrait(
  db: Executor,
  userId: string,
  unitId: string,
  options: { lock?: boolean } = {},
): Promise<{ campaignId: string; imageId: string | null } | undefined> {
  const query = db
    .select({ campaignId: units.campaignId, imageId: units.portraitImageId })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.userId, userId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function setUnitPortrait(
  tx: Executor,
  userId: string,
  unitId: string,
  imageId: string | null,
): Promise<void> {
  await tx
    .update(units)
    .set({ portraitImageId: imageId })
    .where(and(eq(units.id, unitId), eq(units.userId, userId)));
}
