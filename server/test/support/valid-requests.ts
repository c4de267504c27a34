// A valid request for any route of the table: the proof suites start from it, then swap
// its ids (authorization matrix) or break one part of it (hostile input). Bodies come from the route's
// JSON schema; the few that need the world's data (a race of the campaign, the fight's version, the
// current password) are below, keyed by route. A route whose generated body is refused fails the
// matrix's own-data check, which names the route to add here.
import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { Party } from './proof-world';
import { ADDRESS } from './payment-steps';
import { STRONG_PASSWORD } from './harness';
import { idKindOf, materialize, type ApiRoute, type JsonSchema } from './route-table';

/** The ids a request names. Each part can point at another user's data or at nothing. */
export interface Ids {
  campaign: string;
  /** A unit out of the fight. */
  unit: string;
  /** A saved encounter of the campaign (docs/decisions/062). */
  encounter: string;
  /** A demo payment session (the capability of a demo page). */
  session: string;
}

export const idsOf = (party: Party, session: string = crypto.randomUUID()): Ids => ({
  campaign: party.campaignId,
  unit: party.benchId,
  encounter: party.encounterId,
  session,
});
export const unknownIds = (): Ids => ({
  campaign: crypto.randomUUID(),
  unit: crypto.randomUUID(),
  encounter: crypto.randomUUID(),
  session: crypto.randomUUID(),
});

/**
 * The undo tokens of campaigns deleted for the restore route's cells (decision 052), by
 * campaign id: the authorization rules delete both parties' campaigns first and file them here.
 */
export const UNDO_TOKENS = new Map<string, string>();

/**
 * A reveal of each campaign, by campaign id (docs/decisions/064): the rules of the reveal routes make
 * one for both parties and file it here; a request's `{revealId}` is its campaign's.
 */
export const REVEAL_IDS = new Map<string, string>();

/**
 * A pending player request of each campaign and the fight's version after it was made, by campaign id
 * (docs/product.md#players-take-part): the rules of the request routes make one for both parties.
 */
export const PLAYER_REQUESTS = new Map<string, { id: string; version: number }>();

/**
 * A handout image of each campaign, by campaign id (docs/decisions/064): the rule of the image routes
 * uploads one for both parties (and a portrait on their unit out of the fight); `{imageId}` is its campaign's.
 */
export const IMAGE_IDS = new Map<string, string>();

/** A valid 1×1 PNG: the body of the image upload routes (their bodies are the file itself). */
export const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const RAW_IMAGE_ROUTES = new Set(['PUT /api/units/{id}/portrait', 'POST /api/game-data/{id}/images']);

/** Bodies that need the world; every other route's body is generated from its schema. */
const BODIES: Record<string, (party: Party | undefined, ids: Ids) => unknown> = {
  'POST /api/auth/register': () => ({
    email: `proof-${crypto.randomUUID()}@example.test`,
    password: STRONG_PASSWORD,
  }),
  'POST /api/auth/login': (party) => ({
    email: party?.email ?? 'nobody@example.test',
    password: party?.password ?? 'x',
  }),
  'POST /api/auth/forgot-password': (party) => ({ email: party?.email ?? 'nobody@example.test' }),
  'POST /api/auth/change-password': (party) => ({
    currentPassword: party?.password,
    newPassword: 'An0ther!pass',
  }),
  'PUT /api/auth/language': () => ({ language: 'fr' }),
  'POST /api/units/parse-statblock': () => ({ text: 'Goblin\nHit Points 7 (2d6)' }),
  'PUT /api/game-data/{id}': () => ({ name: 'Renamed by a proof', rules: 'Proof rules' }),
  'POST /api/game-data/{id}/copy': (_party, ids) => ({ sourceCampaignId: ids.campaign }),
  'POST /api/game-data/{id}/restore': (_party, ids) => ({
    undoToken: UNDO_TOKENS.get(ids.campaign) ?? 'none',
  }),
  // One list edit that can be repeated: the first characteristic (addressed by name) to a maximum of 100.
  'POST /api/game-data/{id}/lists': (party) => ({
    op: 'update',
    list: 'characteristics',
    itemId:
      (party?.exported as { campaign?: { characteristics?: { name: string }[] } } | undefined)?.campaign
        ?.characteristics?.[0]?.name ?? 'Proof',
    changes: { max: 100 },
  }),
  'POST /api/units': (party) => ({ name: 'Proof unit', race: party?.race, class: party?.className }),
  'PUT /api/units/{id}': () => ({ name: 'Renamed unit', hp: 50 }),
  'POST /api/combat/actions': (party, ids) => ({
    version: party?.combatVersion ?? 0,
    action: { type: 'add', unitId: ids.unit, group: 'enemies' },
  }),
  // One change of the player view; the proof world never changes it before, so version 0.
  'PATCH /api/combat/player-view': (_party, ids) => ({
    expectedVersion: 0,
    unit: { id: ids.unit, hidden: true },
  }),
  // An encounter names units of the campaign (docs/decisions/062): the body's unit id is one of them.
  'POST /api/encounters': (_party, ids) => ({ name: 'Proof encounter', enemies: [{ unitId: ids.unit }] }),
  'PUT /api/encounters/{id}': (_party, ids) => ({
    name: 'Renamed encounter',
    enemies: [{ unitId: ids.unit }],
  }),
  'POST /api/encounters/{id}/run': (party) => ({ version: party?.combatVersion ?? 0 }),
  'POST /api/combat/undo': (party) => ({ version: party?.combatVersion ?? 0 }),
  // The fight the request rule started: its version (docs/product.md#players-take-part).
  'POST /api/combat/requests/{id}/approve': (party, ids) => ({
    version: PLAYER_REQUESTS.get(ids.campaign)?.version ?? party?.combatVersion ?? 0,
  }),
  // Reaches the link check (404 for an unknown or revoked link) past the body's shape.
  'POST /api/play/{token}/requests': () => ({
    kind: 'endTurn',
    as: 'Proof',
    phoneId: 'proof-phone-000000001',
  }),
  'POST /api/combat/redo': (party) => ({ version: party?.combatVersion ?? 0 }),
  'DELETE /api/auth/account': (party) => ({ password: party?.password }),
  'POST /api/game-data/import': (party) => party?.exported,
  // The preview reads the same file and writes nothing (docs/product.md#import-from-other-tools).
  'POST /api/game-data/import/preview': (party) => party?.exported,
  // The demo table (docs/product.md#first-session): a language is all it takes.
  'POST /api/game-data/demo': () => ({ language: 'en' }),
  // Units of another tool's file join the campaign (docs/product.md#import-from-other-tools).
  'POST /api/units/import': () => ({ 'Creatures.proof': { Name: 'Proof kobold', HP: { Value: 5 } } }),
  // A handout: the one reveal that needs nothing of the campaign but its share link (docs/decisions/064).
  'POST /api/game-data/{id}/reveals': () => ({ kind: 'handout', title: 'Proof handout', text: 'Proof text' }),
  // The guided first fight's panel closed (docs/product.md#guided-first-fight).
  'PATCH /api/me/guide': () => ({ dismissed: true }),
  'POST /api/contact/send': () => ({ subject: 'Proof subject', message: 'Proof message' }),
  'POST /api/stripe/create-checkout-session': () => ({ plan: 'Hero' }),
  'POST /api/stripe/demo/checkout/{id}/confirm': () => ADDRESS,
  'POST /api/stripe/demo/portal/{id}/switch': () => ({ plan: 'Hero' }),
};

/**
 * Query strings of the routes that need one (without the `?`): a search of a word every party's notes
 * hold, "Linked from" of a unit (decision 063). The rest of the proofs break them like any other part.
 */
const QUERIES: Record<string, (party: Party | undefined, ids: Ids) => string> = {
  'GET /api/game-data/{id}/backlinks': (_party, ids) => `kind=unit&ref=${encodeURIComponent(ids.unit)}`,
  'GET /api/search': () => 'q=Notes&limit=10',
};

export function validQuery(route: ApiRoute, party: Party | undefined, ids: Ids): string | undefined {
  return QUERIES[route.key]?.(party, ids);
}

export function validBody(route: ApiRoute, party: Party | undefined, ids: Ids): unknown {
  const make = BODIES[route.key];
  if (make) return make(party, ids);
  return route.body ? exampleOf(route.body) : undefined;
}

/**
 * The request a caller with `token` sends: `pathIds` fill the URL, `headerIds` the X-Campaign-Id
 * header, `bodyIds` the body, so each can point somewhere else.
 */
export function validRequest(
  route: ApiRoute,
  options: {
    party?: Party | undefined;
    token?: string | undefined;
    pathIds: Ids;
    headerIds: Ids;
    bodyIds: Ids;
  },
): InjectOptions {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (route.campaignHeader) headers['x-campaign-id'] = options.headerIds.campaign;
  const kind = idKindOf(route);
  const pathId =
    kind === 'campaign'
      ? options.pathIds.campaign
      : kind === 'unit'
        ? options.pathIds.unit
        : kind === 'encounter'
          ? options.pathIds.encounter
          : kind === 'player-request'
            ? (PLAYER_REQUESTS.get(options.pathIds.campaign)?.id ?? options.pathIds.session)
            : options.pathIds.session;
  const query = validQuery(route, options.party, options.bodyIds);
  const url =
    materialize(route.path, pathId, {
      revealId: REVEAL_IDS.get(pathId) ?? pathId,
      imageId: IMAGE_IDS.get(pathId) ?? pathId,
    }) + (query === undefined ? '' : `?${query}`);
  if (RAW_IMAGE_ROUTES.has(route.key)) {
    return {
      method: route.method,
      url,
      headers: { ...headers, 'content-type': 'image/png' },
      payload: PROOF_PNG,
    };
  }
  const body = validBody(route, options.party, options.bodyIds);
  return {
    method: route.method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  };
}

const STRING_SAMPLES = ['Proof', '#777777', 'FR', 'proof@example.test', 'x'];

/** A small valid value of a schema: required properties only, first choices, lowest bounds. */
export function exampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choice = schema.oneOf ?? schema.anyOf;
  if (choice?.[0]) return exampleOf(choice[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name];
        if (property) value[name] = exampleOf(property);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(
        schema.minimum ?? 0,
        schema.exclusiveMinimum === undefined ? -Infinity : schema.exclusiveMinimum + 1,
      );
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'uuid') return crypto.randomUUID();
      if (schema.format === 'email') return `proof-${crypto.randomUUID()}@example.test`;
      const fits = (text: string) =>
        (!schema.pattern || new RegExp(schema.pattern).test(text)) &&
        text.length <= (schema.maxLength ?? Infinity);
      const sample = STRING_SAMPLES.find(fits) ?? 'x';
      return sample.padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return schema.nullable ? null : {};
  }
}
