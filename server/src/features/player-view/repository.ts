// SQL of the player view (docs/decisions/028): the campaign's player_views row (settings, link hash, id
// secret), and the reads that feed the redaction — the fight, its units, the newest entries of its
// log and whose turn has come, the campaign's classes and statuses. Private to this feature
// (decision 019). Every read is bounded whatever the log's length (decision 046).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PLAYER_LOG_WINDOW } from '@questkeeper/core/limits';
import type { PlayerViewSettings } from '@questkeeper/core/schemas/player-view';
import type { PlayerViewLogEntry, PlayerViewUnit } from '@questkeeper/core/combat/player-view';
import type { Db, Executor, Tx } from '../../db/client';
import { campaigns, combatLog, combats, playerViews, reveals, units, users } from '../../db/schema';
import { limitsOf, maxOverTiers } from '@questkeeper/core/tiers';
import { storedLogData, storedState } from '../combat/combat-state';
import { newestRequestsOfLink } from '../../db/shared/player-requests';

export type PlayerViewRow = typeof playerViews.$inferSelect;

export async function findByCampaign(db: Executor, campaignId: string): Promise<PlayerViewRow | undefined> {
  const [row] = await db.select().from(playerViews).where(eq(playerViews.campaignId, campaignId)).limit(1);
  return row;
}

/** One indexed equality lookup on the hash: an unknown token costs the same query as a live one. */
export async function findByTokenHash(db: Executor, tokenHash: string): Promise<PlayerViewRow | undefined> {
  const [row] = await db.select().from(playerViews).where(eq(playerViews.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Writes the row, creating it with `fresh` (default settings, a new secret) the first time. */
export async function upsert(
  db: Executor,
  campaignId: string,
  fresh: { userId: string; secret: string; settings: PlayerViewSettings },
  set: Partial<Pick<PlayerViewRow, 'tokenHash' | 'tokenSealed' | 'secret' | 'settings'>>,
): Promise<PlayerViewRow> {
  // A change of the settings is a new version (the PATCH's check).
  const values = { ...set, updatedAt: sql`clock_timestamp()` };
  const [row] = await db
    .insert(playerViews)
    .values({ campaignId, ...fresh, ...values, ...(set.settings ? { version: 1 } : {}) })
    .onConflictDoUpdate({
      target: playerViews.campaignId,
      set: { ...values, ...(set.settings ? { version: sql`${playerViews.version} + 1` } : {}) },
    })
    .returning();
  if (!row) throw new Error('upsert of player_views returned no row');
  return row;
}

/**
 * The campaign's row locked for one change (created with `fresh` first if missing), so two PATCHes
 * check and write the version one after the other.
 */
export async function lockForChange(
  tx: Tx,
  campaignId: string,
  fresh: { userId: string; secret: string; settings: PlayerViewSettings },
): Promise<PlayerViewRow> {
  await tx
    .insert(playerViews)
    .values({ campaignId, ...fresh })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(playerViews)
    .where(eq(playerViews.campaignId, campaignId))
    .for('update')
    .limit(1);
  if (!row) throw new Error('player_views row missing after insert');
  return row;
}

export async function writeSettings(
  tx: Tx,
  campaignId: string,
  settings: PlayerViewSettings,
  version: number,
) {
  const [row] = await tx
    .update(playerViews)
    .set({ settings, version, updatedAt: sql`clock_timestamp()` })
    .where(eq(playerViews.campaignId, campaignId))
    .returning();
  if (!row) throw new Error('player_views row missing on write');
  return row;
}

/** The ids among `ids` that are units of the campaign. */
export async function campaignUnitIds(db: Executor, campaignId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.campaignId, campaignId), inArray(units.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/**
 * Everything the redaction reads of the campaign's fight; only the columns it may show. `revealIds`:
 * the units hidden until their first turn, the only ones whose past turns matter to players. One
 * read-only transaction: the fight and its log come from the same moment.
 */
export async function loadFightForPlayers(
  db: Db,
  userId: string,
  campaignId: string,
  revealIds: readonly string[],
  linkHash: string,
) {
  return db.transaction((tx) => readFight(tx, userId, campaignId, revealIds, linkHash), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function readFight(
  db: Tx,
  userId: string,
  campaignId: string,
  revealIds: readonly string[],
  linkHash: string,
) {
  // The campaign's lists and its fight in one round trip (decision 075): no fight without the campaign
  // of the link's owner.
  const [campaign] = await db
    .select({
      classes: campaigns.classes,
      statuses: campaigns.statuses,
      state: combats.state,
      conditions: combats.conditions,
      version: combats.version,
    })
    .from(campaigns)
    .leftJoin(combats, eq(combats.campaignId, campaigns.id))
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .limit(1);
  const stored =
    campaign?.state != null && campaign.conditions !== null && campaign.version !== null
      ? { state: campaign.state, conditions: campaign.conditions, version: campaign.version }
      : undefined;
  const combat = stored && { state: storedState(stored.state), conditions: stored.conditions };
  const members = combat ? [...combat.state.allies, ...combat.state.enemies] : [];
  // The newest entries only: a backward scan of the (campaign, step, position) index that stops
  // after PLAYER_LOG_WINDOW rows. Without statistics (PGlite has no autovacuum) the planner guesses
  // a campaign has few entries and reads them all to sort them; sorting is turned off for this
  // transaction so the index order is the plan, whatever the statistics (decision 046).
  if (combat) await db.execute(sql`set local enable_sort = off`);
  const logRows = combat
    ? await db
        .select({ data: combatLog.data, undone: combatLog.undone })
        .from(combatLog)
        .where(eq(combatLog.campaignId, campaignId))
        .orderBy(desc(combatLog.step), desc(combatLog.position))
        .limit(PLAYER_LOG_WINDOW)
    : [];
  const log: PlayerViewLogEntry[] = logRows
    .reverse()
    .map((row) => ({ ...storedLogData(row.data), undone: row.undone }));
  // The fight's units, and those its newest entries name (a fight that ended, a unit removed: the
  // feed keeps the names players saw); bounded by the window.
  const named = new Set(members);
  for (const entry of log) {
    for (const unit of [entry.turnOf, entry.actor, entry.target, entry.condition?.ofUnit]) {
      if (unit) named.add(unit.id);
    }
  }
  const unitRows: PlayerViewUnit[] =
    named.size === 0
      ? []
      : await db
          .select({
            _id: units.id,
            name: units.name,
            class: units.class,
            hp: units.hp,
            currentHp: units.currentHp,
            isPlayer: units.isPlayer,
            portraitImageId: units.portraitImageId,
          })
          .from(units)
          .where(
            and(eq(units.campaignId, campaignId), eq(units.userId, userId), inArray(units.id, [...named])),
          );
  const candidates = revealIds.filter((id) => named.has(id));
  const turnsCame = combat ? await turnsCameOf(db, campaignId, candidates) : new Set<string>();
  // Class and status notes stay here: the redaction gets names and colours only.
  const lists = {
    classes: (campaign?.classes ?? []).map(({ name, color }) => ({ name, color })),
    statuses: (campaign?.statuses ?? []).map(({ _id, name }) => ({ _id, name })),
  };
  return {
    ...lists,
    combat,
    /** The fight's version this read saw (0 before any fight): how streams order payloads (decision 075). */
    fightVersion: stored?.version ?? 0,
    units: unitRows,
    log,
    turnsCame,
    revealed: await revealsFor(db, userId, campaignId),
    requests: await newestRequestsOfLink(db, campaignId, linkHash),
  };
}

/**
 * The campaign's reveals players see, newest first: at most the owner's plan's revealsPerCampaign
 * (docs/decisions/064). One query: the owner's tier comes with the rows (capped at the highest plan's).
 */
async function revealsFor(db: Tx, userId: string, campaignId: string) {
  const rows = await db
    .select({
      id: reveals.id,
      kind: reveals.kind,
      title: reveals.title,
      text: reveals.text,
      imageId: reveals.imageId,
      revealedAt: reveals.revealedAt,
      tier: users.tier,
    })
    .from(reveals)
    .innerJoin(users, eq(users.id, reveals.userId))
    .where(and(eq(reveals.campaignId, campaignId), eq(reveals.userId, userId)))
    .orderBy(desc(reveals.revealedAt), desc(reveals.seq))
    .limit(maxOverTiers('revealsPerCampaign'));
  const tier = rows[0]?.tier;
  return tier === undefined ? [] : rows.slice(0, limitsOf(tier).revealsPerCampaign);
}

/**
 * The units among `ids` whose turn has come: a live `start` or `nextTurn` entry names them (the rule
 * of `unitsWhoseTurnCame` in core). One probe of the partial index `combat_log_turn_of_idx` per id,
 * so the cost follows the number of units asked about, never the log's length.
 */
export async function turnsCameOf(db: Executor, campaignId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const result = (await db.execute(sql`
    select unit_id from unnest(${sql.param([...ids])}::text[]) as unit_id,
    -- A lateral probe with limit 1, not "exists": a semi-join could read every turn entry instead.
    lateral (
      select 1 from ${combatLog}
      where ${combatLog.campaignId} = ${campaignId}
        and ${combatLog.type} in ('start', 'nextTurn') and not ${combatLog.undone}
        and (${combatLog.data} -> 'turnOf' ->> 'id') = unit_id
      limit 1
    ) as came
  `)) as unknown as { rows: { unit_id: string }[] };
  return new Set(result.rows.map((row) => row.unit_id));
}

/** Whether the campaign has a live link and its fight names the unit (a unit edit then matters to players). */
export async function sharedFightHasUnit(db: Executor, campaignId: string, unitId: string): Promise<boolean> {
  const [link] = await db
    .select({ tokenHash: playerViews.tokenHash })
    .from(playerViews)
    .where(eq(playerViews.campaignId, campaignId))
    .limit(1);
  if (!link?.tokenHash) return false;
  const [combat] = await db
    .select({ state: combats.state })
    .from(combats)
    .where(eq(combats.campaignId, campaignId))
    .limit(1);
  return (
    combat !== undefined && (combat.state.allies.includes(unitId) || combat.state.enemies.includes(unitId))
  );
}
