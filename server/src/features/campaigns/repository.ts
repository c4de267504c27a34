// SQL for campaigns, and for the units that follow a change of their campaign's lists (decision
// 014). Every read or write is scoped by user id: another user's campaign is simply not found.
import { and, asc, eq, getTableColumns, gt, is, lte, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import * as schema from '../../db/schema';
import { campaigns, campaignTrash, units } from '../../db/schema';
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
    .orderBy(asc(campaigns.createdAt), asc(campaigns.seq), asc(campaigns.id));
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

/**
 * What a campaign is made of, for its Undo (decision 052): its own row, then every table with a
 * foreign key to it (units, the fight, its log, the player view… and any table added later), each
 * after the tables it references, so a restore inserts parents first. Read from the schema, so a new
 * table of campaign data cannot be forgotten by the snapshot.
 */
export interface CampaignPart {
  name: string;
  table: PgTable;
  /** The column naming the campaign: `campaigns.id`, else the foreign key's column. */
  key: PgColumn;
}

export const CAMPAIGN_PARTS: readonly CampaignPart[] = (() => {
  const children: (CampaignPart & { references: PgTable[] })[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable) || value === campaigns) continue;
    const config = getTableConfig(value);
    const toCampaign = config.foreignKeys.find((fk) => fk.reference().foreignTable === campaigns);
    const key = toCampaign?.reference().columns[0];
    if (!key) continue;
    const references = config.foreignKeys.map((fk) => fk.reference().foreignTable);
    children.push({ name: config.name, table: value, key, references });
  }
  const ordered: CampaignPart[] = [{ name: 'campaigns', table: campaigns, key: campaigns.id }];
  while (children.length > 0) {
    const index = children.findIndex((child) =>
      child.references.every(
        (table) => ordered.some((part) => part.table === table) || !children.some((c) => c.table === table),
      ),
    );
    const [next] = children.splice(index === -1 ? 0 : index, 1);
    if (next) ordered.push({ name: next.name, table: next.table, key: next.key });
  }
  return ordered;
})();

/**
 * Puts every row of the campaign into the trash in one statement (PostgreSQL's own JSON of each row,
 * so every column, type and id comes back as it was), before the campaign is deleted.
 */
export async function trashCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
  tokenHash: string,
  keepMs: number,
): Promise<Date | undefined> {
  const parts: SQL[] = CAMPAIGN_PARTS.map(
    (part) =>
      sql`${part.name}::text, (select coalesce(jsonb_agg(to_jsonb(${part.table})), '[]'::jsonb) from ${part.table} where ${part.key} = ${campaignId})`,
  );
  const [row] = await db
    .insert(campaignTrash)
    .values({
      campaignId,
      userId,
      tokenHash,
      rows: sql`jsonb_build_object(${sql.join(parts, sql`, `)})`,
      expiresAt: sql`now() + ${keepMs}::int * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: campaignTrash.campaignId,
      set: {
        tokenHash,
        rows: sql`excluded.rows`,
        createdAt: sql`now()`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: eq(campaignTrash.userId, userId),
    })
    .returning({ expiresAt: campaignTrash.expiresAt });
  return row?.expiresAt;
}

/** The owner's trashed campaign this token undoes, locked, if still within its window. */
export async function lockTrashedCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
  tokenHash: string,
): Promise<{ name: string } | undefined> {
  const [row] = await db
    .select({ name: sql<string>`${campaignTrash.rows} -> 'campaigns' -> 0 ->> 'name'` })
    .from(campaignTrash)
    .where(
      and(
        eq(campaignTrash.campaignId, campaignId),
        eq(campaignTrash.userId, userId),
        eq(campaignTrash.tokenHash, tokenHash),
        gt(campaignTrash.expiresAt, sql`now()`),
      ),
    )
    .for('update')
    .limit(1);
  return row;
}

/** Writes the trashed rows back, parents first, with their ids, then empties the trash of them. */
export async function restoreTrashedCampaign(
  db: Executor,
  userId: string,
  campaignId: string,
): Promise<void> {
  for (const part of CAMPAIGN_PARTS) {
    await db.execute(sql`
      insert into ${part.table}
      select * from jsonb_populate_recordset(null::${part.table}, (
        select ${campaignTrash.rows} -> ${part.name}::text from ${campaignTrash}
        where ${campaignTrash.campaignId} = ${campaignId} and ${campaignTrash.userId} = ${userId}
      ))`);
  }
  await forgetTrashedCampaign(db, userId, campaignId);
}

export async function forgetTrashedCampaign(db: Executor, userId: string, campaignId: string): Promise<void> {
  await db
    .delete(campaignTrash)
    .where(and(eq(campaignTrash.campaignId, campaignId), eq(campaignTrash.userId, userId)));
}

/** The user's trashed campaigns past their window: gone for good. */
/** Drops trashed campaigns whose undo window has ended: one user's, or everyone's (no `userId`). */
export async function purgeExpiredTrash(db: Executor, userId?: string): Promise<void> {
  const expired = lte(campaignTrash.expiresAt, sql`now()`);
  await db
    .delete(campaignTrash)
    .where(userId === undefined ? expired : and(eq(campaignTrash.userId, userId), expired));
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
