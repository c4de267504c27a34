import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Names of the migrations applied to this database; none when the table is not there yet. */
export async function appliedMigrations(db: Db): Promise<Set<string>> {
  const result = (await db.execute(
    sql`select name from schema_migrations where to_regclass('schema_migrations') is not null`,
  )) as unknown as { rows: { name: string }[] };
  return new Set(result.rows.map((row) => row.name));
}
