// A throwaway PostgreSQL database next to the one `adminUrl` names, for tests and benchmarks that
// need a clean slate. The role needs CREATEDB.
import crypto from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The new database's URL. */
  url: string;
  drop(): Promise<void>;
}

async function run(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  // Only [a-z0-9_] reach the SQL: the name is ours, not input.
  const name = `${prefix.replace(/[^a-z0-9_]/g, '')}_${crypto.randomBytes(6).toString('hex')}`;
  await run(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
