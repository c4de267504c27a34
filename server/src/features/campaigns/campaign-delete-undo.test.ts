// DELETE /api/game-data/:id and its Undo (decision 052): the campaign comes back
// exactly — the same rows, ids and all — for its owner only, within its window, and only when the
// plan has room for it again.
import { eq } from 'drizzle-orm';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { campaigns, campaignTrash } from '../../db/schema';
import { campaignClient } from '../../../test/support/campaign-client';
import { ownedRows, snapshot } from '../../../test/support/db-snapshot';
import {
  bearer,
  createTestApp,
  errorOf,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { secretFight, shareLink, type Fight } from '../../../test/support/player-view-fixtures';
import { CAMPAIGN_PARTS } from './repository';

let ctx: TestContext;
let api: ReturnType<typeof campaignClient>;
beforeAll(async () => {
  ctx = await createTestApp();
  api = campaignClient(ctx.app);
});
afterAll(async () => ctx?.close());

const restore = (token: string, campaignId: string, undoToken: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/game-data/${campaignId}/restore`,
    headers: bearer(token),
    payload: { undoToken } as object,
  });

async function deleted(token: string, campaignId: string): Promise<string> {
  const response = await api.remove(token, campaignId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ undoToken: string }>().undoToken;
}

/** Everything the owner and the players can read of a fight's campaign, as the API answers it. */
async function everything(fight: Fight, playToken: string) {
  const get = async (url: string, headers = fight.headers) => {
    const response: LightMyRequestResponse = await ctx.app.inject({ url, headers });
    return { status: response.statusCode, body: response.statusCode === 200 ? response.json() : null };
  };
  // `version` is PostgreSQL's xmin (decision 036): a restored row is a new row version, so a save
  // made before the delete is refused as stale, which is right. Everything else is equal.
  const withoutVersion = (value: unknown) =>
    Array.isArray(value)
      ? value.map((item: Record<string, unknown>) => ({ ...item, version: undefined }))
      : value;
  return {
    campaigns: withoutVersion((await get('/api/game-data', bearer(fight.table.token))).body),
    units: withoutVersion((await get('/api/units')).body),
    combat: await get('/api/combat'),
    log: await get('/api/combat/log'),
    playerView: await get('/api/combat/player-view'),
    share: await get('/api/combat/share'),
    play: await get(`/api/play/${encodeURIComponent(playToken)}`, {}),
  };
}

describe('campaign delete and undo', () => {
  it('restores the campaign exactly: every row, units, lists, rules, the fight, its log and the player view', async () => {
    const fight = await secretFight(ctx);
    const { token, userId, campaignId } = fight.table;
    const rules = await api.update(token, campaignId, { rules: '# House rules\n:::secret\nThe boss\n:::' });
    expect(rules.statusCode, rules.body).toBe(200);
    const playToken = await shareLink(ctx, fight);
    const blow = await fight.client.send((await fight.client.get()).version, {
      type: 'attack',
      targetId: fight.units[2]!.id,
      amount: 5,
    });
    expect(blow.statusCode, blow.body).toBe(200);

    // Reading the player page first: it ticks the owner's guided-first-fight step (decision 068), a
    // change of the user's row that is not the campaign's.
    const before = await everything(fight, playToken);
    const rowsBefore = ownedRows(await snapshot(ctx.app), userId);
    expect(before.units).toHaveLength(4);
    expect(JSON.stringify(before.log.body)).toContain(fight.units[2]!.name);
    expect(before.play.status).toBe(200);
    expect(before.share.status).toBe(200);

    const undoToken = await deleted(token, campaignId);
    // Gone for the owner and for the players; its slot is free.
    expect(await api.campaigns(token)).toEqual([]);
    expect((await api.limit(token)).json()).toMatchObject({ count: 0 });
    expect((await ctx.app.inject({ url: '/api/units', headers: fight.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/play/${encodeURIComponent(playToken)}` })).statusCode).not.toBe(
      200,
    );
    // The token never rests in clear.
    const [trashed] = await ctx.app.database.db.select().from(campaignTrash);
    expect(trashed?.tokenHash).not.toContain(undoToken);
    expect(JSON.stringify(trashed?.rows)).not.toContain(undoToken);

    const answer = await restore(token, campaignId, undoToken);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ _id: campaignId, name: 'Campaign' });

    expect(ownedRows(await snapshot(ctx.app), userId)).toEqual(rowsBefore);
    expect(await everything(fight, playToken)).toEqual(before);
    // One time only.
    expect((await restore(token, campaignId, undoToken)).statusCode).toBe(404);
    expect(await ctx.app.database.db.select().from(campaignTrash)).toEqual([]);
  });

  it("is its owner's only: another user, a wrong token or an unknown campaign get 404 and change nothing", async () => {
    const owner = await registerUser(ctx.app, { tier: 'Hero' });
    const other = await registerUser(ctx.app, { tier: 'Hero' });
    const mine = await api.created(owner.token, { name: 'Mine' });
    const undoToken = await deleted(owner.token, mine._id);

    for (const attempt of [
      await restore(other.token, mine._id, undoToken),
      await restore(owner.token, mine._id, `${undoToken}x`),
      await restore(owner.token, '00000000-0000-4000-8000-000000000000', undoToken),
    ]) {
      expect(attempt.statusCode).toBe(404);
      expect(errorOf(attempt)).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
    }
    expect(await api.campaigns(other.token)).toEqual([]);
    expect(await api.campaigns(owner.token)).toEqual([]);
    expect((await restore(owner.token, mine._id, undoToken)).statusCode).toBe(200);
    expect((await api.campaigns(owner.token)).map((c) => c.name)).toEqual(['Mine']);
    expect((await restore(owner.token, mine._id, '')).statusCode).toBe(400);
  });

  it('refuses with a clear word when the freed slot was taken, and restores once there is room again', async () => {
    for (const language of ['en', 'fr'] as const) {
      const user = await registerUser(ctx.app, { language });
      const first = await api.created(user.token, { name: 'Tomb' });
      const undoToken = await deleted(user.token, first._id);
      // Novice: one campaign; the slot is free at once and a new campaign takes it.
      const second = await api.created(user.token, { name: 'Keep' });
      const refused = await restore(user.token, first._id, undoToken);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toEqual({
        code: 'CAMPAIGN_RESTORE_NO_ROOM',
        message:
          language === 'en'
            ? '“Tomb” cannot come back: another campaign has taken its place and the Novice plan allows 1.'
            : '«\u00a0Tomb\u00a0» ne peut pas revenir\u00a0: une autre campagne a pris sa place et la formule Novice en permet 1.',
      });
      expect((await api.campaigns(user.token)).map((c) => c.name)).toEqual(['Keep']);
      await deleted(user.token, second._id);
      expect((await restore(user.token, first._id, undoToken)).statusCode).toBe(200);
      expect((await api.campaigns(user.token)).map((c) => c.name)).toEqual(['Tomb']);
    }
  });

  it('forgets the campaign for good once its window is over', async () => {
    const user = await registerUser(ctx.app, { tier: 'Hero' });
    const doomed = await api.created(user.token, { name: 'Doomed' });
    const undoToken = await deleted(user.token, doomed._id);
    await ctx.app.database.db
      .update(campaignTrash)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(campaignTrash.campaignId, doomed._id));
    expect((await restore(user.token, doomed._id, undoToken)).statusCode).toBe(404);
    // The owner's next delete purges what is past its window.
    const next = await api.created(user.token, { name: 'Next' });
    await deleted(user.token, next._id);
    const left = await ctx.app.database.db
      .select({ id: campaignTrash.campaignId })
      .from(campaignTrash)
      .where(eq(campaignTrash.userId, user._id));
    expect(left).toEqual([{ id: next._id }]);
    expect(await ctx.app.database.db.select().from(campaigns).where(eq(campaigns.id, doomed._id))).toEqual(
      [],
    );
  });

  it('a start purges what expired while no timer ran, of every user, and keeps what has time left', async () => {
    const one = await registerUser(ctx.app, { tier: 'Hero' });
    const two = await registerUser(ctx.app, { tier: 'Hero' });
    const gone = await api.created(one.token, { name: 'Gone' });
    const also = await api.created(two.token, { name: 'Also gone' });
    const kept = await api.created(two.token, { name: 'Kept' });
    await deleted(one.token, gone._id);
    await deleted(two.token, also._id);
    const keptToken = await deleted(two.token, kept._id);
    for (const id of [gone._id, also._id]) {
      await ctx.app.database.db
        .update(campaignTrash)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(campaignTrash.campaignId, id));
    }
    // What the app's onReady hook runs (a restart loses the purge timers).
    await ctx.app.services.campaigns.purgeExpired();
    const left = await ctx.app.database.db.select({ id: campaignTrash.campaignId }).from(campaignTrash);
    expect(left.map((row) => row.id)).not.toContain(gone._id);
    expect(left.map((row) => row.id)).not.toContain(also._id);
    expect((await restore(two.token, kept._id, keptToken)).statusCode).toBe(200);
  });

  it('snapshots every table that hangs on a campaign, parents first', () => {
    const names = CAMPAIGN_PARTS.map((part) => part.name);
    expect(names[0]).toBe('campaigns');
    expect(names).toEqual(expect.arrayContaining(['units', 'combats', 'combat_log', 'player_views']));
    const partNames = new Set(names.filter((name) => name !== 'campaigns'));
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      for (const fk of config.foreignKeys) {
        const target = getTableConfig(fk.reference().foreignTable).name;
        if (target === 'campaigns') expect(names).toContain(config.name);
        // A table hanging on units or on the fight would need its rows found through them: the
        // snapshot reads only tables keyed by the campaign, so such a table must be added here first.
        if (partNames.has(target)) {
          expect(names.indexOf(config.name)).toBeGreaterThan(names.indexOf(target));
          expect(config.foreignKeys.some((key) => key.reference().foreignTable === campaigns)).toBe(true);
        }
      }
    }
  });
});
