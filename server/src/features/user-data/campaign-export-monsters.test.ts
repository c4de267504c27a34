// Counters, saved encounters and the fight's hazards, groups and counter values in the campaign file
// (docs/decisions/062): exported, imported under new unit ids, and older files without them import
// with none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Encounter } from '@questkeeper/core/schemas/encounters';
import { gameDataExport, type GameDataExportInput } from '@questkeeper/core/schemas/game-data-export';
import type { UnitCounter } from '@questkeeper/core/schemas/units';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { combatClient, play, setTable } from '../../../test/support/combat-client';
import { campaignFile, userDataClient } from '../../../test/support/user-data-fixtures';

let ctx: TestContext;
let client: ReturnType<typeof userDataClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  client = userDataClient(ctx.app);
});
afterAll(async () => ctx?.close());

const counter = (label: string, extra: Partial<UnitCounter> = {}): UnitCounter => ({
  _id: crypto.randomUUID(),
  label,
  max: 3,
  kind: 'uses',
  reset: 'turnStart',
  recharge: null,
  ...extra,
});

describe('campaign file: monsters', () => {
  it('carries counters, encounters and the fight’s hazards and values, remapped on import', async () => {
    const table = await setTable(ctx, {
      n: 3,
      tier: 'Hero',
      counters: (i) =>
        i === 1
          ? [
              counter('Legendary'),
              counter('Breath', { max: 1, reset: 'never', recharge: { die: 6, min: 5 } }),
            ]
          : [],
    });
    const [hero, dragon, kobold] = table.ids as [string, string, string];
    const headers = bearer(table.token, table.campaignId);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/encounters',
      headers,
      payload: {
        name: 'Lair',
        allies: [{ unitId: hero }],
        enemies: [{ unitId: dragon }, { unitId: kobold, count: 4 }],
        hazards: [{ name: 'Tremors', initiative: 20, hidden: true }],
        hidden: [kobold],
        groups: 'byName',
        notes: '# Lair',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const fight = combatClient(ctx, table);
    const [legendary] = (await fight.units()).find((unit) => unit._id === dragon)!.counters;
    await play(
      fight,
      { type: 'add', unitId: hero, group: 'allies' },
      { type: 'add', unitId: dragon, group: 'enemies' },
      { type: 'addHazard', name: 'Falling rocks', initiative: 10 },
      { type: 'start', initiatives: { [hero]: 15, [dragon]: 12 }, rerollEachRound: true },
      { type: 'useCounter', unitId: dragon, counterId: legendary!._id, amount: 2 },
    );

    const first = await client.export(table.token, table.campaignId);
    expect(first.statusCode, first.body).toBe(200);
    const file = gameDataExport.parse(first.json());
    expect(file.units[1]?.counters).toHaveLength(2);
    expect(file.encounters).toMatchObject([{ name: 'Lair', hidden: [kobold], groups: 'byName' }]);
    expect(file.fight?.hazards.map((hazard) => hazard.name)).toEqual(['Falling rocks']);
    expect(file.fight?.order.some((entry) => entry.hazardId !== undefined)).toBe(true);
    expect(file.fight?.counters[dragon]?.[legendary!._id]).toBe(1);
    expect(file.fight?.rerollEachRound).toBe(true);
    expect(file.fight?.typed.sort()).toEqual([hero, dragon].sort());

    const imported = await client.import(table.token, first.body);
    expect(imported.statusCode, imported.body).toBe(201);
    const copyId = imported.json<{ _id: string }>()._id;
    const again = gameDataExport.parse((await client.export(table.token, copyId)).json());
    const ids = new Map(file.units.map((unit, i) => [unit.id, again.units[i]!.id]));
    const to = (id: string) => ids.get(id) ?? 'missing';
    expect(again.units.map((unit) => unit.counters)).toEqual(file.units.map((unit) => unit.counters));
    expect(again.units.some((unit) => ids.has(unit.id))).toBe(false);
    const [encounter] = file.encounters;
    expect(again.encounters).toEqual([
      {
        ...encounter,
        allies: [{ unitId: to(hero) }],
        enemies: [
          { unitId: to(dragon), count: 1 },
          { unitId: to(kobold), count: 4 },
        ],
        hidden: [to(kobold)],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(again.fight?.order).toEqual(
      file.fight?.order.map((entry) => (entry.unitId ? { ...entry, unitId: to(entry.unitId) } : entry)),
    );
    expect(again.fight?.counters).toEqual({ [to(dragon)]: file.fight?.counters[dragon] });
    expect(again.fight?.hazards).toEqual(file.fight?.hazards);
    expect(again.fight?.typed.sort()).toEqual(file.fight?.typed.map(to).sort());
    // The imported encounter is one of the new campaign's, and runs like any other.
    const listed = await ctx.app.inject({ url: '/api/encounters', headers: bearer(table.token, copyId) });
    expect(listed.json<Encounter[]>()).toMatchObject([{ name: 'Lair', gameDataId: copyId }]);
  });

  it('imports a file written before counters and encounters with none', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const imported = await client.import(user.token, campaignFile({ units: 2 }));
    expect(imported.statusCode, imported.body).toBe(201);
    const headers = bearer(user.token, imported.json<{ _id: string }>()._id);
    const units = (await ctx.app.inject({ url: '/api/units', headers })).json<{ counters: unknown[] }[]>();
    expect(units.map((unit) => unit.counters)).toEqual([[], []]);
    expect((await ctx.app.inject({ url: '/api/encounters', headers })).json()).toEqual([]);
  });

  it('gives new counters an id, and names encounters’ and hazards’ unknown references', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const base = campaignFile({ units: 2 });
    const withCounter: GameDataExportInput = {
      ...base,
      units: base.units.map((unit, i) =>
        i === 0 ? { ...unit, counters: [{ label: 'Slots', max: 4, kind: 'uses', reset: 'never' }] } : unit,
      ),
      encounters: [{ name: 'Fine', enemies: [{ unitId: 'u0', count: 2 }], hidden: ['u1'] }],
    };
    const good = await client.import(user.token, withCounter);
    expect(good.statusCode, good.body).toBe(201);
    const headers = bearer(user.token, good.json<{ _id: string }>()._id);
    const [slots] = (await ctx.app.inject({ url: '/api/units', headers })).json<
      { counters: UnitCounter[] }[]
    >();
    expect(slots?.counters).toEqual([
      { _id: expect.any(String), label: 'Slots', max: 4, kind: 'uses', reset: 'never', recharge: null },
    ]);

    const bad = await client.import(user.token, {
      ...base,
      encounters: [
        { name: 'Bad', allies: [{ unitId: 'u0' }], enemies: [{ unitId: 'u0' }, { unitId: 'nobody' }] },
      ],
      fight: {
        phase: 'setup',
        allies: [],
        enemies: [],
        order: [{ hazardId: crypto.randomUUID(), initiative: 20 }],
        turnIndex: 0,
        round: 1,
        amount: 0,
        targetId: null,
        conditions: {},
        log: [],
      },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({
      'encounters.0.enemies.0.unitId': expect.any(String),
      'encounters.0.enemies.1.unitId': expect.any(String),
      'fight.order.0.hazardId': expect.any(String),
    });
  });

  it('refuses more encounters than the tier holds, naming the count', async () => {
    const user = await registerUser(ctx.app);
    const file = { ...campaignFile(), encounters: Array.from({ length: 4 }, (_, i) => ({ name: `E${i}` })) };
    const response = await client.import(user.token, file);
    expect(response.statusCode, response.body).toBe(403);
    expect(errorOf(response)).toMatchObject({
      code: 'IMPORT_OVER_LIMITS',
      fields: { encounters: 'encounters: 4 of 3' },
    });
  });
});
