// Generated hostile files at the three routes that take one (docs/product.md#import-from-other-tools):
// fast-check draws JSON shaped like each tool's export with junk, prototype keys and deep values
// spliced in, ZIPs of such files under dangerous names, and ZIP bytes cut or flipped. Held: no answer
// is a 5xx, every refusal has the `{ code, message }` shape, a refused request writes nothing, and
// nothing reaches Object.prototype. (server/test/proofs/hostile-input.test.ts covers these routes too,
// as every route of the table, with its own catalog of request-level breaks.)
// Replay a failure: QK_FUZZ_SEED=<seed> npx vitest run --project api-pglite <this file>
import fc from 'fast-check';
import { zipSync, strToU8, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestContext } from '../../../test/support/harness';
import { insertCampaign } from '../../../test/support/unit-fixtures';
import { rowCounts } from '../../../test/support/user-data-fixtures';

const SEED = process.env.QK_FUZZ_SEED ? Number(process.env.QK_FUZZ_SEED) : 35_035;
const RUNS = Number(process.env.QK_FUZZ_RUNS ?? 40);

let ctx: TestContext;
let token: string;
let campaignId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const user = await registerUser(ctx.app, { tier: 'Hero' });
  token = user.token;
  campaignId = await insertCampaign(ctx.app, user._id);
});
afterAll(async () => ctx?.close());

const junk = fc.oneof(
  fc.constant('__proto__'),
  fc.constant('constructor'),
  fc.constant('prototype'),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    '\uD800',
    '<script>alert(1)</script>',
    '[character:1]',
    '@UUID[Actor.x]{y}',
    '[[/r 1d20]]',
  ),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    junk,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(junk, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A file shaped like one tool's export, junk spliced in. */
const foreignFile = fc.oneof(
  fc.record({
    name: junk,
    type: fc.constantFrom('npc', 'character'),
    system: fc.dictionary(junk, value),
    items: fc.array(value, { maxLength: 3 }),
  }),
  fc.record({
    name: junk,
    pages: fc.array(
      fc.record({
        type: fc.constant('text'),
        name: junk,
        text: fc.record({ content: fc.oneof(junk, value) }),
      }),
      { maxLength: 3 },
    ),
  }),
  fc.dictionary(
    fc.constantFrom('Creatures.a', 'SavedEncounters.b', 'PlayerCharacters.c', '__proto__'),
    value,
  ),
  fc.record({ _meta: fc.dictionary(junk, value), monster: fc.array(value, { maxLength: 3 }) }),
  fc.record({ meta: fc.record({ export_version: value }), npcs: value, encounters: value }),
  value,
);
const zipName = fc.oneof(
  fc.constantFrom(
    'campaign.json',
    'characters/a_1.json',
    'races/b_2.json',
    '../up.json',
    '/abs.json',
    'a\\b.json',
    'C:/x.json',
    'notes/',
    'x.txt',
  ),
  fc.string({ maxLength: 30 }).map((s) => `${s}.json`),
);
const zipBody = fc
  .array(
    fc.tuple(
      zipName,
      fc.oneof(
        foreignFile.map((f) => JSON.stringify(f)),
        fc.string({ maxLength: 50 }),
      ),
    ),
    {
      maxLength: 6,
    },
  )
  .map((entries) => {
    const files: Zippable = {};
    for (const [name, text] of entries) if (!name.endsWith('/')) files[name] = strToU8(text);
    return Buffer.from(zipSync(files));
  });
/** A ZIP cut short or with a byte flipped. */
const brokenZip = fc
  .tuple(zipBody, fc.nat(), fc.nat({ max: 255 }), fc.boolean())
  .map(([bytes, at, byte, cut]) => {
    if (bytes.length === 0) return bytes;
    const index = at % bytes.length;
    if (cut) return bytes.subarray(0, index);
    const copy = Buffer.from(bytes);
    copy[index] = byte;
    return copy;
  });

const body = fc.oneof(
  foreignFile.map((f) => ({ payload: JSON.stringify(f) ?? 'null', type: 'application/json' })),
  zipBody.map((payload) => ({ payload, type: 'application/zip' })),
  brokenZip.map((payload) => ({ payload, type: 'application/zip' })),
);

describe('generated hostile files', () => {
  it.each(['game-data/import/preview', 'game-data/import', 'units/import'] as const)(
    '%s: no 5xx, refusals shaped and writing nothing, no prototype pollution',
    async (path) => {
      console.log(`foreign import fuzz ${path}: seed ${SEED}`);
      const failures: string[] = [];
      for (const { payload, type } of fc.sample(body, { seed: SEED, numRuns: RUNS })) {
        const before = await rowCounts(ctx.app);
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/${path}`,
          headers: {
            ...bearer(token, path === 'game-data/import' ? undefined : campaignId),
            'content-type': type,
          },
          payload,
        });
        const where = `${type} ${String(payload).slice(0, 60)}`;
        if (response.statusCode >= 500)
          failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        else if (response.statusCode >= 400) {
          const error = response.json<{ code?: unknown; message?: unknown }>();
          if (typeof error.code !== 'string' || typeof error.message !== 'string')
            failures.push(`${where}: ${response.statusCode} without { code, message }`);
          if (JSON.stringify(await rowCounts(ctx.app)) !== JSON.stringify(before))
            failures.push(`${where}: refused, yet rows changed`);
        }
        if (
          ({} as Record<string, unknown>).polluted !== undefined ||
          Object.prototype.hasOwnProperty.call(Object.prototype, 'x')
        )
          failures.push(`${where}: Object.prototype changed`);
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
