// Build step, run by scripts/build-server.mjs from server/dist and deleted after: makes the first-start
// template (server/dist/pgdata-template, decision 070) from the migrations of this build. The previous
// build's template, moved aside by the build (argv[2]), is kept when it was made from the same
// migrations with the same PGlite: a rebuild after a code change does not pay for initdb again.
import fs from 'node:fs';
import { makeTemplate, TEMPLATE_DIR, templateIsCurrent } from './template';

const previous = process.argv[2];
const started = performance.now();
if (previous && fs.existsSync(previous) && templateIsCurrent(previous)) {
  fs.renameSync(previous, TEMPLATE_DIR);
  console.log('database template: kept the previous build’s (same migrations)');
} else {
  if (previous) fs.rmSync(previous, { recursive: true, force: true });
  await makeTemplate(TEMPLATE_DIR);
  console.log(`database template: made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
