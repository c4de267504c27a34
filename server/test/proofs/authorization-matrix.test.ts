// The authorization matrix, generated from the route table. Every route × caller
// (anonymous, another user, the owner) × target (own data, another user's, unknown ids, another
// user's campaign in X-Campaign-Id, …) answers exactly what its rule says, no answer to one user
// carries a string of the other's rows, and no request changes rows it must not (the tables come
// from the drizzle schema). Each rule group runs on an untouched world: two paying users built
// through the API (test/proof-world.ts). QK_PROOF_VERBOSE=1 prints every cell and its answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver, type TestContext } from '../support/harness';
import {
  changedTables,
  fingerprint,
  ownedRows,
  secretsOf,
  snapshot,
  truncateAll,
  unattributedTables,
  type Snapshot,
} from '../support/db-snapshot';
import { jsonOf, send, type Answer } from '../support/proof-client';
import { buildWorld, type World } from '../support/proof-world';
import { idKindOf, readRouteTable, type ApiRoute } from '../support/route-table';
import { writeSection } from '../support/reliability-report';
import { ruleOf, type Caller, type Cell } from './authorization-rules';

let ctx: TestContext;
let routes: ApiRoute[];
beforeAll(async () => {
  ctx = await createTestApp();
  routes = await readRouteTable(ctx.app);
});
afterAll(async () => ctx?.close());

/** The strings of the other user's rows (both users' for an anonymous caller). */
function secretsFor(caller: Caller, world: World, before: Snapshot): Set<string> {
  const owner = ownedRows(before, world.owner.id);
  const intruder = ownedRows(before, world.intruder.id);
  const ofOwner = () => secretsOf(owner, intruder, world.owner.tag);
  const ofIntruder = () => secretsOf(intruder, owner, world.intruder.tag);
  if (caller === 'owner') return ofIntruder();
  if (caller === 'intruder') return ofOwner();
  return new Set([...ofOwner(), ...ofIntruder()]);
}

/** Secrets in the answer's body or headers (a download's file name carries the campaign's name). */
function leaks(answer: Answer, secrets: Set<string>, cell: Cell): string[] {
  const asked = JSON.stringify(cell.request);
  const said = `${answer.body}\n${JSON.stringify(answer.headers)}`;
  return [...secrets].filter(
    (secret) =>
      // An id the caller sent and the answer repeats tells them nothing new.
      !asked.includes(secret) &&
      (said.includes(secret) || said.includes(JSON.stringify(secret).slice(1, -1))),
  );
}

function rowChanges(cell: Cell, before: Snapshot, after: Snapshot): string[] {
  const problems: string[] = [];
  for (const party of cell.protects) {
    const tables = changedTables(ownedRows(before, party.id), ownedRows(after, party.id)).filter(
      (table) => !cell.mayWrite?.includes(table),
    );
    if (tables.length > 0) problems.push(`${party.label}'s rows changed in ${tables.join(', ')}`);
  }
  return problems;
}

describe('authorization matrix', () => {
  it('has a rule for every route of the table', () => {
    const missing: string[] = [];
    for (const route of routes) {
      try {
        idKindOf(route);
        if (!ruleOf(route)) missing.push(`${route.key}: no rule (a route without a token needs one)`);
      } catch (error) {
        missing.push((error as Error).message);
      }
    }
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  it('answers every route × caller × target exactly, leaks nothing, changes nothing it must not', async () => {
    const started = performance.now();
    const app = ctx.app;
    const failures: string[] = [];
    const byCaller: Record<string, number> = {};
    const byStatus: Record<string, number> = {};
    let requests = 0;
    let worlds = 0;
    let world: World | undefined;
    let pristine = '';

    for (const route of routes) {
      for (const group of ruleOf(route) ?? []) {
        // A group starts on a world no earlier request has touched.
        if (!world || (await fingerprint(app)) !== pristine) {
          await truncateAll(app);
          world = await buildWorld(app);
          pristine = await fingerprint(app);
          worlds += 1;
        }
        const answers = new Map<string, Answer>();
        for (const cell of await group(world, app)) {
          const label = `${route.key} · ${cell.caller} · ${cell.target}`;
          const before = await snapshot(app);
          const answer = await send(app, cell.request);
          const after = await snapshot(app);
          requests += 1;
          byCaller[cell.caller] = (byCaller[cell.caller] ?? 0) + 1;
          byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
          answers.set(`${cell.caller}:${cell.target}`, answer);
          if (process.env.QK_PROOF_VERBOSE)
            console.log(`${answer.status} ${label} ${answer.body.slice(0, 80)}`);

          if (!cell.expect.includes(answer.status)) {
            failures.push(
              `${label}: ${answer.status}, expected ${cell.expect.join(' or ')} — ${answer.body.slice(0, 200)}`,
            );
          }
          const reference = cell.sameAnswerAs && answers.get(`${cell.caller}:${cell.sameAnswerAs}`);
          if (reference) {
            const code = (a: Answer) => `${a.status} ${jsonOf<{ code?: string }>(a)?.code}`;
            if (code(reference) !== code(answer)) {
              failures.push(`${label}: ${code(answer)}, but ${cell.sameAnswerAs} answers ${code(reference)}`);
            }
          }
          const leaked = leaks(answer, secretsFor(cell.caller, world, before), cell);
          if (leaked.length > 0) failures.push(`${label}: answer shows ${leaked.slice(0, 3).join(' | ')}`);
          for (const problem of rowChanges(cell, before, after)) failures.push(`${label}: ${problem}`);
          if (answer.status >= 400) {
            const tables = changedTables(before, after);
            if (tables.length > 0) failures.push(`${label}: refused, yet wrote ${tables.join(', ')}`);
          }
        }
      }
    }

    const seconds = (performance.now() - started) / 1000;
    const figures = {
      'routes (OpenAPI document, checked against Fastify)': routes.length,
      'requests tried': requests,
      ...Object.fromEntries(Object.entries(byCaller).map(([caller, n]) => [`— as ${caller}`, n])),
      'answers by status': Object.entries(byStatus)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', '),
      'fresh worlds (two paying users each)': worlds,
      'wrong status, leak or forbidden write': failures.length,
      'run time (s)': seconds.toFixed(1),
    };
    console.log(`authorization matrix (${testDriver}): ${JSON.stringify(figures)}`);
    await writeSection('authorization-matrix', {
      title: 'Authorization matrix',
      order: 1,
      about: [
        'Every route of the OpenAPI document (a route Fastify serves outside it fails the suite) × caller (anonymous, another user, the owner) × target (own data, the other user’s ids, unknown ids, the other user’s campaign in `X-Campaign-Id`, a foreign path id under an own campaign, foreign ids in the body).',
        'Signed-in routes: exactly 401 anonymous, 404 for any id that is not the caller’s (a foreign id in a body answers as an unknown one), the documented 2xx on own data. Public routes and capability links (demo payment pages) have their own rules.',
        `No answer to one user contains a string of the other user’s rows (ids, names, texts, email, hashes); no request changes the rows of a user it must not, and a refused request changes no row at all. Tables come from the drizzle schema; rows are tied to a user through foreign keys (${unattributedTables().join(', ')} are only covered by the whole-database check).`,
      ],
      figures,
    });
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(routes.length * 3);
  }, 600_000);
});
