// `npm run bench:web`: the page benchmark alone (docs/decisions/011). `npm run bench` runs it after the API
// one.
import { benchWeb } from './bench';

// Ctrl-C: exit through process.exit, so the 'exit' hook of ./app stops the server it started.
process.on('SIGINT', () => process.exit(130));

benchWeb().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
