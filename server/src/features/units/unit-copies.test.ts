// POST /api/units/{id}/copies (decision 031): numbered copies, all or none within the limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Unit } from '@questkeeper/core/schemas/units';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { countUnitsInDb, insertCampaign, insertUnits, unitBody } from '../../../test/support/unit-fixtures';
import { units } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

async function campaignWithGoblin(options: { fillers?: number; language?: 'en' | 'fr' } = {}) {
  const user = await registerUser(ctx.app, { language: options.language });
  const campaignId = await insertCampaign(ctx.app, user._id);
  await insertUnits(ctx.app, user._id, campaignId, options.fillers ?? 0);
  const headers = bearer(user.token, campaignId);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/units',
    headers,
    payload: unitBody({ name: 'Goblin', hp: 7, currentHp: 2, isPlayer: false, notes: 'Sneaky' }),
  });
  const goblin = created.json<Unit>();
  const copy = (count: unknown, id = goblin._id) =>
    ctx.app.inject({ method: 'POST', url: `/api/units/${id}/copies`, headers, payload: { count } });
  return { user, campaignId, headers, goblin, copy };
}

describe('POST /api/units/{id}/copies', () => {
  it('creates numbered copies at full HP, in order, and numbers a second batch after the first', async () => {
    const { copy, headers, goblin } = await campaignWithGoblin();
    const first = await copy(3);
    expect(first.statusCode).toBe(201);
    const { units } = first.json<{ units: Unit[] }>();
    expect(units.map((unit) => unit.name)).toEqual(['Goblin 2', 'Goblin 3', 'Goblin 4']);
    for (const unit of units) {
      expect(unit).toMatchObject({ hp: 7, currentHp: 7, race: 'Elf', class: 'Mage', notes: 'Sneaky' });
      expect(unit._id).not.toBe(goblin._id);
    }
    const second = (await copy(2, units[2]!._id)).json<{ units: Unit[] }>();
    expect(second.units.map((unit) => unit.name)).toEqual(['Goblin 5', 'Goblin 6']);
    const list = (await ctx.app.inject({ url: '/api/units', headers })).json<Unit[]>();
    expect(list.map((unit) => unit.name)).toEqual([
      'Goblin',
      'Goblin 2',
      'Goblin 3',
      'Goblin 4',
      'Goblin 5',
      'Goblin 6',
    ]);
  });

  it('refuses the whole batch over the limit, naming it, in the user language', async () => {
    const { copy, campaignId } = await campaignWithGoblin({ fillers: 7 });
    const over = await copy(3);
    expect(over.statusCode).toBe(403);
    expect(errorOf(over)).toEqual({
      code: 'UNIT_COPIES_OVER_LIMIT',
      message:
        'Nothing was created: the Novice plan allows 10 units per campaign and this campaign has 8, so 2 more fit.',
    });
    expect(await countUnitsInDb(ctx.app, campaignId)).toBe(8);
    expect((await copy(2)).statusCode).toBe(201);
    expect(await countUnitsInDb(ctx.app, campaignId)).toBe(10);

    const french = await campaignWithGoblin({ fillers: 9, language: 'fr' });
    expect(errorOf(await french.copy(1)).message).toBe(
      "Rien n'a été créé : la formule Novice permet 10 unités par campagne et cette campagne en a 10, il reste donc de la place pour 0.",
    );
  });

  it('lets parallel batches never pass the limit together', async () => {
    const { copy, campaignId } = await campaignWithGoblin({ fillers: 3 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => copy(2)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(errorOf(answer).code).toBe('UNIT_COPIES_OVER_LIMIT');
    }
    expect(await countUnitsInDb(ctx.app, campaignId)).toBe(10);
  });

  it('refuses a bad count, an unknown unit and another user’s unit', async () => {
    const { copy, goblin } = await campaignWithGoblin();
    for (const count of [0, -1, 1.5, '2', 201, null]) {
      const bad = await copy(count);
      expect(bad.statusCode, String(count)).toBe(400);
      expect(errorOf(bad)).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { count: expect.any(String) },
      });
    }
    expect((await copy(1, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const other = await campaignWithGoblin();
    expect((await other.copy(1, goblin._id)).statusCode).toBe(404);
  });

  // A fresh clone once listed "Goblin 4" before "Goblin 3" — copies share a
  // timestamp on a millisecond clock and the id (random) broke the tie. The order is now defined.
  it('lists units that share a timestamp in the order they were written, whatever their ids', async () => {
    const user = await registerUser(ctx.app);
    const campaignId = await insertCampaign(ctx.app, user._id);
    const at = new Date('2026-11-28T10:00:00.000Z');
    // Ids falling while the names rise: ordered by id, the list would read backwards.
    const names = Array.from({ length: 9 }, (_, i) => `Goblin ${i + 2}`);
    await ctx.app.database.db.insert(units).values(
      names.map((name, i) => ({
        id: `0000000${9 - i}-0000-4000-8000-000000000000`,
        userId: user._id,
        campaignId,
        name,
        gender: 'Male' as const,
        isPlayer: false,
        race: 'Human',
        class: 'Warrior',
        status: 'Normal',
        characteristics: {},
        hp: 7,
        currentHp: 7,
        createdAt: at,
        updatedAt: at,
      })),
    );
    const list = await ctx.app.inject({ url: '/api/units', headers: bearer(user.token, campaignId) });
    expect(list.json<Unit[]>().map((unit) => unit.name)).toEqual(names);
    const exported = await ctx.app.inject({
      url: `/api/game-data/${campaignId}/export`,
      headers: bearer(user.token),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ units: { name: string }[] }>().units.map((unit) => unit.name)).toEqual(names);
  });

  it('keeps every batch of copies in numbering order, batch after batch', async () => {
    const { copy, headers } = await campaignWithGoblin();
    const expected = ['Goblin'];
    // Novice: 10 units, so three batches of three after the source.
    for (let batch = 0; batch < 3; batch++) {
      const made = (await copy(3)).json<{ units: Unit[] }>().units.map((unit) => unit.name);
      const first = expected.length + 1;
      expect(made).toEqual(Array.from({ length: 3 }, (_, i) => `Goblin ${first + i}`));
      expected.push(...made);
      const list = (await ctx.app.inject({ url: '/api/units', headers })).json<Unit[]>();
      expect(list.map((unit) => unit.name)).toEqual(expected);
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toContain('/api/units/{id}/copies');
  });
});
