// The floor answers GET /api/units with the very statement the app's repository runs: the seed step
// records it (text and parameters) while the app serves one real request, so the floor cannot drift
// from the repository when its query changes. Only the row → JSON mapping is written here, and the
// run checks that the floor's JSON equals the app's before measuring anything.
import type { Database } from '../../server/src/db/client';
import type { ListedUnitRow } from '../../server/src/features/units/repository';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
  /** Set when the app runs it as a named prepared statement: the floor then does the same. */
  name?: string;
}

/** A `units` row as the recorded statement returns it (dates may be Date on the fallback query). */
type UnitRow = Omit<ListedUnitRow, 'created_at' | 'updated_at'> & {
  created_at: Date | string;
  updated_at: Date | string;
};

// Dates the statement already formats as ISO text pass through untouched, as in the app.
const iso = (value: Date | string) =>
  typeof value === 'string' && value.endsWith('Z')
    ? value
    : (value instanceof Date ? value : new Date(value)).toISOString();

/** The `unit` shape of core/src/schemas/units.ts, keys in the schema's order. */
export function toUnitJson(row: UnitRow) {
  return {
    _id: row.id,
    userId: row.user_id,
    gameDataId: row.campaign_id,
    name: row.name,
    gender: row.gender,
    isPlayer: row.is_player,
    race: row.race,
    class: row.class,
    status: row.status,
    characteristics: row.characteristics,
    hp: row.hp,
    currentHp: row.current_hp,
    money: { gold: row.gold, silver: row.silver, bronze: row.bronze },
    notes: row.notes,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

export function unitsFromRows(rows: unknown[]) {
  return (rows as UnitRow[]).map(toUnitJson);
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/**
 * Records every statement sent through the database's driver client while `work` runs. Both drizzle
 * drivers call `client.query(textOrConfig, params, …)` on the client they were given (PGlite
 * instance or pg.Pool), so wrapping that one method sees everything, transactions aside.
 */
export async function captureQueries(
  database: Database,
  work: () => Promise<void>,
): Promise<CapturedQuery[]> {
  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
  const original = client.query;
  const seen: CapturedQuery[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, params] = args;
    const config =
      typeof first === 'object' && first !== null
        ? (first as { text?: string; values?: unknown[]; name?: string })
        : undefined;
    const text = typeof first === 'string' ? first : config?.text;
    const values = Array.isArray(params) ? params : (config?.values ?? []);
    if (typeof text === 'string') {
      seen.push(
        config?.name ? { sql: text, params: values, name: config.name } : { sql: text, params: values },
      );
    }
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return seen;
}

/** The statement of a GET /api/units request that reads the units themselves. */
export function pickUnitsQuery(queries: CapturedQuery[]): CapturedQuery | undefined {
  return queries.find((q) => /\bfrom\s+"?units"?(\s|$)/i.test(q.sql));
}
