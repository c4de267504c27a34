// GET /api/game-data/{id}/export and /rules.md: one attachment per campaign, only the owner's, and a
// file that imports back into the same campaign (docs/decisions/024).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameDataExport, type GameDataExport } from '@questkeeper/core/schemas/game-data-export';
import { createTestApp, errorOf, registerUser, type TestContext } from '../../../test/support/harness';
import { campaignClient } from '../../../test/support/campaign-client';
import { fullHeroCampaign, userDataClient } from '../../../test/support/user-data-fixtures';

let ctx: TestContext;
let client: ReturnType<typeof userDataClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  client = userDataClient(ctx.app);
});
afterAll(async () => ctx?.close());

/** The file without what an import renews: ids, timestamps, the export time. */
function comparable(file: GameDataExport) {
  const unitIndex = new Map(file.units.map((unit, i) => [unit.id, `unit${i}`]));
  const ref = (id: string) => unitIndex.get(id) ?? 'gone';
  const refOf = <T extends { id: string } | null>(value: T) => value && { ...value, id: ref(value.id) };
  const fight = file.fight;
  return {
    campaign: {
      ...file.campaign,
      createdAt: undefined,
      updatedAt: undefined,
      races: file.campaign.races.map(({ _id, ...rest }) => rest),
      classes: file.campaign.classes.map(({ _id, ...rest }) => rest),
      statuses: file.campaign.statuses.map(({ _id, ...rest }) => rest),
    },
    units: file.units.map(({ id: _id, createdAt: _created, updatedAt: _updated, ...rest }) => rest),
    encounters: file.encounters.map(({ createdAt: _created, updatedAt: _updated, ...rest }) => ({
      ...rest,
      allies: rest.allies.map(({ unitId }) => ({ unitId: ref(unitId) })),
      enemies: rest.enemies.map((enemy) => ({ ...enemy, unitId: ref(enemy.unitId) })),
      hidden: rest.hidden.map(ref),
    })),
    fight: fight && {
      ...fight,
      allies: fight.allies.map(ref),
      enemies: fight.enemies.map(ref),
      order: fight.order.map((entry) =>
        entry.unitId === undefined ? entry : { ...entry, unitId: ref(entry.unitId) },
      ),
      counters: Object.fromEntries(
        Object.entries(fight.counters).map(([unitId, values]) => [ref(unitId), values]),
      ),
      typed: fight.typed.map(ref),
      targetId: fight.targetId && ref(fight.targetId),
      conditions: Object.fromEntries(
        Object.entries(fight.conditions).map(([unitId, list]) => [
          ref(unitId),
          list.map(({ id: _id, ...rest }) => ({ ...rest, ofUnitId: ref(rest.ofUnitId) })),
        ]),
      ),
      log: fight.log.map(({ id: _id, at: _at, ...entry }) => ({
        ...entry,
        turnOf: refOf(entry.turnOf),
        actor: refOf(entry.actor),
        target: refOf(entry.target),
        condition: entry.condition && {
          ...entry.condition,
          id: undefined,
          ofUnit: refOf(entry.condition.ofUnit),
        },
      })),
    },
  };
}

describe('campaign export', () => {
  it('round trip: export → import → export gives the same file but for ids and timestamps', async () => {
    const hero = await registerUser(ctx.app, { tier: 'Hero' });
    const id = await fullHeroCampaign(ctx.app, hero.token);

    const first = await client.export(hero.token, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const file = gameDataExport.parse(first.json());
    expect(file.units).toHaveLength(3);
    expect(file.fight?.log.length).toBeGreaterThan(3);
    expect(Object.keys(file.fight?.conditions ?? {})).toHaveLength(1);

    const imported = await client.import(hero.token, first.body);
    expect(imported.statusCode, imported.body).toBe(201);
    const campaign = imported.json<{ _id: string; name: string; userId: string }>();
    // The exported campaign is still there: the import is numbered after it.
    expect(campaign).toMatchObject({ name: 'Épopée « Dragon » / 1 (2)', userId: hero._id });
    expect(campaign._id).not.toBe(id);

    const again = await client.export(hero.token, campaign._id);
    const second = gameDataExport.parse(again.json());
    expect(comparable(second)).toEqual(
      comparable({ ...file, campaign: { ...file.campaign, name: campaign.name } }),
    );
    // New ids everywhere, links kept: the fight names the new units.
    const newUnitIds = new Set(second.units.map((unit) => unit.id));
    expect(second.units.some((unit) => file.units.some((old) => old.id === unit.id))).toBe(false);
    for (const unitId of [...(second.fight?.allies ?? []), ...(second.fight?.enemies ?? [])]) {
      expect(newUnitIds.has(unitId)).toBe(true);
    }
    // The imported campaign answers like any other (list, units, fight), its log counted.
    const listed = await campaignClient(ctx.app).campaigns(hero.token);
    expect(listed.map((c) => c._id)).toContain(campaign._id);
    const fight = await ctx.app.inject({
      method: 'GET',
      url: '/api/combat',
      headers: { authorization: `Bearer ${hero.token}`, 'x-campaign-id': campaign._id },
    });
    expect(fight.json<{ logTotal: number }>().logTotal).toBe(second.fight?.log.length);
  });

  it('names the attachment after the campaign: safe ASCII and the exact name (RFC 5987)', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const created = await campaignClient(ctx.app).created(user.token, { name: 'Épée/"Ω" 1' });
    const response = await client.export(user.token, created._id);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Epee-1.json"; filename*=UTF-8''%C3%89p%C3%A9e--%CE%A9-%201.json`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('serves the rules as a markdown download', async () => {
    const user = await registerUser(ctx.app, { language: 'fr' });
    const created = await campaignClient(ctx.app).created(user.token, { name: 'Règles' });
    const response = await client.rules(user.token, created._id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="Regles.md"');
    expect(response.body).toBe(created.rules);
    expect(response.body).toContain('# Règles de la campagne');
  });

  it("answers 404 for another user's campaign and for an unknown id, in the user's language", async () => {
    const owner = await registerUser(ctx.app);
    const other = await registerUser(ctx.app, { language: 'fr' });
    const created = await campaignClient(ctx.app).created(owner.token);
    for (const response of [
      await client.export(other.token, created._id),
      await client.rules(other.token, created._id),
      await client.export(other.token, '00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({ code: 'NOT_FOUND', message: 'Introuvable.' });
    }
  });
});
