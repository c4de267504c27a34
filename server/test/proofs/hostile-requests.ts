// Hostile requests for one route: its valid request broken one way at a time —
// a body slot (hostile-values.ts), the content type, the JSON text itself, the headers, the path id,
// the query string — as a fixed sweep and as a fast-check arbitrary for the random part.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { ApiRoute } from '../support/route-table';
import { arbitraryFor, catalogFor, putAt, slotsOf, SPECIAL_TEXTS, type Slot } from './hostile-values';

export interface HostileCase {
  category: string;
  label: string;
  request: InjectOptions;
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/vnd.questkeeper+json',
  'APPLICATION/JSON',
  'application/jsonx',
  '*/*',
  'application/json, text/plain',
];

const MALFORMED_JSON = [
  '{',
  '[',
  '"',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  '1e999',
  'null',
  '[]',
  '"text"',
  '123',
  'true',
  '['.repeat(50_000),
  '{"a":'.repeat(10_000),
  `{"a":"${'\\u0000'.repeat(10)}"}`,
  `{"a":"\\ud800"}`,
];

const BAD_PATH_IDS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '%2e%2e',
  "1' or '1'='1",
  '%00',
  '%ZZ',
  '%F0%9F%90%89',
  'x'.repeat(10_000),
  '..%2f..%2fapi%2fhealth',
];

export interface RouteBase {
  route: ApiRoute;
  request: InjectOptions;
  body: unknown;
  slots: Slot[];
}

export function routeBase(route: ApiRoute, request: InjectOptions): RouteBase {
  const body = typeof request.payload === 'string' ? (JSON.parse(request.payload) as unknown) : undefined;
  return { route, request, body, slots: route.body ? slotsOf(route.body) : [] };
}

const headersOf = (request: InjectOptions) => ({ ...(request.headers as Record<string, string | string[]>) });

function withBody(base: RouteBase, payload: string | Buffer, contentType?: string | string[]): InjectOptions {
  const headers = headersOf(base.request);
  if (contentType === undefined) delete headers['content-type'];
  else headers['content-type'] = contentType;
  return { ...base.request, headers, payload };
}

function withHeaders(base: RouteBase, changes: Record<string, string | string[] | undefined>): InjectOptions {
  const headers = { ...headersOf(base.request) };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  return { ...base.request, headers };
}

const bodyCase = (base: RouteBase, category: string, label: string, body: unknown): HostileCase => ({
  category,
  label,
  request: withBody(base, JSON.stringify(body), 'application/json'),
});

/** The fixed sweep: every slot × its catalog, and every request-level break that applies. */
export function sweepCases(base: RouteBase): HostileCase[] {
  const { route } = base;
  const cases: HostileCase[] = [];
  for (const slot of base.slots) {
    for (const { category, value } of catalogFor(slot.levels[slot.levels.length - 1]!)) {
      cases.push(
        bodyCase(base, category, `${slot.path.join('.')} = ${preview(value)}`, putAt(base.body, slot, value)),
      );
    }
  }
  if (route.method !== 'GET') {
    const json = base.body === undefined ? '{"a":1}' : JSON.stringify(base.body);
    for (const type of CONTENT_TYPES.slice(0, 6))
      cases.push({ category: 'content type', label: type, request: withBody(base, json, type) });
    cases.push({ category: 'content type', label: 'none', request: withBody(base, json) });
    for (const cut of new Set([1, Math.floor(json.length / 2), json.length - 1])) {
      cases.push({
        category: 'truncated JSON',
        label: `cut at ${cut}`,
        request: withBody(base, json.slice(0, cut), 'application/json'),
      });
    }
    for (const text of [
      ...MALFORMED_JSON.slice(0, 4),
      ...MALFORMED_JSON.slice(-4),
      `${json}x`,
      `\ufeff${json}`,
      `${json.slice(0, -1)},"__proto__":{"admin":true}}`,
    ]) {
      cases.push({
        category: 'truncated JSON',
        label: preview(text),
        request: withBody(base, text, 'application/json'),
      });
    }
    const invalidUtf8 = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}'),
    ]);
    cases.push({
      category: 'truncated JSON',
      label: 'invalid UTF-8',
      request: withBody(base, invalidUtf8, 'application/json'),
    });
    cases.push({
      category: 'huge or empty string',
      label: '5 MB body',
      request: withBody(base, JSON.stringify({ name: 'x'.repeat(5 * 1024 * 1024) }), 'application/json'),
    });
  }
  const token = String(headersOf(base.request).authorization ?? 'Bearer none');
  const headerCases: [string, Record<string, string | string[] | undefined>][] = [
    ['duplicate authorization', { authorization: [token, 'Bearer other'] }],
    ['oversized authorization', { authorization: `Bearer ${'x'.repeat(100_000)}` }],
    ['bare token', { authorization: token.replace(/^Bearer /, '') }],
    ['basic auth', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['lower-case scheme, spaces', { authorization: token.replace(/^Bearer /, 'bearer   ') }],
    ['oversized accept-language', { 'accept-language': `fr;q=${'9'.repeat(100_000)}` }],
    ['junk accept-language', { 'accept-language': ',,;;q=abc, *;q=1e999, 🐉' }],
    [
      'many headers',
      Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`x-junk-${i}`, 'y'.repeat(100)])),
    ],
  ];
  if (route.campaignHeader) {
    const own = String(headersOf(base.request)['x-campaign-id']);
    headerCases.push(
      ['duplicate x-campaign-id', { 'x-campaign-id': [own, '00000000-0000-4000-8000-000000000000'] }],
      ['joined x-campaign-id', { 'x-campaign-id': `${own}, ${own}` }],
      ['empty x-campaign-id', { 'x-campaign-id': '' }],
      ['missing x-campaign-id', { 'x-campaign-id': undefined }],
      ['oversized x-campaign-id', { 'x-campaign-id': 'a'.repeat(100_000) }],
      ['upper-case x-campaign-id', { 'x-campaign-id': own.toUpperCase() }],
      ['braced x-campaign-id', { 'x-campaign-id': `{${own}}` }],
    );
  }
  for (const [label, changes] of headerCases) {
    cases.push({ category: 'headers', label, request: withHeaders(base, changes) });
  }
  if (route.pathParams.length > 0) {
    for (const id of BAD_PATH_IDS) {
      cases.push({
        category: 'path id',
        label: preview(id),
        request: { ...base.request, url: replaceId(base, id) },
      });
    }
  }
  for (const query of [
    '__proto__[admin]=1&constructor[prototype][admin]=1',
    `a=%ZZ&b=${'x'.repeat(10_000)}`,
  ]) {
    const url = String(base.request.url);
    cases.push({
      category: 'query string',
      label: preview(query),
      request: { ...base.request, url: `${url}${url.includes('?') ? '&' : '?'}${query}` },
    });
  }
  // A route that reads its query (search, backlinks): each parameter broken, dropped, repeated.
  for (const name of queryNames(base)) {
    for (const [label, value] of QUERY_VALUES) {
      cases.push({
        category: 'query string',
        label: `${name} = ${label}`,
        request: { ...base.request, url: withQuery(base, name, [value]) },
      });
    }
    for (const [label, values] of [
      ['dropped', []],
      ['repeated', ['a', 'b']],
    ] as const) {
      cases.push({
        category: 'query string',
        label: `${name} ${label}`,
        request: { ...base.request, url: withQuery(base, name, [...values]) },
      });
    }
  }
  return cases;
}

/** Values of a query parameter, already encoded: blank, huge, NUL, invalid UTF-8, bidi, junk numbers. */
const QUERY_VALUES: [string, string][] = [
  ['empty', ''],
  ['blank', '%20%20%20'],
  ['huge', 'x'.repeat(10_000)],
  ['nul', 'a%00b'],
  ['lone surrogate (invalid UTF-8)', '%ED%A0%80'],
  ['bad escape', '%ZZ'],
  ['emoji', '%F0%9F%90%89%F0%9F%94%A5'],
  ['rtl override', '%E2%80%AEgnp'],
  ['1e999', '1e999'],
  ['-1', '-1'],
  ['prototype key', '__proto__'],
  ['a link', '%5B%5BElf%7Cx%5D%5D'],
  ['regex junk', '.*%2B%3F(%5B'],
];

/** The names of the base request's query parameters. */
function queryNames(base: RouteBase): string[] {
  const url = String(base.request.url);
  const at = url.indexOf('?');
  return at === -1
    ? []
    : url
        .slice(at + 1)
        .split('&')
        .map((pair) => pair.split('=')[0]!);
}

/** The base URL with parameter `name` given `values` (encoded), in place; none drops it. */
function withQuery(base: RouteBase, name: string, values: string[]): string {
  const url = String(base.request.url);
  const at = url.indexOf('?');
  const pairs = url.slice(at + 1).split('&');
  const kept = pairs.flatMap((pair) =>
    pair.split('=')[0] === name ? values.map((value) => `${name}=${value}`) : [pair],
  );
  return `${url.slice(0, at)}?${kept.join('&')}`;
}

/** The random part for one route: a drawn value in a drawn slot (or two), or a drawn request break. */
export function randomCase(base: RouteBase): fc.Arbitrary<HostileCase> {
  const options: fc.Arbitrary<HostileCase>[] = [
    fc
      .oneof(fc.string({ unit: 'binary-ascii', maxLength: 200 }), fc.constantFrom(...MALFORMED_JSON))
      .map((text) => ({
        category: 'truncated JSON',
        label: preview(text),
        request: withBody(base, text, 'application/json'),
      })),
    fc.constantFrom(...CONTENT_TYPES).map((type) => ({
      category: 'content type',
      label: type,
      request: withBody(base, JSON.stringify(base.body ?? {}), type),
    })),
    fc
      .record({
        name: fc.constantFrom('authorization', 'x-campaign-id', 'accept-language'),
        value: fc.string({ unit: 'grapheme-ascii', maxLength: 300 }),
      })
      .map(({ name, value }) => ({
        category: 'headers',
        label: `${name}: ${preview(value)}`,
        request: withHeaders(base, { [name]: value }),
      })),
  ];
  if (base.slots.length > 0) {
    const slotValue = fc
      .constantFrom(...base.slots)
      .chain((slot) =>
        arbitraryFor(slot.levels[slot.levels.length - 1]!).map((drawn) => ({ slot, ...drawn })),
      );
    options.push(
      slotValue.map(({ slot, category, value }) =>
        bodyCase(base, category, `${slot.path.join('.')} = ${preview(value)}`, putAt(base.body, slot, value)),
      ),
      fc
        .tuple(slotValue, slotValue)
        .map(([a, b]) =>
          bodyCase(
            base,
            a.category,
            `${a.slot.path.join('.')} & ${b.slot.path.join('.')}`,
            putAt(putAt(base.body, a.slot, a.value), b.slot, b.value),
          ),
        ),
    );
  }
  const names = queryNames(base);
  if (names.length > 0) {
    options.push(
      fc
        .record({
          name: fc.constantFrom(...names),
          value: fc.oneof(
            fc.string({ unit: 'grapheme', maxLength: 300 }),
            fc.constantFrom(...Object.values(SPECIAL_TEXTS)),
          ),
        })
        .map(({ name, value }) => ({
          category: 'query string',
          label: `${name} = ${preview(value)}`,
          request: { ...base.request, url: withQuery(base, name, [encodeId(value)]) },
        })),
    );
  }
  if (base.route.pathParams.length > 0) {
    options.push(
      fc
        .oneof(
          fc.string({ unit: 'grapheme', maxLength: 60 }),
          fc.constantFrom(...Object.values(SPECIAL_TEXTS)),
        )
        .map((id) => ({
          category: 'path id',
          label: preview(id),
          request: { ...base.request, url: replaceId(base, encodeId(id)) },
        })),
    );
  }
  return fc.oneof(...options);
}

/** Percent-encodes an id; a lone surrogate (which encodeURIComponent refuses) becomes invalid UTF-8. */
function encodeId(id: string): string {
  const lone = /[\uD800-\uDFFF]/u;
  return lone.test(id)
    ? `${encodeURIComponent(id.replace(/[\uD800-\uDFFF]/gu, ''))}%ED%A0%80`
    : encodeURIComponent(id);
}

function replaceId(base: RouteBase, id: string): string {
  const template = base.route.path.split('/');
  return String(base.request.url)
    .split('/')
    .map((segment, i) => (template[i]?.startsWith('{') ? id : segment))
    .join('/');
}

export function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text);
}
