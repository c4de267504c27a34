// Bad input on the combat actions (docs/decisions/021): each answers a clear localized 4xx and changes
// nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, errorOf, type TestContext } from '../../../test/support/harness';
import { insertCampaign } from '../../../test/support/unit-fixtures';
import { combatClient, play, setTable, type Table, twoAgainstTwo } from '../../../test/support/combat-client';

let ctx: TestContext;
let table: Table;
let client: ReturnType<typeof combatClient>;
/** a, b: allies; c: enemy (fallen); d: in the campaign, not in the fight. */
let a: string, b: string, c: string, d: string;

beforeAll(async () => {
  ctx = await createTestApp();
  table = await setTable(ctx, { n: 4 });
  client = combatClient(ctx, table);
  [a = '', b = '', c = '', d = ''] = table.ids as [string, string, string, string];
  await play(client, ...twoAgainstTwo(a, b, c, d), { type: 'start' }, { type: 'remove', unitId: d });
  const fallen = await ctx.app.inject({
    method: 'PUT',
    url: `/api/units/${c}`,
    headers: bearer(table.token, table.campaignId),
    payload: { currentHp: 0 },
  });
  expect(fallen.statusCode).toBe(200);
});
afterAll(async () => ctx?.close());

/** Sends at the current version and checks the refusal changed neither the fight nor a unit. */
async function refused(action: unknown, version?: number) {
  const before = await client.get();
  const unitsBefore = await client.units();
  const response = await client.send(version ?? before.version, action as Record<string, unknown>);
  expect(await client.get()).toEqual(before);
  expect(await client.units()).toEqual(unitsBefore);
  return response;
}

describe('refused actions change nothing', () => {
  it.each([
    ['an unknown action type', { type: 'fly' }, 'action.type'],
    ['a missing target', { type: 'attack', amount: 3 }, 'action.targetId'],
    ['a malformed unit id', { type: 'remove', unitId: 'nope' }, 'action.unitId'],
    ['too many rounds', { type: 'addCondition', unitId: a, status: 'Normal', rounds: 101 }, 'action.rounds'],
  ])('%s: 400 with the field', async (_case, action, field) => {
    const response = await refused(action);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
  });

  it.each([
    ['0', 0, 'Must be at least 1.'],
    ['1000', 1000, 'Must be at most 999.'],
    ['2.5', 2.5, 'Must be a whole number.'],
    ['"1000"', '1000', 'Must be at most 999.'],
    ['"1000d6"', '1000d6', 'dice'],
    ['"2d"', '2d', 'dice'],
    ['10,000 characters', 'x'.repeat(10_000), 'dice'],
  ])('amount %s: 400 with a message under `amount`', async (_label, amount, message) => {
    const response = await refused({ type: 'attack', targetId: b, amount });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {})).toEqual(['amount']);
    if (message === 'dice') expect(error.fields?.amount).not.toMatch(/^dice\./);
    else expect(error.fields?.amount).toBe(message);
  });

  it('refuses units of another campaign, of another user, or of nobody with UNKNOWN_UNIT', async () => {
    const other = await setTable(ctx, { n: 1 });
    const elsewhere = await setTable(ctx, { n: 1 });
    for (const foreign of [other.ids[0]!, elsewhere.ids[0]!, crypto.randomUUID()]) {
      for (const action of [
        { type: 'add', unitId: foreign, group: 'allies' },
        { type: 'attack', targetId: foreign, amount: 1 },
        { type: 'setStatus', unitId: foreign, status: 'Normal' },
      ]) {
        const response = await refused(action);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response)).toEqual({
          code: 'UNKNOWN_UNIT',
          message: 'A unit in this combat does not belong to the campaign.',
        });
      }
    }
  });

  it('refuses a unit outside the fight, a fallen target, a fallen unit joining, an unknown status', async () => {
    const cases: [unknown, string, string][] = [
      [
        { type: 'attack', targetId: d, amount: 1 },
        'targetId',
        'This unit is neither an ally nor an enemy in this combat.',
      ],
      [
        { type: 'removeCondition', unitId: d, conditionId: crypto.randomUUID() },
        'unitId',
        'This unit is neither an ally nor an enemy in this combat.',
      ],
      [
        { type: 'attack', targetId: c, amount: 1 },
        'targetId',
        'This unit has fallen: it cannot be attacked.',
      ],
      [{ type: 'add', unitId: a, group: 'enemies' }, 'unitId', 'This unit is already in the fight.'],
      [
        { type: 'addCondition', unitId: a, status: 'Dragon' },
        'status',
        "Choose a status from the campaign's list.",
      ],
      [
        { type: 'setStatus', unitId: a, status: 'Dragon' },
        'status',
        "Choose a status from the campaign's list.",
      ],
    ];
    for (const [action, field, message] of cases) {
      const response = await refused(action);
      expect(response.statusCode, JSON.stringify(action)).toBe(400);
      expect(errorOf(response).fields).toEqual({ [field]: message });
    }
    // A unit at 0 HP cannot join (docs/product.md#combat).
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/units/${d}`,
      headers: bearer(table.token, table.campaignId),
      payload: { currentHp: 0 },
    });
    const joining = await refused({ type: 'add', unitId: d, group: 'allies' });
    expect(errorOf(joining).fields).toEqual({ unitId: 'A unit with 0 HP cannot join a fight.' });
  });

  it('refuses a stale version with 409 and the current fight, a start during the fight, redo of nothing', async () => {
    const current = await client.get();
    const stale = await refused({ type: 'nextTurn' }, current.version - 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'COMBAT_CONFLICT', combat: current });
    expect(errorOf(await refused({ type: 'start' })).code).toBe('FIGHT_ALREADY_STARTED');
    expect(errorOf(await client.redoAt(current.version)).code).toBe('NOTHING_TO_REDO');
    const future = await refused({ type: 'nextTurn' }, current.version + 1);
    expect(future.statusCode).toBe(409);
  });

  it('answers a dice error in French for a French user', async () => {
    const french = await setTable(ctx, { n: 2, language: 'fr' });
    const frenchClient = combatClient(ctx, french);
    await play(
      frenchClient,
      { type: 'add', unitId: french.ids[0]!, group: 'allies' },
      { type: 'add', unitId: french.ids[1]!, group: 'enemies' },
      { type: 'start' },
    );
    const { version } = await frenchClient.get();
    const response = await frenchClient.send(version, {
      type: 'attack',
      targetId: french.ids[1]!,
      amount: '1000',
    });
    expect(errorOf(response).fields).toEqual({ amount: 'Doit être au plus 999.' });
  });
});

describe("another user's campaign", () => {
  it('answers 404 on every combat route and leaves the fight alone', async () => {
    const stranger = await setTable(ctx, { n: 0 });
    const before = await client.get();
    const headers = bearer(stranger.token, table.campaignId);
    for (const [method, url, payload] of [
      ['GET', '/api/combat', undefined],
      ['GET', '/api/combat/events', undefined],
      ['POST', '/api/combat/actions', { version: before.version, action: { type: 'nextTurn' } }],
      ['POST', '/api/combat/undo', { version: before.version }],
      ['POST', '/api/combat/redo', { version: before.version }],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    const ownCampaign = await insertCampaign(ctx.app, stranger.userId);
    expect((await combatClient(ctx, { token: stranger.token, campaignId: ownCampaign }).get()).version).toBe(
      0,
    );
    expect(await client.get()).toEqual(before);
  });
});
