// Test support: a fight whose every secret is a distinctive value, so the secrets test can search the
// wire for it — names, notes, money, characteristics, HP, ids.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { campaigns, units } from '../../src/db/schema';
import { bearer, type TestContext } from './harness';
import { combatClient, play, setTable, type Table } from './combat-client';

export interface SecretUnit {
  id: string;
  name: string;
  group: 'allies' | 'enemies';
  hp: number;
  notes: string;
  gold: number;
}

export interface Fight {
  table: Table;
  client: ReturnType<typeof combatClient>;
  units: SecretUnit[];
  headers: Record<string, string>;
  /** Strings that must never reach a player, whatever the settings. */
  alwaysSecret: string[];
}

export async function secretFight(
  ctx: TestContext,
  options: { language?: 'en' | 'fr' } = {},
): Promise<Fight> {
  const characteristic = `Char${crypto.randomBytes(4).toString('hex')}`;
  const table = await setTable(ctx, { n: 4, characteristics: { [characteristic]: 7 }, ...options });
  const tag = crypto.randomBytes(3).toString('hex');
  const list: SecretUnit[] = [];
  for (const [i, id] of table.ids.entries()) {
    const unit: SecretUnit = {
      id,
      name: `Real${i}-${tag}`,
      group: i < 2 ? 'allies' : 'enemies',
      // 500 apart: the blows of a whole test never bring one unit's HP onto another's.
      hp: 7017 + 500 * i,
      notes: `Note${i}-${tag}`,
      gold: 6001 + i,
    };
    await ctx.app.database.db
      .update(units)
      .set({ name: unit.name, notes: unit.notes, gold: unit.gold, hp: unit.hp, currentHp: unit.hp })
      .where(eq(units.id, id));
    list.push(unit);
  }
  // Class and status notes are the game master's: only names and colours may reach players.
  const [campaign] = await ctx.app.database.db
    .select({ classes: campaigns.classes, statuses: campaigns.statuses })
    .from(campaigns)
    .where(eq(campaigns.id, table.campaignId));
  const listNote = `ListNote-${tag}`;
  await ctx.app.database.db
    .update(campaigns)
    .set({
      classes: campaign!.classes.map((item) => ({ ...item, note: listNote })),
      statuses: campaign!.statuses.map((item) => ({ ...item, note: listNote })),
    })
    .where(eq(campaigns.id, table.campaignId));
  const client = combatClient(ctx, table);
  await play(
    client,
    ...list.map((unit) => ({ type: 'add' as const, unitId: unit.id, group: unit.group })),
    { type: 'start' },
    { type: 'addCondition', unitId: list[2]!.id, status: campaign!.statuses[0]!.name, rounds: 3 },
  );
  return {
    table,
    client,
    units: list,
    headers: bearer(table.token, table.campaignId),
    alwaysSecret: [
      ...list.flatMap((unit) => [unit.id, unit.notes]),
      characteristic,
      listNote,
      table.userId,
      table.campaignId,
      table.token,
    ],
  };
}

/** Creates the link; answers its token (the last path segment of the URL). */
export async function shareLink(ctx: TestContext, fight: Fight): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/combat/share', headers: fight.headers });
  if (response.statusCode !== 200) throw new Error(`share failed: ${response.body}`);
  const url = response.json<{ url: string }>().url;
  return decodeURIComponent(url.split('/').pop()!);
}
