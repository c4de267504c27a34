// The first-start template (decision 070): an empty DATA_DIR gets the build's migrated database
// instead of initdb; a template older than the migrations is brought up to date; a copy cut short
// is never opened as a database. PGlite only: PostgreSQL has no data folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrationFiles } from './migrate';
import { makeTemplate, restoreTemplate, templateIsCurrent } from './template';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'qk-template-'));
const current = path.join(root, 'template-current');
const older = path.join(root, 'template-older');
const all = migrationFiles();
const names = all.map((m) => m.name);

async function appliedMigrations(dataDir: string, template: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir, template });
  try {
    const rows = (await database.db.execute(
      sql`select name from schema_migrations order by name`,
    )) as unknown as {
      rows: { name: string }[];
    };
    // It works: the users table of the schema takes a row.
    await database.db.execute(sql`insert into users (email, password_hash) values ('t@example.com', 'x')`);
    return { names: rows.rows.map((r) => r.name), restored: database.timings.restoredMs !== null };
  } finally {
    await database.close();
  }
}

describe.skipIf(process.env.QK_TEST_DB === 'postgres')('first-start database template', () => {
  beforeAll(async () => {
    await makeTemplate(current);
    // A template from an older build: every migration but the last.
    await makeTemplate(older, all.slice(0, -1));
  }, 120_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('knows whether a template holds exactly the current migrations', () => {
    expect(templateIsCurrent(current)).toBe(true);
    expect(templateIsCurrent(older)).toBe(false);
    expect(templateIsCurrent(path.join(root, 'none'))).toBe(false);
  });

  it('starts an empty DATA_DIR from the template with every migration applied, and it works', async () => {
    const dataDir = path.join(root, 'fresh');
    const result = await appliedMigrations(dataDir, current);
    expect(result.restored).toBe(true);
    expect(result.names).toEqual([...names].sort());
    // The template's own marker is not part of the database folder.
    expect(fs.readdirSync(path.join(dataDir, 'pgdata'))).not.toContain('questkeeper-template.json');
    // A second start opens the same database: no copy over it, the row is still there.
    const again = await openDatabase({ kind: 'pglite', dataDir, template: current });
    try {
      expect(again.timings.restoredMs).toBeNull();
      const users = (await again.db.execute(sql`select email from users`)) as unknown as {
        rows: { email: string }[];
      };
      expect(users.rows.map((r) => r.email)).toEqual(['t@example.com']);
    } finally {
      await again.close();
    }
  });

  it('applies a migration newer than the template on the first start', async () => {
    const result = await appliedMigrations(path.join(root, 'from-older'), older);
    expect(result.restored).toBe(true);
    expect(result.names).toEqual([...names].sort());
  });

  it('never takes a copy cut short for a database, and the next start copies again', async () => {
    const dataDir = path.join(root, 'crashed');
    fs.mkdirSync(dataDir);
    // A start that dies mid-copy: some of the files are there, then the process is gone.
    const dying = (from: string, to: string) => {
      fs.cpSync(path.join(from, 'global'), path.join(to, 'global'), { recursive: true });
      throw new Error('killed mid-copy');
    };
    expect(() => restoreTemplate(dataDir, current, dying)).toThrow('killed mid-copy');
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    expect(fs.readdirSync(dataDir).some((name) => name.startsWith('pgdata.restoring-'))).toBe(true);
    // The next start removes the half copy and starts from a whole one.
    const result = await appliedMigrations(dataDir, current);
    expect(result.restored).toBe(true);
    expect(result.names).toEqual([...names].sort());
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('pgdata'))).toEqual(['pgdata']);
  });

  it('ignores a template made with another PGlite and creates the database itself', async () => {
    const foreign = path.join(root, 'template-foreign');
    fs.cpSync(current, foreign, { recursive: true });
    const markerPath = path.join(foreign, 'questkeeper-template.json');
    const marker = JSON.parse(fs.readFileSync(markerPath, 'utf8')) as { pglite: string };
    fs.writeFileSync(markerPath, JSON.stringify({ ...marker, pglite: '0.0.1' }));
    const dataDir = path.join(root, 'foreign');
    fs.mkdirSync(dataDir);
    expect(restoreTemplate(dataDir, foreign)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
  });
});
