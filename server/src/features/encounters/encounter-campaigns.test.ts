// Saved encounters and their campaign (docs/decisions/062): a deleted campaign's encounters go to the
// trash with it and come back on Undo (decision 052); a campaign copy overwrites lists and rules only,
// so neither side's encounters change (they name units, which a copy does not bring).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Encounter } from '@questkeeper/core/schemas/encounters';
import { bearer, createTestApp, type TestContext } from '../../../test/support/harness';
import { campaignClient } from '../../../test/support/campaign-client';
import { setTable } from '../../../test/support/combat-client';
import { insertCampaign } from '../../../test/support/unit-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

async function withEncounters() {
  const table = await setTable(ctx, { n: 2, tier: 'Hero' });
  const headers = bearer(table.token, table.campaignId);
  const [a, b] = table.ids as [string, string];
  for (const payload of [
    { name: 'One', allies: [{ unitId: a }], enemies: [{ unitId: b, count: 3 }], hidden: [b] },
    { name: 'Two', hazards: [{ name: 'Lava', initiative: 5, hidden: true }], groups: 'byName', notes: 'hot' },
  ]) {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/encounters', headers, payload });
    expect(response.statusCode, response.body).toBe(201);
  }
  const list = () => ctx.app.inject({ url: '/api/encounters', headers });
  return { table, list };
}

describe('encounters and their campaign', () => {
  it('go to the trash with a deleted campaign and come back exactly on Undo', async () => {
    const { table, list } = await withEncounters();
    const before = (await list()).json<Encounter[]>();
    const removed = await campaignClient(ctx.app).remove(table.token, table.campaignId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list()).statusCode).toBe(404);
    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/game-data/${table.campaignId}/restore`,
      headers: bearer(table.token),
      payload: { undoToken: removed.json<{ undoToken: string }>().undoToken },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const after = await list();
    expect(after.statusCode).toBe(200);
    expect(after.json<Encounter[]>()).toEqual(before);
  });

  it('are left as they are by a campaign copy, on both sides', async () => {
    const source = await withEncounters();
    const beforeSource = (await source.list()).json<Encounter[]>();
    // The copy's target: another campaign of the same user, without encounters.
    const emptyTarget = await insertCampaign(ctx.app, source.table.userId, { name: 'Target' });
    const copied = await campaignClient(ctx.app).copy(
      source.table.token,
      emptyTarget,
      source.table.campaignId,
    );
    expect(copied.statusCode, copied.body).toBe(200);
    const targetList = await ctx.app.inject({
      url: '/api/encounters',
      headers: bearer(source.table.token, emptyTarget),
    });
    expect(targetList.json()).toEqual([]);
    expect((await source.list()).json()).toEqual(beforeSource);
  });
});
