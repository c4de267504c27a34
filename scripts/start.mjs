// `npm start`: builds what is missing (the web app; the server bundle, also when its sources are
// newer), then runs the compiled server (web + API on one origin; docs/decisions/026) in this same
// process — one Node start instead of two (docs/decisions/037-cold-start.md). The server handles
// SIGINT/SIGTERM itself: it closes the database and releases DATA_DIR.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, root, serverDist } from './ensure-server-build.mjs';

if (!process.env.WEB_DIST && !fs.existsSync(path.join(root, 'web/dist/index.html'))) {
  console.log('No web build found: building it once (npm run build)…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
ensureServerBuild();

// What the separate `node --enable-source-maps server.js` process had: production unless NODE_ENV
// says otherwise, stack traces pointing at the TypeScript sources, the repository as working folder.
process.env.NODE_ENV ??= 'production';
process.setSourceMapsEnabled(true);
process.chdir(root);
await import(pathToFileURL(path.join(serverDist, 'server.js')).href);
