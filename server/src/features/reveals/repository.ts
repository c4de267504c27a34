// SQL of reveals (docs/decisions/064): the campaign read and locked for one reveal, the sources a reveal
// copies (rules and lists from the campaign row, a unit), and the reveals themselves. Private to this
// feature (decision 019); the images it copies and checks go through db/shared/images.ts.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { RevealKind } from '@questkeeper/core/schemas/reveals';
import type { Executor, Tx } from '../../db/client';
import { campaigns, reveals, units } from '../../db/schema';

export type RevealRow = typeof reveals.$inferSelect;

/**
 * The campaign's texts a reveal copies, its row locked until the transaction ends: every reveal of a
 * campaign counts and writes one after the other, so parallel reveals never pass the limit.
 */
export async function lockCampaignSources(tx: Tx, userId: string, campaignId: string) {
  const [row] = await tx
    .select({
      rules: campaigns.rules,
      races: campaigns.races,
      classes: campaigns.classes,
      statuses: campaigns.statuses,
      characteristics: campaigns.characteristics,
    })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .for('update')
    .limit(1);
  return row;
}

export async function findUnit(db: Executor, userId: string, campaignId: string, unitId: string) {
  const [row] = await db
    .select({ name: units.name, notes: units.notes, portraitImageId: units.portraitImageId })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.campaignId, campaignId), eq(units.userId, userId)))
    .limit(1);
  return row;
}

export async function countReveals(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reveals).where(eq(reveals.campaignId, campaignId));
  return row?.n ?? 0;
}

export async function findByRef(db: Executor, campaignId: string, kind: RevealKind, ref: string) {
  const [row] = await db
    .select({ id: reveals.id, imageId: reveals.imageId })
    .from(reveals)
    .where(and(eq(reveals.campaignId, campaignId), eq(reveals.kind, kind), eq(reveals.ref, ref)))
    .limit(1);
  return row;
}

export interface RevealValues {
  userId: string;
  campaignId: string;
  kind: RevealKind;
  ref: string | null;
  title: string;
  text: string;
  imageId: string | null;
}

/**
 * Writes the snapshot; the same (campaign, kind, ref) again replaces it and its time, so it comes first
 * (the unique index decides; a handout has no ref and is always new).
 */
export async function upsertReveal(tx: Tx, values: RevealValues): Promise<RevealRow> {
  const now = sql`clock_timestamp()`;
  const insert = tx.insert(reveals).values({ ...values, revealedAt: now });
  const [row] = await (values.ref === null
    ? insert.returning()
    : insert
        .onConflictDoUpdate({
          target: [reveals.campaignId, reveals.kind, reveals.ref],
          set: { title: values.title, text: values.text, imageId: values.imageId, revealedAt: now },
        })
        .returning());
  if (!row) throw new Error('upsert of reveals returned no row');
  return row;
}

/** The campaign's reveals, newest first. */
export async function listReveals(db: Executor, userId: string, campaignId: string): Promise<RevealRow[]> {
  return db
    .select()
    .from(reveals)
    .where(and(eq(reveals.campaignId, campaignId), eq(reveals.userId, userId)))
    .orderBy(desc(reveals.revealedAt), desc(reveals.seq));
}

export async function deleteReveal(tx: Tx, userId: string, campaignId: string, revealId: string) {
  const [row] = await tx
    .delete(reveals)
    .where(and(eq(reveals.id, revealId), eq(reveals.campaignId, campaignId), eq(reveals.userId, userId)))
    .returning({ kind: reveals.kind, imageId: reveals.imageId });
  return row;
}
