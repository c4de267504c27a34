// Entry point of `npm run backup -- FILE` and `npm run restore -- FILE` (scripts/backup.mjs runs the
// compiled copy, server/dist/backup.js). Reads DATABASE_URL / DATA_DIR like the server does.
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import { backup, restore } from './backup';

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new ConfigError('Usage: npm run backup -- FILE   or   npm run restore -- FILE');
  }
  const target = loadConfig().database;
  const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.dataDir}`;
  if (command === 'backup') {
    await backup(target, file);
    console.log(`Backed up ${where} to ${file}.`);
    return;
  }
  const { keptAside } = await restore(target, file);
  console.log(`Restored ${file} into ${where}.`);
  if (keptAside) console.log(`The previous database was kept in ${keptAside} (delete it when satisfied).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
