// Backup round trip (docs/decisions/025): create data, back up, wipe, restore, and the API shows the same
// data. PGlite in the api-pglite project; PostgreSQL (pg_dump / pg_restore) in api-postgres.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseOptions } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { createScratchDatabase } from '../../test/support/scratch-database';
import { bearer, registerUser, STRONG_PASSWORD, testDriver } from '../../test/support/harness';
import { backup, restore, type BackupTarget } from './backup';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs `use` against an app on the target's database, closing both afterwards. */
async function withApp<T>(
  target: BackupTarget,
  use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '0',
    WEB_DIST: '/nonexistent-web-dist',
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
  });
  const options: DatabaseOptions =
    target.kind === 'postgres'
      ? { kind: 'postgres', url: target.url }
      : { kind: 'pglite', dataDir: target.dataDir };
  const database = await openDatabase(options);
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    return await use(app);
  } finally {
    await app.close();
    await database.close();
  }
}

async function createData(target: BackupTarget) {
  return withApp(target, async (app) => {
    const user = await registerUser(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/game-data',
      headers: bearer(user.token),
      payload: { name: 'Before the backup' },
    });
    expect(created.statusCode).toBe(201);
    return { email: user.email };
  });
}

/** What the user sees after signing in again: their campaign names. */
async function campaignNames(target: BackupTarget, email: string): Promise<string[]> {
  return withApp(target, async (app) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const list = await app.inject({
      method: 'GET',
      url: '/api/game-data',
      headers: bearer(login.json<{ token: string }>().token),
    });
    return list.json<{ name: string }[]>().map((c) => c.name);
  });
}

describe.runIf(testDriver === 'pglite')('PGlite backup and restore', () => {
  const target: BackupTarget = { kind: 'pglite', dataDir: path.join(tmp, 'data') };
  const file = path.join(tmp, 'pglite-backup.tgz');

  it('refuses to back up while a server holds DATA_DIR', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
    try {
      await expect(backup(target, file)).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(restore(target, file)).rejects.toThrow();
    } finally {
      await database.close();
    }
    expect(fs.existsSync(file)).toBe(false);
  });

  it('restores the data a wiped folder lost', async () => {
    const { email } = await createData(target);
    await backup(target, file);
    fs.rmSync(target.dataDir, { recursive: true, force: true });
    await restore(target, file);
    expect(await campaignNames(target, email)).toEqual(['Before the backup']);
  });

  it('keeps the replaced folder aside', async () => {
    const { keptAside } = await restore(target, file);
    expect(keptAside && fs.existsSync(path.join(keptAside, 'PG_VERSION'))).toBe(true);
  });
});

describe.runIf(testDriver === 'postgres')('PostgreSQL backup and restore (pg_dump / pg_restore)', () => {
  it('restores the data a wiped database lost', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'qk_backup');
    const target: BackupTarget = { kind: 'postgres', url: scratch.url };
    const file = path.join(tmp, 'postgres-backup.dump');
    try {
      const { email } = await createData(target);
      await backup(target, file);
      const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 1 });
      await database.db.execute(sql`drop schema public cascade`);
      await database.db.execute(sql`create schema public`);
      await database.close();
      await restore(target, file);
      expect(await campaignNames(target, email)).toEqual(['Before the backup']);
    } finally {
      await scratch.drop();
    }
  });
});
