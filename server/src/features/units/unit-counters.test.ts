// A unit's counters (docs/decisions/062): saved with POST/PUT /api/units like its other fields, a new
// counter given an id, checked with core's one rule, and carried by copies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Unit } from '@questkeeper/core/schemas/units';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { insertCampaign, unitBody } from '../../../test/support/unit-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const legendary = { label: 'Legendary actions', max: 3, kind: 'uses', reset: 'turnStart' } as const;
const breath = {
  label: 'Fire breath',
  max: 1,
  kind: 'uses',
  reset: 'never',
  recharge: { die: 6, min: 5 },
} as const;

async function table() {
  const user = await registerUser(ctx.app, { tier: 'Hero' });
  const campaignId = await insertCampaign(ctx.app, user._id);
  const headers = bearer(user.token, campaignId);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { call };
}

describe('unit counters', () => {
  it('default to none, get ids when new, keep them on update, and come back in the list', async () => {
    const t = await table();
    const plain = await t.call('POST', '/api/units', unitBody());
    expect(plain.json<Unit>().counters).toEqual([]);

    const created = await t.call(
      'POST',
      '/api/units',
      unitBody({ name: 'Dragon', counters: [legendary, breath] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const dragon = created.json<Unit>();
    expect(dragon.counters).toEqual([
      { ...legendary, _id: expect.any(String), recharge: null },
      { ...breath, _id: expect.any(String) },
    ]);
    const [legend, fire] = dragon.counters;
    expect(legend?._id).not.toBe(fire?._id);

    const countdown = { label: 'Hold person', max: 10, kind: 'countdown', reset: 'roundStart' };
    const updated = await t.call('PUT', `/api/units/${dragon._id}`, {
      counters: [{ ...fire, max: 2 }, countdown],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json<Unit>().counters;
    expect(after).toEqual([
      { ...fire, max: 2 },
      { ...countdown, _id: expect.any(String), recharge: null },
    ]);
    // A PUT without counters leaves them as they are.
    const renamed = await t.call('PUT', `/api/units/${dragon._id}`, { name: 'Old dragon' });
    expect(renamed.json<Unit>().counters).toEqual(after);
    const listed = (await t.call('GET', '/api/units')).json<Unit[]>();
    expect(listed.find((unit) => unit._id === dragon._id)?.counters).toEqual(after);
  });

  it("refuses what core's rule refuses, on the counter's field", async () => {
    const t = await table();
    const cases: [unknown, string, string][] = [
      [
        [{ ...breath, recharge: { die: 6, min: 7 } }],
        'counters',
        'The recharge number cannot be above the die (d6).',
      ],
      [Array.from({ length: 11 }, () => legendary), 'counters', 'Must have at most 10 items.'],
      [[{ ...legendary, label: 'x'.repeat(41) }], 'counters.0.label', ''],
      [[{ ...legendary, max: 100 }], 'counters.0.max', ''],
      [[{ ...legendary, kind: 'charges' }], 'counters.0.kind', ''],
      [[{ ...legendary, reset: 'daily' }], 'counters.0.reset', ''],
      [[{ ...breath, recharge: { die: 21, min: 5 } }], 'counters.0.recharge.die', ''],
    ];
    for (const [counters, field, message] of cases) {
      const response = await t.call('POST', '/api/units', unitBody({ counters }));
      expect(response.statusCode, JSON.stringify(counters).slice(0, 80)).toBe(400);
      const fields = errorOf(response).fields ?? {};
      expect(
        Object.keys(fields).some((key) => key.startsWith(field)),
        JSON.stringify(fields),
      ).toBe(true);
      if (message) expect(Object.values(fields)).toContain(message);
    }
    const id = crypto.randomUUID();
    const twice = await t.call(
      'POST',
      '/api/units',
      unitBody({
        counters: [
          { ...legendary, _id: id },
          { ...breath, _id: id },
        ],
      }),
    );
    expect(Object.values(errorOf(twice).fields ?? {})).toContain('Two counters cannot have the same id.');
    expect((await t.call('GET', '/api/units')).json<Unit[]>()).toEqual([]);
  });

  it('are carried by copies, with the same counter ids (they are per unit)', async () => {
    const t = await table();
    const dragon = (
      await t.call('POST', '/api/units', unitBody({ name: 'Drake', counters: [legendary, breath] }))
    ).json<Unit>();
    const copies = await t.call('POST', `/api/units/${dragon._id}/copies`, { count: 2 });
    expect(copies.statusCode, copies.body).toBe(201);
    for (const copy of copies.json<{ units: Unit[] }>().units) expect(copy.counters).toEqual(dragon.counters);
  });
});
