// `npm run bench:search`: the search palette's keystroke benchmark alone (decision 063, ./bench.ts).
// `npm run bench` runs it after the links benchmark.
import { benchSearch } from './bench';

// Ctrl-C: exit through process.exit, so the 'exit' hook of ../web/app stops the server it started.
process.on('SIGINT', () => process.exit(130));

benchSearch().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
