// `npm run bench:editor`: the rules and editor benchmark alone (docs/decisions/012). `npm run bench` runs it
// after the web pages.
import { benchEditor } from './bench';

// Ctrl-C: exit through process.exit, so the 'exit' hook of ../web/app stops the server it started.
process.on('SIGINT', () => process.exit(130));

benchEditor().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
