// Part of "where the time goes" for `npm run bench:capacity`: how many statements (each one round trip
// to PostgreSQL) one game-master action and one player payload cost, counted in-process on a scratch
// PostgreSQL database by wrapping pg.Client#query (pool queries and transactions both go through it).
// `npx tsx src/capacity/statements.ts` (BENCH_DATABASE_URL, default the bench's qk_capacity database).
// One player page watches the link on a real stream (the app listens on a free port), so an action
// costs what it costs on a shared fight: since decision 075 the acting process reads the link's payload
// once and publishes it with the version; each action waits for the stream's update before counting.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { openDatabase } from '../../../server/src/db/client';
import { benchApp, heroOn } from '../seed';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/qk_capacity';

type Query = (...args: unknown[]) => unknown;
const proto = pg.Client.prototype as unknown as { query: Query };
const original = proto.query;
let statements: string[] = [];
proto.query = function (this: unknown, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?');
  statements.push(text.replace(/\s+/g, ' ').slice(0, 90));
  return original.apply(this, args);
};

const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
const app = await benchApp(database, { NODE_ENV: 'production' });
try {
  const { auth } = await heroOn(app, database, 'capacity-statements');
  const json = <T>(response: { statusCode: number; body: string }, expect: number): T => {
    if (response.statusCode !== expect)
      throw new Error(`${response.statusCode}: ${response.body.slice(0, 200)}`);
    return JSON.parse(response.body) as T;
  };
  const campaign = json<{ _id: string; races: { name: string }[]; classes: { name: string }[] }>(
    await app.inject({
      method: 'POST',
      url: '/api/game-data',
      headers: auth,
      payload: { name: 'Statements', template: 'default' },
    }),
    201,
  );
  const headers = { ...auth, 'x-campaign-id': campaign._id };
  const ids: string[] = [];
  for (const [name, isPlayer] of [
    ['Aria', true],
    ['Borin', true],
    ['Grask', false],
    ['Shade', false],
  ] as const) {
    ids.push(
      json<{ _id: string }>(
        await app.inject({
          method: 'POST',
          url: '/api/units',
          headers,
          payload: {
            name,
            isPlayer,
            hp: 50,
            race: campaign.races[0]?.name,
            class: campaign.classes[0]?.name,
          },
        }),
        201,
      )._id,
    );
  }
  let version = json<{ version: number }>(
    await app.inject({ method: 'GET', url: '/api/combat', headers }),
    200,
  ).version;
  const act = async (action: unknown, path = '/api/combat/actions') => {
    const body = path.endsWith('undo') ? { version } : { version, action };
    const answer = json<{ combat: { version: number } }>(
      await app.inject({ method: 'POST', url: path, headers, payload: body }),
      200,
    );
    version = answer.combat.version;
  };
  for (const [i, unitId] of ids.entries())
    await act({ type: 'add', unitId, group: i < 2 ? 'allies' : 'enemies' });
  await act({ type: 'start' });
  const { url: link } = json<{ url: string }>(
    await app.inject({ method: 'POST', url: '/api/combat/share', headers }),
    200,
  );
  const token = link.split('/').pop() ?? '';
  // One player page on the stream: its updates say when an action's publish has gone through.
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const updates: string[] = [];
  let heard: () => void = () => {};
  const stream = http.get({ host: '127.0.0.1', port, path: `/api/play/${token}/events` });
  await new Promise<void>((open, fail) => {
    stream.on('error', fail);
    stream.on('response', (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (event.startsWith('data: ')) {
            updates.push(event);
            heard();
            open();
          }
        }
      });
    });
  });
  const nextUpdate = (seen: number) =>
    new Promise<void>((done) => {
      const timer = setTimeout(done, 3000);
      heard = () => {
        if (updates.length > seen) {
          clearTimeout(timer);
          done();
        }
      };
      heard();
    });
  // Warm: session cache and prepared plans as a running server has them.
  let seen = updates.length;
  await act({ type: 'attack', targetId: ids[0], amount: 1 });
  await nextUpdate(seen);
  const rows: [string, string[]][] = [];
  for (const [label, action, path] of [
    ['attack', { type: 'attack', targetId: ids[0], amount: 1 }, undefined],
    ['heal', { type: 'heal', targetId: ids[0], amount: 1 }, undefined],
    ['next turn', { type: 'nextTurn' }, undefined],
    ['undo', null, '/api/combat/undo'],
  ] as const) {
    statements = [];
    seen = updates.length;
    await act(action, path);
    await nextUpdate(seen);
    if (updates.length === seen) throw new Error(`${label}: no player update within 3 s`);
    rows.push([label, statements]);
  }
  statements = [];
  json(await app.inject({ method: 'GET', url: `/api/play/${token}` }), 200);
  rows.push(['player payload (GET /api/play/:token)', statements]);
  for (const [label, list] of rows) {
    console.log(`${label}: ${list.length} statements`);
    for (const text of list) console.log(`    ${text}`);
  }
  console.log(
    `largest player update: ${Math.max(...updates.map((event) => Buffer.byteLength(event)))} bytes ` +
      '(PostgreSQL NOTIFY carries < 8,000; past it each process reads the payload again)',
  );
  stream.destroy();
} finally {
  await app.close();
  await database.close();
}
