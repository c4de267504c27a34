// The floor: the least a server can do to answer GET /api/units — a bare node:http handler that runs
// the app's own units statement over the same driver (pg.Pool of the same size, or PGlite on the
// same data folder) and JSON.stringify's the rows into the same shape. No auth, no validation, no
// framework: what the app adds on top of this is what the ratio measures.
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDataDirLock } from '../../server/src/db/lock';
import { databaseFromEnv, serveParent } from './child';
import { unitsFromRows } from './units-query';

const options = databaseFromEnv();
const sql = process.env.BENCH_FLOOR_SQL;
const params = JSON.parse(process.env.BENCH_FLOOR_PARAMS ?? '[]') as unknown[];
if (!sql) throw new Error('BENCH_FLOOR_SQL is required');
// When the app prepares its statement (named, parsed once per connection), so does the floor.
const statementName = process.env.BENCH_FLOOR_STATEMENT_NAME || undefined;

let query: () => Promise<unknown[]>;
let closeDriver: () => Promise<void>;
if (options.kind === 'postgres') {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
  query = async () =>
    (
      await (statementName
        ? pool.query({ name: statementName, text: sql, values: params })
        : pool.query(sql, params))
    ).rows;
  closeDriver = () => pool.end();
} else {
  const release = acquireDataDirLock(options.dataDir);
  const client = await PGlite.create(path.join(options.dataDir, 'pgdata'));
  query = async () => (await client.query(sql, params)).rows;
  closeDriver = async () => {
    await client.close();
    release();
  };
}

const server = http.createServer((request, response) => {
  if (request.method !== 'GET' || request.url !== '/api/units') {
    response.writeHead(404).end();
    return;
  }
  query().then(
    (rows) => {
      const body = JSON.stringify(unitsFromRows(rows));
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    },
    (error: unknown) => {
      console.error(error);
      response.writeHead(500).end();
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  serveParent(address.port, async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await closeDriver();
  });
});
