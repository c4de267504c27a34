// SQL for campaigns, and for the units that follow a change of their campaign's lists (decision
// 014). Every read or write is scoped by user id: another user's campaign is simply not found.
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { campaigns, units } from '../../db/schema';
import type { CampaignRow, CampaignValues } from '../../db/shared/campaigns';

// The campaign reads and insert that user data (export, import) runs too live in db/shared.
export {
  countCampaigns,
  findOwnedCampaign,
  insertCampaign,
  listCampaigns,
  type CampaignRow,
  type CampaignValues,
} from '../../db/shared/campaigns';

/**
 * A campaign row with its version (decision 036): PostgreSQL's `xmin`, the id of the transaction that
 * wrote the row last. Every update of the row changes it, locks (FOR UPDATE, the foreign-key checks of
 * unit writes) do not, and it needs no column that each write would have to remember to bump.
 */
export type VersionedRow = CampaignRow & { version: string };
const versioned = { ...getTableColumns(campaigns), version: sql<string>`${campaigns}.xmin::text` };

export async function listVersionedCampaigns(db: Executor, userId: string): Promise<VersionedRow[]> {
  return db
    .select(versioned)
    .from(campaigns)
    .where(eq(campaigns.userId, userId))
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id));
}

export async function findVersionedCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
): Promise<VersionedRow | undefined> {
  const [row] = await db
    .select(versioned)
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Same, locking the row until the transaction ends: every read-modify-write of a campaign goes
 * through this (unit creates lock the same row), so parallel requests cannot pass a limit.
 */
export async function lockOwnedCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
): Promise<VersionedRow | undefined> {
  const [row] = await db
    .select(versioned)
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .for('update')
    .limit(1);
  return row;
}

export async function updateCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
  values: Partial<CampaignValues>,
): Promise<VersionedRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .returning(versioned);
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

/** Units follow a renamed race, class or status of their campaign (campaign update, same transaction). */
export async function renameUnitsListValue(
  db: Executor,
  campaignId: string,
  column: 'race' | 'class' | 'status',
  from: string,
  to: string,
): Promise<void> {
  await db
    .update(units)
    .set({ [column]: to, updatedAt: sql`now()` })
    .where(and(eq(units.campaignId, campaignId), eq(units[column], from)));
}

/** Units keep their value of a renamed characteristic under its new name. */
export async function renameUnitsCharacteristic(
  db: Executor,
  campaignId: string,
  from: string,
  to: string,
): Promise<void> {
  await db
    .update(units)
    .set({
      characteristics: sql`(${units.characteristics} - ${from}::text) || jsonb_build_object(${to}::text, ${units.characteristics} -> ${from}::text)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(units.campaignId, campaignId), sql`${units.characteristics} -> ${from}::text is not null`));
}

/** Values above a characteristic's lowered max come down to it. */
export async function capUnitsCharacteristic(
  db: Executor,
  campaignId: string,
  name: string,
  max: number,
): Promise<void> {
  await db
    .update(units)
    .set({
      characteristics: sql`jsonb_set(${units.characteristics}, array[${name}::text], to_jsonb(${max}::int))`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(units.campaignId, campaignId),
        sql`jsonb_typeof(${units.characteristics} -> ${name}::text) = 'number'`,
        sql`(${units.characteristics} ->> ${name}::text)::numeric > ${max}`,
      ),
    );
}
