// The first start on an empty DATA_DIR copies a migrated PGlite data folder made by the build
// (server/dist/pgdata-template, scripts/build-server.mjs) instead of running PGlite's initdb: about
// 2.5 s less (docs/decisions/070-first-start-template.md). The migrations still run after the copy:
// no-ops when the template holds them all, the newer ones applied otherwise.
//
// Crash safety: the copy goes to `pgdata.restoring-<pid>` and is renamed to `pgdata` only once
// complete, so a start that dies mid-copy leaves no `pgdata` that a later start would open as a
// database; that later start (holding the DATA_DIR lock) removes the leftover and copies again.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate, migrationFiles, type Migration } from './migrate';

/** Beside the bundle (server/dist/pgdata-template); absent when running from the sources. */
export const TEMPLATE_DIR = fileURLToPath(new URL('./pgdata-template', import.meta.url));
/** What the template was made from, inside the template folder (not copied into DATA_DIR). */
const MARKER = 'questkeeper-template.json';
const RESTORING = 'pgdata.restoring-';

interface Marker {
  pglite: string;
  migrations: string[];
  /** Digest of the migrations' SQL: a build reuses the previous template when it is unchanged. */
  digest: string;
}

/** The installed PGlite's version: a data folder from another PGlite may not boot with this one. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

function digestOf(migrations: Migration[]): string {
  const hash = createHash('sha256');
  for (const m of migrations) hash.update(`${m.name}\n${m.statements.join('\n')}\n`);
  return hash.digest('hex');
}

function readMarker(templateDir: string): Marker | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(templateDir, MARKER), 'utf8')) as Marker;
  } catch {
    return undefined;
  }
}

/** True when `templateDir` holds a template made with the installed PGlite from exactly `migrations`. */
export function templateIsCurrent(templateDir: string, migrations = migrationFiles()): boolean {
  const marker = readMarker(templateDir);
  return marker?.pglite === pgliteVersion() && marker.digest === digestOf(migrations);
}

/**
 * Creates the template in `templateDir` (replaced if present): a PGlite data folder with
 * `migrations` applied, closed cleanly. Built through a temporary folder renamed at the end.
 */
export async function makeTemplate(templateDir: string, migrations = migrationFiles()): Promise<void> {
  const work = `${templateDir}.making-${process.pid}`;
  fs.rmSync(work, { recursive: true, force: true });
  const client = await PGlite.create(work);
  try {
    await migrate(drizzle(client), migrations);
  } finally {
    await client.close();
  }
  const marker: Marker = {
    pglite: pgliteVersion(),
    migrations: migrations.map((m) => m.name),
    digest: digestOf(migrations),
  };
  fs.writeFileSync(path.join(work, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
  fs.rmSync(templateDir, { recursive: true, force: true });
  fs.renameSync(work, templateDir);
}

/**
 * Before PGlite opens `<dataDir>/pgdata`, with the DATA_DIR lock held: when there is no `pgdata`
 * yet and a template made with this PGlite exists, copies it into place. Returns whether it did.
 * `copy` is replaceable for the crash test.
 */
export function restoreTemplate(
  dataDir: string,
  templateDir = TEMPLATE_DIR,
  copy: (from: string, to: string) => void = (from, to) => fs.cpSync(from, to, { recursive: true }),
): boolean {
  const target = path.join(dataDir, 'pgdata');
  // Leftovers of a start that died mid-copy: never a database, ours to remove under the lock.
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith(RESTORING)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
  if (fs.existsSync(target)) return false;
  const marker = readMarker(templateDir);
  if (!marker || marker.pglite !== pgliteVersion()) return false;
  const work = path.join(dataDir, `${RESTORING}${process.pid}`);
  copy(templateDir, work);
  fs.rmSync(path.join(work, MARKER), { force: true });
  fs.renameSync(work, target);
  return true;
}
