// Shared by start, backup and restore: builds the server bundle (scripts/build-server.mjs) when it
// is missing or older than its sources, so they never run yesterday's server. In the container image
// the sources are absent and the bundle is used as built.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const serverDist = path.join(root, 'server/dist');

/** Newest modification time of a file under `dir` (0 when the folder does not exist). */
function newestMtime(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export function ensureServerBuild() {
  const bundle = path.join(serverDist, 'server.js');
  const sources = Math.max(
    ...['server/src', 'core/src', 'core/locales'].map((d) => newestMtime(path.join(root, d))),
  );
  if (fs.existsSync(bundle) && fs.statSync(bundle).mtimeMs >= sources) return;
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
