// SQL of a user's data going out (exports), coming in (imports) and away (account deletion). Reads
// are scoped by user id: another user's campaign is simply not found.
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { CombatState, ConditionMap } from '@questkeeper/core/schemas/combat';
import type { Executor } from '../../db/client';
import {
  campaigns,
  combatLog,
  combats,
  contactMessages,
  encounters,
  images,
  mailOutbox,
  reveals,
  units,
  users,
} from '../../db/schema';

// The campaign reads that the campaigns feature runs too live in db/shared.
export {
  countCampaigns,
  findOwnedCampaign,
  listCampaigns,
  type CampaignRow,
} from '../../db/shared/campaigns';

export type UnitRow = typeof units.$inferSelect;
export type FightRow = typeof combats.$inferSelect;
export type LogRow = typeof combatLog.$inferSelect;
export type EncounterRow = typeof encounters.$inferSelect;
export type RevealRow = typeof reveals.$inferSelect;
/** A log entry's stored fields (the combat's LogDraft). */
export type LogData = LogRow['data'];

/** A campaign's units in the order the units view lists them. */
export async function listUnits(db: Executor, campaignId: string): Promise<UnitRow[]> {
  return db
    .select()
    .from(units)
    .where(eq(units.campaignId, campaignId))
    .orderBy(asc(units.createdAt), asc(units.seq), asc(units.id));
}

/** A campaign's saved encounters, oldest first (as GET /api/encounters lists them). */
export async function listEncounters(db: Executor, campaignId: string): Promise<EncounterRow[]> {
  return db
    .select()
    .from(encounters)
    .where(eq(encounters.campaignId, campaignId))
    .orderBy(asc(encounters.createdAt), asc(encounters.seq), asc(encounters.id));
}

export async function findFight(
  db: Executor,
  campaignId: string,
): Promise<{ row: FightRow; log: LogRow[] } | undefined> {
  const [row] = await db.select().from(combats).where(eq(combats.campaignId, campaignId)).limit(1);
  if (!row) return undefined;
  const log = await db
    .select()
    .from(combatLog)
    .where(eq(combatLog.campaignId, campaignId))
    .orderBy(asc(combatLog.step), asc(combatLog.position));
  return { row, log };
}

/** How many units a campaign holds (units added by an import count against the tier's limit). */
export async function countCampaignUnits(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(units).where(eq(units.campaignId, campaignId));
  return row?.n ?? 0;
}

/** How many saved encounters a campaign holds. */
export async function countCampaignEncounters(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(encounters).where(eq(encounters.campaignId, campaignId));
  return row?.n ?? 0;
}

/** The names of the user's campaigns (an import's name is numbered after them). */
export async function campaignNames(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.userId, userId));
  return rows.map((row) => row.name);
}

/** The campaign row of an import, its lists still empty (appendToList fills them): what it was given. */
export async function insertImportedCampaign(
  db: Executor,
  userId: string,
  values: Pick<
    typeof campaigns.$inferInsert,
    'name' | 'rules' | 'characteristics' | 'initiativeRule' | 'initiativeCaracName' | 'initiativeModifier'
  >,
): Promise<{ id: string; createdAt: Date; updatedAt: Date }> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values, userId })
    // Not the whole row: it would read back every list the import is about to write.
    .returning({ id: campaigns.id, createdAt: campaigns.createdAt, updatedAt: campaigns.updatedAt });
  if (!row) throw new Error('insert into campaigns returned no row');
  return row;
}

const LIST_COLUMNS = { races: campaigns.races, classes: campaigns.classes, statuses: campaigns.statuses };

/** Appends the items of `json` (a JSON array, decision 047's chunks) to one of the campaign's lists. */
export async function appendToList(
  db: Executor,
  userId: string,
  campaignId: string,
  list: keyof typeof LIST_COLUMNS,
  json: string,
): Promise<void> {
  const column = LIST_COLUMNS[list];
  await db
    .update(campaigns)
    .set({ [list]: sql`${column} || ${json}::jsonb` })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
}

/** Appends a piece of the rules (the import writes long rules piece by piece, decision 047). */
export async function appendToRules(
  db: Executor,
  userId: string,
  campaignId: string,
  text: string,
): Promise<void> {
  await db
    .update(campaigns)
    .set({ rules: sql`${campaigns.rules} || ${text}` })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
}

/** The campaign's version once written (decision 036: PostgreSQL's `xmin` of its row). */
export async function campaignVersion(db: Executor, userId: string, campaignId: string): Promise<string> {
  const [row] = await db
    .select({ version: sql<string>`${campaigns}.xmin::text` })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
  if (!row) throw new Error('imported campaign not found');
  return row.version;
}

/**
 * Inserts units given as a JSON array of rows (import-rows.ts). Units list by creation time, and one
 * statement gives every row the same now(): a microsecond per place in the file (`ord`) keeps the
 * file's order on the next export, across statements too.
 */
export async function insertUnitRows(
  db: Executor,
  userId: string,
  campaignId: string,
  json: string,
): Promise<void> {
  await db.execute(sql`
    insert into units (id, user_id, campaign_id, name, gender, is_player, race, class, status,
      characteristics, hp, current_hp, gold, silver, bronze, notes, counters, portrait_image_id,
      created_at, updated_at)
    select r.id, ${userId}, ${campaignId}, r.name, r.gender, r.is_player, r.race, r.class, r.status,
      r.characteristics, r.hp, r.current_hp, r.gold, r.silver, r.bronze, r.notes, r.counters,
      r.portrait_image_id,
      now() + r.ord * interval '1 microsecond', now() + r.ord * interval '1 microsecond'
    from jsonb_to_recordset(${json}::jsonb) as r(ord integer, id uuid, name text, gender text,
      is_player boolean, race text, class text, status text, characteristics jsonb, hp integer,
      current_hp integer, gold integer, silver integer, bronze integer, notes text, counters jsonb,
      portrait_image_id uuid)`);
}

/** An imported campaign's reveals (docs/decisions/077), their snapshots as the file holds them. */
export async function insertRevealRows(
  db: Executor,
  userId: string,
  campaignId: string,
  json: string,
): Promise<void> {
  await db.execute(sql`
    insert into reveals (user_id, campaign_id, kind, ref, title, text, image_id, revealed_at)
    select ${userId}, ${campaignId}, r.kind, r.ref, r.title, r.text, r.image_id, r.revealed_at
    from jsonb_to_recordset(${json}::jsonb) as r(kind text, ref text, title text, text text,
      image_id uuid, revealed_at timestamptz)`);
}

/** A campaign's reveals as the export writes them, newest first (as the GM lists them). */
export async function listReveals(db: Executor, campaignId: string): Promise<RevealRow[]> {
  return db
    .select()
    .from(reveals)
    .where(eq(reveals.campaignId, campaignId))
    .orderBy(desc(reveals.revealedAt), desc(reveals.seq));
}

/**
 * The images a campaign archive carries (docs/decisions/077): those a unit or a reveal of the campaign
 * shows, with their stored bytes. A handout picture uploaded and never revealed is a leftover of the
 * handout dialog and stays out.
 */
/** The bytes of the images listShownImages would read (sizes from the rows' headers, no picture read). */
export async function shownImagesBytes(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(octet_length(${images.bytes}))` })
    .from(images)
    .where(shownImagesOf(campaignId));
  return Number(row?.bytes ?? 0);
}

const shownImagesOf = (campaignId: string) =>
  and(
    eq(images.campaignId, campaignId),
    sql`(${images.id} in (select portrait_image_id from units where campaign_id = ${campaignId})
      or ${images.id} in (select image_id from reveals where campaign_id = ${campaignId}))`,
  );

export async function listShownImages(
  db: Executor,
  campaignId: string,
): Promise<{ id: string; kind: 'portrait' | 'handout'; bytes: Buffer }[]> {
  return db
    .select({ id: images.id, kind: images.kind, bytes: images.bytes })
    .from(images)
    .where(shownImagesOf(campaignId))
    .orderBy(asc(images.createdAt), asc(images.id));
}

/**
 * Inserts saved encounters given as a JSON array of rows (import-rows.ts), in the file's order (`ord`,
 * a microsecond apart like units).
 */
export async function insertEncounterRows(
  db: Executor,
  userId: string,
  campaignId: string,
  json: string,
): Promise<void> {
  await db.execute(sql`
    insert into encounters (user_id, campaign_id, name, data, notes, created_at, updated_at)
    select ${userId}, ${campaignId}, r.name, r.data, r.notes,
      now() + r.ord * interval '1 microsecond', now() + r.ord * interval '1 microsecond'
    from jsonb_to_recordset(${json}::jsonb) as r(ord integer, name text, data jsonb, notes text)
    order by r.ord`);
}

/** The fight's row; its log follows in chunks (insertLogRows), `logTotal` entries in all. */
export async function insertFight(
  db: Executor,
  campaignId: string,
  fight: { state: CombatState; conditions: ConditionMap; logTotal: number },
): Promise<void> {
  await db.insert(combats).values({ campaignId, ...fight, version: 0 });
}

/**
 * Inserts log entries given as a JSON array of rows (import-rows.ts). The undo history of a fight
 * stays on the server it was played on (decision 024): `undo` is null.
 */
export async function insertLogRows(db: Executor, campaignId: string, json: string): Promise<void> {
  await db.execute(sql`
    insert into combat_log (campaign_id, step, position, type, data, undo, undone, created_at)
    select ${campaignId}, r.step, r.position, r.data->>'type', r.data, null, r.undone, r.created_at
    from jsonb_to_recordset(${json}::jsonb) as r(step integer, position integer, undone boolean,
      created_at timestamptz, data jsonb)`);
}

/**
 * Deletes the account and everything that names it. The user row takes with it (ON DELETE CASCADE)
 * sessions, reset tokens, campaigns with their units, fights and logs, the subscription row and demo
 * payment sessions; contact messages (which only lose their user id on cascade) and queued or kept
 * mails of the address go explicitly. Answers false when the user was already gone.
 */
export async function deleteAccount(db: Executor, userId: string, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  await db
    .delete(contactMessages)
    .where(or(eq(contactMessages.userId, userId), eq(sql`lower(${contactMessages.email})`, address)));
  await db
    .delete(mailOutbox)
    .where(or(eq(sql`lower(${mailOutbox.to})`, address), eq(sql`lower(${mailOutbox.replyTo})`, address)));
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}

/** The demo table's portraits (service createDemo): the unit of that name in the new campaign. */
export async function setPortraitByName(
  db: Executor,
  campaignId: string,
  name: string,
  imageId: string,
): Promise<void> {
  await db.execute(sql`
    update units set portrait_image_id = ${imageId}
    where campaign_id = ${campaignId} and name = ${name}`);
}
