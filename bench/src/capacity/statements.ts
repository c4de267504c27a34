// Part of "where the time goes" for `npm run bench:capacity`: how many statements (each one round trip
// to PostgreSQL) one game-master action and one player payload cost, counted in-process on a scratch
// PostgreSQL database by wrapping pg.Client#query (pool queries and transactions both go through it).
// `npx tsx src/capacity/statements.ts` (BENCH_DATABASE_URL, default the bench's qk_capacity database).
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
  // Warm: session cache and prepared plans as a running server has them.
  await act({ type: 'attack', targetId: ids[0], amount: 1 });
  const rows: [string, string[]][] = [];
  for (const [label, action, path] of [
    ['attack', { type: 'attack', targetId: ids[0], amount: 1 }, undefined],
    ['heal', { type: 'heal', targetId: ids[0], amount: 1 }, undefined],
    ['next turn', { type: 'nextTurn' }, undefined],
    ['undo', null, '/api/combat/undo'],
  ] as const) {
    statements = [];
    await act(action, path);
    rows.push([label, statements]);
  }
  statements = [];
  json(await app.inject({ method: 'GET', url: `/api/play/${token}` }), 200);
  rows.push(['player payload (GET /api/play/:token)', statements]);
  for (const [label, list] of rows) {
    console.log(`${label}: ${list.length} statements`);
    for (const text of list) console.log(`    ${text}`);
  }
} finally {
  await app.close();
  await database.close();
}
