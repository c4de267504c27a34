// `npm start`: builds what is missing (the web app; the server bundle, also when its sources are
// newer), then runs the compiled server (web + API on one origin; docs/decisions/026). Signals are
// forwarded so the server can close the database and release DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerBuild, root, serverDist } from './ensure-server-build.mjs';

if (!process.env.WEB_DIST && !fs.existsSync(path.join(root, 'web/dist/index.html'))) {
  console.log('No web build found: building it once (npm run build)…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
ensureServerBuild();

const server = spawn(process.execPath, ['--enable-source-maps', path.join(serverDist, 'server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
