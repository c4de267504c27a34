// The long log of docs/decisions/021's benchmark target ("a log of 5,000 entries updates in ≤ 16 ms per new
// entry"): entries written straight into combat_log, as a long fight would have left them.
import { and, count, eq, max } from 'drizzle-orm';
import { BLANK_LOG_DETAILS, type LogDraft } from '@questkeeper/core/combat/action-types';
import { openDatabase, type Database, type DatabaseOptions } from '../../../server/src/db/client';
import { combatLog, combats } from '../../../server/src/db/schema';

/** Who the written entries name: 1 damage each on `target`, by `actor`, from `hp`. */
export interface LogRefs {
  actor: { id: string; name: string };
  target: { id: string; name: string };
  hp: number;
}

/**
 * Writes `count` attack entries at the end of the campaign's log, as a long fight leaves it; undone
 * entries go first, as the next action would drop them. The entries carry no stored changes: undo
 * stops at them (decision 021, an imported log). The fight's stored count follows (decision 041).
 */
export async function writeLog(
  db: Database['db'],
  campaignId: string,
  entries: number,
  refs: LogRefs,
): Promise<void> {
  await db.delete(combatLog).where(and(eq(combatLog.campaignId, campaignId), eq(combatLog.undone, true)));
  const [row] = await db
    .select({ step: max(combatLog.step) })
    .from(combatLog)
    .where(eq(combatLog.campaignId, campaignId));
  const first = (row?.step ?? 0) + 1;
  const entry = (i: number): LogDraft => ({
    type: 'attack',
    round: 1 + Math.floor(i / 400),
    turnOf: { ...refs.actor, group: 'allies' },
    ...BLANK_LOG_DETAILS,
    actor: { ...refs.actor, group: 'allies' },
    target: { ...refs.target, group: 'enemies' },
    input: '1',
    amount: 1,
    hpBefore: refs.hp,
    hpAfter: refs.hp - 1,
  });
  for (let from = 0; from < entries; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, entries - from) }, (_, k) => {
      const i = from + k;
      return { campaignId, step: first + i, position: 0, type: 'attack' as const, data: entry(i) };
    });
    await db.insert(combatLog).values(rows);
  }
  const [total] = await db.select({ n: count() }).from(combatLog).where(eq(combatLog.campaignId, campaignId));
  await db
    .update(combats)
    .set({ logTotal: total?.n ?? 0 })
    .where(eq(combats.campaignId, campaignId));
}

/** `writeLog` on a database of its own (the app's server is stopped meanwhile on PGlite). */
export async function seedLog(
  options: DatabaseOptions,
  campaignId: string,
  entries: number,
  refs: LogRefs,
): Promise<void> {
  const database = await openDatabase(options);
  try {
    await writeLog(database.db, campaignId, entries, refs);
  } finally {
    await database.close();
  }
}
