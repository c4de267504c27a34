// Each player-view setting is its own versioned change (a stale one answers
// 409 with the current settings and changes nothing), and the share link is shown again to its owner
// only, kept sealed at rest (never in clear), with the number of player pages watching it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PlayerViewConflictBody,
  PlayerViewPayload,
  PlayerViewSettingsState,
  ShareLinkState,
} from '@questkeeper/core/schemas/player-view';
import { hashToken } from '../../lib/tokens';
import {
  bearer,
  createTestApp,
  errorOf,
  listenOnFreePort,
  registerUser,
  type TestContext,
} from '../../../test/support/harness';
import { openPlayerStream } from '../../../test/support/player-stream-client';
import { secretFight, shareLink, type Fight } from '../../../test/support/player-view-fixtures';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  port = await listenOnFreePort(ctx);
});
afterAll(async () => ctx?.close());

const settingsOf = async (fight: Fight) =>
  (
    await ctx.app.inject({ url: '/api/combat/player-view', headers: fight.headers })
  ).json<PlayerViewSettingsState>();
const patch = (fight: Fight, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/combat/player-view', headers: fight.headers, payload });
const linkOf = async (fight: Fight, headers = fight.headers) =>
  ctx.app.inject({ url: '/api/combat/share', headers });
const getPlay = (token: string) => ctx.app.inject({ url: `/api/play/${encodeURIComponent(token)}` });

describe('player-view settings, one change at a time', () => {
  it('applies a change at the current version, and refuses a stale one with 409 and the current settings', async () => {
    const fight = await secretFight(ctx);
    const token = await shareLink(ctx, fight);
    const [, , wolf, boss] = fight.units;
    const start = await settingsOf(fight);
    expect(start.version).toBe(0);

    const hide = await patch(fight, { expectedVersion: 0, unit: { id: boss!.id, hidden: true } });
    expect(hide.statusCode).toBe(200);
    expect(hide.json<PlayerViewSettingsState>()).toMatchObject({
      version: 1,
      units: { [boss!.id]: { hidden: true } },
    });
    const alias = await patch(fight, { expectedVersion: 1, unit: { id: wolf!.id, alias: 'Wolf' } });
    expect(alias.json<PlayerViewSettingsState>().version).toBe(2);

    const seen = JSON.stringify((await getPlay(token)).json<PlayerViewPayload>());
    expect(seen).not.toContain(boss!.name);
    expect(seen).not.toContain(wolf!.name);
    expect(seen).toContain('"Wolf"');

    // Another device still at version 1 un-hides the boss: refused, nothing changed.
    const stale = await patch(fight, { expectedVersion: 1, unit: { id: boss!.id, hidden: false } });
    expect(stale.statusCode).toBe(409);
    const body = stale.json<PlayerViewConflictBody>();
    expect(body.code).toBe('PLAYER_VIEW_CONFLICT');
    expect(body.message).toMatch(/another device/);
    expect(body.settings).toEqual(await settingsOf(fight));
    expect(body.settings).toMatchObject({
      version: 2,
      units: { [boss!.id]: { hidden: true }, [wolf!.id]: { alias: 'Wolf' } },
    });
    expect(JSON.stringify((await getPlay(token)).json())).not.toContain(boss!.name);

    // HP per side is a change of its own; an empty alias removes the alias.
    const hp = await patch(fight, { expectedVersion: 2, hp: { enemies: 'hidden' } });
    expect(hp.json<PlayerViewSettingsState>().hp).toEqual({ allies: 'exact', enemies: 'hidden' });
    const cleared = await patch(fight, { expectedVersion: 3, unit: { id: wolf!.id, alias: '' } });
    expect(cleared.json<PlayerViewSettingsState>().units).toEqual({ [boss!.id]: { hidden: true } });

    // The whole-settings PUT of older clients still works, and makes a new version too.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/combat/player-view',
      headers: fight.headers,
      payload: { hp: { allies: 'bands' } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<PlayerViewSettingsState>()).toMatchObject({ version: 5, units: {} });
  });

  it('refuses a unit of another campaign, both or neither of hp and unit, and another user', async () => {
    const fight = await secretFight(ctx);
    const other = await secretFight(ctx);
    const foreign = await patch(fight, {
      expectedVersion: 0,
      unit: { id: other.units[0]!.id, hidden: true },
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).code).toBe('UNKNOWN_UNIT');
    expect((await patch(fight, { expectedVersion: 0 })).statusCode).toBe(400);
    const both = await patch(fight, {
      expectedVersion: 0,
      hp: { allies: 'hidden' },
      unit: { id: fight.units[0]!.id, hidden: true },
    });
    expect(both.statusCode).toBe(400);
    const intruder = await registerUser(ctx.app);
    const headers = bearer(intruder.token, fight.table.campaignId);
    const theirs = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/combat/player-view',
      headers,
      payload: { expectedVersion: 0, hp: { allies: 'hidden' } },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await settingsOf(fight)).version).toBe(0);
  });
});

describe('the share link shown again', () => {
  it('shows the same link to its owner on any device, 404 to anyone else, and keeps it sealed at rest', async () => {
    const fight = await secretFight(ctx, { language: 'fr' });
    expect((await linkOf(fight)).json<ShareLinkState>()).toEqual({ url: null, live: false, watching: 0 });
    const made = await ctx.app.inject({ method: 'POST', url: '/api/combat/share', headers: fight.headers });
    const { url } = made.json<{ url: string }>();
    const token = url.split('/').pop()!;

    const again = await linkOf(fight);
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.json<ShareLinkState>()).toEqual({ url, live: true, watching: 0 });

    const intruder = await registerUser(ctx.app);
    const theirs = await linkOf(fight, bearer(intruder.token, fight.table.campaignId));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(token);
    expect((await ctx.app.inject({ url: '/api/combat/share' })).statusCode).toBe(401);

    // At rest: the hash for lookups and a sealed value, never the token.
    const { rows } = (await ctx.app.database.db.execute(
      `select * from player_views where campaign_id = '${fight.table.campaignId}'`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const row = rows[0]!;
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.token_hash).toBe(hashToken(token));
    expect(String(row.token_sealed)).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // Never in anything a player reads.
    expect((await getPlay(token)).body).not.toContain(token);

    // Moved onto another campaign's row, the sealed value opens nothing (it is bound to its campaign).
    const other = await secretFight(ctx);
    await shareLink(ctx, other);
    await ctx.app.database.db.execute(
      `update player_views set token_sealed = '${String(row.token_sealed)}' where campaign_id = '${other.table.campaignId}'`,
    );
    expect((await linkOf(other)).json<ShareLinkState>()).toMatchObject({ url: null, live: true });

    await ctx.app.inject({ method: 'DELETE', url: '/api/combat/share', headers: fight.headers });
    expect((await linkOf(fight)).json<ShareLinkState>()).toEqual({ url: null, live: false, watching: 0 });
  });

  it('counts the player pages watching the link, and only the live link', async () => {
    const fight = await secretFight(ctx);
    const token = await shareLink(ctx, fight);
    const watching = async () => (await linkOf(fight)).json<ShareLinkState>().watching;
    const one = openPlayerStream(port, token);
    const two = openPlayerStream(port, token);
    await Promise.all([one.until(() => true), two.until(() => true)]);
    expect(await watching()).toBe(2);
    one.close();
    await expect.poll(watching, { timeout: 2000 }).toBe(1);

    // A new link disconnects the page left (it is told `revoked`); the new link has no watcher yet.
    await shareLink(ctx, fight);
    await two.until((event) => (event as { event?: string }).event === 'revoked', 2000);
    await expect.poll(watching, { timeout: 2000 }).toBe(0);
    two.close();
  });
});
