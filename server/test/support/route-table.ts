// The API's route table as the proof suites read it: every operation of the app's own
// OpenAPI document, cross-checked against Fastify's route list so a route hidden from the document
// cannot escape the suites. Nothing here is a hand list: a new route is picked up by itself.
import type { App } from '../../src/app';

/** The subset of JSON Schema that fastify-type-provider-zod writes into the OpenAPI document. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  responses?: Record<string, unknown>;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI style: `/api/units/{id}`. */
  path: string;
  /** `METHOD path`, the key rule tables use. */
  key: string;
  /** Needs a bearer token (the document lists a security requirement). */
  secured: boolean;
  /** Names of the path parameters, in order. */
  pathParams: string[];
  /** Reads `X-Campaign-Id`. */
  campaignHeader: boolean;
  /** JSON body schema, when the route takes one. */
  body?: JsonSchema;
  bodyRequired: boolean;
  /** The success status the document gives (the lowest 2xx), 200 when it lists none (a stream). */
  successStatus: number;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Reads the route table; throws when Fastify serves an API route the document does not list. */
export async function readRouteTable(app: App): Promise<ApiRoute[]> {
  const doc = (await app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [verb, operation] of Object.entries(operations)) {
      const method = verb.toUpperCase();
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const successes = Object.keys(operation.responses ?? {})
        .map(Number)
        .filter((status) => status >= 200 && status < 300)
        .sort((a, b) => a - b);
      const body = operation.requestBody?.content?.['application/json']?.schema;
      routes.push({
        method: method as ApiRoute['method'],
        path,
        key: `${method} ${path}`,
        secured: (operation.security ?? []).length > 0,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        campaignHeader: parameters.some((p) => p.in === 'header' && p.name === 'x-campaign-id'),
        ...(body ? { body } : {}),
        bodyRequired: operation.requestBody?.required === true,
        successStatus: successes[0] ?? 200,
      });
    }
  }
  const documented = new Set(routes.map((route) => route.key));
  const hidden = fastifyApiRoutes(app).filter((key) => !documented.has(key));
  if (hidden.length > 0) {
    throw new Error(
      `API routes missing from the OpenAPI document (no rule can cover them): ${hidden.join(', ')}`,
    );
  }
  return routes;
}

/**
 * `METHOD /api/…` for every route Fastify serves under /api (docs excepted), read from its route
 * tree: Fastify 5 has no route list API, and an onRoute hook would have to exist before buildApp.
 */
export function fastifyApiRoutes(app: App): string[] {
  const keys: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (METHODS.has(method)) keys.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return keys;
}

/**
 * The URL of a route with every path parameter set to `id` (encoded), except the second ids named in
 * `sub` (a reveal of the campaign: docs/decisions/064).
 */
export function materialize(path: string, id: string, sub: Record<string, string> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_all, name: string) =>
    encodeURIComponent(Object.hasOwn(sub, name) ? sub[name]! : id),
  );
}

/**
 * Second path ids that address something under the first (docs/decisions/064): a reveal of the
 * campaign (valid-requests.ts fills it with the campaign's own reveal), an image of a player link.
 */
export const SUB_IDS: ReadonlySet<string> = new Set(['revealId', 'opaqueId', 'imageId']);

/** What an `{id}` addresses, from the path segment before it: one entry per resource, not per route. */
export type IdKind =
  'campaign' | 'unit' | 'encounter' | 'demo-checkout' | 'demo-portal' | 'player-link' | 'player-request';
const ID_KINDS: Record<string, IdKind> = {
  'game-data': 'campaign',
  units: 'unit',
  // A saved encounter (docs/decisions/062).
  encounters: 'encounter',
  checkout: 'demo-checkout',
  portal: 'demo-portal',
  // A player-view link's token (docs/decisions/028): a capability, like a demo session id.
  play: 'player-link',
  // A player's request in the GM's queue (docs/product.md#players-take-part).
  requests: 'player-request',
};

/** Throws for a path whose `{id}` addresses a resource no suite knows how to make. */
export function idKindOf(route: ApiRoute): IdKind | undefined {
  if (route.pathParams.length === 0) return undefined;
  const segments = route.path.split('/');
  const at = segments.findIndex((segment) => segment.startsWith('{'));
  const kind = ID_KINDS[segments[at - 1] ?? ''];
  if (!kind || route.pathParams.slice(1).some((name) => !SUB_IDS.has(name))) {
    throw new Error(`${route.key}: no rule says what its path id addresses (add it to ID_KINDS)`);
  }
  return kind;
}
