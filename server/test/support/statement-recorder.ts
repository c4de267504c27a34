// Every statement the database driver receives while some work runs, with its parameters: the proofs
// that EXPLAIN what a request really sends (query-plans.test.ts, decision 037; the bounded player
// view, decision 046) record it here instead of copying the statements.
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../src/db/client';

export interface Statement {
  text: string;
  values: unknown[];
}

type QueryFn = (...args: unknown[]) => unknown;

/** The driver's own client: a pg.Pool on PostgreSQL, the PGlite instance on the embedded database. */
export const driverClient = (database: Database): pg.Pool | PGlite => database.db.$client;

/**
 * Records every statement sent while `work` runs: on PostgreSQL through pg.Client (pool queries and
 * transaction clients both end there), on PGlite through the instance and its transactions.
 */
export async function recordStatements(database: Database, work: () => Promise<void>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const note = (args: unknown[]) => {
    const [first, params] = args;
    const config =
      typeof first === 'object' && first !== null ? (first as { text?: string; values?: unknown[] }) : {};
    const text = typeof first === 'string' ? first : config.text;
    if (typeof text === 'string')
      seen.push({ text, values: Array.isArray(params) ? params : (config.values ?? []) });
  };
  const spy = (target: { query: QueryFn }) => {
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      note(args);
      return original.apply(this, args);
    };
    return () => (target.query = original);
  };
  const client = driverClient(database);
  const restore: (() => void)[] = [];
  if (client instanceof pg.Pool) {
    restore.push(spy(pg.Client.prototype as unknown as { query: QueryFn }));
  } else {
    const lite = client as unknown as { query: QueryFn; transaction: QueryFn };
    restore.push(spy(lite));
    const transaction = lite.transaction;
    lite.transaction = function (this: unknown, fn: unknown) {
      return transaction.call(this, (tx: { query: QueryFn }) => {
        spy(tx);
        return (fn as (tx: unknown) => unknown)(tx);
      });
    };
    restore.push(() => (lite.transaction = transaction));
  }
  try {
    await work();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return seen;
}
