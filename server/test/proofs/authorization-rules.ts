// The rules of the authorization matrix. Every route the document marks as needing a
// token gets the generic rule, built from what the route reads (path id, X-Campaign-Id, ids in its
// body): a new signed-in route is covered by itself. A route without a token needs a rule of its own
// here — a public call or a capability link — and a route with none fails the matrix.
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import type { App } from '../../src/app';
import { openDemoSession, type Party, type World } from '../support/proof-world';
import type { ApiRoute } from '../support/route-table';
import {
  idsOf,
  PLAYER_REQUESTS,
  REVEAL_IDS,
  IMAGE_IDS,
  PROOF_PNG,
  unknownIds,
  UNDO_TOKENS,
  validBody,
  validRequest,
  type Ids,
} from '../support/valid-requests';

export type Caller = 'anonymous' | 'intruder' | 'owner';

export interface Cell {
  caller: Caller;
  target: string;
  request: InjectOptions;
  /** The statuses the rule allows: one, except for an id in a body (any refusal, as for an unknown id). */
  expect: number[];
  /** Must answer the same status and code as this earlier target of the same caller. */
  sameAnswerAs?: string;
  /** Users whose rows must not change. */
  protects: Party[];
  /** Tables of a protected user a public call may write (forgot-password's token). */
  mayWrite?: string[];
}

/** Cells run in order on an untouched world; each group of a route may get a new world. */
export type Group = (world: World, app: App) => Promise<Cell[]> | Cell[];

const callerParty = (world: World, caller: Caller) =>
  caller === 'owner' ? world.owner : caller === 'intruder' ? world.intruder : undefined;

function request(
  route: ApiRoute,
  party: Party | undefined,
  token: string | undefined,
  ids: {
    path: Ids;
    header: Ids;
    body: Ids;
  },
): InjectOptions {
  return validRequest(route, { party, token, pathIds: ids.path, headerIds: ids.header, bodyIds: ids.body });
}

/** Whether the route's body names ids (a source campaign, a unit of the fight…): two id sets differ. */
function hasBodyIds(route: ApiRoute, party: Party): boolean {
  const once = JSON.stringify(validBody(route, party, unknownIds()));
  return once !== JSON.stringify(validBody(route, party, unknownIds()));
}

/** Every signed-in route: anonymous 401, another user's or unknown ids 404, own data its success. */
function signedInRule(route: ApiRoute): Group[] {
  return [
    (world) => {
      const { owner, intruder } = world;
      const cells: Cell[] = [];
      const everyone = [owner, intruder];
      for (const [target, ids] of [
        ["owner's data", idsOf(owner)],
        ['unknown', unknownIds()],
      ] as const) {
        cells.push({
          caller: 'anonymous',
          target,
          request: request(route, owner, undefined, { path: ids, header: ids, body: ids }),
          expect: [401],
          protects: everyone,
        });
      }
      const addressed = route.pathParams.length > 0 || route.campaignHeader;
      for (const caller of ['intruder', 'owner'] as const) {
        const me = callerParty(world, caller)!;
        const other = me === owner ? intruder : owner;
        const mine = idsOf(me);
        const theirs = idsOf(other);
        const cell = (target: string, ids: { path: Ids; header: Ids; body: Ids }, expect: number[]) =>
          cells.push({
            caller,
            target,
            request: request(route, me, me.token, ids),
            expect,
            protects: everyone,
          });
        if (addressed) {
          cell('foreign', { path: theirs, header: theirs, body: theirs }, [404]);
          const unknown = unknownIds();
          cell('unknown', { path: unknown, header: unknown, body: unknown }, [404]);
        }
        if (route.campaignHeader)
          cell('foreign campaign header', { path: mine, header: theirs, body: mine }, [404]);
        if (route.pathParams.length > 0 && route.campaignHeader) {
          cell('foreign path id', { path: theirs, header: mine, body: mine }, [404]);
        }
        if (hasBodyIds(route, me)) {
          // An id in a body is checked after the body's shape: a foreign one must read as unknown.
          cell('unknown id in body', { path: mine, header: mine, body: unknownIds() }, [400, 404, 409]);
          cells.push({
            caller,
            target: 'foreign id in body',
            request: request(route, me, me.token, { path: mine, header: mine, body: theirs }),
            expect: [400, 404, 409],
            sameAnswerAs: 'unknown id in body',
            protects: everyone,
          });
        }
      }
      // Last, as they change data: each user on their own data, which never touches the other's.
      for (const caller of ['intruder', 'owner'] as const) {
        const me = callerParty(world, caller)!;
        const mine = idsOf(me);
        cells.push({
          caller,
          target: 'own',
          request: request(route, me, me.token, { path: mine, header: mine, body: mine }),
          expect: [route.successStatus],
          protects: [me === owner ? intruder : owner],
        });
      }
      return cells;
    },
  ];
}

const CALLERS: Caller[] = ['anonymous', 'intruder', 'owner'];

/** A public call: the same answer for every caller, a token changes nothing. */
function publicRule(
  route: ApiRoute,
  status: number,
  options: { target?: string; body?: (world: World, caller: Caller) => unknown; mayWrite?: string[] } = {},
): Group[] {
  return [
    (world) =>
      CALLERS.map((caller) => {
        const party = callerParty(world, caller);
        const ids = unknownIds();
        const base = request(route, party, party?.token, { path: ids, header: ids, body: ids });
        const body = options.body?.(world, caller);
        return {
          caller,
          target: options.target ?? 'public',
          request: body === undefined ? base : { ...base, payload: JSON.stringify(body) },
          expect: [status],
          protects: [world.owner, world.intruder],
          ...(options.mayWrite ? { mayWrite: options.mayWrite } : {}),
        };
      }),
  ];
}

const PUBLIC_RULES: Record<string, (route: ApiRoute) => Group[]> = {
  'GET /api/health': (route) => publicRule(route, 200),
  'GET /api/site': (route) => publicRule(route, 200),
  // Readiness answers 503 only while this process should get no requests (docs/decisions/025).
  'GET /api/ready': (route) => publicRule(route, 200),
  'POST /api/auth/register': (route) => [
    ...publicRule(route, 201, { target: 'new email' }),
    // A taken email: refused, nothing written.
    ...publicRule(route, 409, {
      target: "owner's email",
      body: (world) => ({ email: world.owner.email, password: 'Str0ng!pass' }),
    }),
  ],
  'POST /api/auth/login': (route) => [
    ...publicRule(route, 401, {
      target: "owner's email, wrong password",
      body: (world) => ({ email: world.owner.email, password: 'Wr0ng!pass' }),
    }),
    ...publicRule(route, 401, {
      target: 'unknown email',
      body: () => ({ email: 'nobody@example.test', password: 'Wr0ng!pass' }),
    }),
    // Whoever types the right password signs in as that user, and only that user's rows move.
    (world) =>
      (['intruder', 'owner'] as const).map((caller) => {
        const me = callerParty(world, caller)!;
        return {
          caller,
          target: 'own credentials',
          request: request(route, me, me.token, { path: idsOf(me), header: idsOf(me), body: idsOf(me) }),
          expect: [200],
          protects: [me === world.owner ? world.intruder : world.owner],
        };
      }),
  ],
  'POST /api/auth/forgot-password': (route) => [
    ...publicRule(route, 200, { target: 'unknown email', body: () => ({ email: 'nobody@example.test' }) }),
    // Anyone may ask a reset for an address: a new token is the one row it writes (docs/product.md#accounts).
    ...publicRule(route, 200, {
      target: "owner's email",
      body: (world) => ({ email: world.owner.email }),
      mayWrite: ['password_reset_tokens'],
    }),
  ],
  'POST /api/auth/reset-password': (route) =>
    publicRule(route, 400, {
      target: 'unknown token',
      body: () => ({ token: 'not-a-token', newPassword: 'An0ther!pass' }),
    }),
  // The demo provider has no webhooks (Stripe's are tested against a fake in the payments tests).
  'POST /api/stripe/webhook': (route) => publicRule(route, 404),
};

/** Capability links: the id in the path is the right to act; the bearer token is ignored. */
const CAPABILITIES: { prefix: string; kind: 'checkout' | 'portal' }[] = [
  { prefix: '/api/stripe/demo/checkout/', kind: 'checkout' },
  { prefix: '/api/stripe/demo/portal/', kind: 'portal' },
];

function capabilityRule(route: ApiRoute, kind: 'checkout' | 'portal'): Group[] {
  return CALLERS.map((caller) => async (world: World, app: App) => {
    const party = callerParty(world, caller);
    const cell = (target: string, session: string, expect: number): Cell => ({
      caller,
      target,
      request: request(route, world.owner, party?.token, {
        path: idsOf(world.owner, session),
        header: idsOf(world.owner),
        body: idsOf(world.owner),
      }),
      expect: [expect],
      // The caller's own account never moves, whoever holds the link.
      protects: expect === route.successStatus ? [world.intruder] : [world.owner, world.intruder],
    });
    const otherKind = await openDemoSession(app, world.intruder, kind === 'checkout' ? 'portal' : 'checkout');
    const live = await openDemoSession(app, world.owner, kind);
    return [
      cell('unknown link', unknownIds().session, 404),
      cell('link of the other kind', otherKind, 404),
      cell("owner's link", live, route.successStatus),
    ];
  });
}

/**
 * Player-view links (docs/decisions/028): the token in the path is a read-only capability, the bearer token
 * is ignored. An unknown and a revoked link answer the same 404 to everyone. A live link shows the
 * owner's fight to whoever holds it, which this matrix would read as a leak: its answers are proven
 * in features/player-view (the secrets test).
 */
function playerLinkRule(route: ApiRoute): Group[] {
  return [
    async (world: World, app: App) => {
      const headers = {
        authorization: `Bearer ${world.owner.token}`,
        'x-campaign-id': world.owner.campaignId,
      };
      const shared = await app.inject({ method: 'POST', url: '/api/combat/share', headers });
      const revoked = decodeURIComponent(shared.json<{ url: string }>().url.split('/').pop() ?? '');
      await app.inject({ method: 'DELETE', url: '/api/combat/share', headers });
      return CALLERS.flatMap((caller) => {
        const party = callerParty(world, caller);
        const cell = (target: string, token: string): Cell => ({
          caller,
          target,
          request: request(route, world.owner, party?.token, {
            path: idsOf(world.owner, token),
            header: idsOf(world.owner),
            body: idsOf(world.owner),
          }),
          expect: [404],
          protects: [world.owner, world.intruder],
          ...(target === 'revoked link' ? { sameAnswerAs: 'unknown link' } : {}),
        });
        return [cell('unknown link', unknownIds().session), cell('revoked link', revoked)];
      });
    },
  ];
}

/**
 * The Undo of a campaign delete (decision 052): the generic rule, on a world where both parties have
 * just deleted their campaign. The body carries the undo token of the campaign the cell names, so the
 * intruder sends the owner's valid token for the owner's campaign — and must get 404.
 */
function restoreRule(route: ApiRoute): Group[] {
  return signedInRule(route).map((group) => async (world: World, app: App) => {
    for (const party of [world.owner, world.intruder]) {
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/game-data/${party.campaignId}`,
        headers: { authorization: `Bearer ${party.token}` },
      });
      UNDO_TOKENS.set(party.campaignId, deleted.json<{ undoToken: string }>().undoToken);
    }
    return group(world, app);
  });
}

/**
 * Reveals (docs/decisions/064): the generic rule, on a world where both parties have shared their fight
 * (a reveal needs a live link) and revealed one handout, filed in REVEAL_IDS for `{revealId}`.
 */
function revealRule(route: ApiRoute): Group[] {
  return signedInRule(route).map((group) => async (world: World, app: App) => {
    for (const party of [world.owner, world.intruder]) {
      const headers = { authorization: `Bearer ${party.token}`, 'x-campaign-id': party.campaignId };
      await app.inject({ method: 'POST', url: '/api/combat/share', headers });
      const shown = await app.inject({
        method: 'POST',
        url: `/api/game-data/${party.campaignId}/reveals`,
        headers,
        payload: { kind: 'handout', title: 'Proof', text: 'Shown to the table' },
      });
      REVEAL_IDS.set(party.campaignId, shown.json<{ _id: string }>()._id);
    }
    return group(world, app);
  });
}

/**
 * The GM's decision on a player's request (docs/product.md#players-take-part): the generic rule, on a
 * world where both parties shared a started fight (their fighter a player character, on its turn) and
 * its player asked to end that turn, filed in PLAYER_REQUESTS for `{id}` and the approval's version.
 */
function playerRequestRule(route: ApiRoute): Group[] {
  return signedInRule(route).map((group) => async (world: World, app: App) => {
    for (const party of [world.owner, world.intruder]) {
      const headers = { authorization: `Bearer ${party.token}`, 'x-campaign-id': party.campaignId };
      await app.database.db.execute(sql`update units set is_player = true where id = ${party.fighterId}`);
      const redone = await app.inject({
        method: 'POST',
        url: '/api/combat/redo',
        headers,
        payload: { version: party.combatVersion },
      });
      const started = await app.inject({
        method: 'POST',
        url: '/api/combat/actions',
        headers,
        payload: {
          version: redone.json<{ combat: { version: number } }>().combat.version,
          action: { type: 'start', initiatives: { [party.fighterId]: 30, [party.benchId]: 1 } },
        },
      });
      const version = started.json<{ combat: { version: number } }>().combat.version;
      const shared = await app.inject({ method: 'POST', url: '/api/combat/share', headers });
      const token = decodeURIComponent(shared.json<{ url: string }>().url.split('/').pop() ?? '');
      const view = await app.inject({ url: `/api/play/${token}` });
      const as = view.json<{ units: { id: string; player?: boolean }[] }>().units.find((u) => u.player)?.id;
      await app.inject({
        method: 'POST',
        url: `/api/play/${token}/requests`,
        payload: { kind: 'endTurn', as, phoneId: 'proof-phone-000000001' },
      });
      const queue = await app.inject({ url: '/api/combat/requests', headers });
      const id = queue.json<{ requests: { _id: string }[] }>().requests[0]?._id;
      if (!id) throw new Error(`world setup: no player request (${queue.body})`);
      PLAYER_REQUESTS.set(party.campaignId, { id, version });
    }
    return group(world, app);
  });
}

/**
 * Portraits and handout images (docs/decisions/064): the generic rule, on a world where both parties gave
 * their unit out of the fight a portrait and uploaded a handout image, filed in IMAGE_IDS for `{imageId}`.
 */
function imageRule(route: ApiRoute): Group[] {
  return signedInRule(route).map((group) => async (world: World, app: App) => {
    for (const party of [world.owner, world.intruder]) {
      const headers = { authorization: `Bearer ${party.token}`, 'content-type': 'image/png' };
      await app.inject({
        method: 'PUT',
        url: `/api/units/${party.benchId}/portrait`,
        headers,
        payload: PROOF_PNG,
      });
      const uploaded = await app.inject({
        method: 'POST',
        url: `/api/game-data/${party.campaignId}/images`,
        headers,
        payload: PROOF_PNG,
      });
      IMAGE_IDS.set(party.campaignId, uploaded.json<{ _id: string }>()._id);
    }
    return group(world, app);
  });
}

/** The rule of a route, or undefined when it has none (the matrix fails on it). */
export function ruleOf(route: ApiRoute): Group[] | undefined {
  if (route.key === 'POST /api/game-data/{id}/restore') return restoreRule(route);
  if (route.path.startsWith('/api/game-data/{id}/reveals')) return revealRule(route);
  if (route.path.endsWith('/portrait') || route.path.startsWith('/api/game-data/{id}/images')) {
    return imageRule(route);
  }
  if (route.path.startsWith('/api/combat/requests/{id}/')) return playerRequestRule(route);
  if (route.secured) return signedInRule(route);
  if (route.path.startsWith('/api/play/')) return playerLinkRule(route);
  const capability = CAPABILITIES.find(({ prefix }) => route.path.startsWith(prefix));
  if (capability) return capabilityRule(route, capability.kind);
  return PUBLIC_RULES[route.key]?.(route);
}
