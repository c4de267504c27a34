// Compiles the server for production (docs/decisions/026): ESM bundles of the server
// (server/src/server.ts) and of the backup command in server/dist/, with source maps. npm packages
// stay external (installed beside it; some load native or worker files by path); the workspace core is
// bundled, because its package exports point at TypeScript sources that plain Node cannot run.
// The SQL migrations are copied beside the bundle: migrate.ts finds them from import.meta.url.
// Then the first-start database template (decision 070): a PGlite data folder with this build's
// migrations applied, server/dist/pgdata-template, copied into an empty DATA_DIR instead of initdb.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'server/dist');

/** Bare specifiers (npm packages, node: builtins) stay imports; @questkeeper/* is compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@questkeeper/') ? undefined : { path: args.path, external: true },
    );
  },
};

// The previous template survives the rebuild when its migrations are unchanged (make-template-cli.ts).
const previousTemplate = path.join(root, 'node_modules/.cache/questkeeper-pgdata-template');
fs.mkdirSync(path.dirname(previousTemplate), { recursive: true });
fs.rmSync(previousTemplate, { recursive: true, force: true });
if (fs.existsSync(path.join(outDir, 'pgdata-template')))
  fs.renameSync(path.join(outDir, 'pgdata-template'), previousTemplate);
fs.rmSync(outDir, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    server: path.join(root, 'server/src/server.ts'),
    backup: path.join(root, 'server/src/ops/backup-cli.ts'),
    // The import's worker thread (decision 047): the server starts it from server/dist by this name.
    'file-check-worker': path.join(root, 'server/src/features/user-data/file-check-worker.ts'),
    // Run once below to make the database template, then deleted: not part of what ships.
    'make-template': path.join(root, 'server/src/db/make-template-cli.ts'),
  },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces in logs point at the TypeScript sources (node --enable-source-maps, start.mjs).
  sourcesContent: false,
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});
// What ships apart from what proves (decision 059): no test, proof, cluster harness or test clock in the
// production bundle. A production import of any of them fails the build here.
const shipped = Object.keys(result.metafile.inputs);
const testOnly = shipped.filter((file) => isTestOnly(file));
if (testOnly.length > 0) {
  console.error(`test-only code in the production build:\n  ${testOnly.join('\n  ')}`);
  process.exit(1);
}
const migrations = path.join(root, 'server/src/db/migrations');
fs.mkdirSync(path.join(outDir, 'migrations'));
for (const file of fs.readdirSync(migrations).filter((name) => name.endsWith('.sql'))) {
  fs.copyFileSync(path.join(migrations, file), path.join(outDir, 'migrations', file));
}
const template = spawnSync(process.execPath, [path.join(outDir, 'make-template.js'), previousTemplate], {
  cwd: root,
  stdio: 'inherit',
});
fs.rmSync(path.join(outDir, 'make-template.js'));
fs.rmSync(path.join(outDir, 'make-template.js.map'));
if (template.status !== 0) {
  console.error('the database template could not be made');
  process.exit(1);
}
console.log(
  `server built: ${path.relative(root, outDir)}/server.js, backup.js, file-check-worker.js, pgdata-template/`,
);

/** server/test/**, web/src/test/**, any *.test.* file or __tests__ folder. */
function isTestOnly(file) {
  return /(^|\/)(server\/test|web\/src\/test|__tests__)\//.test(file) || /\.test\.[cm]?[jt]sx?$/.test(file);
}
