// The app under test, as server.ts runs it in production (same config loader, same driver setup),
// listening on a free loopback port. LOG_LEVEL comes from the parent: silent, or info like production.
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';
import { databaseFromEnv, serveParent } from './child';

const options = databaseFromEnv();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  WEB_DIST: '/nonexistent-web-dist',
  PUBLIC_URL: 'http://questkeeper.bench',
  // A bench that sends hundreds of one request in a row (bench:scale's player page) scales the limits.
  ...(process.env.RATE_LIMIT_SCALE ? { RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE } : {}),
  ...(options.kind === 'postgres' ? { DATABASE_URL: options.url } : { DATA_DIR: options.dataDir }),
});
const database = await openDatabase(options);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
serveParent(address.port, async () => {
  await app.close();
  await database.close();
});
