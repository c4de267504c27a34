// `npm run backup -- FILE` / `npm run restore -- FILE` (docs/decisions/025, docs/operations.md). PostgreSQL:
// pg_dump's custom format and pg_restore, which must be at least the server's major version.
// PGlite: PGlite's own archive of the data folder (dumpDataDir / loadDataDir), taken under the
// DATA_DIR lock, so neither runs while a server holds the folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { acquireDataDirLock } from '../db/lock';

export type BackupTarget = Config['database'];

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command} could not start: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

export async function backup(target: BackupTarget, file: string): Promise<void> {
  const out = path.resolve(file);
  if (target.kind === 'postgres') {
    // Custom format: compressed, and pg_restore can clean and restore it in one transaction.
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, target.url]);
    return;
  }
  const release = acquireDataDirLock(target.dataDir);
  try {
    const pgdata = path.join(target.dataDir, 'pgdata');
    if (!fs.existsSync(pgdata)) throw new Error(`No database in ${target.dataDir}: nothing to back up.`);
    const client = await PGlite.create(pgdata);
    try {
      const archive = await client.dumpDataDir('gzip');
      fs.writeFileSync(out, Buffer.from(await archive.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Replaces the database with the backup. PostgreSQL: drops what the backup holds, then recreates it,
 * in one transaction. PGlite: the current folder is kept aside as `pgdata.replaced-<time>` (returned)
 * rather than deleted, so a wrong file costs nothing.
 */
export async function restore(target: BackupTarget, file: string): Promise<{ keptAside?: string }> {
  const from = path.resolve(file);
  if (!fs.existsSync(from)) throw new Error(`No backup file at ${from}.`);
  if (target.kind === 'postgres') {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.url}`,
      from,
    ]);
    return {};
  }
  const release = acquireDataDirLock(target.dataDir);
  try {
    const pgdata = path.join(target.dataDir, 'pgdata');
    let keptAside: string | undefined;
    if (fs.existsSync(pgdata)) {
      keptAside = `${pgdata}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(pgdata, keptAside);
    }
    try {
      const archive = new Blob([fs.readFileSync(from)]);
      const client = await PGlite.create(pgdata, { loadDataDir: archive });
      await client.query('select 1');
      await client.close();
    } catch (error) {
      // A bad file leaves the folder as it was.
      fs.rmSync(pgdata, { recursive: true, force: true });
      if (keptAside) fs.renameSync(keptAside, pgdata);
      throw error;
    }
    return keptAside ? { keptAside } : {};
  } finally {
    release();
  }
}
