// Generated hostile input at every route of the table. Each route's valid request
// (signed in as the owner of a full world) is broken one way at a time: a fixed sweep of every body
// field × its catalog (wrong types, bounds ± 1, empty and huge texts, NUL, lone surrogates, bidi,
// emoji, nested junk, prototype keys) and of request-level breaks (content types, truncated JSON,
// duplicate and oversized headers, path ids, query strings), then a fast-check part drawn from a
// printed seed (random when CI is set). No answer is a 5xx, every refusal has the `{ code, message }`
// shape and writes nothing (a digest of every table before and after).
// Replay a failure: QK_FUZZ_SEED=<seed> npx vitest run --project api-pglite server/test/proofs/hostile-input
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { campaigns, sessions, users } from '../../src/db/schema';
import { hashToken, newToken } from '../../src/lib/tokens';
import { bearer, createTestApp, setTier, testDriver, type TestContext } from '../support/harness';
import { fingerprint, truncateAll } from '../support/db-snapshot';
import { jsonOf, send } from '../support/proof-client';
import { buildParty, openDemoSession, type Party } from '../support/proof-world';
import { readRouteTable, type ApiRoute } from '../support/route-table';
import { writeSection } from '../support/reliability-report';
import { idsOf, validRequest } from '../support/valid-requests';
import { randomCase, routeBase, sweepCases, type HostileCase } from './hostile-requests';

const SEED = process.env.QK_FUZZ_SEED
  ? Number(process.env.QK_FUZZ_SEED)
  : process.env.CI
    ? Math.floor(Math.random() * 2 ** 31)
    : 182_025;
/** Drawn requests on top of the sweep; the sweep alone is about 5,000. */
const RANDOM_RUNS = Number(process.env.QK_FUZZ_RUNS ?? 1500);
const MIN_REQUESTS = 5000;

let ctx: TestContext;
let routes: ApiRoute[];
beforeAll(async () => {
  ctx = await createTestApp();
  routes = await readRouteTable(ctx.app);
});
afterAll(async () => ctx?.close());

interface Fixture {
  owner: Party;
  sessions: { checkout: string; portal: string };
}

async function freshFixture(): Promise<Fixture> {
  await truncateAll(ctx.app);
  const owner = await buildParty(ctx.app, 'owner');
  return {
    owner,
    sessions: {
      checkout: await openDemoSession(ctx.app, owner, 'checkout'),
      portal: await openDemoSession(ctx.app, owner, 'portal'),
    },
  };
}

/**
 * After an accepted write, puts back what the next requests need to go deep: a session (after a
 * logout), the paid tier (after a demo checkout or cancel), fresh demo links, the fight's version.
 * False when the campaign or its units are gone: the world is then rebuilt.
 */
async function repair(fixture: Fixture, route: ApiRoute): Promise<boolean> {
  const { owner } = fixture;
  const combat = () => ctx.app.inject({ url: '/api/combat', headers: bearer(owner.token, owner.campaignId) });
  let answer = await combat();
  if (answer.statusCode === 401) {
    owner.token = newToken();
    const user = await ctx.app.database.db.select({ id: users.id }).from(users).where(eq(users.id, owner.id));
    if (user.length === 0) return false;
    await ctx.app.database.db.insert(sessions).values({
      userId: owner.id,
      tokenHash: hashToken(owner.token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    answer = await combat();
  }
  if (answer.statusCode !== 200) return false;
  owner.combatVersion = answer.json<{ version: number }>().version;
  // Campaigns an accepted create, copy or import added would soon hit the tier's limit, and a limit
  // answers before the text reaches the database.
  await ctx.app.database.db
    .delete(campaigns)
    .where(and(eq(campaigns.userId, owner.id), ne(campaigns.id, owner.campaignId)));
  const units = await ctx.app.inject({ url: '/api/units', headers: bearer(owner.token, owner.campaignId) });
  if (!units.json<{ _id: string }[]>().some((unit) => unit._id === owner.benchId)) return false;
  if (route.path.startsWith('/api/stripe/')) {
    await setTier(ctx.app, owner.id, 'Adventurer');
    fixture.sessions.checkout = await openDemoSession(ctx.app, owner, 'checkout');
    fixture.sessions.portal = await openDemoSession(ctx.app, owner, 'portal');
  }
  return true;
}

/** Deletes aim at an id that does not exist, so an accepted one cannot take the world down. */
const NOWHERE = '00000000-0000-4000-8000-000000000000';

function baseRequestOf(route: ApiRoute, fixture: Fixture) {
  const { owner } = fixture;
  const session = route.path.includes('/portal/') ? fixture.sessions.portal : fixture.sessions.checkout;
  const request = validRequest(route, {
    party: owner,
    token: owner.token,
    pathIds:
      route.method === 'DELETE'
        ? { campaign: NOWHERE, unit: NOWHERE, encounter: NOWHERE, session: NOWHERE }
        : idsOf(owner, session),
    headerIds: idsOf(owner),
    bodyIds: idsOf(owner),
  });
  return { request, key: JSON.stringify(request) };
}

function casesFor(route: ApiRoute, index: number, request: InjectOptions, runs: number): HostileCase[] {
  const base = routeBase(route, request);
  // One seed per route, so a world repaired halfway draws the same sequence again.
  return [...sweepCases(base), ...fc.sample(randomCase(base), { seed: SEED + index, numRuns: runs })];
}

const bump = (counts: Record<string, number>, key: string | number) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

describe('hostile input', () => {
  it('never answers 5xx, and a refusal never writes', async () => {
    console.log(`hostile input (${testDriver}): seed ${SEED} — replay with QK_FUZZ_SEED=${SEED}`);
    const started = performance.now();
    const app = ctx.app;
    const failures: string[] = [];
    const byStatus: Record<string, number> = {};
    const byCategory: Record<string, number> = {};
    const msByRoute: Record<string, number> = {};
    let requests = 0;
    let worlds = 1;
    let fixture = await freshFixture();
    /** The digest before the next request; unknown after an accepted one (a GET may write too). */
    let last: string | undefined;
    const runs = Math.ceil(RANDOM_RUNS / routes.length);

    for (const [index, route] of routes.entries()) {
      let base = baseRequestOf(route, fixture);
      let cases = casesFor(route, index, base.request, runs);
      for (let i = 0; i < cases.length; i += 1) {
        const { category, label, request } = cases[i]!;
        const where = `${route.key} #${i} [${category}] ${label}`;
        last ??= await fingerprint(app);
        let answer;
        const sent = performance.now();
        try {
          answer = await send(app, request, { streamWaitMs: 0 });
        } catch (error) {
          failures.push(`${where}: no answer (${(error as Error).message})`);
          continue;
        }
        requests += 1;
        msByRoute[route.key] = (msByRoute[route.key] ?? 0) + (performance.now() - sent);
        bump(byStatus, answer.status);
        bump(byCategory, category);
        if (answer.status >= 500) {
          failures.push(`${where}: ${answer.status} ${answer.body.slice(0, 120)}`);
        } else if (answer.status >= 400) {
          const error = jsonOf<{ code?: unknown; message?: unknown }>(answer);
          if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
            failures.push(
              `${where}: ${answer.status} without { code, message }: ${answer.body.slice(0, 80)}`,
            );
          }
          const now = await fingerprint(app);
          if (now !== last)
            failures.push(`${where}: refused with ${answer.status}, yet the database changed`);
          last = now;
        } else {
          last = undefined;
          if (request.method === 'GET') continue;
          if (!(await repair(fixture, route))) {
            fixture = await freshFixture();
            worlds += 1;
          }
          // Same sequence, with the world's new token, version or links.
          const next = baseRequestOf(route, fixture);
          if (next.key !== base.key) {
            base = next;
            cases = casesFor(route, index, base.request, runs);
          }
        }
      }
    }

    const seconds = (performance.now() - started) / 1000;
    const server = Object.entries(byStatus).filter(([status]) => Number(status) >= 500);
    const figures = {
      'seed (random when CI is set)': SEED,
      'requests tried': requests,
      routes: routes.length,
      'answers by status': Object.entries(byStatus)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', '),
      ...Object.fromEntries(Object.entries(byCategory).map(([category, n]) => [`— ${category}`, n])),
      '5xx answers': server.reduce((sum, [, n]) => sum + n, 0),
      'failures (5xx, shape, write on refusal)': failures.length,
      'fresh worlds': worlds,
      'run time (s)': seconds.toFixed(1),
    };
    console.log(`hostile input (${testDriver}): ${JSON.stringify(figures)}`);
    const slowest = Object.entries(msByRoute).sort((a, b) => b[1] - a[1]);
    console.log(
      `slowest routes (s): ${slowest
        .slice(0, 8)
        .map(([key, ms]) => `${key} ${(ms / 1000).toFixed(1)}`)
        .join(', ')}`,
    );
    await writeSection('hostile-input', {
      title: 'Hostile input',
      order: 2,
      about: [
        'Every route of the OpenAPI document, signed in as the owner of a full world (campaign, units, fight, live demo payment links), its valid request broken one way at a time.',
        'A fixed sweep — every body field × wrong types, bounds ± 1, empty and huge texts, NUL, lone surrogates, RTL, emoji, nested junk, prototype keys; content types, truncated and malformed JSON, invalid UTF-8, a 5 MB body, duplicate and oversized headers, bad path ids, query strings — then requests drawn by fast-check from the printed seed.',
        'Held: no 5xx; every refusal answers `{ code, message }`; no refused request changes any table (a digest of the whole database before and after each one).',
      ],
      figures,
    });
    expect(failures.slice(0, 30)).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
  }, 600_000);
});
