// One database handle for both drivers: PGlite (embedded, default) or PostgreSQL through `pg`.
// Repositories only see `Db`, so the same queries run on both. The driver's own client comes typed
// with it (`Db['$client']`, `Database.pool`): the shared-state layer (server/src/infra/) listens and
// counts through it, and nothing casts to reach it (docs/decisions/055-one-shared-state-layer.md).
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { acquireDataDirLock } from './lock';
import { migrate } from './migrate';
import * as schema from './schema';
import { restoreTemplate } from './template';

/** The drizzle handle, and the driver's client under it (a transaction has none). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema> & { readonly $client: pg.Pool | PGlite };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Tx;

export type DatabaseOptions =
  /** `template`: the first-start template to copy into an empty folder (default: the build's). */
  | { kind: 'pglite'; dataDir: string; template?: string }
  /** An in-memory PGlite, for tests. */
  | { kind: 'pglite-memory' }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** What opening cost, logged once at start (decision 070): ms, `restoredMs` null without a template copy. */
export interface OpenTimings {
  restoredMs: number | null;
  openMs: number;
  migrateMs: number;
}

interface DatabaseHandle {
  db: Db;
  timings: OpenTimings;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The open database; on PostgreSQL its pool (LISTEN connections copy its settings, metrics read it). */
export type Database = DatabaseHandle &
  ({ driver: 'postgres'; pool: pg.Pool } | { driver: 'pglite'; pglite: PGlite });

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const started = performance.now();
  const database = await connect(options);
  const connected = performance.now();
  try {
    await migrate(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const restored = database.timings.restoredMs ?? 0;
  database.timings.openMs = connected - started - restored;
  database.timings.migrateMs = performance.now() - connected;
  return database;
}

async function connect(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client's error (server restart) must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      timings: { restoredMs: null, openMs: 0, migrateMs: 0 },
      driver: 'postgres',
      pool,
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const release = options.kind === 'pglite' ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    // An empty folder starts from the build's migrated template rather than initdb (decision 070).
    const before = performance.now();
    const restored = options.kind === 'pglite' && restoreTemplate(options.dataDir, options.template);
    const restoredMs = restored ? performance.now() - before : null;
    const client =
      options.kind === 'pglite'
        ? await PGlite.create(path.join(options.dataDir, 'pgdata'))
        : await PGlite.create();
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      timings: { restoredMs, openMs: 0, migrateMs: 0 },
      driver: 'pglite',
      pglite: client,
      ping: () => ping(db),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs one hot statement straight through the driver: on PostgreSQL as a named prepared statement
 * (parsed once per connection), on PGlite as a plain query. Both drivers decode json/jsonb and
 * numbers themselves, which spares drizzle's per-column row mapping. Use sparingly: everything else
 * goes through drizzle's query builder.
 */
export async function runPrepared<T>(db: Db, statement: { name: string; text: string }, values: unknown[]) {
  const client = db.$client;
  const result =
    client instanceof pg.Pool
      ? await client.query({ name: statement.name, text: statement.text, values })
      : await client.query(statement.text, values);
  return result.rows as T[];
}
