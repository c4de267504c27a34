// POST /api/units/import (docs/product.md#import-from-other-tools, issue #35): another tool's units,
// and encounters with the units they need, join a campaign of the user's, all or nothing within the
// tier's units and encounters per campaign (those the campaign holds count); abilities land on the
// campaign's characteristics by name; another user's campaign is 404; the preview with X-Campaign-Id
// measures the same limits.
import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_DATA_FORMAT } from '@questkeeper/core/constants';
import { limitsOf } from '@questkeeper/core/tiers';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { rowCounts } from '../../../test/support/user-data-fixtures';
import { insertCampaign, insertUnits } from '../../../test/support/unit-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../core/test-fixtures/import/${name}`, import.meta.url));

const query = (only?: string[]) =>
  only ? `?${only.map((k) => `only=${encodeURIComponent(k)}`).join('&')}` : '';

const importUnits = (
  token: string,
  campaignId: string,
  body: string | Buffer,
  options: { only?: string[]; type?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/units/import${query(options.only)}`,
    headers: { ...bearer(token, campaignId), 'content-type': options.type ?? 'application/json' },
    payload: body,
  });

const preview = (token: string, body: string | Buffer, campaignId?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/game-data/import/preview',
    headers: { ...bearer(token, campaignId), 'content-type': 'application/json' },
    payload: body,
  });

async function unitsOf(token: string, campaignId: string) {
  const response = await ctx.app.inject({ url: '/api/units', headers: bearer(token, campaignId) });
  return response.json<
    { _id: string; name: string; hp: number; race: string; characteristics: Record<string, number> }[]
  >();
}

async function refusedWhole(run: () => Promise<LightMyRequestResponse>, status: number, code: string) {
  const before = await rowCounts(ctx.app);
  const response = await run();
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response);
  expect(error.code).toBe(code);
  expect(await rowCounts(ctx.app)).toEqual(before);
  return error;
}

const monsters = (count: number) =>
  JSON.stringify({
    _meta: { sources: [{ json: 'Big', full: 'Big bestiary' }] },
    monster: Array.from({ length: count }, (_, i) => ({
      name: `Monster ${i + 1}`,
      source: 'Big',
      hp: { average: 10 + i },
      str: 30,
      dex: 12,
    })),
  });

describe('POST /api/units/import', () => {
  it('adds the units and the encounter to the campaign, on its characteristics, clamped with a warning', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const campaignId = await insertCampaign(ctx.app, user._id, {
      characteristics: [
        { name: 'Strength', max: 20 },
        { name: 'DEX', max: 20 },
        { name: 'Luck', max: 100 },
      ],
    });
    await insertUnits(ctx.app, user._id, campaignId, 2);
    const response = await importUnits(user.token, campaignId, fixture('improved-initiative.en.json'));
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<{
      units: number;
      encounters: number;
      warnings: { reason: string; message: string }[];
    }>();
    expect(answer).toMatchObject({ units: 5, encounters: 1 });
    expect(answer.warnings.map((w) => w.message)).toContain(
      'Young Red Dragon: Strength 23: above the maximum, set to 20',
    );
    const units = await unitsOf(user.token, campaignId);
    expect(units).toHaveLength(7);
    const dragon = units.find((u) => u.name === 'Young Red Dragon')!;
    // Every characteristic of the campaign: the file's by name, within its max; the others at their default.
    expect(dragon.characteristics).toEqual({ Strength: 20, DEX: 10, Luck: 50 });
    expect(dragon.race).toBe('Human');
    const encounters = await ctx.app.inject({
      url: '/api/encounters',
      headers: bearer(user.token, campaignId),
    });
    expect(encounters.json<{ name: string }[]>().map((e) => e.name)).toEqual([
      'Goblin ambush on the Triboar Trail',
    ]);
  });

  it('all or nothing at the units limit, counting the units the campaign holds; `only` within it passes', async () => {
    const user = await registerUser(ctx.app, { tier: 'Adventurer' });
    const max = limitsOf('Adventurer').unitsPerCampaign;
    const campaignId = await insertCampaign(ctx.app, user._id);
    await insertUnits(ctx.app, user._id, campaignId, max - 3);
    const file = monsters(4);
    const error = await refusedWhole(
      () => importUnits(user.token, campaignId, file),
      403,
      'IMPORT_OVER_LIMITS',
    );
    expect(Object.keys(error.fields ?? {})).toEqual(['units']);
    expect(error.message).toContain(`${max + 1}`);
    // The preview into this campaign says the same, and writes nothing.
    const seen = (await preview(user.token, file, campaignId)).json<{ overLimits: { field: string }[] }>();
    expect(seen.overLimits.map((p) => p.field)).toEqual(['units']);
    // The preview of a new campaign does not count this campaign's units.
    const fresh = (await preview(user.token, file)).json<{ overLimits: { field: string }[] }>();
    expect(fresh.overLimits).toEqual([]);
    const keys = (await preview(user.token, file, campaignId))
      .json<{ sample: { key: string }[] }>()
      .sample.slice(0, 3)
      .map((s) => s.key);
    const ok = await importUnits(user.token, campaignId, file, { only: keys });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ units: 3, encounters: 0 });
    expect(await unitsOf(user.token, campaignId)).toHaveLength(max);
  });

  it("another user's campaign: 404 for the import and the preview, nothing written", async () => {
    const owner = await registerUser(ctx.app, { tier: 'Hero' });
    const other = await registerUser(ctx.app, { tier: 'Hero' });
    const campaignId = await insertCampaign(ctx.app, owner._id);
    const file = fixture('fivetools.en.json');
    await refusedWhole(() => importUnits(other.token, campaignId, file), 404, 'NOT_FOUND');
    await refusedWhole(() => preview(other.token, file, campaignId), 404, 'NOT_FOUND');
  });

  it('needs X-Campaign-Id, and takes no Questkeeper campaign file', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const campaignId = await insertCampaign(ctx.app, user._id);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/units/import',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: fixture('fivetools.en.json'),
    });
    expect(errorOf(missing).code).toBe('CAMPAIGN_REQUIRED');
    const own = JSON.stringify({
      format: GAME_DATA_FORMAT,
      formatVersion: 1,
      campaign: { name: 'x' },
      units: [],
    });
    await refusedWhole(() => importUnits(user.token, campaignId, own), 400, 'IMPORT_FILE_UNKNOWN');
    // Its preview, even aimed at a campaign, is that of the whole campaign it is.
    const seen = await preview(user.token, own, campaignId);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ format: 'questkeeper', overLimits: [] });
  });
});
