// The floor answers GET /api/units with the very statement the app's repository runs: the seed step
// records it (text and parameters) while the app serves one real request, so the floor cannot drift
// from the repository when its query changes. Its rows map with the app's own presenter
// (server/src/features/units/presenter.ts), and the run checks that the floor's JSON equals the app's
// before measuring anything.
import type { Database } from '../../server/src/db/client';
import { toListedUnit } from '../../server/src/features/units/presenter';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
  /** Set when the app runs it as a named prepared statement: the floor then does the same. */
  name?: string;
}

/** The rows of the recorded statement as the app answers them (core's `unit` shape). */
export function unitsFromRows(rows: unknown[]) {
  return (rows as Parameters<typeof toListedUnit>[0][]).map(toListedUnit);
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
  // Wrapped for the run of `work` only, then put back.
  const client = database.db.$client as unknown as { query: QueryFn };
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
