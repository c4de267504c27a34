// Entry point of `npm start`: reads the configuration, opens the database (migrating it), listens,
// and on SIGINT/SIGTERM shuts down gracefully (docs/decisions/025): /api/ready turns 503, the server stops
// taking connections, event streams end with a reconnect hint, requests in flight finish, then the
// database is closed (releasing the PGlite data folder) and the process exits.
import { buildApp } from './app';
import { ConfigError, demoNotice, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';

/** Past this, requests still running are cut: under the 30 s most orchestrators wait before SIGKILL. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

async function main() {
  // Since the process started: Node's boot and loading this bundle's modules.
  const modulesMs = performance.now();
  const config = loadConfig();
  const database = await openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  );
  const opened = performance.now();
  const app = await buildApp({ config, database });
  const built = performance.now();
  // Answers given while draining close their connection, so a keep-alive client (or load
  // balancer) opens its next request elsewhere instead of on a socket about to go away.
  app.addHook('onRequest', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    app.lifecycle.startDraining();
    const timer = setTimeout(() => {
      app.log.error({ ms: SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out, exiting with requests in flight');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'error while closing');
      code = 1;
    } finally {
      await database.close().catch(() => {});
      app.log.info('stopped');
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // Where the start went (npm run bench:cold reads it; decision 070): ms since the process began.
  const ms = (value: number) => Math.round(value);
  app.log.info(
    {
      startup: {
        modules: ms(modulesMs),
        templateCopy: database.timings.restoredMs === null ? null : ms(database.timings.restoredMs),
        databaseOpen: ms(database.timings.openMs),
        migrations: ms(database.timings.migrateMs),
        app: ms(built - opened),
        listen: ms(performance.now() - built),
        total: ms(performance.now()),
      },
    },
    'started',
  );
  // Decision 045: whoever starts a demo server learns why it is local only, or that it is not.
  const notice = demoNotice(config);
  if (notice) app.log.warn(notice);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
