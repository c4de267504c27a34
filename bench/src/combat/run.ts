// `npm run bench:combat`: the combat simulator benchmark alone (docs/decisions/015). `npm run bench` runs it
// after the rules and editor.
import { benchCombat } from './bench';

// Ctrl-C: exit through process.exit, so the 'exit' hook of ../web/app stops the server it started.
process.on('SIGINT', () => process.exit(130));

benchCombat().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
