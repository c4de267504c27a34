// `npm run backup -- FILE`: runs the compiled backup command (server/src/ops/backup-cli.ts) on the
// database the server would open (DATABASE_URL, else DATA_DIR). See docs/operations.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureServerBuild, serverDist } from './ensure-server-build.mjs';

ensureServerBuild();
const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', path.join(serverDist, 'backup.js'), 'backup', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
