// How a large import is written and answered (decision 047): in statements of at most
// IMPORT_CHUNK_BYTES inside one transaction, so it stays whole or nothing, and a 201 streamed in
// pieces that says exactly what the API reads back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaign as campaignSchema } from '@questkeeper/core/schemas/campaigns';
import type { GameDataExport } from '@questkeeper/core/schemas/game-data-export';
import { createTestApp, registerUser, type TestContext } from '../../../test/support/harness';
import { campaignClient } from '../../../test/support/campaign-client';
import { campaignFile, rowCounts, userDataClient } from '../../../test/support/user-data-fixtures';
import { fileWithLog, logEntry } from '../../../test/support/import-files';

let ctx: TestContext;
let client: ReturnType<typeof userDataClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  client = userDataClient(ctx.app);
  // Counts the statements that write units and log entries (a statement-level trigger), and lets a
  // test make a late log statement fail.
  await ctx.database.db.execute(sql`create table bench_statements (target text not null)`);
  await ctx.database.db.execute(sql`create table fail_at_step (step integer not null)`);
  await ctx.database.db.execute(sql`
    create function count_statement() returns trigger language plpgsql as $$
    begin
      insert into bench_statements values (tg_table_name);
      return null;
    end $$`);
  await ctx.database.db.execute(sql`
    create function fail_late_entry() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from fail_at_step where step = new.step) then
        raise exception 'a late statement fails';
      end if;
      return new;
    end $$`);
  for (const table of ['units', 'combat_log']) {
    await ctx.database.db.execute(
      sql.raw(`create trigger ${table}_statements after insert on ${table}
        for each statement execute function count_statement()`),
    );
  }
  await ctx.database.db.execute(sql`
    create trigger combat_log_fail before insert on combat_log
    for each row execute function fail_late_entry()`);
});
afterAll(async () => ctx?.close());

async function statements(): Promise<Record<string, number>> {
  const { rows } = (await ctx.database.db.execute(
    sql`select target, count(*)::int as n from bench_statements group by target`,
  )) as unknown as { rows: { target: string; n: number }[] };
  await ctx.database.db.execute(sql`delete from bench_statements`);
  return Object.fromEntries(rows.map((row) => [row.target, row.n]));
}

/** 200 units with 10,000 CJK characters of notes each (≈ 6 MB) and a fight log of 6,000 entries. */
const LOG = Array.from({ length: 6_000 }, (_, step) => logEntry(step));
function largeFile() {
  const file = fileWithLog(LOG);
  const units = campaignFile({ units: 200 }).units.map((unit, i) => ({
    ...unit,
    notes: `${i}:${'竜は眠る森の'.repeat(1_700)}`.slice(0, 10_000),
  }));
  return { ...file, units };
}

describe('a large import', () => {
  it('writes every unit in file order and every log entry, in statements of at most IMPORT_CHUNK_BYTES', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const file = largeFile();
    await statements();
    const response = await client.import(user.token, file);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    // 6 MB of units cannot go in fewer than 6 statements of 1 MiB (12 of 512 KiB); the log (≈ 3 MB)
    // in fewer than 3. Before these chunks the 200 units went in one statement.
    const written = await statements();
    expect(written.units).toBeGreaterThanOrEqual(6);
    expect(written.combat_log).toBeGreaterThanOrEqual(3);

    const id = response.json<{ _id: string }>()._id;
    const exported = (await client.export(user.token, id)).json<GameDataExport>();
    expect(exported.units.map((unit) => unit.notes)).toEqual(file.units.map((unit) => unit.notes));
    expect(exported.fight?.log.map((entry) => entry.step)).toEqual(LOG.map((entry) => entry.step));
    expect(new Set(exported.fight?.log.map((entry) => entry.actor?.id))).toEqual(
      new Set([exported.units[0]?.id]),
    );
  });

  it('leaves nothing behind when a late statement fails', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    await ctx.database.db.execute(sql`insert into fail_at_step values (5999)`);
    try {
      const before = await rowCounts(ctx.app);
      const response = await client.import(user.token, largeFile());
      expect(response.statusCode).toBe(500);
      expect(await rowCounts(ctx.app)).toEqual(before);
      expect(await campaignClient(ctx.app).campaigns(user.token)).toEqual([]);
    } finally {
      await ctx.database.db.execute(sql`delete from fail_at_step`);
    }
  });

  it('answers the new campaign exactly as the API reads it afterwards', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const note = (i: number) => `${i} « note » "quoted" \\ \u2028 ${'é'.repeat(19_000)}`;
    const file = campaignFile({
      campaign: {
        // Long enough to be answered in pieces, with escapes and a surrogate pair at the first cut.
        rules: `# Règles\n"quoted" \\ ${'é'.repeat(174_740)}"\n😀\t${'x'.repeat(300_000)}`,
        races: Array.from({ length: 100 }, (_, i) => ({ name: `Race ${i}`, note: note(i) })),
        classes: Array.from({ length: 100 }, (_, i) => ({
          name: `Class ${i}`,
          color: '#ABCDEF',
          note: note(i),
        })),
        statuses: [],
        initiativeRule: 'd20_plus_carac',
        initiativeCaracName: 'Strength',
      },
    });
    const response = await client.import(user.token, file);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const answered = campaignSchema.strict().parse(response.json());
    const [read] = await campaignClient(ctx.app).campaigns(user.token);
    expect(answered).toEqual(read);
    expect(answered.races.map((race) => race.note)).toEqual(file.campaign.races?.map((race) => race.note));
    expect(answered.rules).toBe(file.campaign.rules);
    expect(answered.classes[0]?.color).toBe('#abcdef');
    expect(answered.statuses).toEqual([]);
  });
});
